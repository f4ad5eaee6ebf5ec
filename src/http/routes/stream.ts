import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TableService } from '../../service/tables';
import { bearer } from '../auth';
import { GameId, Problem } from '../schemas';

/**
 * GET /games/{id}/stream: Server-Sent Events. The first message is the caller's current view; then
 * one `view` message per new move, with the caller's new view (id = version, so a client that
 * reconnects with Last-Event-ID is told only what it missed).
 */
export const streamRoutes: FastifyPluginAsyncTypebox<{ tables: TableService }> = async (app, { tables }) => {
  // Open streams would hold a graceful shutdown open forever: they are ended when the server closes.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/games/:id/stream',
    {
      sse: { kind: 'only' },
      schema: {
        tags: ['play'],
        summary: 'Server-Sent Events: the caller’s new view after every move',
        params: GameId,
        security: [{ seatToken: [] }, {}],
        response: {
          200: {
            description: 'text/event-stream of `view` events whose data is a SeatView',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          401: Problem,
          403: Problem,
          404: Problem,
        },
      },
    },
    async (request, reply) => {
      const sse = reply.sse;
      const { initial, unsubscribe } = await tables.subscribe(request.params.id, bearer(request), (view) => {
        if (sse.isConnected) void sse.send({ id: String(view.version), event: 'view', data: view });
      });
      const end = () => sse.close();
      open.add(end);
      sse.onClose(() => {
        open.delete(end);
        unsubscribe();
      });
      sse.keepAlive();
      if (String(initial.version) !== sse.lastEventId)
        await sse.send({ id: String(initial.version), event: 'view', data: initial });
      if (initial.status === 'finished') sse.close();
    },
  );
};
