import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSql } from '../../src/store/postgres-sql';
import { Conflict, type Sql, UniqueViolation } from '../../src/store/sql';
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

/** The transaction that wrote each row (its xmin), by id. */
const writers = async (ids: number[]) =>
  new Map(
    (await sql.all<{ id: number; xmin: string }>('SELECT "id", xmin::text AS xmin FROM "Row" WHERE "id" = ANY($1)', [ids])).map(
      (r) => [r.id, r.xmin],
    ),
  );

describe('PostgreSQL batches (group commit; statements prepared once per connection, then executed)', () => {
  it('batches asked for in one turn of the event loop commit together, in one transaction', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => sql.batch([insert(i + 1), bump(i + 1)])));
    const written = await writers([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(written.size).toBe(8);
    expect(new Set(written.values()).size).toBe(1);
    expect((await rows()).map((r) => [r.id, r.n])).toEqual(Array.from({ length: 8 }, (_, i) => [i + 1, 1]));
  });

  it('a batch at fault fails alone: the others in its group commit, each all or nothing', async () => {
    const results = await Promise.allSettled([
      sql.batch([insert(30), insert(31)]),
      // A key taken: this batch is rolled back, its first row with it.
      sql.batch([insert(32), insert(1)]),
      // An optimistic check that misses: rolled back too, the statement named.
      sql.batch([insert(33), bump(99)]),
      sql.batch([insert(34), bump(34)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolation);
    const conflict = (results[2] as PromiseRejectedResult).reason;
    expect(conflict).toBeInstanceOf(Conflict);
    expect(conflict.statement).toBe(bump(99).text);
    expect((await rows()).filter((r) => r.id >= 30).map((r) => [r.id, r.n])).toEqual([
      [30, 0],
      [31, 0],
      [34, 1],
    ]);
  });

  it('a batch asked for while a group is being written goes in the next one, after it commits', async () => {
    const first = sql.batch([insert(40)]);
    await new Promise((r) => setImmediate(r));
    const second = sql.batch([insert(41)]);
    await Promise.all([first, second]);
    const written = await writers([40, 41]);
    expect(written.get(40)).not.toBe(written.get(41));
    expect(Number(written.get(41))).toBeGreaterThan(Number(written.get(40)));
  });

  it('a group writes its batches in the order of their lock keys, those of one key as asked', async () => {
    await pool.query('CREATE TABLE "Written" ("n" SERIAL PRIMARY KEY, "what" TEXT NOT NULL)');
    const write = (what: string) => ({ text: 'INSERT INTO "Written" ("what") VALUES ($1)', params: [what] });
    await Promise.all([
      sql.batch([write('game c')], 'c'),
      sql.batch([write('game a')], 'a'),
      sql.batch([write('game b, first')], 'b'),
      sql.batch([write('no key')]),
      sql.batch([write('game b, second')], 'b'),
    ]);
    const written = await sql.all<{ what: string }>('SELECT "what" FROM "Written" ORDER BY "n"');
    expect(written.map((r) => r.what)).toEqual(['no key', 'game a', 'game b, first', 'game b, second', 'game c']);
  });

  it('two servers whose groups cross the same games wait for each other, and never deadlock', async () => {
    // Two servers, each with its own pool: one asks for game 61 then 62, the other for 62 then 61,
    // each batch holding its row while it sleeps a little: in the order asked, they would deadlock.
    const other = new pg.Pool({ connectionString: where.databaseUrl, max: 2 });
    other.on('error', () => {});
    const second = postgresSql(other);
    const deadlocks = async () => {
      await pool.query('SELECT pg_stat_force_next_flush()');
      const r = await pool.query<{ n: string }>('SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()');
      return Number(r.rows[0].n);
    };
    await sql.batch([insert(61), insert(62)]);
    const hold = (id: number) => [bump(id), { text: 'SELECT pg_sleep(0.02)', params: [] }];
    const before = await deadlocks();
    try {
      for (let round = 0; round < 10; round++) {
        await Promise.all([
          sql.batch(hold(61), 'game-61'),
          sql.batch(hold(62), 'game-62'),
          second.batch(hold(62), 'game-62'),
          second.batch(hold(61), 'game-61'),
        ]);
      }
    } finally {
      await other.end();
    }
    expect(await deadlocks()).toBe(before);
    expect((await rows()).filter((r) => r.id >= 61 && r.id <= 62).map((r) => r.n)).toEqual([20, 20]);
  });

  it('prepare each statement once per connection, however often it comes back', async () => {
    for (let i = 0; i < 6; i++) await sql.batch([bump(1)]);
    await expect(sql.batch([insert(50), bump(99)])).rejects.toBeInstanceOf(Conflict);
    const held: string[] = [];
    for (const client of await Promise.all([pool.connect(), pool.connect()])) {
      const prepared = await client.query<{ statement: string }>(
        `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'b%'`,
      );
      client.release();
      const statements = prepared.rows.map((r) => r.statement);
      // Under names of their own (the protocol's are s0, s1...), each once.
      expect(new Set(statements).size).toBe(statements.length);
      held.push(...statements);
    }
    expect(held).toEqual(
      expect.arrayContaining([expect.stringContaining('INSERT INTO "Row"'), expect.stringContaining('UPDATE "Row"')]),
    );
    expect((await rows()).find((r) => r.id === 1)?.n).toBe(7);
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
