import { bool, Conflict, gameKeyOf, maybeTime, type Sql, type Statement, time, UniqueViolation } from './sql';
import { decodeViews, encodeViews } from './views';

/** The store only stores: rows in, rows out. What they mean is the service's business. */

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';
export type Occupant = 'guest' | 'player' | 'invited' | 'open' | 'bot';

/** A clock of a fixed time per move, or a time bank (seconds); `vacation`: seats freeze while their player is away. */
export type Clock =
  | { perMove: number; onTimeout: 'auto' | 'forfeit'; vacation?: boolean }
  | { bank: { initial: number; increment: number; max: number }; onTimeout: 'auto' | 'forfeit'; vacation: boolean };

export interface SeatRecord {
  seat: number;
  name: string | null;
  occupant: Occupant;
  playerId: string | null;
  /** Who holds the seat now: new whenever it changes hands; seat tokens name it (null on seats made before holdings). */
  holding: string | null;
  bot: string | null;
  due: boolean;
  dueSince: Date | null;
  deadline: Date | null;
  /** A stopped bank's balance, in seconds (service/clock-bank.ts). */
  bank: number | null;
  /** The seat's clock is frozen until then: its player is on vacation. */
  frozenUntil: Date | null;
  /** When the seat, still due, is reminded of its turn; null once reminded. */
  remindAt: Date | null;
  resigned: boolean;
  rematch: boolean;
  joinedAt: Date | null;
}

export interface GameRecord {
  id: string;
  kind: string;
  options: Record<string, unknown>;
  clock: Clock | null;
  seatCount: number;
  engineVersion: number;
  seed: string;
  seedHash: string;
  origin: 'server' | 'client-seed' | 'client-deck';
  deck: string[] | null;
  status: GameStatus;
  version: number;
  revision: number;
  toAct: number[];
  result: { winners: number[]; summary: string } | null;
  createdBy: string | null;
  rematchOf: string | null;
  rematch: string | null;
  /** Events in a row made by the server (bots, clocks, resigned seats) since a person last moved. */
  serverRun: number;
  /** Whether the game moves its players' ratings when it finishes. */
  rated: boolean;
  createdAt: Date;
  updatedAt: Date;
  seats: SeatRecord[];
  /** The tournament this game is a table of (its genesis names it); absent outside one. */
  tournament?: TournamentTable;
}

/** Where a tournament game sits: the tournament, its round and its table, counted from 1. */
export interface TournamentTable {
  id: string;
  round: number;
  table: number;
}

/** A game action, or what the table did; vacation, resume and gift are what the clocks did (no seat acts in the game). */
export type EventKind = 'move' | 'resign' | 'forfeit' | 'abort' | ClockEventKind;
export type ClockEventKind = 'vacation' | 'resume' | 'gift';
/** Who made an event: the seat's holder, its clock, its bot, or the service playing a resigned seat. */
export type EventBy = 'seat' | 'clock' | 'bot' | 'service';

export interface EventRecord {
  seq: number;
  seat: number;
  kind: EventKind;
  by: EventBy;
  action: { type: string; [k: string]: unknown };
  /** What each seat, then a spectator, may know of the move during play; null when all see `action`. */
  views: unknown[] | null;
  createdAt: Date;
}

/** What a seat's clock is: the columns service/clock-bank.ts advances. */
export type SeatClock = Pick<SeatRecord, 'due' | 'dueSince' | 'deadline' | 'bank' | 'frozenUntil' | 'remindAt'>;

export type NewGame = Omit<GameRecord, 'version' | 'revision' | 'result' | 'rematch' | 'serverRun' | 'updatedAt' | 'seats'> & {
  seats: (Pick<SeatRecord, 'seat' | 'name' | 'occupant' | 'playerId' | 'holding' | 'bot' | 'joinedAt'> & SeatClock)[];
};

/** One event appended, and the game and seats as they stand after it. */
export interface Append {
  gameId: string;
  event: Omit<EventRecord, 'createdAt'>;
  /** The Idempotency-Key the move was posted with, kept beside the event (MoveKey). */
  idempotencyKey?: string | null;
  /** The hashes of the game's Merkle tree the event's leaf completes (store/log.ts), kept in its row. */
  nodes: Buffer;
  at: Date;
  status: GameStatus;
  toAct: number[];
  result: GameRecord['result'];
  /** Seats whose clocks change with this event. */
  seats: ({ seat: number } & SeatClock)[];
  /** Seats that resign with this event. */
  resigned?: number[];
  /** The game's run of server-made events after this one. */
  serverRun: number;
}

/** Thrown when another writer took the position first (the unique (gameId, seq) guard fired). */
export class VersionConflict extends Error {
  constructor(readonly gameId: string) {
    super(`game ${gameId} moved on`);
    this.name = 'VersionConflict';
  }
}

interface GameRow {
  id: string;
  kind: string;
  options: string;
  clock: string | null;
  seatCount: number;
  engineVersion: number;
  seed: string;
  seedHash: string;
  origin: string;
  deck: string | null;
  status: string;
  version: number;
  revision: number;
  toAct: string;
  result: string | null;
  createdBy: string | null;
  rematchOf: string | null;
  rematch: string | null;
  serverRun: number;
  rated: unknown;
  createdAt: unknown;
  updatedAt: unknown;
  tournamentId?: string | null;
  tournamentRound?: number | null;
  tournamentTable?: number | null;
}

interface SeatRow {
  seat: number;
  name: string | null;
  occupant: string;
  playerId: string | null;
  holding: string | null;
  bot: string | null;
  due: unknown;
  dueSince: unknown;
  deadline: unknown;
  bank: number | null;
  frozenUntil: unknown;
  remindAt: unknown;
  resigned: unknown;
  rematch: unknown;
  joinedAt: unknown;
}

export interface EventRow {
  seq: number;
  seat: number;
  kind: string;
  by: string;
  action: string;
  views: string | null;
  createdAt: unknown;
}

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export function toSeat(r: SeatRow): SeatRecord {
  return {
    seat: r.seat,
    name: r.name,
    occupant: r.occupant as Occupant,
    playerId: r.playerId,
    holding: r.holding,
    bot: r.bot,
    due: bool(r.due),
    dueSince: maybeTime(r.dueSince),
    deadline: maybeTime(r.deadline),
    bank: r.bank === null || r.bank === undefined ? null : Number(r.bank),
    frozenUntil: maybeTime(r.frozenUntil),
    remindAt: maybeTime(r.remindAt),
    resigned: bool(r.resigned),
    rematch: bool(r.rematch),
    joinedAt: maybeTime(r.joinedAt),
  };
}

function toGame(r: GameRow, seats: SeatRow[]): GameRecord {
  return {
    id: r.id,
    kind: r.kind,
    options: JSON.parse(r.options),
    clock: json<Clock>(r.clock),
    seatCount: r.seatCount,
    engineVersion: r.engineVersion,
    seed: r.seed,
    seedHash: r.seedHash,
    origin: r.origin as GameRecord['origin'],
    deck: json<string[]>(r.deck),
    status: r.status as GameStatus,
    version: r.version,
    revision: r.revision,
    toAct: JSON.parse(r.toAct),
    result: json(r.result),
    createdBy: r.createdBy,
    rematchOf: r.rematchOf,
    rematch: r.rematch,
    serverRun: r.serverRun,
    rated: bool(r.rated),
    createdAt: time(r.createdAt),
    updatedAt: time(r.updatedAt),
    seats: seats.map(toSeat),
    ...(r.tournamentId
      ? { tournament: { id: r.tournamentId, round: Number(r.tournamentRound), table: Number(r.tournamentTable) } }
      : {}),
  };
}

/** An event as a row holds it (the server's SQL and the operator's Prisma Client read the same columns). */
export const toEvent = (r: EventRow): EventRecord => {
  const action = JSON.parse(r.action);
  return {
    seq: r.seq,
    seat: r.seat,
    kind: r.kind as EventKind,
    by: r.by as EventBy,
    action,
    views: decodeViews(r.views, action),
    createdAt: time(r.createdAt),
  };
};

export const SEAT_COLUMNS = `"seat", "name", "occupant", "playerId", "holding", "bot", "due", "dueSince", "deadline", "bank", "frozenUntil", "remindAt", "resigned", "rematch", "joinedAt"`;
const EVENT_COLUMNS = `"seq", "seat", "kind", "by", "action", "views", "createdAt"`;

/** The statement that bumps a game's revision: every change to a game or its seats goes with one. */
export const touch = (gameId: string, at: Date): Statement => ({
  text: 'UPDATE "Game" SET "revision" = "revision" + 1, "updatedAt" = $2 WHERE "id" = $1',
  params: [gameId, at],
  expect: 1,
});

/** The statement that sets a seat's clock. */
export function seatClock(gameId: string, seat: number, c: SeatClock): Statement {
  return {
    text: `UPDATE "Seat" SET "due" = $3, "dueSince" = $4, "deadline" = $5, "bank" = $6, "frozenUntil" = $7, "remindAt" = $8
           WHERE "gameId" = $1 AND "seat" = $2`,
    params: [gameId, seat, c.due, c.dueSince, c.deadline, c.bank, c.frozenUntil, c.remindAt],
  };
}

/** The most events one INSERT carries (a power of two: a run is cut into at most nine texts' sizes). */
const EVENTS_PER_INSERT = 256;

/** The INSERT of `rows` events (written once per size: every move writes one of them). */
const insertTexts = new Map<number, string>();
function eventInsert(rows: number): string {
  let text = insertTexts.get(rows);
  if (!text) {
    const values = Array.from({ length: rows }, (_, r) => {
      const n = 1 + r * 8;
      return `(${gameKeyOf()}, ${Array.from({ length: 8 }, (_, k) => `$${n + k + 1}`).join(', ')})`;
    });
    text = `INSERT INTO "Event" ("gameKey", "seq", "seat", "kind", "by", "action", "views", "createdAt", "nodes") VALUES ${values.join(', ')}`;
    insertTexts.set(rows, text);
  }
  return text;
}

/** A run's events in INSERTs of 256, 128, ... 1 rows, so that few distinct statements are prepared. */
function eventInserts(gameId: string, run: readonly Append[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < run.length; ) {
    let size = EVENTS_PER_INSERT;
    while (size > run.length - i) size /= 2;
    const params: unknown[] = [gameId];
    for (const { event, at, nodes } of run.slice(i, i + size)) {
      params.push(
        event.seq,
        event.seat,
        event.kind,
        event.by,
        JSON.stringify(event.action),
        encodeViews(event.views, event.action),
        at,
        nodes,
      );
    }
    statements.push({ text: eventInsert(size), params });
    i += size;
  }
  return statements;
}

export function gameStore(sql: Sql) {
  async function appendRun(run: readonly Append[], extra: Statement[] = []): Promise<void> {
    const first = run[0];
    const last = run.at(-1);
    if (!first || !last) return;
    const { gameId } = first;
    // Each seat's clock as the last event to set it left it.
    const clocks = new Map<number, Append['seats'][number]>();
    for (const a of run) for (const s of a.seats) clocks.set(s.seat, s);
    const resigned = new Set(run.flatMap((a) => a.resigned ?? []));
    const statements: Statement[] = [
      ...eventInserts(gameId, run),
      // A key used before fails the insert here, as a taken position does: the retry finds its move.
      ...run.flatMap((a) =>
        a.idempotencyKey
          ? [
              {
                text: `INSERT INTO "MoveKey" ("gameKey", "seat", "key", "seq") VALUES (${gameKeyOf()}, $2, $3, $4)`,
                params: [gameId, a.event.seat, a.idempotencyKey, a.event.seq],
              },
            ]
          : [],
      ),
      {
        text: `UPDATE "Game" SET "version" = $2, "revision" = "revision" + $9, "status" = $3, "toAct" = $4, "result" = $5, "updatedAt" = $6,
                 "serverRun" = $8
               WHERE "id" = $1 AND "version" = $7`,
        params: [
          gameId,
          last.event.seq,
          last.status,
          JSON.stringify(last.toAct),
          last.result ? JSON.stringify(last.result) : null,
          last.at,
          first.event.seq - 1,
          last.serverRun,
          run.length,
        ],
        expect: 1,
      },
      // A game's keys matter while a retry could apply a move again: once it has ended none can, and
      // only the last move's key is kept, so that a retry of the move that ended it gets its answer.
      ...(last.status === 'finished' || last.status === 'aborted'
        ? [
            {
              text: `DELETE FROM "MoveKey" WHERE "gameKey" = ${gameKeyOf()} AND "seq" < $2`,
              params: [gameId, last.event.seq],
            },
          ]
        : []),
      ...[...clocks.values()].map((s) => seatClock(gameId, s.seat, s)),
      ...[...resigned].map((seat) => ({
        text: 'UPDATE "Seat" SET "resigned" = $3 WHERE "gameId" = $1 AND "seat" = $2',
        params: [gameId, seat, true],
      })),
      ...extra,
    ];
    try {
      await sql.batch(statements, gameId);
    } catch (e) {
      if (e instanceof UniqueViolation || e instanceof Conflict) throw new VersionConflict(gameId);
      throw e;
    }
  }

  return {
    sql,

    /** Inserts a game and its seats (plus any statements of the caller, in the same transaction). */
    async create(game: NewGame, extra: Statement[] = []): Promise<void> {
      await sql.batch([
        {
          text: `INSERT INTO "Game" ("id", "kind", "options", "clock", "seatCount", "engineVersion", "seed", "seedHash", "origin",
                   "deck", "status", "createdBy", "rematchOf", "createdAt", "updatedAt", "toAct")
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15)`,
          params: [
            game.id,
            game.kind,
            JSON.stringify(game.options),
            game.clock ? JSON.stringify(game.clock) : null,
            game.seatCount,
            game.engineVersion,
            game.seed,
            game.seedHash,
            game.origin,
            game.deck ? JSON.stringify(game.deck) : null,
            game.status,
            game.createdBy,
            game.rematchOf,
            game.createdAt,
            JSON.stringify(game.toAct),
          ],
        },
        ...game.seats.map((s) => ({
          text: `INSERT INTO "Seat" ("gameId", "seat", "name", "occupant", "playerId", "holding", "bot", "joinedAt", "due", "dueSince", "deadline",
                   "bank", "frozenUntil", "remindAt")
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          params: [
            game.id,
            s.seat,
            s.name,
            s.occupant,
            s.playerId,
            s.holding,
            s.bot,
            s.joinedAt,
            s.due,
            s.dueSince,
            s.deadline,
            s.bank,
            s.frozenUntil,
            s.remindAt,
          ],
        })),
        ...(game.rated ? [{ text: 'UPDATE "Game" SET "rated" = $2 WHERE "id" = $1', params: [game.id, true] }] : []),
        ...extra,
      ]);
    },

    async get(id: string): Promise<GameRecord | null> {
      const row = await sql.one<GameRow>('SELECT * FROM "Game" WHERE "id" = $1', [id]);
      if (!row) return null;
      const seats = await sql.all<SeatRow>(`SELECT ${SEAT_COLUMNS} FROM "Seat" WHERE "gameId" = $1 ORDER BY "seat"`, [id]);
      return toGame(row, seats);
    },

    /** The cheap check that a cached game is current: its revision (null when there is no such game). */
    async revision(id: string): Promise<number | null> {
      const row = await sql.one<{ revision: number }>('SELECT "revision" FROM "Game" WHERE "id" = $1', [id]);
      return row?.revision ?? null;
    },

    /** Revisions of several games in one query. */
    async revisions(ids: readonly string[]): Promise<Map<string, number>> {
      const rows =
        sql.provider === 'postgresql'
          ? await sql.all<{ id: string; revision: number }>('SELECT "id", "revision" FROM "Game" WHERE "id" = ANY($1)', [ids])
          : await sql.all<{ id: string; revision: number }>(
              'SELECT "id", "revision" FROM "Game" WHERE "id" IN (SELECT value FROM json_each($1))',
              [JSON.stringify(ids)],
            );
      return new Map(rows.map((r) => [r.id, r.revision]));
    },

    /** Events with seq in (after, upTo], in order, at most `limit`. */
    async events(id: string, after = 0, upTo = 2 ** 31 - 1, limit = 2 ** 31 - 1): Promise<EventRecord[]> {
      const rows = await sql.all<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM "Event" WHERE "gameKey" = ${gameKeyOf()} AND "seq" > $2 AND "seq" <= $3 ORDER BY "seq" LIMIT $4`,
        [id, after, upTo, limit],
      );
      return rows.map(toEvent);
    },

    /**
     * The seats that made a move themselves (their holder or their bot, not the clock or the service
     * for them) up to event `upTo`: each seat's search stops at its first such move.
     */
    async selfMovedSeats(id: string, upTo: number): Promise<number[]> {
      const rows = await sql.all<{ seat: number }>(
        `SELECT s."seat" FROM "Seat" s WHERE s."gameId" = $1 AND EXISTS (
           SELECT 1 FROM "Event" e WHERE e."gameKey" = ${gameKeyOf()} AND e."seat" = s."seat" AND e."seq" <= $2
           AND e."kind" = 'move' AND e."by" = 'seat') ORDER BY s."seat"`,
        [id, upTo],
      );
      return rows.map((r) => r.seat);
    },

    /** The events up to `upTo` that are not game moves (resign, forfeit, abort): few, whatever the game's length. */
    async tableEvents(id: string, upTo: number): Promise<EventRecord[]> {
      const rows = await sql.all<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM "Event" WHERE "gameKey" = ${gameKeyOf()} AND "seq" <= $2 AND "kind" <> 'move' ORDER BY "seq"`,
        [id, upTo],
      );
      return rows.map(toEvent);
    },

    async byIdempotencyKey(id: string, seat: number, key: string): Promise<EventRecord | null> {
      const row = await sql.one<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM "Event" WHERE "gameKey" = ${gameKeyOf()} AND "seq" = (
           SELECT "seq" FROM "MoveKey" WHERE "gameKey" = ${gameKeyOf()} AND "seat" = $2 AND "key" = $3)`,
        [id, seat, key],
      );
      return row ? toEvent(row) : null;
    },

    /**
     * Appends an event at position `seq` and moves the game and its seats on, in one transaction with
     * the caller's own statements (notifications). The event's primary key (gameKey, seq) is the guard:
     * if another writer appended at `seq` first, nothing is written and VersionConflict is thrown.
     */
    append: (a: Append, extra: Statement[] = []): Promise<void> => appendRun([a], extra),

    /**
     * Appends a run of one game's events, in order, in one transaction: each event as `append` writes
     * it, and the game and its seats as the last one leaves them (a bulk import, the scale bench).
     */
    appendRun,

    /** The newest snapshot of this engine version at or before `seq`. */
    async snapshot(id: string, engineVersion: number, seq: number): Promise<{ seq: number; state: unknown } | null> {
      const row = await sql.one<{ seq: number; state: string }>(
        `SELECT "seq", "state" FROM "Snapshot" WHERE "gameId" = $1 AND "engineVersion" = $2 AND "seq" <= $3 ORDER BY "seq" DESC LIMIT 1`,
        [id, engineVersion, seq],
      );
      return row ? { seq: row.seq, state: JSON.parse(row.state) } : null;
    },

    async saveSnapshot(id: string, engineVersion: number, seq: number, state: unknown): Promise<void> {
      await sql.run(
        `INSERT INTO "Snapshot" ("gameId", "seq", "engineVersion", "state") VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [id, seq, engineVersion, JSON.stringify(state)],
      );
    },
  };
}

export type GameStore = ReturnType<typeof gameStore>;
