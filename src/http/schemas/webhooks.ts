import Type from 'typebox';
import { named } from '../openapi/components';
import { MAX_INT } from './numbers';

/** Webhooks: a player's notifications POSTed to a URL, signed as Standard Webhooks sign them. */

export const NewWebhook = named(
  'NewWebhook',
  Type.Object(
    { url: Type.String({ minLength: 1, maxLength: 2000, description: 'an http(s) URL on a public address' }) },
    { additionalProperties: false, description: 'where to POST my notifications' },
  ),
);

export const WebhookId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'the webhook id' }) });

const webhookFields = {
  id: Type.String({ description: 'the webhook id' }),
  url: Type.String({ description: 'where notifications are POSTed' }),
  createdAt: Type.String({ format: 'date-time', description: 'when it was registered' }),
  delivered: Type.Integer({ description: 'the seq of the last notification delivered (or given up on)' }),
  failing: Type.Union(
    [
      Type.Object({
        attempts: Type.Integer({ description: 'the attempts so far' }),
        since: Type.String({ format: 'date-time', description: 'when the first of them failed' }),
      }),
      Type.Null(),
    ],
    { description: 'the next notification is being retried: attempts so far and since when' },
  ),
};

const Webhook = named('Webhook', Type.Object(webhookFields, { description: 'a webhook and how far it has delivered' }));

export const WebhookCreated = named(
  'WebhookCreated',
  Type.Object(
    {
      ...webhookFields,
      secret: Type.String({
        description: 'the signing secret (whsec_...), shown once: verify webhook-signature with it (Standard Webhooks)',
      }),
    },
    { description: 'the webhook registered, with its signing secret, shown once' },
  ),
);

export const WebhookList = named(
  'WebhookList',
  Type.Object({ webhooks: Type.Array(Webhook, { description: 'my webhooks' }) }, { description: 'my webhooks' }),
);

export const DeliveriesQuery = Type.Object({
  before: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_INT,
      description: 'list attempts older than this one (the `next` of the previous page)',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'at most this many attempts' })),
});

export const DeliveriesPage = named(
  'DeliveriesPage',
  Type.Object(
    {
      deliveries: Type.Array(
        Type.Object({
          id: Type.Integer({ description: 'the attempt’s id' }),
          seq: Type.Integer({ description: 'the notification' }),
          messageId: Type.String({ description: 'the webhook-id it was sent under, the same on every attempt' }),
          attempt: Type.Integer({ description: '1 for the first attempt at this notification' }),
          at: Type.String({ format: 'date-time' }),
          status: Type.Union([Type.Integer(), Type.Null()], { description: 'the receiver’s HTTP status; null when none came' }),
          outcome: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('abandoned')], {
            description: 'delivered (2xx), failed (tried again later), abandoned (retried for a day, then skipped)',
          }),
          error: Type.Union([Type.String(), Type.Null()], { description: 'what went wrong, if it failed' }),
          durationMs: Type.Integer({ description: 'how long the attempt took, in milliseconds' }),
        }),
        { description: 'newest first' },
      ),
      next: Type.Union([Type.Integer(), Type.Null()], { description: 'the `before` of the next page, or null' }),
    },
    { description: 'a page of a webhook’s delivery log' },
  ),
);

/** What a receiver is sent: the OpenAPI document's `webhooks.notification`. */
const WebhookBody = {
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: { $ref: '#/components/schemas/NotificationType' },
    timestamp: { type: 'string', format: 'date-time', maxLength: 40, description: 'when this attempt was sent' },
    data: { $ref: '#/components/schemas/Notification' },
  },
  description: 'a notification as POSTed to a webhook',
};

/** The OpenAPI 3.1 `webhooks` entry: the request this service makes to a registered URL. */
export const notificationWebhook = {
  notification: {
    post: {
      operationId: 'notificationWebhook',
      tags: ['players'],
      summary: 'A notification, POSTed to each of the player’s webhooks',
      description:
        'Signed as Standard Webhooks sign: `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` ' +
        'with the secret given at registration. `webhook-id` is the same on every attempt at one notification: drop repeats. ' +
        'Answer 2xx within 10 seconds; anything else is retried with backoff for a day, and later notifications wait behind it.',
      parameters: [
        {
          name: 'webhook-id',
          in: 'header',
          required: true,
          description: 'the message id, the same on every attempt',
          schema: { type: 'string', maxLength: 100 },
        },
        {
          name: 'webhook-timestamp',
          in: 'header',
          required: true,
          description: 'seconds since the epoch',
          schema: { type: 'string', maxLength: 20, pattern: '^[0-9]+$' },
        },
        {
          name: 'webhook-signature',
          in: 'header',
          required: true,
          description: 'v1,<base64 HMAC-SHA256>',
          schema: { type: 'string', maxLength: 1000 },
        },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: WebhookBody } } },
      responses: { '200': { description: 'received (any 2xx)' } },
    },
  },
};
