import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { NotificationJson } from '../../service/notifications';
import type { PlayerStreams } from '../../service/player-streams';
import { type Players, tokenHash } from '../../service/players';
import { Problem as Failure } from '../../service/problem';
import { playerOf } from '../player-auth';
import { Problem } from '../schemas';
import { PlayerStreamQuery } from '../schemas/players';

/** Where a resumed stream starts: Last-Event-ID (what EventSource sends back), else ?after=, else now. */
function resumeFrom(lastEventId: string | null | undefined, after: number | undefined): number | null {
  if (lastEventId === null || lastEventId === undefined || lastEventId === '') return after ?? null;
  if (!/^\d{1,15}$/.test(lastEventId)) {
    throw new Failure(400, 'invalid-last-event-id', 'Last-Event-ID must be the seq of a notification this stream sent');
  }
  return Number(lastEventId);
}

/**
 * GET /players/me/stream: Server-Sent Events across all my games, one stream however many. Each
 * event is a notification (`turn`, `invited`, `started`, `finished`), its id the notification's
 * seq: reconnecting with Last-Event-ID sends what was missed from the log, then new ones live.
 */
export const playerStreamRoutes: FastifyPluginAsyncTypebox<{ players: Players; playerStreams: PlayerStreams }> = async (
  app,
  { players, playerStreams },
) => {
  // Open streams would hold a graceful shutdown open forever: they are ended when the server closes.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/players/me/stream',
    {
      sse: { kind: 'only' },
      schema: {
        operationId: 'streamMyNotifications',
        tags: ['players'],
        summary: 'Server-Sent Events: my notifications across all my games',
        description:
          'Events `turn`, `invited`, `started`, `finished`, whose data is a Notification and whose id is its seq. Reconnect with ' +
          'Last-Event-ID (or ?after=) to be sent what was missed first; nothing is lost across reconnects or server restarts. ' +
          'An `end` event closes the stream when the server shuts down or the token it was opened with is rotated.',
        querystring: PlayerStreamQuery,
        security: [{ playerToken: [] }],
        response: {
          200: {
            description: 'text/event-stream of notification events (data: Notification)',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          400: Problem,
          401: Problem,
          403: Problem,
        },
      },
    },
    async (request, reply) => {
      const { id, token } = await playerOf(request, players);
      const from = resumeFrom(reply.sse.lastEventId, request.query.after);
      const sse = reply.sse;
      let ready = false;
      const held: NotificationJson[] = [];
      const send = (n: NotificationJson) => {
        if (sse.isConnected) void sse.send({ id: String(n.seq), event: n.type, data: JSON.stringify(n) });
      };
      const finish = (reason: string) => {
        if (sse.isConnected) void sse.send({ event: 'end', data: JSON.stringify({ reason }) }).then(() => sse.close());
      };
      const subscription = await playerStreams.open(id, tokenHash(token), from, (n) => (ready ? send(n) : held.push(n)), finish);
      const end = () => finish('shutdown');
      open.add(end);
      sse.onClose(() => {
        open.delete(end);
        subscription.close();
      });
      sse.keepAlive();
      sse.sendHeaders();
      // Node holds written headers back until the first body write: with nothing missed, the client
      // would not see its stream open until the first heartbeat, 15 s on.
      reply.raw.flushHeaders();
      ready = true;
      for (const n of held.splice(0)) send(n);
    },
  );
};
