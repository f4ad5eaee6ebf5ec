import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fillSqlite, MIGRATION, migrationsBefore, oldGames } from '../bench/migration';
import { readSchema, schemaFiles } from '../src/store/database';
import { postgresSchemaFrom } from '../src/store/postgres-schema';
import { applyMigrations, pendingSchemaChange } from '../src/store/schema-engine';

const noChange = (sql: string) => sql === '' || /^-- This is an empty migration\.?$/.test(sql);

describe('migrations and schema.prisma agree', () => {
  it('the PostgreSQL schema is prisma/schema.prisma with only the provider and the client folder changed', () => {
    expect(readFileSync(schemaFiles.postgresql.schema, 'utf8')).toBe(
      postgresSchemaFrom(readFileSync(schemaFiles.sqlite.schema, 'utf8')),
    );
  });

  it('the SQLite migrations build exactly the models of schema.prisma (Prisma’s engine finds nothing to add)', async () => {
    const sql = await pendingSchemaChange(
      readSchema('sqlite'),
      schemaFiles.sqlite.migrations,
      new PrismaBetterSqlite3({ url: ':memory:' }, { shadowDatabaseUrl: ':memory:' }),
    );
    expect(noChange(sql), sql).toBe(true);
  });

  it('a model changed without a migration is caught', async () => {
    const changed = readSchema('sqlite');
    changed.content = changed.content.replace('  name   String?', '  name   String?\n  rating Int?');
    const sql = await pendingSchemaChange(
      changed,
      schemaFiles.sqlite.migrations,
      new PrismaBetterSqlite3({ url: ':memory:' }, { shadowDatabaseUrl: ':memory:' }),
    );
    expect(sql).toMatch(/rating/);
  });
});

describe('compact_events', () => {
  it('keeps every event, its tree nodes above the leaves and its Idempotency-Key, each game under a key of its own; a game created afterwards gets one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compact-events-'));
    const file = join(dir, 'db.sqlite');
    const before = migrationsBefore('sqlite', MIGRATION);
    try {
      await applyMigrations(readSchema('sqlite'), before, new PrismaBetterSqlite3({ url: `file:${file}` }));
      const games = [...oldGames(3, 12)];
      const old = new Sqlite(file);
      fillSqlite(old, games);
      old.close();
      const applied = await applyMigrations(
        readSchema('sqlite'),
        schemaFiles.sqlite.migrations,
        new PrismaBetterSqlite3({ url: `file:${file}` }),
      );
      // compact_events first, then any migration that came after it.
      expect(applied[0]).toMatch(/_compact_events$/);
      const db = new Sqlite(file);
      try {
        const keys = db.prepare('SELECT "key", "gameId" FROM "GameKey" ORDER BY "key"').all() as {
          key: number;
          gameId: string;
        }[];
        expect(new Set(keys.map((k) => k.key)).size).toBe(3);
        expect(keys.map((k) => k.gameId).sort()).toEqual(games.map((g) => g.id).sort());
        for (const g of games) {
          const rows = db
            .prepare(
              `SELECT e."seq", e."seat", e."action", e."views", e."nodes", e."createdAt", m."key" AS "idempotencyKey"
               FROM "Event" e JOIN "GameKey" k ON k."key" = e."gameKey"
               LEFT JOIN "MoveKey" m ON m."gameKey" = e."gameKey" AND m."seq" = e."seq" AND m."seat" = e."seat"
               WHERE k."gameId" = ? ORDER BY e."seq"`,
            )
            .all(g.id);
          // An event's own leaf hash (its nodes' first 32 bytes) is no longer kept: it is the row's hash.
          expect(rows).toEqual(g.events.map(({ gameId, ...e }) => ({ ...e, nodes: e.nodes.subarray(32) })));
        }
        const keyed = games.flatMap((g) => g.events).filter((e) => e.idempotencyKey).length;
        expect(keyed).toBeGreaterThan(0);
        expect(db.prepare('SELECT COUNT(*) AS n FROM "MoveKey"').get()).toEqual({ n: keyed });
        db.prepare(
          `INSERT INTO "Game" ("id", "kind", "options", "seatCount", "engineVersion", "seed", "seedHash", "origin", "status", "updatedAt")
           VALUES ('new', 'scopa', '{}', 2, 3, 's', 'h', 'server', 'active', '2026-11-29')`,
        ).run();
        expect(db.prepare(`SELECT "key" FROM "GameKey" WHERE "gameId" = 'new'`).get()).toEqual({ key: 4 });
        db.pragma('foreign_keys = ON');
        db.prepare(`DELETE FROM "Game" WHERE "id" = ?`).run(games[0].id);
        expect(db.prepare('SELECT COUNT(*) AS n FROM "Event"').get()).toEqual({ n: 24 });
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(before, { recursive: true, force: true });
    }
  });
});
