import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { NotificationJson } from '../../service/notifications';
import type { PlayerStreams } from '../../service/player-streams';
import { type Players, tokenHash } from '../../service/players';
import { Problem as Failure } from '../../service/problem';
import { allProblems, PLAYER as PLAYER_PROBLEMS, problems, STREAM_LIMITS } from '../openapi/problems';
import { PLAYER, STREAM_PLAYER } from '../openapi/security';
import { playerOf } from '../player-auth';
import { StreamTicket } from '../schemas';
import { NOTIFICATION_TYPES, PlayerStreamMessage } from '../schemas/events';
import { MAX_INT } from '../schemas/numbers';
import { PlayerStreamQuery } from '../schemas/players';
import { endStream, holdSlot, startStream, subscribe } from '../sse';
import type { StreamSlots } from '../stream-slots';
import { streamCredential } from '../stream-token';

/** Where a resumed stream starts: Last-Event-ID (what EventSource sends back), else ?after=, else now. */
function resumeFrom(lastEventId: string | null | undefined, after: number | undefined): number | null {
  if (lastEventId === null || lastEventId === undefined || lastEventId === '') return after ?? null;
  // A seq is a database INTEGER: a larger number is no seq this stream sent.
  if (!/^\d{1,10}$/.test(lastEventId) || Number(lastEventId) > MAX_INT) {
    throw new Failure(400, 'invalid-last-event-id', 'Last-Event-ID must be the seq of a notification this stream sent');
  }
  return Number(lastEventId);
}

/**
 * GET /players/me/stream: Server-Sent Events across all my games, one stream however many. Each
 * event is a notification, named by its type, its id the notification's
 * seq: reconnecting with Last-Event-ID sends what was missed from the log, then new ones live.
 */
export const playerStreamRoutes: FastifyPluginAsyncTypebox<{
  players: Players;
  playerStreams: PlayerStreams;
  slots: StreamSlots;
}> = async (app, { players, playerStreams, slots }) => {
  app.get(
    '/players/me/stream',
    {
      sse: { kind: 'only' },
      // Each message leaves as it is written: a compressor would hold it back.
      compress: false,
      schema: {
        operationId: 'streamMyNotifications',
        tags: ['players'],
        summary: 'Server-Sent Events: my notifications across all my games',
        description:
          `Events named by the notification's type (${NOTIFICATION_TYPES.map((t) => `\`${t}\``).join(', ')}), whose data is ` +
          'the Notification of that type and whose id is its seq. Reconnect with Last-Event-ID (or ?after=) to be sent what ' +
          'was missed first; nothing is lost across reconnects or server restarts. An `end` event (data: PlayerStreamEnd) ' +
          'closes the stream when the server shuts down or the token it was opened with is rotated.',
        querystring: PlayerStreamQuery,
        security: STREAM_PLAYER,
        response: {
          200: {
            description: 'a text/event-stream of notification events, then `end`: each message as PlayerStreamMessage gives it',
            content: { 'text/event-stream': { schema: PlayerStreamMessage } },
          },
          ...problems(allProblems(PLAYER_PROBLEMS, { 400: ['invalid-last-event-id'], 401: ['token-revoked'] }, STREAM_LIMITS)),
        },
      },
    },
    async (request, reply) => {
      const slot = holdSlot(slots, request, reply);
      const sse = reply.sse;
      const send = (n: NotificationJson) => {
        if (sse.isConnected) void sse.send({ id: String(n.seq), event: n.type, data: JSON.stringify(n) });
      };
      const opened = await subscribe(
        reply,
        slot,
        async (deliver: (n: NotificationJson) => void) => {
          const credential = streamCredential(request);
          const { player, tokenHash: hash } =
            'ticket' in credential
              ? await playerStreams.ticketHolder(credential.ticket)
              : await playerOf(request, players).then(({ id, token }) => ({ player: id, tokenHash: tokenHash(token) }));
          const from = resumeFrom(sse.lastEventId, request.query.after);
          slot.claim(`player:${player}`);
          return playerStreams.open(player, hash, from, deliver, (reason) => endStream(reply, reason));
        },
        send,
      );
      if (!opened) return;
      startStream(reply);
      opened.start();
    },
  );
  app.post(
    '/players/me/stream-ticket',
    {
      schema: {
        operationId: 'playerStreamTicket',
        tags: ['players'],
        summary: 'A ticket for my stream’s cookie: it opens GET /players/me/stream and nothing else',
        description:
          'EventSource cannot send an Authorization header: a page puts this ticket in the cookie card_table_token for ' +
          '/players/me/stream (SameSite=Strict), never the player token itself. The ticket opens that stream for a day, ' +
          'until the player token is rotated.',
        security: PLAYER,
        response: { 200: StreamTicket, ...problems(PLAYER_PROBLEMS) },
      },
    },
    async (request) => {
      const { id, token } = await playerOf(request, players);
      return playerStreams.ticket(id, token);
    },
  );
};
