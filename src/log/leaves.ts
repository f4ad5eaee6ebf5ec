import { createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';
import { leafHash } from './rfc6962';

/**
 * The leaves of a game's tree: leaf 0 is its genesis, leaf i (i >= 1) the event with seq i exactly as
 * the game's record lists it. A leaf's bytes are the RFC 8785 canonical JSON of that object.
 */

/** What a game is, fixed at its creation: the first leaf. */
export interface Genesis {
  id: string;
  kind: string;
  engineVersion: number;
  /** The options as resolved, every default filled in. */
  options: Record<string, unknown>;
  /** A time per move or a time bank, as the service resolved it. */
  clock:
    | { perMove: number; onTimeout: string; vacation?: boolean }
    | { bank: { initial: number; increment: number; max: number }; onTimeout: string; vacation: boolean }
    | null;
  seatCount: number;
  seedHash: string;
  dealtBy: string;
  createdAt: string;
  /** A stacked first deal, bound like the salts: HMAC-SHA256 of `deck:<its canonical JSON>`, keyed by the seed. */
  deckHash?: string;
  /** A tournament's table: the tournament, round and table (from 1) the game was seated for. */
  tournament?: { id: string; round: number; table: number };
}

/** One event as the record lists it, with its salt. */
export interface EventLeaf {
  seq: number;
  seat: number;
  kind: string;
  by: string;
  action: { type: string; [k: string]: unknown };
  at: string;
  salt: string;
}

const hmac = (seed: string, text: string) => createHmac('sha256', seed).update(text).digest('hex');

/**
 * The salt of event `seq`: HMAC-SHA256 of `event:<seq>` keyed by the seed (as UTF-8 text), in
 * lowercase hex. Secret while the seed is, it keeps anyone from testing guesses of a hidden action
 * against its leaf hash; once the seed is revealed, anyone can derive it.
 */
export const saltOf = (seed: string, seq: number): string => hmac(seed, `event:${seq}`);

/** The commitment to a stacked deck (see Genesis.deckHash). */
export const deckHashOf = (seed: string, deck: readonly string[]): string => hmac(seed, `deck:${canonical(deck)}`);

/** RFC 8785 canonical JSON. */
export function canonical(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('no JSON for this value');
  return text;
}

/** A leaf's hash: SHA-256(0x00 || its canonical JSON). */
export const leafHashOf = (leaf: Genesis | EventLeaf): Buffer => leafHash(Buffer.from(canonical(leaf), 'utf8'));
