import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Delivery, Streams } from '../../service/streams';
import { bearer } from '../auth';
import { allProblems, GAME, problems, SEAT, SEAT_IF_ANY, STREAM_LIMITS, TOURNAMENT_PRIVATE } from '../openapi/problems';
import { SEAT as SEAT_SECURITY, STREAM_SEAT_OR_SPECTATOR } from '../openapi/security';
import { GameId, StreamTicket } from '../schemas';
import { GameStreamMessage } from '../schemas/events';
import { endStream, holdSlot, startStream, subscribe } from '../sse';
import type { StreamSlots } from '../stream-slots';
import { streamCredential } from '../stream-token';

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
      // Each message leaves as it is written: a compressor would hold it back.
      compress: false,
      schema: {
        operationId: 'streamGame',
        tags: ['play'],
        summary: 'Server-Sent Events: the caller’s new view after every move',
        description:
          'Events named `view`, whose data is the caller’s View and whose id is the game’s revision: the current view first, ' +
          'then the newest view after every change (changes that come faster than they are sent fold into the newest: each view ' +
          'is whole, and GET /games/{id}/events holds every move). Reconnecting with Last-Event-ID sends only what was missed. ' +
          'When the game is over, the last view is followed by an `end` event (data: GameStreamEnd, reason `game-over`) and the ' +
          'stream closes; a server shutting down sends `end` with reason `shutdown` (reconnect). Without a token: what a ' +
          'spectator sees.',
        params: GameId,
        security: STREAM_SEAT_OR_SPECTATOR,
        response: {
          200: {
            description: 'a text/event-stream of `view` events, then `end`: each message as GameStreamMessage gives it',
            content: { 'text/event-stream': { schema: GameStreamMessage } },
          },
          ...problems(allProblems(GAME, SEAT_IF_ANY, STREAM_LIMITS, TOURNAMENT_PRIVATE)),
        },
      },
    },
    async (request, reply) => {
      const slot = holdSlot(slots, request, reply);
      const { id } = request.params;
      const send = (m: Delivery) => {
        if (!reply.sse.isConnected) return;
        // The message as the hub encoded it once for this audience (the stream's head went out when it opened).
        reply.raw.write(m.frame);
        if (m.ended) endStream(reply, 'game-over', m.revision);
      };
      const opened = await subscribe(
        reply,
        slot,
        async (deliver: (m: Delivery) => void) => {
          const subscription = await streams.open(
            id,
            streamCredential(request),
            reply.sse.lastEventId ?? undefined,
            deliver,
            (revision) => endStream(reply, 'token-revoked', revision),
          );
          try {
            // Spectators have no seat: their address's limit is theirs.
            if (subscription.seat !== null) slot.claim(`seat:${id}:${subscription.seat}`);
          } catch (e) {
            subscription.close();
            throw e;
          }
          return subscription;
        },
        send,
      );
      if (!opened) return;
      const { subscription, start } = opened;
      if (subscription.initial !== null) {
        await reply.sse.send({ id: String(subscription.revision), event: 'view', data: subscription.initial });
      } else {
        startStream(reply);
      }
      if (subscription.ended) return endStream(reply, 'game-over', subscription.revision);
      start();
    },
  );
  app.post(
    '/games/:id/stream-ticket',
    {
      schema: {
        operationId: 'gameStreamTicket',
        tags: ['play'],
        summary: 'A ticket for the stream’s cookie: it opens this game’s stream for my seat, and nothing else',
        description:
          'EventSource cannot send an Authorization header: a page puts this ticket in the cookie card_table_token for ' +
          '/games/{id}/stream (SameSite=Strict), never the seat or player token itself. The ticket opens that stream for ' +
          'a day, while the seat stays in the same hands. Spectators need none.',
        params: GameId,
        security: SEAT_SECURITY,
        response: { 200: StreamTicket, ...problems(allProblems(GAME, SEAT)) },
      },
    },
    async (request) => streams.ticket(request.params.id, bearer(request)),
  );
};
