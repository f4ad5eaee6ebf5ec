import { chmodSync, closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { migrateApart } from './migrate';
import { migrationsApplied } from './schema-engine';
import type { Sql } from './sql';
import { sqliteSql } from './sqlite-sql';

export type Provider = 'sqlite' | 'postgresql';

export interface Database {
  provider: Provider;
  sql: Sql;
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
  /** PostgreSQL: the most connections the pool opens. */
  poolSize?: number;
  /**
   * SQLite: NORMAL (the default) syncs the write-ahead log at checkpoints: durable across a crash of
   * the process (kill -9 included), while a power loss may take the last moves; FULL syncs every
   * commit, at about a millisecond or more each on a typical disk.
   */
  synchronous?: 'NORMAL' | 'FULL';
}

export function providerOf(url: string | undefined): Provider {
  return url && /^postgres(ql)?:\/\//.test(url) ? 'postgresql' : 'sqlite';
}

/** The SQLite file under the data folder. */
export const sqliteFile = (dataDir: string) => join(dataDir, 'cardtable.db');

/** Opens the database, creating and migrating it on first start with Prisma's migration SQL. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (providerOf(config.databaseUrl) === 'postgresql') {
    const { openPostgres } = await import('./postgres');
    return openPostgres(config.databaseUrl as string, config.poolSize);
  }
  // The database holds running games' seeds and webhook secrets: only the server's user reads it.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = sqliteFile(config.dataDir);
  // SQLite gives its -wal and -shm files the database file's own mode.
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  // busy_timeout lets another process on the same file wait for a writer instead of failing.
  const db = new Sqlite(file, { timeout: 5000 });
  if (!(await migrationsApplied(sqliteSql(db), schemaFiles.sqlite.migrations))) {
    await migrateApart({ provider: 'sqlite', file, schema: readSchema('sqlite'), migrations: schemaFiles.sqlite.migrations });
  }
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${config.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  const sql = sqliteSql(db);
  return { provider: 'sqlite', sql, close: () => sql.close() };
}
