import type { onRequestHookHandler } from 'fastify';
import { Problem } from '../service/problem';

/** The routes a browser opens with EventSource: a game's stream and a player's. */
const STREAM_ROUTES = new Set(['/games/:id/stream', '/players/me/stream']);

/** The cookie a page sets for its EventSource (the web table scopes it to the stream's own path). */
export const STREAM_COOKIE = 'card_table_token';

const cookieValue = (header: string | undefined, name: string) => {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
};

/**
 * EventSource cannot send an Authorization header, and a token in the URL would end up in logs,
 * histories and Referer headers. So the two stream routes also take the token from the cookie
 * `card_table_token`, which a page sets for the stream's path alone (SameSite=Strict, so no other
 * site's page sends it) before it opens the stream. The cookie stands in for an Authorization header
 * that was not sent: the routes read one bearer token as always. Every other route ignores it, so a
 * cookie never authorizes a move. It runs on every request: a request without a cookie costs one test.
 */
export const streamCookieToHeader: onRequestHookHandler = (request, _reply, done) => {
  const { cookie, authorization } = request.headers;
  if (cookie !== undefined && authorization === undefined && STREAM_ROUTES.has(request.routeOptions.url ?? '')) {
    let token: string | undefined;
    try {
      token = cookieValue(cookie, STREAM_COOKIE);
    } catch {
      // decodeURIComponent's URIError: a malformed escape, or one that is no UTF-8.
      return done(
        new Problem(401, 'invalid-token', `the ${STREAM_COOKIE} cookie is not percent-encoded text: it holds no token`),
      );
    }
    if (token) request.headers.authorization = `Bearer ${token}`;
  }
  done();
};
