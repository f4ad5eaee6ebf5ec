import { createSecretKey, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { kept } from './kept';
import { Problem } from './problem';

/**
 * Seat tokens: HS256 JWTs, scoped to one game, one seat and one holding of it (who held the seat when
 * it was issued). The algorithm is pinned on both ends.
 */
export interface SeatClaim {
  game: string;
  seat: number;
  /** The seat's holding the token was issued for; absent from tokens issued before holdings existed. */
  holding?: string;
}

/** A stream ticket: what a page puts in the stream cookie. It opens one stream and nothing else, for a day. */
export type StreamTicket = { game: string; seat: number; holding: string | null } | { player: string; tokenHash: string };

/** A new holding: random, so that two holders of one seat never share a token. */
export const newHolding = () => randomBytes(12).toString('base64url');

/** The shortest JWT secret the server starts with: HS256 keys shorter than its 32-byte hash are guessable sooner. */
export const MIN_SECRET_BYTES = 32;

/**
 * JWT_SECRET when set; otherwise a random secret created on first start and kept in the data directory.
 * A secret shorter than 32 bytes (an empty variable, an emptied `jwt-secret` file) stops the server.
 */
export function loadSecret(explicit: string | undefined, dataDir: string): string {
  const secret = explicit ?? kept(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < MIN_SECRET_BYTES) {
    const from = explicit === undefined ? `the file ${join(dataDir, 'jwt-secret')}` : 'JWT_SECRET';
    throw new Error(
      `the JWT secret from ${from} is ${bytes} bytes long: it must be at least ${MIN_SECRET_BYTES} (unset JWT_SECRET and remove the file to have one made)`,
    );
  }
  return secret;
}

/** Verified tokens kept, so a seat polling its view does not pay for a signature check each time. */
const VERIFIED_CACHE = 10_000;
const AUDIENCE = 'card-table/seat';
const STREAM_AUDIENCE = 'card-table/stream';
/** How long a stream ticket opens its stream: a page asks for a new one whenever it (re)opens it. */
const TICKET_SECONDS = 24 * 3600;

const invalid = () =>
  new Problem(401, 'invalid-token', 'the seat token is not valid: it is malformed, tampered with, or signed by another server');

export function seatTokens(secret: string) {
  // A KeyObject built once: given a string, jsonwebtoken builds one (trying a public key first) on every call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, SeatClaim>();
  return {
    sign(claim: SeatClaim): string {
      // No expiry: a Kaiser game to 52 may take weeks; a token is as long-lived as its holding of the seat.
      const payload = claim.holding === undefined ? { seat: claim.seat } : { seat: claim.seat, h: claim.holding };
      return jwt.sign(payload, key, { algorithm: 'HS256', subject: claim.game, audience: AUDIENCE });
    },
    verify(token: string): SeatClaim {
      const known = verified.get(token);
      if (known) return known;
      let claim: SeatClaim;
      try {
        const payload = jwt.verify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        if (typeof payload === 'string' || typeof payload.sub !== 'string' || !Number.isInteger(payload.seat))
          throw new Error('claims');
        if (payload.h !== undefined && typeof payload.h !== 'string') throw new Error('claims');
        claim = { game: payload.sub, seat: payload.seat as number, ...(payload.h !== undefined ? { holding: payload.h } : {}) };
      } catch {
        throw invalid();
      }
      if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value as string);
      verified.set(token, claim);
      return claim;
    },

    /** A ticket for one stream: a seat's (its holding as it is now) or a player's (its token as it is now). */
    ticket(ticket: StreamTicket): { ticket: string; expiresAt: string } {
      const payload = 'player' in ticket ? { th: ticket.tokenHash } : { seat: ticket.seat, h: ticket.holding };
      const subject = 'player' in ticket ? `player:${ticket.player}` : `game:${ticket.game}`;
      const token = jwt.sign(payload, key, { algorithm: 'HS256', subject, audience: STREAM_AUDIENCE, expiresIn: TICKET_SECONDS });
      const { exp } = jwt.decode(token) as { exp: number };
      return { ticket: token, expiresAt: new Date(exp * 1000).toISOString() };
    },

    /** What a stream ticket opens; 401 when it is not one, or has expired. */
    readTicket(token: string): StreamTicket {
      try {
        const payload = jwt.verify(token, key, { algorithms: ['HS256'], audience: STREAM_AUDIENCE });
        if (typeof payload === 'string' || typeof payload.sub !== 'string') throw new Error('claims');
        const [kind, id] = [payload.sub.slice(0, payload.sub.indexOf(':')), payload.sub.slice(payload.sub.indexOf(':') + 1)];
        if (kind === 'player' && typeof payload.th === 'string') return { player: id, tokenHash: payload.th };
        if (kind === 'game' && Number.isInteger(payload.seat) && (payload.h === null || typeof payload.h === 'string')) {
          return { game: id, seat: payload.seat as number, holding: payload.h as string | null };
        }
        throw new Error('claims');
      } catch {
        throw new Problem(
          401,
          'invalid-token',
          'the stream ticket is not valid: it is malformed, expired, or from another server',
        );
      }
    },
  };
}

export type SeatTokens = ReturnType<typeof seatTokens>;
