import type { Clock, SeatRecord } from './games';
import { seatsOf } from './lobby';
import { bool, Conflict, maybeTime, type Sql, type Statement, time } from './sql';

/** Players, their notification log, and the index behind "my games". */

export interface PlayerRecord {
  id: string;
  name: string;
  createdAt: Date;
}

export type NotificationType =
  | 'turn'
  | 'invited'
  | 'started'
  | 'finished'
  | 'turn-reminder'
  | 'rating.changed'
  | 'invitation-lapsed'
  | 'tournament.started'
  | 'tournament.round'
  | 'tournament.finished';

export interface NotificationRecord {
  seq: number;
  type: NotificationType;
  gameId: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** One notification to write: the player's counter gives it its seq inside the transaction. */
export interface NewNotification {
  playerId: string;
  type: NotificationType;
  gameId: string;
  payload: Record<string, unknown>;
}

/** A seat a player holds, with its game: one row of "my games". */
export interface MyGameRow {
  id: string;
  kind: string;
  status: string;
  seat: number;
  /** The seat is kept for the player, who has not taken it yet. */
  invited: boolean;
  toAct: number[];
  due: boolean;
  dueSince: Date | null;
  deadline: Date | null;
  /** The game's clock and my seat's stopped bank and vacation freeze: my time left. */
  clock: Clock | null;
  bank: number | null;
  frozenUntil: Date | null;
  version: number;
  updatedAt: Date;
  result: { winners: number[]; summary: string } | null;
  rated: boolean;
  /** Every seat of the game, mine too, in turn order: who I play with. */
  seats: SeatRecord[];
}

/** Where a page of "my games" resumes: among the due seats (by deadline, then since when), or the rest (newest first). */
export type MyGamesCursor = { due: true; deadline: Date; since: Date; id: string } | { due: false; updated: Date; id: string };

/** Stands in for "no deadline" when due seats are ordered by deadline: after every real one. */
export const NO_DEADLINE = new Date('9999-12-31T23:59:59.999Z');

interface NotificationRow {
  seq: number;
  type: string;
  gameId: string;
  payload: string;
  createdAt: unknown;
}

interface MyGameSqlRow {
  id: string;
  kind: string;
  status: string;
  seat: number;
  occupant: string;
  toAct: string;
  due: unknown;
  dueSince: unknown;
  deadline: unknown;
  clock: string | null;
  bank: number | null;
  frozenUntil: unknown;
  version: number;
  updatedAt: unknown;
  result: string | null;
  rated: unknown;
}

const toNotification = (r: NotificationRow): NotificationRecord => ({
  seq: r.seq,
  type: r.type as NotificationType,
  gameId: r.gameId,
  payload: JSON.parse(r.payload),
  createdAt: time(r.createdAt),
});

const toMyGame = (r: MyGameSqlRow): Omit<MyGameRow, 'seats'> => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  seat: r.seat,
  invited: r.occupant === 'invited',
  toAct: JSON.parse(r.toAct),
  due: bool(r.due),
  dueSince: maybeTime(r.dueSince),
  deadline: maybeTime(r.deadline),
  clock: r.clock === null ? null : JSON.parse(r.clock),
  bank: r.bank === null ? null : Number(r.bank),
  frozenUntil: maybeTime(r.frozenUntil),
  version: r.version,
  updatedAt: time(r.updatedAt),
  result: r.result === null ? null : JSON.parse(r.result),
  rated: bool(r.rated),
});

/**
 * The statements that write notifications, for any transaction. Each bumps its player's counter and
 * inserts the row at the counter's new value: on PostgreSQL the UPDATE holds the player's row lock
 * until commit, so a second writer for the same player waits, then reads the bumped counter (READ
 * COMMITTED re-reads the row an UPDATE waited for): per player, seq order is commit order, and a
 * reader that has seen seq N never finds a seq below N committed later. Players are locked in id
 * order, so two transactions that notify the same players cannot deadlock.
 */
export function notificationStatements(notes: readonly NewNotification[], at: Date): Statement[] {
  const ordered = notes
    .map((n, i) => ({ n, i }))
    .sort((a, b) => (a.n.playerId < b.n.playerId ? -1 : a.n.playerId > b.n.playerId ? 1 : a.i - b.i));
  return ordered.flatMap(({ n }) => [
    { text: 'UPDATE "Player" SET "notified" = "notified" + 1 WHERE "id" = $1', params: [n.playerId], expect: 1 },
    {
      text: `INSERT INTO "Notification" ("playerId", "seq", "type", "gameId", "payload", "createdAt")
             SELECT "id", "notified", $2, $3, $4, $5 FROM "Player" WHERE "id" = $1`,
      params: [n.playerId, n.type, n.gameId, JSON.stringify(n.payload), at],
      expect: 1,
    },
  ]);
}

/**
 * Locks a player's row until the transaction ends (an update that changes nothing): what follows in
 * the transaction and counts the player's rows sees what a concurrent one committed first.
 */
export const lockPlayer = (playerId: string): Statement => ({
  text: 'UPDATE "Player" SET "notified" = "notified" WHERE "id" = $1',
  params: [playerId],
  expect: 1,
});

/**
 * Guards a new table of bots alone, in the transaction that inserts it (after it: the new table is
 * counted): it commits only while the player has at most `limit` such tables running, the new one
 * included. The player's row is locked first, so on PostgreSQL two creations by one player
 * count one after the other (READ COMMITTED: the count, a statement of its own, sees what the
 * other committed while this one waited); on SQLite writes are one at a time anyway.
 */
export function botTablesBelow(playerId: string, limit: number): Statement[] {
  return [
    lockPlayer(playerId),
    {
      text: `UPDATE "Player" SET "notified" = "notified" WHERE "id" = $1 AND (
               SELECT COUNT(*) FROM "Game" g WHERE g."createdBy" = $1 AND g."status" IN ('waiting', 'active')
               AND NOT EXISTS (SELECT 1 FROM "Seat" s WHERE s."gameId" = g."id" AND s."occupant" <> 'bot')) <= $2`,
      params: [playerId, limit],
      expect: 1,
    },
  ];
}

export function playerStore(sql: Sql) {
  return {
    /**
     * Inserts a player registered from `address` (a keyed hash), unless that address has registered
     * `limit` players since `since`: false then. On PostgreSQL the address is locked first (an
     * advisory lock until commit), so concurrent registrations from it are counted one after another.
     */
    async create(player: PlayerRecord, tokenHash: string, address: string, since: Date, limit: number): Promise<boolean> {
      const lock = { text: 'SELECT pg_advisory_xact_lock(hashtext($1))', params: [`player-address:${address}`] };
      try {
        await sql.batch([
          ...(sql.provider === 'postgresql' ? [lock] : []),
          {
            text: `INSERT INTO "Player" ("id", "name", "tokenHash", "address", "createdAt") SELECT $1, $2, $3, $4, $5
                   WHERE (SELECT COUNT(*) FROM "Player" WHERE "address" = $4 AND "createdAt" > $6) < $7`,
            params: [player.id, player.name, tokenHash, address, player.createdAt, since, limit],
            expect: 1,
          },
        ]);
      } catch (e) {
        if (e instanceof Conflict) return false;
        throw e;
      }
      return true;
    },

    /** When the oldest of the players registered from `address` since `since` was registered. */
    async firstFrom(address: string, since: Date): Promise<Date | null> {
      const row = await sql.one<{ first: unknown }>(
        'SELECT MIN("createdAt") AS "first" FROM "Player" WHERE "address" = $1 AND "createdAt" > $2',
        [address, since],
      );
      return row?.first ? time(row.first) : null;
    },

    async get(id: string): Promise<PlayerRecord | null> {
      const row = await sql.one<{ id: string; name: string; createdAt: unknown }>(
        'SELECT "id", "name", "createdAt" FROM "Player" WHERE "id" = $1',
        [id],
      );
      return row ? { id: row.id, name: row.name, createdAt: time(row.createdAt) } : null;
    },

    /** The players called exactly `name`, oldest first, after the player `after` (a page's last id) if given. */
    async named(name: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<PlayerRecord[]> {
      const rows = await sql.all<{ id: string; name: string; createdAt: unknown }>(
        `SELECT "id", "name", "createdAt" FROM "Player" WHERE "name" = $1 ${after ? 'AND ("createdAt", "id") > ($3, $4)' : ''}
         ORDER BY "createdAt", "id" LIMIT $2`,
        [name, limit, ...(after ? [after.createdAt, after.id] : [])],
      );
      return rows.map((row) => ({ id: row.id, name: row.name, createdAt: time(row.createdAt) }));
    },

    async byTokenHash(hash: string): Promise<string | null> {
      const row = await sql.one<{ id: string }>('SELECT "id" FROM "Player" WHERE "tokenHash" = $1', [hash]);
      return row?.id ?? null;
    },

    /**
     * Replaces the token hash and gives each seat the player holds a new holding (from `holding()`),
     * so every seat token issued under the old token stops; the games' revisions move on with them.
     * Answers the games touched, or null when the old hash no longer holds (rotated meanwhile). Games
     * first, then seats, then the player: the order appends take their locks in.
     */
    async rotate(id: string, oldHash: string, newHash: string, holding: () => string): Promise<string[] | null> {
      const seats = await sql.all<{ gameId: string; seat: number }>(
        `SELECT "gameId", "seat" FROM "Seat" WHERE "playerId" = $1 AND "occupant" = 'player' ORDER BY "gameId", "seat"`,
        [id],
      );
      const games = [...new Set(seats.map((s) => s.gameId))];
      try {
        await sql.batch([
          ...games.map((gameId) => ({ text: 'UPDATE "Game" SET "revision" = "revision" + 1 WHERE "id" = $1', params: [gameId] })),
          ...seats.map((s) => ({
            text: `UPDATE "Seat" SET "holding" = $3 WHERE "gameId" = $1 AND "seat" = $2 AND "playerId" = $4 AND "occupant" = 'player'`,
            params: [s.gameId, s.seat, holding(), id],
          })),
          {
            text: 'UPDATE "Player" SET "tokenHash" = $3 WHERE "id" = $1 AND "tokenHash" = $2',
            params: [id, oldHash, newHash],
            expect: 1,
          },
        ]);
      } catch (e) {
        if (e instanceof Conflict) return null;
        throw e;
      }
      return games;
    },

    /** The seq of the player's newest notification. */
    async notified(id: string): Promise<number> {
      const row = await sql.one<{ notified: number }>('SELECT "notified" FROM "Player" WHERE "id" = $1', [id]);
      return row?.notified ?? 0;
    },

    /** The player's notifications after `after`, in order, at most `limit`. */
    async notifications(playerId: string, after: number, limit: number): Promise<NotificationRecord[]> {
      const rows = await sql.all<NotificationRow>(
        `SELECT "seq", "type", "gameId", "payload", "createdAt" FROM "Notification"
         WHERE "playerId" = $1 AND "seq" > $2 ORDER BY "seq" LIMIT $3`,
        [playerId, after, limit],
      );
      return rows.map(toNotification);
    },

    /**
     * A page of the seats a player holds or is invited to, due ones first (soonest deadline, then longest waiting,
     * then those without a deadline), then the rest (most recently changed first). Served from the Seat row's
     * due/deadline columns, kept at append time, and its copy of the game's updatedAt: each part is read in the
     * order of an index of the player's seats, from the cursor on, so a page costs its own rows, however many
     * games the player has. No game is loaded.
     */
    async myGames(
      playerId: string,
      filter: { status?: string; myTurn?: boolean },
      from: MyGamesCursor | null,
      limit: number,
    ): Promise<MyGameRow[]> {
      const columns = `g."id", g."kind", g."status", s."seat", s."occupant", g."toAct", s."due", s."dueSince", s."deadline",
                       g."clock", s."bank", s."frozenUntil", g."version", g."updatedAt", g."result", g."rated"`;
      // A seat kept for the player is among its games too: an invitation to accept or decline.
      const base = `FROM "Seat" s JOIN "Game" g ON g."id" = s."gameId"
                    WHERE s."playerId" = $1 AND s."occupant" IN ('player', 'invited') AND (g."status" = $2 OR $2 = '')`;
      const status = filter.status ?? '';
      const rows: Omit<MyGameRow, 'seats'>[] = [];
      const read = async (where: string, order: string, params: unknown[]) => {
        const page = await sql.all<MyGameSqlRow>(`SELECT ${columns} ${base} AND ${where} ORDER BY ${order} LIMIT $3`, [
          playerId,
          status,
          limit - rows.length,
          ...params,
        ]);
        rows.push(...page.map(toMyGame));
      };
      if (filter.myTurn !== false && (from === null || from.due)) {
        const timed = from?.due && from.deadline < NO_DEADLINE ? from : null;
        if (from === null || timed) {
          await read(
            `s."due" = TRUE AND s."deadline" IS NOT NULL ${timed ? 'AND (s."deadline", s."dueSince", s."gameId") > ($4, $5, $6)' : ''}`,
            's."deadline", s."dueSince", s."gameId"',
            timed ? [timed.deadline, timed.since, timed.id] : [],
          );
        }
        const untimed = from?.due && !timed ? from : null;
        if (rows.length < limit) {
          await read(
            `s."due" = TRUE AND s."deadline" IS NULL ${untimed ? 'AND (s."dueSince", s."gameId") > ($4, $5)' : ''}`,
            // By deadline too, all null here: PostgreSQL then reads the index in its order instead of sorting.
            's."deadline", s."dueSince", s."gameId"',
            untimed ? [untimed.since, untimed.id] : [],
          );
        }
      }
      if (filter.myTurn !== true && rows.length < limit) {
        const rest = from && !from.due ? from : null;
        await read(
          `s."due" = FALSE ${rest ? 'AND (s."gameUpdatedAt", s."gameId") < ($4, $5)' : ''}`,
          's."gameUpdatedAt" DESC, s."gameId" DESC',
          rest ? [rest.updated, rest.id] : [],
        );
      }
      const seats = await seatsOf(
        sql,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, seats: seats.get(r.id) ?? [] }));
    },
  };
}

export type PlayerStore = ReturnType<typeof playerStore>;
