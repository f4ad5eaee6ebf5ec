import Type from 'typebox';

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
    Type.Integer({ minimum: 1, description: 'list attempts older than this one (the `next` of the previous page)' }),
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
