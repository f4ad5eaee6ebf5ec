import { existsSync } from 'node:fs';
import type { Config } from '../config';
import type { PrismaClient } from '../generated/prisma/sqlite/client';
import { type Provider, providerOf, sqliteFile } from '../store/database';
import { Refused } from './problem';

/**
 * The generated client. Both providers' clients are generated from the same models (the PostgreSQL
 * schema is the SQLite one with its provider changed), so the SQLite client's type speaks for both.
 */
export type Client = PrismaClient;

export interface AdminDatabase {
  client: Client;
  provider: Provider;
  /** Where it is, for messages: the SQLite file, or the PostgreSQL server and database (no password). */
  where: string;
}

/**
 * Opens the database the server would use (DATABASE_URL, or the SQLite file under DATA_DIR) with the
 * generated Prisma Client. It never creates or migrates one: that is the server's business.
 * `errorFormat: 'minimal'` keeps the client from capturing a stack trace at every query, which it does
 * for its pretty errors unless NODE_ENV is production.
 */
export async function openAdminDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<AdminDatabase> {
  if (providerOf(config.databaseUrl) === 'postgresql') {
    const url = config.databaseUrl as string;
    const [{ PrismaClient }, { PrismaPg }] = await Promise.all([
      import('../generated/prisma/postgresql/client'),
      import('@prisma/adapter-pg'),
    ]);
    const client = new PrismaClient({ adapter: new PrismaPg(url), errorFormat: 'minimal' }) as unknown as Client;
    const { host, pathname } = new URL(url);
    return { client, provider: 'postgresql', where: `PostgreSQL at ${host}${pathname}` };
  }
  const file = sqliteFile(config.dataDir);
  if (!existsSync(file)) {
    throw new Refused(`there is no database at ${file}: set DATA_DIR to the server's data folder, or DATABASE_URL`);
  }
  const [{ PrismaClient }, { PrismaBetterSqlite3 }] = await Promise.all([
    import('../generated/prisma/sqlite/client'),
    import('@prisma/adapter-better-sqlite3'),
  ]);
  // A server writing at the same time holds the lock for a moment: wait for it rather than fail.
  const adapter = new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 5000 });
  return { client: new PrismaClient({ adapter, errorFormat: 'minimal' }), provider: 'sqlite', where: `SQLite file ${file}` };
}
