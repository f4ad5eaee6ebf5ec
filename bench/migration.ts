// How long the migration that rewrites the events table (compact_events, issue 39) takes on a database
// that holds many: `npx tsx bench/migration.ts [--events 1000000]`, with DATABASE_URL=postgresql://...
// for PostgreSQL (a scratch database). It builds the database as the migrations before it leave it,
// fills it with events of the service's sizes, applies the migration and prints its time and the
// bytes per event before and after.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { type Provider, readSchema, schemaFiles } from '../src/store/database';
import { withScratchDatabase } from '../src/store/postgres';
import { applyMigrations } from '../src/store/schema-engine';

export const MIGRATION = 'compact_events';

/** A copy of a provider's migrations that stops before `name`: the database as it stood before it. */
export function migrationsBefore(provider: Provider, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  const all = schemaFiles[provider].migrations;
  for (const entry of readdirSync(all).sort()) {
    if (entry.endsWith(`_${name}`)) break;
    cpSync(join(all, entry), join(dir, entry), { recursive: true });
  }
  return dir;
}

/** One old-schema event row of the service's sizes: a fifth of the moves have per-seat views, a tenth a key. */
function eventRow(gameId: string, seq: number, i: number) {
  return {
    gameId,
    seq,
    seat: seq % 4,
    action: JSON.stringify({ type: 'play', card: ['TD', 'QS', 'AH', '7C'][i % 4] }),
    views: i % 5 === 0 ? JSON.stringify([null, { type: 'draw' }, { type: 'draw' }, { type: 'draw' }, { type: 'draw' }]) : null,
    nodes: randomBytes(seq % 2 === 0 ? 64 : 32),
    idempotencyKey: i % 10 === 0 ? randomUUID() : null,
    createdAt: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
  };
}
export type OldEvent = ReturnType<typeof eventRow>;

/** `games` games of `perGame` events each, as the schema before the migration holds them. */
export function* oldGames(games: number, perGame: number): Generator<{ id: string; events: OldEvent[] }> {
  let i = 0;
  for (let g = 0; g < games; g++) {
    const id = randomUUID();
    yield { id, events: Array.from({ length: perGame }, (_, s) => eventRow(id, s + 1, i++)) };
  }
}

const GAME_INSERT = `INSERT INTO "Game" ("id", "kind", "options", "seatCount", "engineVersion", "seed", "seedHash", "origin", "status", "updatedAt")
  VALUES ($1, 'kaiser', '{}', 4, 3, 'seed', 'hash', 'server', 'finished', $2)`;

export function fillSqlite(db: Sqlite.Database, games: Iterable<{ id: string; events: OldEvent[] }>): void {
  const game = db.prepare(GAME_INSERT.replace(/\$\d/g, '?'));
  const event = db.prepare(
    `INSERT INTO "Event" ("gameId", "seq", "seat", "action", "views", "nodes", "idempotencyKey", "createdAt")
     VALUES (@gameId, @seq, @seat, @action, @views, @nodes, @idempotencyKey, @createdAt)`,
  );
  const some = db.transaction((batch: { id: string; events: OldEvent[] }[]) => {
    for (const g of batch) {
      game.run(g.id, g.events[0]?.createdAt ?? new Date().toISOString());
      for (const e of g.events) event.run(e);
    }
  });
  const batch: { id: string; events: OldEvent[] }[] = [];
  for (const g of games) {
    batch.push(g);
    if (batch.length === 200) some(batch.splice(0));
  }
  some(batch);
}

async function fillPostgres(client: pg.Client, games: Iterable<{ id: string; events: OldEvent[] }>): Promise<void> {
  let batch: OldEvent[] = [];
  const flush = async () => {
    const col = <K extends keyof OldEvent>(k: K) => batch.map((e) => e[k]);
    await client.query(
      `INSERT INTO "Event" ("gameId", "seq", "seat", "action", "views", "nodes", "idempotencyKey", "createdAt")
       SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::bytea[], $7::text[], $8::timestamp[])`,
      ['gameId', 'seq', 'seat', 'action', 'views', 'nodes', 'idempotencyKey', 'createdAt'].map((k) => col(k as keyof OldEvent)),
    );
    batch = [];
  };
  for (const g of games) {
    await client.query(GAME_INSERT, [g.id, g.events[0]?.createdAt ?? new Date().toISOString()]);
    batch.push(...g.events);
    if (batch.length >= 20_000) await flush();
  }
  if (batch.length) await flush();
}

/** Seconds the migration took, and bytes on disk per event before and after it. */
export interface MigrationFigures {
  events: number;
  seconds: number;
  before: number;
  after: number;
}

const PER_GAME = 300;

/** Bytes of a table and its indexes (SQLite's dbstat, after VACUUM). */
export const sqliteBytes = (db: Sqlite.Database, table: string): number =>
  (
    db
      .prepare(
        `SELECT SUM("pgsize") AS n FROM "dbstat" WHERE "name" = ? OR "name" IN (SELECT "name" FROM sqlite_master WHERE "tbl_name" = ? AND "type" = 'index')`,
      )
      .get(table, table) as { n: number | null }
  ).n ?? 0;

async function onSqlite(events: number): Promise<MigrationFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'migration-bench-'));
  const file = join(dir, 'db.sqlite');
  const adapter = () => new PrismaBetterSqlite3({ url: `file:${file}` });
  const before = migrationsBefore('sqlite', MIGRATION);
  try {
    await applyMigrations(readSchema('sqlite'), before, adapter());
    const old = new Sqlite(file);
    fillSqlite(old, oldGames(Math.ceil(events / PER_GAME), PER_GAME));
    old.exec('VACUUM');
    const oldBytes = sqliteBytes(old, 'Event');
    old.close();
    const started = performance.now();
    await applyMigrations(readSchema('sqlite'), schemaFiles.sqlite.migrations, adapter());
    const seconds = (performance.now() - started) / 1000;
    const db = new Sqlite(file);
    try {
      db.exec('VACUUM');
      const n = (db.prepare('SELECT COUNT(*) AS n FROM "Event"').get() as { n: number }).n;
      return { events: n, seconds, before: oldBytes / n, after: (sqliteBytes(db, 'Event') + sqliteBytes(db, 'MoveKey')) / n };
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(before, { recursive: true, force: true });
  }
}

async function onPostgres(url: string, events: number): Promise<MigrationFigures> {
  return withScratchDatabase(url, async (scratch) => {
    const before = migrationsBefore('postgresql', MIGRATION);
    try {
      await applyMigrations(readSchema('postgresql'), before, new PrismaPg(scratch));
      const client = new pg.Client({ connectionString: scratch });
      await client.connect();
      try {
        await fillPostgres(client, oldGames(Math.ceil(events / PER_GAME), PER_GAME));
        const size = async (table: string) => {
          await client.query(`VACUUM ANALYZE "${table}"`);
          return Number((await client.query(`SELECT pg_total_relation_size('"${table}"') AS n`)).rows[0].n);
        };
        const oldBytes = await size('Event');
        const started = performance.now();
        await applyMigrations(readSchema('postgresql'), schemaFiles.postgresql.migrations, new PrismaPg(scratch));
        const seconds = (performance.now() - started) / 1000;
        const n = Number((await client.query('SELECT COUNT(*) AS n FROM "Event"')).rows[0].n);
        return { events: n, seconds, before: oldBytes / n, after: ((await size('Event')) + (await size('MoveKey'))) / n };
      } finally {
        await client.end();
      }
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--events');
  const events = Number(i > 0 ? process.argv[i + 1] : 1_000_000);
  const url = process.env.DATABASE_URL;
  const f = url?.startsWith('postgres') ? await onPostgres(url, events) : await onSqlite(events);
  console.log(
    `${url?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}: ${MIGRATION} rewrote ${f.events.toLocaleString('en')} events in ` +
      `${f.seconds.toFixed(1)} s (${((f.seconds * 1e6) / f.events).toFixed(1)} s per million events); ` +
      `bytes per event ${f.before.toFixed(0)} before, ${f.after.toFixed(0)} after (with the MoveKey rows)`,
  );
}
