import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, readSchema, schemaFiles } from './database';
import { migrateApart } from './migrate';
import { postgresSql } from './postgres-sql';
import { migrationsApplied } from './schema-engine';

const TIMESTAMP = 1114;

/** Prisma's DateTime columns are `timestamp without time zone` holding UTC: read them as UTC, not local time. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP
      ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** PostgreSQL: for several servers sharing one database. Prisma's engine migrates it through the pg adapter. */
export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle connection the server drops must not take the process down; the next query reconnects.
  pool.on('error', () => {});
  const sql = postgresSql(pool);
  if (!(await migrationsApplied(sql, schemaFiles.postgresql.migrations))) {
    await migrateApart({
      provider: 'postgresql',
      url,
      schema: readSchema('postgresql'),
      migrations: schemaFiles.postgresql.migrations,
    });
  }
  return {
    provider: 'postgresql',
    sql,
    pool,
    close: () => pool.end(),
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
