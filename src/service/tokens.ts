import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { Problem } from './problem';

/** Seat tokens: HS256 JWTs, scoped to one game and one seat. The algorithm is pinned on both ends. */
export interface SeatClaim {
  game: string;
  seat: number;
}

/** JWT_SECRET when set; otherwise a random secret created on first start and kept in the data directory. */
export function loadSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // Another process sharing the directory created it first: everyone uses that one.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw e;
  }
  return secret;
}

export function seatTokens(secret: string) {
  return {
    sign(claim: SeatClaim): string {
      // No expiry: a Kaiser game to 52 may take weeks; a token is as long-lived as its game.
      return jwt.sign({ seat: claim.seat }, secret, { algorithm: 'HS256', subject: claim.game, audience: 'card-table/seat' });
    },
    verify(token: string): SeatClaim {
      try {
        const payload = jwt.verify(token, secret, { algorithms: ['HS256'], audience: 'card-table/seat' });
        if (typeof payload === 'string' || typeof payload.sub !== 'string' || !Number.isInteger(payload.seat))
          throw new Error('claims');
        return { game: payload.sub, seat: payload.seat as number };
      } catch {
        throw new Problem(
          401,
          'invalid-token',
          'the seat token is not valid: it is malformed, tampered with, or signed by another server',
        );
      }
    },
  };
}

export type SeatTokens = ReturnType<typeof seatTokens>;
