import Type from 'typebox';
import { Notification, NotificationType } from './players';

/** Webhooks: a player's notifications POSTed to a URL, signed as Standard Webhooks sign them. */

export const NewWebhook = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2000, description: 'an http(s) URL on a public address' }) },
  { additionalProperties: false },
);

export const WebhookId = Type.Object({ id: Type.String({ description: 'webhook id' }) });

export const Webhook = Type.Object({
  id: Type.String(),
  url: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  delivered: Type.Integer({ description: 'the seq of the last notification delivered (or given up on)' }),
  failing: Type.Union([Type.Object({ attempts: Type.Integer(), since: Type.String({ format: 'date-time' }) }), Type.Null()], {
    description: 'the next notification is being retried: attempts so far and since when',
  }),
});

export const WebhookCreated = Type.Object({
  ...Webhook.properties,
  secret: Type.String({
    description: 'the signing secret (whsec_...), shown once: verify webhook-signature with it (Standard Webhooks)',
  }),
});

export const WebhookList = Type.Object({ webhooks: Type.Array(Webhook) });

export const DeliveriesQuery = Type.Object({
  before: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2 ** 31 - 1,
      description: 'list attempts older than this one (the `next` of the previous page)',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

export const DeliveriesPage = Type.Object({
  deliveries: Type.Array(
    Type.Object({
      id: Type.Integer(),
      seq: Type.Integer({ description: 'the notification' }),
      messageId: Type.String({ description: 'the webhook-id it was sent under, the same on every attempt' }),
      attempt: Type.Integer({ description: '1 for the first attempt at this notification' }),
      at: Type.String({ format: 'date-time' }),
      status: Type.Union([Type.Integer(), Type.Null()], { description: 'the receiver’s HTTP status; null when none came' }),
      outcome: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('abandoned')], {
        description: 'delivered (2xx), failed (tried again later), abandoned (retried for a day, then skipped)',
      }),
      error: Type.Union([Type.String(), Type.Null()]),
      durationMs: Type.Integer(),
    }),
    { description: 'newest first' },
  ),
  next: Type.Union([Type.Integer(), Type.Null()], { description: 'the `before` of the next page, or null' }),
});

/** What a receiver is sent: the OpenAPI document's `webhooks.notification`. */
export const WebhookBody = Type.Object({
  type: NotificationType,
  timestamp: Type.String({ format: 'date-time', description: 'when this attempt was sent' }),
  data: Notification,
});

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
        { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' } },
        {
          name: 'webhook-timestamp',
          in: 'header',
          required: true,
          schema: { type: 'string', description: 'seconds since the epoch' },
        },
        { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string' } },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: WebhookBody } } },
      responses: { '200': { description: 'received (any 2xx)' } },
    },
  },
};
