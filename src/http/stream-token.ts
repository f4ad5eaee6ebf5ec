import type { IncomingMessage } from 'node:http';

/** The routes a browser opens with EventSource: a game's stream and a player's. */
const STREAM_PATH = /^\/(?:games\/[^/?#]+|players\/me)\/stream$/;

/**
 * EventSource cannot send an Authorization header, so the stream routes also take the token as
 * `?token=`. Before routing (Fastify's rewriteUrl), the token leaves the URL for the Authorization
 * header, unless one was sent: the routes read one bearer token as always, and no log line, metric
 * label or problem's `instance` ever holds it. Every other URL is left as it came: a token in it is
 * not read. The OpenAPI document declares it as the `streamToken` security scheme of the stream routes.
 */
export function streamTokenToHeader(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  if (mark < 0 || !STREAM_PATH.test(url.slice(0, mark))) return url;
  const query = new URLSearchParams(url.slice(mark + 1));
  const token = query.get('token');
  if (token === null) return url;
  query.delete('token');
  if (req.headers.authorization === undefined && token !== '') req.headers.authorization = `Bearer ${token}`;
  const rest = query.toString();
  return rest === '' ? url.slice(0, mark) : `${url.slice(0, mark)}?${rest}`;
}
