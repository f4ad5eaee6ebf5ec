import type { FastifyRequest } from 'fastify';
import { Problem } from '../service/problem';

/** The seat token from `Authorization: Bearer <token>`, if any. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new Problem(401, 'invalid-token', 'the Authorization header must be "Bearer <seat token>"');
  return match[1];
}
