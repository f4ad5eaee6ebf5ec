import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { expect, it } from 'vitest';
import { readSchema, schemaFiles } from '../../src/store/database';
import { applyMigrations, pendingSchemaChange } from '../../src/store/schema-engine';
import { privateDatabase } from '../support/harness';

/** Tables, columns, constraints and indexes of a database, as text that two databases can be compared by. */
async function catalogOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (sql: string) => (await client.query(sql)).rows.map((r) => Object.values(r).join(' | ')).sort();
    return {
      columns:
        await q(`SELECT table_name, column_name, data_type, is_nullable, coalesce(column_default, '') FROM information_schema.columns
                        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`),
      constraints: await q(`SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
                            WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'`),
      indexes: await q(
        `SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
      ),
    };
  } finally {
    await client.end();
  }
}

it('the PostgreSQL migrations build exactly the database that schema.prisma describes', async () => {
  const migrated = await privateDatabase();
  const direct = await privateDatabase();
  try {
    const schema = readSchema('postgresql');
    const urlA = migrated.databaseUrl as string;
    const urlB = direct.databaseUrl as string;
    await applyMigrations(schema, schemaFiles.postgresql.migrations, new PrismaPg(urlA));
    // Prisma's engine writes the SQL for schema.prisma from nothing; run it on a second database.
    const script = await pendingSchemaChange(schema, `${schemaFiles.postgresql.migrations}/none`, new PrismaPg(urlB));
    const client = new pg.Client({ connectionString: urlB });
    await client.connect();
    await client.query(script);
    await client.end();
    const [a, b] = [await catalogOf(urlA), await catalogOf(urlB)];
    expect(a.columns.length).toBeGreaterThan(10);
    expect(a).toEqual(b);
  } finally {
    await migrated.drop();
    await direct.drop();
  }
});
