import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresSql } from './postgres-sql';
import { Conflict, UniqueViolation } from './sql';
import { sqliteSql } from './sqlite-sql';

function database() {
  const db = new Sqlite(':memory:');
  db.exec('CREATE TABLE "Row" ("id" INTEGER PRIMARY KEY, "n" INTEGER NOT NULL)');
  return { sql: sqliteSql(db) };
}

const pause = () => new Promise((r) => setTimeout(r, 2));

const insert = (id: number, n = 0) => ({ text: 'INSERT INTO "Row" ("id", "n") VALUES ($1, $2)', params: [id, n] });

describe('SQLite batches', () => {
  it('batches asked for in one turn of the event loop commit together, each all or nothing', async () => {
    const { sql } = database();
    const results = await Promise.allSettled([
      sql.batch([insert(1), insert(2)]),
      // A key taken by the first batch: this batch alone is rolled back, its first row with it.
      sql.batch([insert(3), insert(1)]),
      // An optimistic check that fails: rolled back alone too.
      sql.batch([insert(4), { text: 'UPDATE "Row" SET "n" = 1 WHERE "id" = $1', params: [99], expect: 1 }]),
      sql.batch([insert(5), { text: 'UPDATE "Row" SET "n" = 7 WHERE "id" = $1', params: [5], expect: 1 }]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolation);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
    expect(await sql.all('SELECT "id", "n" FROM "Row" ORDER BY "id"')).toEqual([
      { id: 1, n: 0 },
      { id: 2, n: 0 },
      { id: 5, n: 7 },
    ]);
  });

  it('a batch asked for later is a transaction of its own, after the first has committed', async () => {
    const { sql } = database();
    await sql.batch([insert(1)]);
    await expect(sql.batch([insert(1)])).rejects.toBeInstanceOf(UniqueViolation);
    await sql.batch([insert(2)]);
    expect(await sql.all('SELECT "id" FROM "Row" ORDER BY "id"')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('tells the cache when another connection (another process) has written, and only then', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sql-'));
    try {
      const file = join(dir, 'shared.db');
      const ours = sqliteSql(new Sqlite(file));
      const other = new Sqlite(file);
      other.exec('CREATE TABLE "Row" ("id" INTEGER PRIMARY KEY, "n" INTEGER NOT NULL)');
      await pause();
      ours.quiet();
      await pause();
      expect(ours.quiet()).toBe(true);
      await ours.batch([insert(2)]);
      await pause();
      expect(ours.quiet()).toBe(true);
      other.prepare('INSERT INTO "Row" ("id", "n") VALUES (1, 1)').run();
      await pause();
      expect(ours.quiet()).toBe(false);
      await pause();
      expect(ours.quiet()).toBe(true);
      other.close();
      await ours.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A pool of one fake connection that records what it is sent and fails the first COMMIT with `failure`. */
function failingPool(failure: Error) {
  const sent: string[] = [];
  let failed = false;
  const client = {
    async query(q: string | { text: string }) {
      const text = typeof q === 'string' ? q : q.text;
      sent.push(text);
      if (text.endsWith('COMMIT') && !failed) {
        failed = true;
        throw failure;
      }
      return { rows: [], rowCount: 0 };
    },
    release() {},
  };
  return { pool: { connect: async () => client } as unknown as pg.Pool, commits: () => sent.filter((t) => t.endsWith('COMMIT')) };
}

describe('PostgreSQL group commit, when the group fails', () => {
  it('a group PostgreSQL refused (so rolled back) is run again batch by batch', async () => {
    const refused = Object.assign(new pg.DatabaseError('could not serialize access', 0, 'error'), { code: '40001' });
    const { pool, commits } = failingPool(refused);
    const sql = postgresSql(pool);
    const results = await Promise.allSettled([sql.batch([insert(1)]), sql.batch([insert(2)])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(commits()).toHaveLength(3);
  });

  it('a group whose connection was lost on the way is not run again: its COMMIT may have happened', async () => {
    const { pool, commits } = failingPool(new Error('Connection terminated unexpectedly'));
    const sql = postgresSql(pool);
    const results = await Promise.allSettled([sql.batch([insert(1)]), sql.batch([insert(2)])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(commits()).toHaveLength(1);
  });
});
