import { Conflict, maybeTime, type Sql, type Statement, seatOfRunningGame, time } from './sql';

export interface VacationRecord {
  id: string;
  playerId: string;
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  days: number;
}

interface VacationRow {
  id: string;
  playerId: string;
  startsAt: unknown;
  endsAt: unknown;
  endedAt: unknown;
  days: number;
}

const toVacation = (r: VacationRow): VacationRecord => ({
  id: r.id,
  playerId: r.playerId,
  startsAt: time(r.startsAt),
  endsAt: time(r.endsAt),
  endedAt: maybeTime(r.endedAt),
  days: Number(r.days),
});

/** A seat the clocks act on: its game, its number, and its clock as stored. */
export interface ClockSeat {
  gameId: string;
  seat: number;
  remindAt: Date | null;
}

/** Players' vacations, and the seats whose clocks a vacation or a reminder concerns. */
export function vacationStore(sql: Sql) {
  return {
    /** The player's vacation running at `at`, if any. */
    async current(playerId: string, at: Date): Promise<VacationRecord | null> {
      const row = await sql.one<VacationRow>(
        `SELECT * FROM "Vacation" WHERE "playerId" = $1 AND "endedAt" IS NULL AND "startsAt" <= $2 AND "endsAt" > $2
         ORDER BY "startsAt" DESC LIMIT 1`,
        [playerId, at],
      );
      return row ? toVacation(row) : null;
    },

    /** The days charged to the player's vacations that started in [from, to). */
    async daysCharged(playerId: string, from: Date, to: Date): Promise<number> {
      const row = await sql.one<{ days: unknown }>(
        `SELECT COALESCE(SUM("days"), 0) AS "days" FROM "Vacation" WHERE "playerId" = $1 AND "startsAt" >= $2 AND "startsAt" < $3`,
        [playerId, from, to],
      );
      return Number(row?.days ?? 0);
    },

    async start(v: VacationRecord): Promise<void> {
      await sql.run(
        `INSERT INTO "Vacation" ("id", "playerId", "startsAt", "endsAt", "endedAt", "days") VALUES ($1, $2, $3, $4, $5, $6)`,
        [v.id, v.playerId, v.startsAt, v.endsAt, v.endedAt, v.days],
      );
    },

    /** Ends a vacation early, charging the whole days it used. */
    async end(id: string, at: Date, days: number): Promise<void> {
      await sql.run('UPDATE "Vacation" SET "endedAt" = $2, "days" = $3 WHERE "id" = $1', [id, at, days]);
    },

    /** The running games in which the player holds a seat. */
    async seatsOf(playerId: string): Promise<{ gameId: string; seat: number }[]> {
      return sql.all(
        `SELECT s."gameId", s."seat" FROM "Seat" s
         WHERE s."playerId" = $1 AND s."occupant" = 'player' AND ${seatOfRunningGame} ORDER BY s."gameId"`,
        [playerId],
      );
    },

    /** Seats of running games whose player's vacation has ended by `at`, still frozen: their clocks run again. */
    async thawed(at: Date, limit: number): Promise<{ gameId: string; seat: number }[]> {
      return sql.all(
        `SELECT s."gameId", s."seat" FROM "Seat" s
         WHERE s."frozenUntil" <= $1 AND ${seatOfRunningGame} ORDER BY s."frozenUntil", s."gameId", s."seat" LIMIT $2`,
        [at, limit],
      );
    },

    /** Marks the seat reminded and writes the caller's notifications, in one transaction; false if another server was first. */
    async remind(seat: ClockSeat & { remindAt: Date }, extra: Statement[]): Promise<boolean> {
      try {
        await sql.batch([reminded(seat.gameId, seat.seat, seat.remindAt), ...extra]);
        return true;
      } catch (e) {
        if (e instanceof Conflict) return false;
        throw e;
      }
    },

    /** Due seats of running games whose reminder time has come by `at` (not while frozen). */
    async toRemind(at: Date, limit: number): Promise<ClockSeat[]> {
      const rows = await sql.all<{ gameId: string; seat: number; remindAt: unknown }>(
        `SELECT s."gameId", s."seat", s."remindAt" FROM "Seat" s
         WHERE s."remindAt" <= $1 AND s."due" = $2 AND ${seatOfRunningGame}
         AND (s."frozenUntil" IS NULL OR s."frozenUntil" <= $1)
         ORDER BY s."remindAt", s."gameId", s."seat" LIMIT $3`,
        [at, true, limit],
      );
      return rows.map((r) => ({ gameId: r.gameId, seat: r.seat, remindAt: maybeTime(r.remindAt) }));
    },
  };
}

/** The statement that marks a seat reminded, if nobody did first: the guard that sends one reminder per turn. */
export function reminded(gameId: string, seat: number, remindAt: Date): Statement {
  return {
    text: 'UPDATE "Seat" SET "remindAt" = NULL WHERE "gameId" = $1 AND "seat" = $2 AND "remindAt" = $3',
    params: [gameId, seat, remindAt],
    expect: 1,
  };
}

export type VacationStore = ReturnType<typeof vacationStore>;
