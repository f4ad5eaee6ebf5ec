import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '../generated/prisma/sqlite/client';
import { applyMigrations } from './schema-engine';

export type Provider = 'sqlite' | 'postgresql';

/** The Prisma client type every store function is written against (the models are the same for each provider). */
export type Db = PrismaClient;

export interface Database {
  provider: Provider;
  prisma: Db;
  /** The PostgreSQL pool, for LISTEN/NOTIFY (absent on SQLite). */
  pool?: import('pg').Pool;
  close(): Promise<void>;
}

const root = resolve(fileURLToPath(import.meta.url), '../../..');

export const schemaFiles: Record<Provider, { schema: string; migrations: string }> = {
  sqlite: { schema: join(root, 'prisma/schema.prisma'), migrations: join(root, 'prisma/migrations') },
  postgresql: { schema: join(root, 'prisma/postgresql/schema.prisma'), migrations: join(root, 'prisma/postgresql/migrations') },
};

export function readSchema(provider: Provider) {
  const path = schemaFiles[provider].schema;
  return { path: 'schema.prisma', content: readFileSync(path, 'utf8') };
}

export interface DatabaseConfig {
  /** `postgresql://...` selects PostgreSQL; anything else, or nothing, the SQLite file. */
  databaseUrl?: string;
  /** Where the SQLite file lives. */
  dataDir: string;
}

export function providerOf(url: string | undefined): Provider {
  return url && /^postgres(ql)?:\/\//.test(url) ? 'postgresql' : 'sqlite';
}

/** Opens the database, creating and migrating it on first start with Prisma's migration SQL. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (providerOf(config.databaseUrl) === 'postgresql') {
    const { openPostgres } = await import('./postgres');
    return openPostgres(config.databaseUrl as string);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const url = `file:${join(config.dataDir, 'cardtable.db')}`;
  await applyMigrations(readSchema('sqlite'), schemaFiles.sqlite.migrations, new PrismaBetterSqlite3({ url }));
  // busy_timeout lets a second connection (another process on the same file) wait for a writer instead of failing.
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url, timeout: 5000 }) });
  await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  return { provider: 'sqlite', prisma, close: () => prisma.$disconnect() };
}
