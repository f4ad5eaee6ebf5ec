import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict, postgresSql, type Sql, UniqueViolation } from '../../src/store/sql';
import { privateDatabase } from '../support/harness';

let where: Awaited<ReturnType<typeof privateDatabase>>;
let pool: pg.Pool;
let sql: Sql;

beforeAll(async () => {
  where = await privateDatabase();
  // Two connections at most: every batch below finds statements its connection has prepared, or not.
  pool = new pg.Pool({ connectionString: where.databaseUrl, max: 2 });
  // pool.end() resolves before its connections have closed, and dropping the database then ends them
  // with an error: expected here, as it is in the server (src/store/postgres.ts).
  pool.on('error', () => {});
  sql = postgresSql(pool);
  await pool.query('CREATE TABLE "Row" ("id" INTEGER PRIMARY KEY, "n" INTEGER NOT NULL, "note" TEXT)');
});
afterAll(async () => {
  await pool.end();
  await where.drop();
});

const insert = (id: number, n = 0) => ({ text: 'INSERT INTO "Row" ("id", "n") VALUES ($1, $2)', params: [id, n] });
const bump = (id: number) => ({ text: 'UPDATE "Row" SET "n" = "n" + 1 WHERE "id" = $1', params: [id], expect: 1 });
const rows = () => sql.all<{ id: number; n: number; note: string | null }>('SELECT "id", "n", "note" FROM "Row" ORDER BY "id"');

describe('PostgreSQL batches (statements prepared once per connection, then executed)', () => {
  it('commit each all or nothing, however often the same statements come back', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => sql.batch([insert(i + 1), bump(i + 1)])));
    // A key taken: the batch is rolled back, its first row with it.
    await expect(sql.batch([insert(20), insert(1)])).rejects.toBeInstanceOf(UniqueViolation);
    // An optimistic check that misses: rolled back too, and the connection serves the next batch.
    await expect(sql.batch([insert(21), bump(99)])).rejects.toBeInstanceOf(Conflict);
    for (let i = 0; i < 6; i++) await sql.batch([bump(1)]);
    // Each connection holds the statements prepared, under names of their own (the protocol's are s0, s1...).
    for (const client of await Promise.all([pool.connect(), pool.connect()])) {
      const prepared = await client.query<{ name: string; statement: string }>(
        `SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'b%' ORDER BY name`,
      );
      client.release();
      expect(prepared.rows.map((r) => r.statement)).toEqual(
        expect.arrayContaining([expect.stringContaining('INSERT INTO "Row"'), expect.stringContaining('UPDATE "Row"')]),
      );
    }
    expect((await rows()).map((r) => [r.id, r.n])).toEqual([
      [1, 7],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 1],
      [8, 1],
    ]);
  });

  it('send a statement PostgreSQL cannot prepare (a parameter of no inferable type) with its values inline', async () => {
    const note = {
      text: 'UPDATE "Row" SET "note" = CASE WHEN $1 IS NULL THEN \'none\' ELSE \'some\' END WHERE "id" = $2',
      params: [null, 2],
    };
    await sql.batch([note]);
    await sql.batch([{ ...note, params: ["it's", 3] }]);
    expect((await rows()).filter((r) => r.note !== null).map((r) => [r.id, r.note])).toEqual([
      [2, 'none'],
      [3, 'some'],
    ]);
  });
});
