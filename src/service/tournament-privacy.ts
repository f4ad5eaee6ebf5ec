import type { GameRecord } from '../store/games';
import type { Sql } from '../store/sql';
import { Problem } from './problem';

const PRIVATE = 'a tournament game stays private until its round ends: only its seats may read it';

/**
 * A tournament game stays private until its round ends, not only its game: in a duplicate round one
 * table's cards are another's hidden cards. Until then nobody but its seats may read its view, events
 * or stream, and its seed, record, replay and whole log wait for the round even once the game is over.
 */
export function tournamentPrivacy(sql: Sql) {
  // A round that has ended never opens again: those are remembered, so most reads ask nothing.
  const closed = new Set<string>();

  /** True while the game is a table of a tournament round that has not ended. */
  async function roundOpen(record: Pick<GameRecord, 'tournament'>): Promise<boolean> {
    const t = record.tournament;
    if (!t) return false;
    const key = `${t.id}/${t.round}`;
    if (closed.has(key)) return false;
    const row = await sql.one<{ endedAt: unknown }>(
      'SELECT "endedAt" FROM "TournamentRound" WHERE "tournamentId" = $1 AND "round" = $2',
      [t.id, t.round],
    );
    if (row && row.endedAt !== null && row.endedAt !== undefined) {
      closed.add(key);
      return false;
    }
    return true;
  }

  return {
    roundOpen,

    /** Refuses a reader who holds no seat of a game whose round is on. */
    async mustBeSeated(record: Pick<GameRecord, 'tournament'>, seat: number | null): Promise<void> {
      if (seat === null && (await roundOpen(record))) throw new Problem(403, 'tournament-game-private', PRIVATE);
    },

    /** Refuses what only the round's end reveals (the seed, the record, replays), to everyone. */
    async mustBeRevealed(record: Pick<GameRecord, 'tournament'>): Promise<void> {
      if (await roundOpen(record)) {
        throw new Problem(403, 'tournament-game-private', `${PRIVATE}; its seed and history are revealed when the round ends`);
      }
    },
  };
}

export type TournamentPrivacy = ReturnType<typeof tournamentPrivacy>;
