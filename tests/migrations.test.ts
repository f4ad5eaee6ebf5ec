import { readFileSync } from 'node:fs';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readSchema, schemaFiles } from '../src/store/database';
import { postgresSchemaFrom } from '../src/store/postgres-schema';
import { pendingSchemaChange } from '../src/store/schema-engine';

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
