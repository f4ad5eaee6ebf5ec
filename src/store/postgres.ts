import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/postgresql/client';
import { type Database, type Db, readSchema, schemaFiles } from './database';
import { applyMigrations } from './schema-engine';

/** PostgreSQL through the pg driver adapter: for several servers sharing one database. */
export async function openPostgres(url: string): Promise<Database> {
  await applyMigrations(
    readSchema('postgresql'),
    schemaFiles.postgresql.migrations,
    new PrismaPg(url, { onPoolError: () => {} }),
  );
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops must not take the process down; the next query reconnects.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    provider: 'postgresql',
    // Both generated clients expose the same models; the store is written against one of them.
    prisma: prisma as unknown as Db,
    pool,
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/**
 * Runs `work` with the URL of a new, empty database on the server of `adminUrl`, dropped afterwards:
 * a shadow database for the schema engine, or a private database for one test run.
 */
export async function withScratchDatabase<T>(adminUrl: string | undefined, work: (url: string) => Promise<T>): Promise<T> {
  const admin = adminUrl ?? 'postgresql://root@127.0.0.1:5432/test';
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    try {
      return await work(url.toString());
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
