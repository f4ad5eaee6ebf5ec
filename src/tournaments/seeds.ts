import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A tournament's deals. The server draws the tournament's seed at creation and publishes its
 * SHA-256 at once; each table's game seed derives from it, so after the end anyone holding the
 * revealed seed can check every game's seed (and, in a duplicate round, that every table had the
 * same deal). Rounds and tables are counted from 1, tables in the order the schedule lists them.
 */

export type Scoring = 'games' | 'duplicate';

/** A fresh tournament seed: 32 random bytes as lowercase hex. */
export function drawSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The published hash of a seed: lowercase hex SHA-256 of its text, as games hash theirs. */
export function seedHash(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/** What a table's seed is derived from: every table of a duplicate round plays the round's one deal. */
export function seedLabel(scoring: Scoring, round: number, table: number): string {
  return scoring === 'duplicate' ? `round:${round}` : `round:${round}/table:${table}`;
}

/** A table's game seed: lowercase hex HMAC-SHA256 of its label, keyed by the tournament seed's text. */
export function gameSeed(seed: string, scoring: Scoring, round: number, table: number): string {
  return createHmac('sha256', seed)
    .update(seedLabel(scoring, round, table))
    .digest('hex');
}
