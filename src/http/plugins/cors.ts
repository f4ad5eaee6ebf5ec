import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CorsOrigins } from '../../config';
import { sendProblem } from '../problem';

const METHODS = 'GET, HEAD, POST, DELETE';
const ALLOWED = 'Authorization, Content-Type, If-None-Match, Idempotency-Key, Last-Event-ID, Prefer';
/** What clients read: the version (ETag), where a created resource is, when to retry, the rate limit's state. */
const EXPOSED = [
  'ETag',
  'Location',
  'Retry-After',
  'Content-Disposition',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Preference-Applied',
].join(', ');
const MAX_AGE = '600';

/**
 * Cross-origin access for browser clients. Credentials are bearer tokens in the Authorization
 * header, never cookies, so no request carries credentials a page did not hold already: the
 * default lets any origin in, without `Access-Control-Allow-Credentials`.
 *
 * Only a request that names its origin (a browser's cross-origin request) gets CORS headers: bots
 * and same-origin pages send none and read none, and the two headers cost a tenth of a 304's time.
 * Answers say `Vary: Origin`, so a cache never hands one without them to a page that needs them.
 *
 * The function sets a request's headers, and answers a preflight (true: the request is answered).
 */
export function crossOrigin(origins: CorsOrigins) {
  const allowed = (origin: string) => origins === '*' || (origins !== 'none' && origins.includes(origin));
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (origins === 'none') return false;
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !allowed(origin)) return false;
    reply.header('access-control-allow-origin', origins === '*' ? '*' : origin).header('access-control-expose-headers', EXPOSED);
    if (request.method !== 'OPTIONS') return false;
    if (request.headers['access-control-request-method'] === undefined) {
      sendProblem(reply, request, 400, 'bad-request', 'a preflight names the method it asks for: Access-Control-Request-Method');
      return true;
    }
    // Safari needs the length of a 204, or it waits for a body.
    reply
      .header('access-control-allow-methods', METHODS)
      .header('access-control-allow-headers', ALLOWED)
      .header('access-control-max-age', MAX_AGE)
      .header('content-length', '0')
      .code(204)
      .send();
    return true;
  };
}
