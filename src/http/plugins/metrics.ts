import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Metrics } from '../../metrics';
import { Problem } from '../../service/problem';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface MetricsOptions {
  metrics: Metrics;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`; otherwise it is open. */
  token?: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** GET /metrics in Prometheus text format, and the timing of every request by route pattern. */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, { metrics, token }) => {
    app.decorate('metrics', metrics);

    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, never the raw URL: one series per route, whatever ids and junk clients send.
      metrics.httpRequests.observe(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

    const expected = token ? digest(`Bearer ${token}`) : undefined;
    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      if (expected) {
        const given = request.headers.authorization;
        if (given === undefined) throw new Problem(401, 'token-required', 'GET /metrics needs the metrics token (METRICS_TOKEN)');
        if (!timingSafeEqual(digest(given), expected)) throw new Problem(401, 'invalid-token', 'this is not the metrics token');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'card-table-metrics' },
);
