/**
 * The store's one way to the database (sqlite-sql.ts, postgres-sql.ts): prepared SQL, written once with `$1, $2...` placeholders and
 * quoted identifiers ("Game"), run on SQLite through better-sqlite3 or on PostgreSQL through pg.
 * Prisma owns the schema and the migrations; the hot path cannot afford its per-query cost.
 *
 * Values: booleans, Dates (sent as ISO-8601 UTC text) and JSON text go in; rows come back with
 * booleans as 0/1 or true/false and times as text or Date: the repositories read them with `bool`
 * and `time` below.
 */
export interface Sql {
  provider: 'sqlite' | 'postgresql';
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  one<T>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
  /**
   * Runs statements as one transaction. A statement with `expect` that changes another number of
   * rows rolls everything back with `Conflict`; a unique key violated rolls back with `UniqueViolation`.
   * `lockKey` names what the batch locks first (a game's id): batches that share a transaction take
   * their locks in key order (see postgres-sql.ts).
   */
  batch(statements: readonly Statement[], lockKey?: string): Promise<void>;
  /**
   * True when nothing may have changed in the database since the last call but this process's own
   * writes (SQLite: `PRAGMA data_version`); always false on PostgreSQL, where other servers write.
   */
  quiet(): boolean;
  close(): Promise<void>;
}

export interface Statement {
  text: string;
  params: readonly unknown[];
  /** The number of rows the statement must change (an optimistic check); anything else is a Conflict. */
  expect?: number;
}

/** A statement in a batch changed an unexpected number of rows: another writer got there first. */
export class Conflict extends Error {
  constructor(readonly statement: string) {
    super(`conflict: ${statement.slice(0, 80)}`);
    this.name = 'Conflict';
  }
}

/** A unique key or primary key was violated. */
export class UniqueViolation extends Error {
  constructor(cause: unknown) {
    super((cause as Error).message);
    this.name = 'UniqueViolation';
  }
}

/** A batch waiting for its transaction. */
export interface Job {
  statements: readonly Statement[];
  lockKey?: string;
  resolve(): void;
  reject(e: unknown): void;
}

/**
 * The seat `s` is of a running game. The clocks' queries each start from an index of the seats they
 * want (a deadline passed or next, a thaw or a reminder due, a bot or resigned seat due) and look up
 * the game of each by its key, in a subquery no planner turns into a join from the running games:
 * a tick reads the seats it acts on, however many clocks are running.
 */
export const seatOfRunningGame = `(SELECT g."status" FROM "Game" g WHERE g."id" = s."gameId") = 'active'`;

/**
 * The compact key the events name a game by (GameKey, written by a trigger with the game), looked up
 * from the game's id in parameter `param`: one probe of a unique index, once a statement.
 */
export const gameKeyOf = (param = '$1') => `(SELECT "key" FROM "GameKey" WHERE "gameId" = ${param})`;

/** A value as a driver binds it: a time as ISO-8601 UTC text. */
export const value = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';
export const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const maybeTime = (v: unknown): Date | null => (v === null || v === undefined ? null : time(v));
