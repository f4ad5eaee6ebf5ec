import type { FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Gauge } from 'prom-client';

/**
 * How long a shutdown waits for requests in flight: a client that stopped reading its answer, or never
 * finishes sending its body, is cut off after it so that the process still exits well within the 10 s
 * an orchestrator allows.
 */
export const SHUTDOWN_GRACE_MS = 5_000;

export interface ShutdownOptions {
  /** Counts the streams open now. */
  openStreams?: Gauge;
}

/**
 * What app.close() needs to finish soon and cleanly: open Server-Sent Event streams would hold it
 * forever, so each is sent a closing `end` event naming the reason and ended; and connections still
 * busy after SHUTDOWN_GRACE_MS are closed. The request gate (plugins/gate.ts) refuses requests arriving
 * while the server drains with 503 problem+json, and closes the connection of each answer in flight,
 * so that no idle keep-alive connection outlives the server.
 */
export const gracefulClose = fp<ShutdownOptions>(
  async (app, { openStreams }) => {
    const streams = new Set<FastifyReply>();

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

    let cut: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      cut = setTimeout(() => {
        app.log.warn(`requests still in flight ${SHUTDOWN_GRACE_MS} ms into the shutdown: closing their connections`);
        app.server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      cut.unref();
      await Promise.all(
        [...streams].map(async (reply) => {
          const sse = reply.sse;
          if (!sse?.isConnected) return;
          await sse.send({ event: 'end', data: { reason: 'shutdown' } }).catch(() => {});
          sse.close();
        }),
      );
    });
    // Fastify closes the server before the onClose hooks run: by now nothing is left to cut.
    app.addHook('onClose', async () => clearTimeout(cut));
  },
  { name: 'card-table-graceful-close' },
);

/** Fastify's own 503 while closing is plain JSON: the request gate answers instead. */
export const gracefulCloseOptions = { return503OnClosing: false };
