import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Players } from '../../service/players';
import type { Webhooks } from '../../service/webhooks';
import { allProblems, PLAYER as PLAYER_PROBLEMS, problems } from '../openapi/problems';
import { PLAYER } from '../openapi/security';
import { playerOf } from '../player-auth';
import {
  DeliveriesPage,
  DeliveriesQuery,
  NewWebhook,
  WebhookCreated,
  WebhookId,
  WebhookKey,
  WebhookList,
} from '../schemas/webhooks';

/** POST/GET /players/me/webhooks, DELETE /players/me/webhooks/{id}, GET .../deliveries. */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ players: Players; webhooks: Webhooks }> = async (
  app,
  { players, webhooks },
) => {
  app.post(
    '/players/me/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        tags: ['players'],
        summary: 'Have my notifications POSTed to a URL, signed; the answer holds the signing secret, shown once',
        description:
          'Every notification from now on is POSTed as `{ type, timestamp, data }` (data: a Notification) with the Standard Webhooks ' +
          'headers webhook-id (the same on every attempt), webhook-timestamp and webhook-signature: `v1,` HMAC-SHA256 with the ' +
          'secret, or with `signing: "ed25519"` `v1a,` Ed25519 with the key of GET /webhooks/key. In order, at least once: a ' +
          'failed attempt is retried with backoff for a day; a receiver that answers 410 ends the webhook. The URL must be ' +
          'http(s) and resolve to public addresses only (checked again at each delivery). The document’s `webhooks` give ' +
          'each notification type’s body.',
        body: NewWebhook,
        security: PLAYER,
        response: {
          201: WebhookCreated,
          ...problems(allProblems(PLAYER_PROBLEMS, { 400: ['webhook-url-refused'], 409: ['too-many-webhooks'] })),
        },
      },
    },
    async (request, reply) => {
      const { id } = await playerOf(request, players);
      const created = await webhooks.register(id, request.body);
      return reply.code(201).header('location', `/players/me/webhooks/${created.id}`).send(created);
    },
  );
  app.get(
    '/webhooks/key',
    {
      schema: {
        operationId: 'getWebhookKey',
        tags: ['players'],
        summary: 'The public key that verifies `v1a` (Ed25519) webhook signatures',
        description:
          'Webhooks created with `signing: "ed25519"` are signed `v1a,<base64 signature>` over ' +
          '`<webhook-id>.<webhook-timestamp>.<body>` (Standard Webhooks) with this key’s private half.',
        response: { 200: WebhookKey },
      },
    },
    async () => webhooks.key(),
  );
  app.get(
    '/players/me/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        tags: ['players'],
        summary: 'My webhooks and how far each has delivered',
        description: 'Each webhook with the last notification it delivered, and whether it is failing now.',
        security: PLAYER,
        response: { 200: WebhookList, ...problems(PLAYER_PROBLEMS) },
      },
    },
    async (request) => webhooks.list((await playerOf(request, players)).id),
  );
  app.delete(
    '/players/me/webhooks/:id',
    {
      schema: {
        operationId: 'deleteWebhook',
        tags: ['players'],
        summary: 'Stop a webhook; its delivery log goes with it',
        description: 'Nothing more is sent to it, from this moment on.',
        params: WebhookId,
        security: PLAYER,
        response: {
          204: Type.Null({ description: 'deleted' }),
          ...problems(allProblems(PLAYER_PROBLEMS, { 404: ['webhook-not-found'] })),
        },
      },
    },
    async (request, reply) => {
      await webhooks.remove((await playerOf(request, players)).id, request.params.id);
      // No payload at all: a serialized null would announce a body that a 204 never has.
      return reply.code(204).send(undefined as never);
    },
  );
  app.get(
    '/players/me/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['players'],
        summary: 'The delivery log of a webhook: every attempt, newest first',
        description: 'Paged: pass the answer’s `next` as `before` for older attempts.',
        params: WebhookId,
        querystring: DeliveriesQuery,
        security: PLAYER,
        response: { 200: DeliveriesPage, ...problems(allProblems(PLAYER_PROBLEMS, { 404: ['webhook-not-found'] })) },
      },
    },
    async (request) => webhooks.deliveries((await playerOf(request, players)).id, request.params.id, request.query),
  );
};
