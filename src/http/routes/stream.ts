import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Delivery, Streams } from '../../service/streams';
import { bearer } from '../auth';
import { allProblems, GAME, problems, SEAT_IF_ANY, STREAM_LIMITS } from '../openapi/problems';
import { STREAM_SEAT_OR_SPECTATOR } from '../openapi/security';
import { GameId, StreamEnd, View } from '../schemas';
import { holdSlot, startStream } from '../sse';
import type { StreamSlots } from '../stream-slots';

/**
 * GET /games/{id}/stream: Server-Sent Events. The first message is the caller's current view; then
 * one `view` message per change, with the caller's new view. The event id is the game's revision:
 * a client that reconnects with Last-Event-ID is sent only what it missed, and the stream stays open.
 * When the game ends, the last view is followed by an `end` event (id: the last revision), and the
 * stream closes; reconnecting to a finished game is sent the last view if it missed it, then `end`.
 */
export const streamRoutes: FastifyPluginAsyncTypebox<{ streams: Streams; slots: StreamSlots }> = async (
  app,
  { streams, slots },
) => {
  app.get(
    '/games/:id/stream',
    {
      sse: { kind: 'only' },
      schema: {
        operationId: 'streamGame',
        tags: ['play'],
        summary: 'Server-Sent Events: the caller’s new view after every move',
        description:
          'Events named `view`, whose data is the caller’s View and whose id is the game’s revision: the current view first, ' +
          'then the newest view after every change (changes that come faster than they are sent fold into the newest: each view ' +
          'is whole, and GET /games/{id}/events holds every move). Reconnecting with Last-Event-ID sends only what was missed. ' +
          'When the game is over, the last view is followed by an `end` event (data: StreamEnd, reason `game-over`) and the ' +
          'stream closes; a server shutting down sends `end` with reason `shutdown` (reconnect). Without a token: what a ' +
          'spectator sees.',
        params: GameId,
        security: STREAM_SEAT_OR_SPECTATOR,
        response: {
          200: {
            description: 'a text/event-stream of `view` events (data: View), then `end` (data: StreamEnd)',
            content: {
              'text/event-stream': {
                schema: {
                  anyOf: [View, StreamEnd],
                  description: 'the data of each event: a View (`view`) or a StreamEnd (`end`)',
                },
              },
            },
          },
          ...problems(allProblems(GAME, SEAT_IF_ANY, STREAM_LIMITS)),
        },
      },
    },
    async (request, reply) => {
      const slot = holdSlot(slots, request, reply);
      const sse = reply.sse;
      let ready = false;
      const held: Delivery[] = [];
      const finish = (revision: number) => {
        if (!sse.isConnected) return;
        void sse
          .send({ id: String(revision), event: 'end', data: JSON.stringify({ reason: 'game-over' }) })
          .then(() => sse.close());
      };
      const send = (m: Delivery) => {
        if (!sse.isConnected) return;
        // The message as the hub encoded it once for this audience (the stream's head went out when it opened).
        reply.raw.write(m.frame);
        if (m.ended) finish(m.revision);
      };
      let subscription: Awaited<ReturnType<Streams['open']>> | undefined;
      try {
        subscription = await streams.open(request.params.id, bearer(request), sse.lastEventId ?? undefined, (m) =>
          ready ? send(m) : held.push(m),
        );
        // Spectators have no seat: their address's limit is theirs.
        if (subscription.seat !== null) slot.claim(`seat:${request.params.id}:${subscription.seat}`);
      } catch (e) {
        subscription?.close();
        slot.release();
        throw e;
      }
      const { close } = subscription;
      // The server's graceful close ends open streams (plugins/shutdown.ts).
      sse.onClose(close);
      if (!sse.isConnected) return close();
      sse.keepAlive();
      if (subscription.initial !== null) {
        await sse.send({ id: String(subscription.revision), event: 'view', data: subscription.initial });
      } else {
        startStream(reply);
      }
      if (subscription.ended) return finish(subscription.revision);
      ready = true;
      for (const m of held.splice(0)) send(m);
    },
  );
};
