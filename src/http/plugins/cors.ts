import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { CorsOrigins } from '../../config';

/**
 * Cross-origin access for browser clients. Credentials are bearer tokens in the Authorization
 * header, never cookies, so no request carries credentials a page did not hold already: the
 * default lets any origin in, without `Access-Control-Allow-Credentials`. Preflights are answered
 * in the first onRequest hook, before the rate limit, the overload guard or any route runs.
 */
export const crossOrigin = fp<{ origins: CorsOrigins }>(
  async (app, { origins }) => {
    await app.register(cors, {
      origin: origins === 'none' ? false : origins,
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Idempotency-Key', 'Last-Event-ID'],
      // What clients read: the version (ETag), where a created resource is, when to retry, the rate
      // limit's state. Joined once here: the plugin joins a list again on every request.
      exposedHeaders: [
        'ETag',
        'Location',
        'Retry-After',
        'Content-Disposition',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
      ].join(', '),
      maxAge: 600,
    });
  },
  { name: 'card-table-cors' },
);
