// Database chores: `schemas` derives the PostgreSQL schema from prisma/schema.prisma; `migration NAME`
// writes a migration for each provider with Prisma's engine; `migrate` applies pending migrations to
// the database the server would use (DATABASE_URL or the SQLite file under DATA_DIR).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { loadConfig } from '../src/config';
import { openDatabase, readSchema, schemaFiles } from '../src/store/database';
import { postgresSchemaFrom } from '../src/store/postgres-schema';
import { createMigration } from '../src/store/schema-engine';

const [command, name] = process.argv.slice(2);

// The PostgreSQL schema as the last migration built it, diffed against the new one (see datamodelChange).
const previousPostgres = readSchema('postgresql');
if (command === 'schemas' || command === 'migration') {
  mkdirSync(dirname(schemaFiles.postgresql.schema), { recursive: true });
  writeFileSync(schemaFiles.postgresql.schema, postgresSchemaFrom(readFileSync(schemaFiles.sqlite.schema, 'utf8')));
  console.log(`wrote ${schemaFiles.postgresql.schema}`);
}
if (command === 'migration') {
  if (!name) throw new Error('usage: db migration NAME');
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const folder = `${stamp}_${name}`;
  const sqlite = await createMigration(
    readSchema('sqlite'),
    schemaFiles.sqlite.migrations,
    new PrismaBetterSqlite3({ url: ':memory:' }, { shadowDatabaseUrl: ':memory:' }),
    folder,
  );
  console.log(sqlite ? `wrote ${sqlite}` : 'sqlite: no change');
  const { withScratchDatabase } = await import('../src/store/postgres');
  const pg = await withScratchDatabase(process.env.ADMIN_DATABASE_URL, (url) =>
    createMigration(readSchema('postgresql'), schemaFiles.postgresql.migrations, new PrismaPg(url), folder, previousPostgres),
  );
  console.log(pg ? `wrote ${pg}` : 'postgresql: no change');
}
if (command === 'migrate') {
  const db = await openDatabase(loadConfig());
  console.log(`${db.provider}: migrations applied`);
  await db.close();
}
if (!['schemas', 'migration', 'migrate'].includes(command ?? '')) {
  console.error('usage: tsx scripts/db.ts schemas | migration NAME | migrate');
  process.exitCode = 2;
}
