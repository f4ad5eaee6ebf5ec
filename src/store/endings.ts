import { touch } from './games';
import type { Sql, Statement } from './sql';

/** What resign, abort and rematch read and write besides the log itself. */
export function endingStore(sql: Sql) {
  return {
    /** The seats that have made a move themselves (their holder), not their clock, bot or the service for them. */
    async movedSeats(gameId: string): Promise<number[]> {
      const rows = await sql.all<{ seat: number }>(
        `SELECT DISTINCT "seat" FROM "Event" WHERE "gameId" = $1 AND "kind" = 'move' AND "by" = 'seat'`,
        [gameId],
      );
      return rows.map((r) => r.seat);
    },

    /** A seat asks for a rematch: its flag, and the game's revision bumped so caches and streams follow. */
    async askRematch(gameId: string, seat: number, at: Date): Promise<void> {
      await sql.batch(
        [
          {
            text: 'UPDATE "Seat" SET "rematch" = $3 WHERE "gameId" = $1 AND "seat" = $2',
            params: [gameId, seat, true],
            expect: 1,
          },
          touch(gameId, at),
        ],
        gameId,
      );
    },

    /**
     * Links a game to its rematch, in the transaction that creates the rematch: it changes no row
     * (a Conflict rolls the new game back) if another server linked one first.
     */
    link(gameId: string, rematch: string, at: Date): Statement {
      return {
        text: `UPDATE "Game" SET "rematch" = $2, "revision" = "revision" + 1, "updatedAt" = $3
               WHERE "id" = $1 AND "rematch" IS NULL`,
        params: [gameId, rematch, at],
        expect: 1,
      };
    },
  };
}

export type EndingStore = ReturnType<typeof endingStore>;
