import type BetterSqlite3 from 'better-sqlite3';
import { inGroups } from './groups';
import { Conflict, type Job, type Sql, UniqueViolation, value } from './sql';

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

  // Group commit (groups.ts): the batches asked for while the event loop turns are written in one
  // transaction, each in a savepoint of its own (a conflict rolls back its batch alone), so that
  // fifty moves on fifty games cost one commit, not fifty.
  const savepoint = db.prepare('SAVEPOINT batch');
  const release = db.prepare('RELEASE batch');
  const rollback = db.prepare('ROLLBACK TO batch');
  /** A batch in a group, with the error that rolled back its savepoint, if one did. */
  type Batch = Job & { error?: unknown };
  const group = db.transaction((jobs: Batch[]) => {
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
  const enqueue = inGroups<Batch>((jobs) => {
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
  });
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
      return new Promise<void>((resolve, reject) => enqueue({ statements, resolve, reject }));
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
