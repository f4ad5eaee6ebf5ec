import type { FastifyRequest } from 'fastify';
import { isPlayerToken, type Players } from '../service/players';
import { Problem } from '../service/problem';
import { bearer } from './auth';

/** The player a request speaks for, from its player token: 401 without a valid one, 403 for a seat token. */
export async function playerOf(request: FastifyRequest, players: Players): Promise<{ id: string; token: string }> {
  const token = bearer(request);
  if (!token) throw new Problem(401, 'token-required', 'this call needs a player token: Authorization: Bearer <player token>');
  if (!isPlayerToken(token) && token.split('.').length === 3) {
    throw new Problem(403, 'player-token-required', 'a seat token speaks for one seat: this call needs a player token');
  }
  const id = await players.identify(token);
  if (!id) throw new Problem(401, 'invalid-token', 'the player token is not valid: it is malformed, rotated or revoked');
  return { id, token };
}
