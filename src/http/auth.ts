import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../service/access';
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

/** The game a route (its pattern) is about (`/games/{id}...`), whose seat tokens have a budget of their own there. */
const gameOf = (request: FastifyRequest, route: string | undefined): string | undefined =>
  route?.startsWith('/games/:id') ? (request.params as { id?: string }).id : undefined;

/**
 * Whose budget a request spends, for keying per-client limits: a seat token's on its own game's
 * routes while it holds the seat, a player token's once this server knows it (Access.budgetOf);
 * undefined for everything else, which counts against the address. Answered at once, never from the
 * database, never throws: the rate limit asks on every request, before anything is looked up.
 */
export function identityOf(access: Pick<Access, 'budgetOf'>) {
  return (request: FastifyRequest, route: string | undefined): string | undefined => {
    try {
      const token = bearer(request);
      return token === undefined ? undefined : access.budgetOf(token, gameOf(request, route));
    } catch {
      return undefined;
    }
  };
}
