import type { FastifyRequest } from 'fastify';
import { Problem } from '../service/problem';
import { bearer } from './auth';

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
 * What a stream is opened with. EventSource cannot send an Authorization header, and a token in the
 * URL would end up in logs, histories and Referer headers. So the two stream routes also read the
 * cookie `card_table_token`, which a page sets for the stream's path alone (SameSite=Strict, so no
 * other site's page sends it). The cookie holds a stream ticket (POST .../stream-ticket), never a seat
 * or player token: it opens that one stream, for a day, and nothing else. The header wins when both come.
 */
export function streamCredential(request: FastifyRequest): { token?: string } | { ticket: string } {
  const { cookie, authorization } = request.headers;
  if (authorization !== undefined || cookie === undefined) return { token: bearer(request) };
  let ticket: string | undefined;
  try {
    ticket = cookieValue(cookie, STREAM_COOKIE);
  } catch {
    // decodeURIComponent's URIError: a malformed escape, or one that is no UTF-8.
    throw new Problem(401, 'invalid-token', `the ${STREAM_COOKIE} cookie is not percent-encoded text: it holds no ticket`);
  }
  return ticket ? { ticket } : {};
}
