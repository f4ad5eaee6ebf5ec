import type { FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Gauge } from 'prom-client';
import { sendProblem } from '../problem';

export interface ShutdownOptions {
  /** Counts the streams open now. */
  openStreams?: Gauge;
}

/**
 * What app.close() needs to finish soon and cleanly: open Server-Sent Event streams would hold it
 * forever, so each is sent a closing `end` event naming the reason and ended; requests arriving while
 * the server drains are refused with 503 problem+json; answers to the requests in flight close their
 * connection, so that no idle keep-alive connection outlives the server.
 */
export const gracefulClose = fp<ShutdownOptions>(
  async (app, { openStreams }) => {
    const streams = new Set<FastifyReply>();
    let closing = false;

    // Every stream route declared after this plugin tracks its open connections.
    app.addHook('onRoute', (route) => {
      if (!route.sse) return;
      const track: onRequestHookHandler = async (_request, reply) => {
        streams.add(reply);
        openStreams?.inc();
        reply.raw.once('close', () => {
          streams.delete(reply);
          openStreams?.dec();
        });
      };
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), track];
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!closing) return;
      reply.header('retry-after', '1');
      return sendProblem(reply, request, 503, 'shutting-down', 'the server is shutting down: retry in a moment');
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });

    app.addHook('preClose', async () => {
      closing = true;
      await Promise.all(
        [...streams].map(async (reply) => {
          const sse = reply.sse;
          if (!sse?.isConnected) return;
          await sse.send({ event: 'end', data: { reason: 'shutdown' } }).catch(() => {});
          sse.close();
        }),
      );
    });
  },
  { name: 'card-table-graceful-close' },
);

/** Fastify's own 503 while closing is plain JSON: the plugin above answers instead. */
export const gracefulCloseOptions = { return503OnClosing: false };
