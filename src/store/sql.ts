import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

const { escapeLiteral } = pg;

/**
 * The store's one way to the database: prepared SQL, written once with `$1, $2...` placeholders and
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
   */
  batch(statements: readonly Statement[]): Promise<void>;
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
interface Job {
  statements: readonly Statement[];
  resolve(): void;
  reject(e: unknown): void;
  error?: unknown;
}

const value = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';
export const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const maybeTime = (v: unknown): Date | null => (v === null || v === undefined ? null : time(v));

/** better-sqlite3: one connection, statements prepared once; every call runs synchronously inside. */
export function sqliteSql(db: BetterSqlite3.Database): Sql {
  const prepared = new Map<string, { stmt: BetterSqlite3.Statement; order: number[] }>();
  function prepare(text: string) {
    let p = prepared.get(text);
    if (!p) {
      // better-sqlite3 binds positional `?` only: `$n` becomes `?`, and the values follow in that order.
      const order: number[] = [];
      const sql = text.replace(/\$(\d+)/g, (_, n) => {
        order.push(Number(n) - 1);
        return '?';
      });
      p = { stmt: db.prepare(sql), order };
      prepared.set(text, p);
    }
    return p;
  }
  const bind = (order: number[], params: readonly unknown[]) =>
    order.map((i) => {
      const v = value(params[i]);
      return typeof v === 'boolean' ? Number(v) : v;
    });
  function exec(text: string, params: readonly unknown[]): number {
    const { stmt, order } = prepare(text);
    return stmt.run(...bind(order, params)).changes;
  }
  const translate = (e: unknown): unknown => {
    const code = (e as { code?: string }).code ?? '';
    return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' ? new UniqueViolation(e) : e;
  };
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  let checkedAt = Number.NEGATIVE_INFINITY;
  let quietThen = true;

  // Group commit: the batches asked for while the event loop turns are written in one transaction,
  // each in a savepoint of its own (a conflict rolls back its batch alone), so that fifty moves on
  // fifty games cost one commit, not fifty.
  let queue: Job[] = [];
  const savepoint = db.prepare('SAVEPOINT batch');
  const release = db.prepare('RELEASE batch');
  const rollback = db.prepare('ROLLBACK TO batch');
  const group = db.transaction((jobs: Job[]) => {
    for (const job of jobs) {
      savepoint.run();
      try {
        for (const s of job.statements) {
          const changed = exec(s.text, s.params);
          if (s.expect !== undefined && changed !== s.expect) throw new Conflict(s.text);
        }
      } catch (e) {
        rollback.run();
        job.error = translate(e);
      }
      release.run();
    }
  });
  function flush() {
    const jobs = queue;
    queue = [];
    try {
      group(jobs);
    } catch (e) {
      // The transaction itself failed (the disk, a lock held too long): nothing of it was written.
      for (const job of jobs) job.error = translate(e);
    }
    for (const job of jobs) {
      if (job.error === undefined) job.resolve();
      else job.reject(job.error);
    }
  }
  return {
    provider: 'sqlite',
    async all<T>(text: string, params: readonly unknown[] = []) {
      const { stmt, order } = prepare(text);
      return stmt.all(...bind(order, params)) as T[];
    },
    async one<T>(text: string, params: readonly unknown[] = []) {
      const { stmt, order } = prepare(text);
      return stmt.get(...bind(order, params)) as T | undefined;
    },
    async run(text, params = []) {
      try {
        return exec(text, params);
      } catch (e) {
        throw translate(e);
      }
    },
    batch(statements) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ statements, resolve, reject });
        if (queue.length === 1) setImmediate(flush);
      });
    },
    quiet() {
      // Asked on every read: the pragma is read at most once a millisecond, which bounds how long a
      // write by another process can go unseen.
      const t = performance.now();
      if (t - checkedAt < 1) return quietThen;
      checkedAt = t;
      const now = dataVersion.get();
      quietThen = now === seen;
      seen = now;
      return quietThen;
    },
    close: async () => void db.close(),
  };
}

/** Names a batch statement that changed another number of rows than it expected, in the error it raises. */
const CONFLICT = 'card-table-conflict';

/** The most batches one PostgreSQL transaction carries. */
const GROUP_MAX = 64;

/** PostgreSQL could not infer a parameter's type from the statement (`$1 IS NULL`, say). */
const INDETERMINATE_DATATYPE = '42P18';

/** The error came from PostgreSQL about the transaction (which it then rolled back), not from the way to it. */
const rolledBack = (e: unknown) => e instanceof Conflict || e instanceof UniqueViolation || e instanceof pg.DatabaseError;

/** A value written into SQL text: the service's own values (numbers, booleans, times, text), escaped. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a number SQL can hold: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return escapeLiteral(v.toISOString());
  if (typeof v === 'string') return escapeLiteral(v);
  throw new Error(`no SQL literal for ${typeof v}`);
}

function inline(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1]));
}

/** pg: a pool; statements go as named prepared statements, prepared once per connection. */
export function postgresSql(pool: pg.Pool): Sql {
  const names = new Map<string, string>();
  const query = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `s${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const translate = (e: unknown): unknown => ((e as { code?: string }).code === '23505' ? new UniqueViolation(e) : e);
  async function q<T>(client: pg.Pool | pg.PoolClient, text: string, params: readonly unknown[]) {
    try {
      return await client.query<T & pg.QueryResultRow>({ name: query(text), text, values: params.map(value) });
    } catch (e) {
      throw translate(e);
    }
  }

  // A batch's statements are prepared with SQL's PREPARE (names apart from the protocol's s0, s1...),
  // once per connection, and the batch EXECUTEs them: parsing and planning every statement of every
  // move cost PostgreSQL half its time on the move path. A statement whose parameter types PostgreSQL
  // cannot infer is sent with its values inline instead.
  const batchNames = new Map<string, string>();
  const inlineOnly = new Set<string>();
  const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
  async function prepared(client: pg.PoolClient, text: string): Promise<string | null> {
    if (inlineOnly.has(text)) return null;
    let name = batchNames.get(text);
    if (!name) {
      name = `b${batchNames.size}`;
      batchNames.set(text, name);
    }
    const done = preparedOn.get(client) ?? new Set<string>();
    preparedOn.set(client, done);
    if (done.has(name)) return name;
    try {
      await client.query(`PREPARE ${name} AS ${text}`);
    } catch (e) {
      if ((e as { code?: string }).code !== INDETERMINATE_DATATYPE) throw e;
      inlineOnly.add(text);
      return null;
    }
    done.add(name);
    return name;
  }

  /**
   * A batch statement as it is sent, its expected row count checked in the database: on a miss,
   * casting a text that names the statement (its place in the batch, the last parameter) to an
   * integer raises (an error the count depends on, so never folded away when planned), which skips
   * the COMMIT and leaves the transaction to roll back.
   */
  const checkedTexts = new Map<string, Map<number, string>>();
  function checked(s: Statement, i: number): Statement {
    if (s.expect === undefined) return s;
    // Written once per statement and count: the same text each time is also a cheap key for its name.
    const byCount = checkedTexts.get(s.text) ?? new Map<number, string>();
    checkedTexts.set(s.text, byCount);
    let text = byCount.get(s.expect);
    if (text === undefined) {
      text = `WITH changed AS (${s.text} RETURNING 1) SELECT CASE WHEN COUNT(*) = ${s.expect} THEN 0
           ELSE CAST('${CONFLICT} ' || $${s.params.length + 1}::integer || ' ' || COUNT(*) AS integer) END FROM changed`;
      byCount.set(s.expect, text);
    }
    return { text, params: [...s.params, i] };
  }

  /**
   * Runs statements from BEGIN to COMMIT in one round trip: one multi-statement query of EXECUTEs,
   * their values inline, escaped (they come from the service, never as SQL from a client).
   */
  async function transaction(statements: readonly Statement[]): Promise<void> {
    const client = await pool.connect();
    try {
      const lines = ['BEGIN'];
      for (const [i, s] of statements.entries()) {
        const { text, params } = checked(s, i);
        const name = await prepared(client, text);
        lines.push(
          name && params.length > 0
            ? `EXECUTE ${name}(${params.map(literal).join(', ')})`
            : name
              ? `EXECUTE ${name}`
              : inline(text, params),
        );
      }
      lines.push('COMMIT');
      await client.query(lines.join(';\n'));
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      const missed = new RegExp(`${CONFLICT} (\\d+)`).exec((e as Error).message);
      if (missed) throw new Conflict(statements[Number(missed[1])]?.text ?? '');
      throw translate(e);
    } finally {
      client.release();
    }
  }

  // Group commit, as on SQLite: one transaction is written at a time, and the batches asked for
  // meanwhile go together in the next, so that under load a commit (and its round trip, and its
  // flush of the log to disk) carries many moves, not one. If the group fails, each batch in it is
  // run again alone: only the one at fault fails, and a conflict names its own statement.
  let queue: Job[] = [];
  let writing = false;
  async function drain() {
    while (queue.length > 0) {
      const jobs = queue.slice(0, GROUP_MAX);
      queue = queue.slice(GROUP_MAX);
      const alone = (job: Job) => transaction(job.statements).then(job.resolve, job.reject);
      if (jobs.length === 1) await alone(jobs[0]);
      else {
        try {
          await transaction(jobs.flatMap((job) => job.statements));
          for (const job of jobs) job.resolve();
        } catch (e) {
          // Only an error PostgreSQL reported proves the group rolled back. A connection lost on the
          // way may have taken the answer to a COMMIT that happened: running the batches again could
          // apply a move twice, so they all fail as a lone batch would.
          if (rolledBack(e)) for (const job of jobs) await alone(job);
          else for (const job of jobs) job.reject(e);
        }
      }
    }
    writing = false;
  }

  return {
    provider: 'postgresql',
    all: async <T>(text: string, params: readonly unknown[] = []) => (await q<T>(pool, text, params)).rows as T[],
    one: async <T>(text: string, params: readonly unknown[] = []) => (await q<T>(pool, text, params)).rows[0] as T | undefined,
    run: async (text, params = []) => (await q(pool, text, params)).rowCount ?? 0,
    batch(statements) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ statements, resolve, reject });
        if (!writing) {
          writing = true;
          // The rest of this turn of the event loop joins the first group.
          setImmediate(drain);
        }
      });
    },
    quiet: () => false,
    close: async () => {},
  };
}
