import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { CorsOrigins } from '../../config';

/**
 * Cross-origin access for browser clients. Credentials are bearer tokens in the Authorization
 * header, never cookies, so no request carries credentials a page did not hold already: the
 * default lets any origin in, without `Access-Control-Allow-Credentials`. Preflights are answered
 * in the first onRequest hook, before the rate limit, the overload guard or any route runs.
 *
 * Only a request that names its origin (a browser's cross-origin request) gets CORS headers: bots
 * and same-origin pages send none and read none, and the two headers cost a tenth of a 304's time.
 * Answers say `Vary: Origin`, so a cache never hands one without them to a page that needs them.
 */
export const crossOrigin = fp<{ origins: CorsOrigins }>(
  async (app, { origins }) => {
    await app.register(cors, {
      origin:
        origins === 'none'
          ? false
          : (origin: string | undefined, cb: (error: Error | null, allow: boolean | '*') => void) =>
              cb(null, origin === undefined ? false : origins === '*' ? '*' : origins.includes(origin)),
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Idempotency-Key', 'Last-Event-ID', 'Prefer'],
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
        'Preference-Applied',
      ].join(', '),
      maxAge: 600,
    });
  },
  { name: 'card-table-cors' },
);
