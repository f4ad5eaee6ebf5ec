import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access, Identity } from '../service/access';
import { Problem } from '../service/problem';

/** Where a request keeps its bearer token once read: the rate limit reads it first, then the route. */
const TOKEN = Symbol('bearer token');

declare module 'fastify' {
  interface FastifyRequest {
    [TOKEN]: string | undefined;
  }
}

/**
 * Declares the slot on every request, so that each starts with it (Fastify builds them with their
 * decorations) and keeping a token never reshapes one.
 */
export const bearerTokens = fp(
  async (app) => {
    app.decorateRequest(TOKEN, undefined);
  },
  { name: 'card-table-bearer-tokens' },
);

/**
 * The seat token from `Authorization: Bearer <token>`, if any. Read once a request: the second
 * reader gets the same string, whose hash V8 has kept, so looking it up among verified tokens is
 * cheap the second time too.
 */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const read = request[TOKEN];
  if (read !== undefined) return read;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new Problem(401, 'invalid-token', 'the Authorization header must be "Bearer <seat token>"');
  request[TOKEN] = match[1];
  return match[1];
}

/**
 * Who a request is, by a credential that verifies (a seat token: its game and seat; a player token:
 * the player), for keying per-client limits; undefined when there is no credential or it does not
 * verify. Never throws, never rejects. A seat token is answered at once, not through a promise: the
 * rate limit asks on every request.
 */
export function identityOf(access: Pick<Access, 'identify' | 'seatIdentity'>) {
  const key = (who: Identity) => (who.kind === 'seat' ? `seat:${who.game}:${who.seat}` : `player:${who.player}`);
  return (request: FastifyRequest): Promise<string | undefined> | string | undefined => {
    try {
      const token = bearer(request);
      if (token === undefined) return undefined;
      const seat = access.seatIdentity(token);
      if (seat) return key(seat);
      return access.identify(token).then(key, () => undefined);
    } catch {
      return undefined;
    }
  };
}
