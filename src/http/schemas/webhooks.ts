import Type from 'typebox';
import { named } from '../openapi/components';
import { NOTIFICATION_TYPES, webhookSchemaName } from './events';
import { MAX_INT } from './numbers';

/** Webhooks: a player's notifications POSTed to a URL, signed as Standard Webhooks sign them. */

export const NewWebhook = named(
  'NewWebhook',
  Type.Object(
    {
      url: Type.String({ minLength: 1, maxLength: 2000, description: 'an http(s) URL on a public address' }),
      signing: Type.Optional(
        Type.Union([Type.Literal('hmac'), Type.Literal('ed25519')], {
          default: 'hmac',
          description:
            'how deliveries are signed: hmac (`v1,` HMAC-SHA256 with the secret in the answer) or ed25519 (`v1a,` with the ' +
            'key of GET /webhooks/key)',
        }),
      ),
    },
    {
      additionalProperties: false,
      description: 'where to POST my notifications, and how to sign them',
    },
  ),
);

export const WebhookId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'the webhook id' }) });

const webhookFields = {
  id: Type.String({ description: 'the webhook id' }),
  url: Type.String({ description: 'where notifications are POSTed' }),
  signing: Type.Union([Type.Literal('hmac'), Type.Literal('ed25519')], {
    description: 'hmac: `v1,` HMAC-SHA256 with the secret; ed25519: `v1a,` with the key of GET /webhooks/key',
  }),
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
        description:
          'the signing secret (whsec_...), shown once: verify a `v1` webhook-signature with it (Standard Webhooks); unused ' +
          'when signing is ed25519',
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

const header = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', ...schema },
});

/** The Standard Webhooks headers every delivery carries. */
const HEADERS = [
  header('webhook-id', 'the message id, the same on every attempt at one notification: drop repeats', { maxLength: 100 }),
  header('webhook-timestamp', 'seconds since the epoch, when this attempt was sent', { maxLength: 20, pattern: '^[0-9]+$' }),
  header(
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256>` with the webhook’s secret, or `v1a,<base64 Ed25519 signature>` with the key of GET /webhooks/key ' +
      '(a webhook created with signing ed25519), of `<webhook-id>.<webhook-timestamp>.<body>`',
    { maxLength: 1000, pattern: '^v1a?,[A-Za-z0-9+/=]+$' },
  ),
];

/**
 * The OpenAPI 3.1 `webhooks`: one entry per notification type, the request this service makes to a
 * registered URL, with the answers it understands.
 */
export const notificationWebhooks = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [
    type,
    {
      post: {
        operationId: `${webhookSchemaName(type).replace(/^./, (c) => c.toLowerCase())}`,
        tags: ['players'],
        summary: `A \`${type}\` notification, POSTed to each of the player’s webhooks`,
        description:
          'Standard Webhooks: the body is `{ type, timestamp, data }`, signed over `<webhook-id>.<webhook-timestamp>.<body>`. ' +
          '`webhook-id` is the same on every attempt at one notification: drop repeats. Answer 2xx within 10 seconds; answer ' +
          '410 to end the webhook (it is deleted, nothing more is sent); anything else is retried with backoff for a day, ' +
          'and later notifications wait behind it.',
        parameters: HEADERS,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${webhookSchemaName(type)}` } } },
        },
        responses: {
          '200': { description: 'received (any 2xx): the next notification follows' },
          '410': { description: 'gone: the webhook is deleted, and nothing more is sent to it' },
        },
      },
    },
  ]),
);

export const WebhookKey = named(
  'WebhookKey',
  Type.Object(
    {
      algorithm: Type.Literal('ed25519', { description: 'the signature algorithm' }),
      publicKey: Type.String({
        description: 'the public key as Standard Webhooks writes it: `whpk_` and the base64 of its 32 bytes',
      }),
      jwk: Type.Object(
        {
          kty: Type.Literal('OKP'),
          crv: Type.Literal('Ed25519'),
          x: Type.String({ description: 'the key, base64url' }),
        },
        { description: 'the same key as a JSON Web Key (RFC 8037)' },
      ),
    },
    { description: 'the key that verifies `v1a` webhook signatures' },
  ),
);
