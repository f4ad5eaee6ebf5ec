import { maybeTime, type Sql } from './sql';

/**
 * The seat `s` is of a running game. Each query below starts from an index of the seats it wants (a
 * deadline passed or next, a bot or resigned seat due) and looks up the game of each by its key (a
 * subquery no planner turns into a join from the running games): a tick reads the seats it acts on,
 * however many clocks are running.
 */
const RUNNING = `(SELECT g."status" FROM "Game" g WHERE g."id" = s."gameId") = 'active'`;

/** The seats the server acts for: those whose clock has run out, and bot or resigned seats left waiting. */
export function clockStore(sql: Sql) {
  return {
    /** Due seats of running games whose deadline is at or before `at`, the earliest first. */
    async timedOut(at: Date, limit: number): Promise<{ gameId: string; seat: number }[]> {
      return sql.all(
        `SELECT s."gameId", s."seat" FROM "Seat" s
         WHERE s."deadline" <= $2 AND s."due" = $1 AND ${RUNNING}
         ORDER BY s."deadline", s."gameId", s."seat" LIMIT $3`,
        [true, at, limit],
      );
    },

    /** The earliest deadline still to come after `at`, if any. */
    async nextDeadline(at: Date): Promise<Date | null> {
      const row = await sql.one<{ next: unknown }>(
        `SELECT s."deadline" AS "next" FROM "Seat" s
         WHERE s."deadline" > $2 AND s."due" = $1 AND ${RUNNING} ORDER BY s."deadline" LIMIT 1`,
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
         ) s WHERE ${RUNNING} LIMIT $3`,
        [true, before, limit],
      );
      return rows.map((r) => r.gameId);
    },
  };
}

export type ClockStore = ReturnType<typeof clockStore>;
