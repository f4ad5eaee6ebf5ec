import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Players } from '../../service/players';
import type { Webhooks } from '../../service/webhooks';
import { playerOf } from '../player-auth';
import { Problem } from '../schemas';
import { DeliveriesPage, DeliveriesQuery, NewWebhook, WebhookCreated, WebhookId, WebhookList } from '../schemas/webhooks';

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
          'headers webhook-id (the same on every attempt), webhook-timestamp and webhook-signature (v1, HMAC-SHA256 with the secret). ' +
          'In order, at least once: a failed attempt is retried with backoff for a day. The URL must be http(s) and resolve to ' +
          'public addresses only (checked again at each delivery).',
        body: NewWebhook,
        security: [{ playerToken: [] }],
        response: { 201: WebhookCreated, 400: Problem, 401: Problem, 403: Problem, 409: Problem },
      },
    },
    async (request, reply) => {
      const { id } = await playerOf(request, players);
      const created = await webhooks.register(id, request.body);
      return reply.code(201).header('location', `/players/me/webhooks/${created.id}`).send(created);
    },
  );
  app.get(
    '/players/me/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        tags: ['players'],
        summary: 'My webhooks and how far each has delivered',
        security: [{ playerToken: [] }],
        response: { 200: WebhookList, 401: Problem, 403: Problem },
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
        params: WebhookId,
        security: [{ playerToken: [] }],
        response: { 204: Type.Null({ description: 'deleted' }), 401: Problem, 403: Problem, 404: Problem },
      },
    },
    async (request, reply) => {
      await webhooks.remove((await playerOf(request, players)).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/players/me/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['players'],
        summary: 'The delivery log of a webhook: every attempt, newest first',
        params: WebhookId,
        querystring: DeliveriesQuery,
        security: [{ playerToken: [] }],
        response: { 200: DeliveriesPage, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
      },
    },
    async (request) => webhooks.deliveries((await playerOf(request, players)).id, request.params.id, request.query),
  );
};
