import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { applyMigrations } from './schema-engine';

// The compiled server's bundle of src/store/migrate-worker.ts, beside main.js (scripts/build.mjs).
declare const MIGRATE_WORKER_BUNDLE: string | undefined;

/** A database to migrate, and the schema and migrations it is migrated to: all of it can cross to a thread. */
export type MigrationTarget = { schema: { path: string; content: string }; migrations: string } & (
  | { provider: 'sqlite'; file: string }
  | { provider: 'postgresql'; url: string }
);

/** Applies the migrations not yet applied, with Prisma's schema engine, in this thread; returns their names. */
export async function migrate(target: MigrationTarget): Promise<string[]> {
  if (target.provider === 'sqlite') {
    const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3');
    return applyMigrations(target.schema, target.migrations, new PrismaBetterSqlite3({ url: `file:${target.file}` }));
  }
  const { PrismaPg } = await import('@prisma/adapter-pg');
  return applyMigrations(target.schema, target.migrations, new PrismaPg(target.url, { onPoolError: () => {} }));
}

/**
 * The compiled server migrates in a thread of its own, ended once the migrations are applied: the
 * schema engine is WebAssembly, whose memory never shrinks and stays with the thread that loaded it
 * (a server that created its database idled 10-15 MiB above one that found it made). From the
 * TypeScript sources (tests, tsx) it migrates in this thread.
 */
export function migrateApart(target: MigrationTarget): Promise<string[]> {
  if (typeof MIGRATE_WORKER_BUNDLE !== 'string') return migrate(target);
  const worker = new Worker(join(import.meta.dirname, MIGRATE_WORKER_BUNDLE), { workerData: target });
  return new Promise<string[]>((resolve, reject) => {
    worker.once('message', (applied: string[]) => {
      resolve(applied);
      // The adapter's connections may keep the thread alive: it has said all it had to.
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the migration thread stopped (exit code ${code}) before it finished`)));
  });
}
