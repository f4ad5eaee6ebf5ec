import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Streams } from '../../service/streams';
import { bearer } from '../auth';
import { GameId, Problem } from '../schemas';

/**
 * GET /games/{id}/stream: Server-Sent Events. The first message is the caller's current view; then
 * one `view` message per change, with the caller's new view. The event id is the game's revision:
 * a client that reconnects with Last-Event-ID is sent only what it missed, and the stream stays open.
 * When the game ends, the last view is followed by an `end` event, and the stream closes.
 */
export const streamRoutes: FastifyPluginAsyncTypebox<{ streams: Streams }> = async (app, { streams }) => {
  app.get(
    '/games/:id/stream',
    {
      sse: { kind: 'only' },
      schema: {
        tags: ['play'],
        summary: 'Server-Sent Events: the caller’s new view after every move',
        params: GameId,
        security: [{ seatToken: [] }, { streamToken: [] }, {}],
        response: {
          200: {
            description: 'text/event-stream of `view` events whose data is a SeatView, then `end` when the game is over',
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
      let ready = false;
      const held: { revision: number; json: string; ended: boolean }[] = [];
      const finish = (reason: string) => {
        if (sse.isConnected) void sse.send({ event: 'end', data: JSON.stringify({ reason }) }).then(() => sse.close());
      };
      const send = (m: { revision: number; json: string; ended: boolean }) => {
        if (!sse.isConnected) return;
        void sse.send({ id: String(m.revision), event: 'view', data: m.json });
        if (m.ended) finish('game-over');
      };
      const subscription = await streams.open(request.params.id, bearer(request), sse.lastEventId ?? undefined, (m) =>
        ready ? send(m) : held.push(m),
      );
      // The server's graceful close ends open streams (plugins/shutdown.ts).
      sse.onClose(() => subscription.close());
      sse.keepAlive();
      if (subscription.initial !== null) {
        await sse.send({ id: String(subscription.revision), event: 'view', data: subscription.initial });
      } else {
        // Nothing missed: the response still starts as an event stream, so EventSource stays connected.
        sse.sendHeaders();
      }
      if (subscription.ended) return finish('game-over');
      ready = true;
      for (const m of held.splice(0)) send(m);
    },
  );
};
