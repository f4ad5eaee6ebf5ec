import { createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { kept } from './kept';
import { Problem } from './problem';

/** Seat tokens: HS256 JWTs, scoped to one game and one seat. The algorithm is pinned on both ends. */
export interface SeatClaim {
  game: string;
  seat: number;
}

/** JWT_SECRET when set; otherwise a random secret created on first start and kept in the data directory. */
export function loadSecret(explicit: string | undefined, dataDir: string): string {
  return explicit || kept(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}

/** Verified tokens kept, so a seat polling its view does not pay for a signature check each time. */
const VERIFIED_CACHE = 10_000;
const AUDIENCE = 'card-table/seat';

export function seatTokens(secret: string) {
  // A KeyObject built once: given a string, jsonwebtoken builds one (trying a public key first) on every call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, SeatClaim>();
  return {
    sign(claim: SeatClaim): string {
      // No expiry: a Kaiser game to 52 may take weeks; a token is as long-lived as its game.
      return jwt.sign({ seat: claim.seat }, key, { algorithm: 'HS256', subject: claim.game, audience: AUDIENCE });
    },
    verify(token: string): SeatClaim {
      const known = verified.get(token);
      if (known) return known;
      let claim: SeatClaim;
      try {
        const payload = jwt.verify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        if (typeof payload === 'string' || typeof payload.sub !== 'string' || !Number.isInteger(payload.seat))
          throw new Error('claims');
        claim = { game: payload.sub, seat: payload.seat as number };
      } catch {
        throw new Problem(
          401,
          'invalid-token',
          'the seat token is not valid: it is malformed, tampered with, or signed by another server',
        );
      }
      if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value as string);
      verified.set(token, claim);
      return claim;
    },
  };
}

export type SeatTokens = ReturnType<typeof seatTokens>;
