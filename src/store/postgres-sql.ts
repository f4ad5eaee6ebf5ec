import pg from 'pg';
import { inGroups } from './groups';
import { Conflict, type Job, type Sql, type Statement, UniqueViolation, value } from './sql';

const { escapeLiteral } = pg;

/** Names a batch statement that changed another number of rows than it expected, in the error it raises. */
const CONFLICT = 'card-table-conflict';

/** The most batches one PostgreSQL transaction carries. */
const GROUP_MAX = 64;

/** PostgreSQL could not infer a parameter's type from the statement (`$1 IS NULL`, say). */
const INDETERMINATE_DATATYPE = '42P18';

/** The error came from PostgreSQL about the transaction (which it then rolled back), not from the way to it. */
const rolledBack = (e: unknown) => e instanceof Conflict || e instanceof UniqueViolation || e instanceof pg.DatabaseError;

/** A value written into SQL text: the service's own values (numbers, booleans, times, text, bytes), escaped. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a number SQL can hold: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return escapeLiteral(v.toISOString());
  if (typeof v === 'string') return escapeLiteral(v);
  // bytea's hex input form.
  if (Buffer.isBuffer(v)) return `'\\x${v.toString('hex')}'`;
  throw new Error(`no SQL literal for ${typeof v}`);
}

function inline(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1]));
}

/** The batches sorted by lock key (those without one first), each key's batches in the order asked for. */
const inLockOrder = (jobs: readonly Job[]): Job[] =>
  [...jobs].sort((a, b) => {
    const x = a.lockKey ?? '';
    const y = b.lockKey ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });

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

  // Group commit (groups.ts), as on SQLite: the batches asked for while a transaction is written
  // go together in the next, so that under load a commit (and its round trip, and its flush of the
  // log to disk) carries many moves, not one. If the group fails, each batch in it is run again
  // alone: only the one at fault fails, and a conflict names its own statement.
  //
  // A group writes its batches in the order of their lock keys (game ids): two servers' groups that
  // move the same games lock those games' rows in the same order, so they wait for each other rather
  // than deadlock, which PostgreSQL finds only after deadlock_timeout (a second) and breaks by
  // refusing one group. (Players' rows, locked by notifications, can still cross; such a group is
  // refused and run again batch by batch, as above.)
  const alone = (job: Job) => transaction(job.statements).then(job.resolve, job.reject);
  const enqueue = inGroups<Job>(
    async (jobs) => {
      if (jobs.length === 1) return alone(jobs[0]);
      try {
        await transaction(inLockOrder(jobs).flatMap((job) => job.statements));
        for (const job of jobs) job.resolve();
      } catch (e) {
        // Only an error PostgreSQL reported proves the group rolled back. A connection lost on the
        // way may have taken the answer to a COMMIT that happened: running the batches again could
        // apply a move twice, so they all fail as a lone batch would.
        if (rolledBack(e)) for (const job of jobs) await alone(job);
        else for (const job of jobs) job.reject(e);
      }
    },
    (group) => group.length < GROUP_MAX,
  );

  return {
    provider: 'postgresql',
    all: async <T>(text: string, params: readonly unknown[] = []) => (await q<T>(pool, text, params)).rows as T[],
    one: async <T>(text: string, params: readonly unknown[] = []) => (await q<T>(pool, text, params)).rows[0] as T | undefined,
    run: async (text, params = []) => (await q(pool, text, params)).rowCount ?? 0,
    batch: (statements, lockKey) => new Promise<void>((resolve, reject) => enqueue({ statements, lockKey, resolve, reject })),
    quiet: () => false,
    close: async () => {},
  };
}
