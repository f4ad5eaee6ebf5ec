import { maybeTime, type Sql } from './sql';

/** The seats the server acts for: those whose clock has run out, and bot or resigned seats left waiting. */
export function clockStore(sql: Sql) {
  return {
    /** Due seats of running games whose deadline is at or before `at`, the earliest first. */
    async timedOut(at: Date, limit: number): Promise<{ gameId: string; seat: number }[]> {
      return sql.all(
        `SELECT s."gameId", s."seat" FROM "Seat" s JOIN "Game" g ON g."id" = s."gameId"
         WHERE s."due" = $1 AND s."deadline" <= $2 AND g."status" = 'active'
         ORDER BY s."deadline", s."gameId", s."seat" LIMIT $3`,
        [true, at, limit],
      );
    },

    /** The earliest deadline still to come after `at`, if any. */
    async nextDeadline(at: Date): Promise<Date | null> {
      const row = await sql.one<{ next: unknown }>(
        `SELECT MIN(s."deadline") AS "next" FROM "Seat" s JOIN "Game" g ON g."id" = s."gameId"
         WHERE s."due" = $1 AND s."deadline" > $2 AND g."status" = 'active'`,
        [true, at],
      );
      return maybeTime(row?.next);
    },

    /** Running games with a bot or resigned seat due since `before` or earlier: the server that should have played it did not. */
    async stalled(before: Date, limit: number): Promise<string[]> {
      const rows = await sql.all<{ gameId: string }>(
        `SELECT DISTINCT s."gameId" FROM "Seat" s JOIN "Game" g ON g."id" = s."gameId"
         WHERE s."due" = $1 AND (s."occupant" = 'bot' OR s."resigned" = $1) AND s."dueSince" <= $2 AND g."status" = 'active'
         LIMIT $3`,
        [true, before, limit],
      );
      return rows.map((r) => r.gameId);
    },
  };
}

export type ClockStore = ReturnType<typeof clockStore>;
