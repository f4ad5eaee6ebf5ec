import { maybeTime, type Sql, seatOfRunningGame } from './sql';

/** The seats the server acts for: those whose clock has run out, and bot or resigned seats left waiting. */
export function clockStore(sql: Sql) {
  return {
    /** Due seats of running games whose deadline is at or before `at`, the earliest first. */
    async timedOut(at: Date, limit: number): Promise<{ gameId: string; seat: number }[]> {
      return sql.all(
        `SELECT s."gameId", s."seat" FROM "Seat" s
         WHERE s."deadline" <= $2 AND s."due" = $1 AND ${seatOfRunningGame}
         ORDER BY s."deadline", s."gameId", s."seat" LIMIT $3`,
        [true, at, limit],
      );
    },

    /** The earliest deadline still to come after `at`, if any. */
    async nextDeadline(at: Date): Promise<Date | null> {
      const row = await sql.one<{ next: unknown }>(
        `SELECT s."deadline" AS "next" FROM "Seat" s
         WHERE s."deadline" > $2 AND s."due" = $1 AND ${seatOfRunningGame} ORDER BY s."deadline" LIMIT 1`,
        [true, at],
      );
      return maybeTime(row?.next);
    },

    /** Running games with a bot or resigned seat due since `before` or earlier: the server that should have played it did not. */
    async stalled(before: Date, limit: number): Promise<string[]> {
      const rows = await sql.all<{ gameId: string }>(
        `SELECT s."gameId" FROM (
           SELECT "gameId" FROM "Seat" WHERE "occupant" = 'bot' AND "due" = $1 AND "dueSince" <= $2
           UNION
           SELECT "gameId" FROM "Seat" WHERE "resigned" = $1 AND "due" = $1 AND "dueSince" <= $2
         ) s WHERE ${seatOfRunningGame} LIMIT $3`,
        [true, before, limit],
      );
      return rows.map((r) => r.gameId);
    },
  };
}

export type ClockStore = ReturnType<typeof clockStore>;
