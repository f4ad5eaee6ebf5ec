import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { Sql } from './sql';

/**
 * Prisma's own schema engine, compiled to WebAssembly (the native binary cannot be downloaded on
 * these machines). Node cannot import the package's `.wasm` entry directly, so the module is
 * instantiated here and handed to the generated bindings (see DESIGN.md, "Prisma on machines...").
 */
let ready: Promise<void> | undefined;

// Node's global WebAssembly, typed by hand: the DOM lib that declares it does not belong in a server.
declare const WebAssembly: {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

function loadWasm(): Promise<void> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
    const bytes = await readFile(join(dir, 'schema_engine_bg.wasm'));
    // Baseline-compiled only: the engine runs once at start-up, and the code V8's optimizing tier
    // made of it stayed for the life of the server (~30 MB of RSS, for no faster start). No other
    // WebAssembly runs in this process.
    setFlagsFromString('--liftoff-only');
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bindings });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return ready;
}

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * The engine replays migration files on a shadow database with `executeRaw`, one call per file;
 * better-sqlite3 prepares one statement at a time and refuses a whole file. On SQLite a file without
 * parameters goes to `executeScript` instead, which runs statement after statement. PostgreSQL takes
 * a whole file as it is (pg sends a query without parameters as one simple query), in `executeRaw`
 * and in place of `executeScript`: its adapter's splits at every `;`, function bodies included.
 */
function runsScripts(
  factory: SqlMigrationAwareDriverAdapterFactory,
  opened: SqlDriverAdapter[],
): SqlMigrationAwareDriverAdapterFactory {
  const wrap = (conn: SqlDriverAdapter): SqlDriverAdapter => {
    opened.push(conn);
    return new Proxy(conn, {
      get(target, name) {
        if (name === 'executeScript' && factory.provider !== 'sqlite') {
          return async (sql: string) => {
            await target.executeRaw({ sql, args: [], argTypes: [] });
          };
        }
        if (name === 'executeRaw') {
          return async (q: SqlQuery) => {
            if (q.args.length > 0 || !q.sql.includes(';') || factory.provider !== 'sqlite') return target.executeRaw(q);
            await target.executeScript(q.sql);
            return 0;
          };
        }
        const v = Reflect.get(target, name, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wrap(await factory.connect()),
    connectToShadowDb: async () => wrap(await factory.connectToShadowDb()),
  };
}

type Engine = Awaited<ReturnType<typeof bindings.SchemaEngine.new>>;

async function withEngine<T>(
  schema: { path: string; content: string },
  adapter: SqlMigrationAwareDriverAdapterFactory,
  run: (engine: Engine) => Promise<T>,
): Promise<T> {
  await loadWasm();
  const opened: SqlDriverAdapter[] = [];
  const engine = await bindings.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(runsScripts(adapter, opened)),
  );
  try {
    return await run(engine);
  } finally {
    engine.free();
    // The engine does not close its connections; an open SQLite handle would block the switch to WAL.
    await Promise.all(opened.map((c) => c.dispose().catch(() => {})));
  }
}

/** The pg adapter calls its provider "postgres"; Prisma's lock files say "postgresql". */
const lockProvider = (p: string) => (p === 'postgres' ? 'postgresql' : p);

/** The migrations folder as the engine reads it: every `<name>/migration.sql`, in name order. */
export async function readMigrations(migrationsDir: string, provider: string) {
  const names = existsSync(migrationsDir)
    ? (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: `provider = "${lockProvider(provider)}"\n` },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/**
 * Whether every migration in the folder is applied already, read from `_prisma_migrations` without
 * the engine: a server that starts next to running ones (sharing a SQLite file or a PostgreSQL
 * database) leaves the schema alone, and starts faster.
 */
export async function migrationsApplied(sql: Sql, migrationsDir: string): Promise<boolean> {
  const { migrationDirectories } = await readMigrations(migrationsDir, sql.provider);
  let applied: Set<string>;
  try {
    const rows = await sql.all<{ migration_name: string }>(
      'SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL',
    );
    applied = new Set(rows.map((r) => r.migration_name));
  } catch {
    // No table yet: a new database.
    return false;
  }
  return migrationDirectories.every((m) => applied.has(m.path));
}

/**
 * Applies every migration not yet applied and records it in `_prisma_migrations`, as
 * `prisma migrate deploy` does. Returns the names applied now.
 */
export async function applyMigrations(
  schema: { path: string; content: string },
  migrationsDir: string,
  adapter: SqlMigrationAwareDriverAdapterFactory,
): Promise<string[]> {
  const migrationsList = await readMigrations(migrationsDir, adapter.provider);
  return withEngine(schema, adapter, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return out.appliedMigrationNames;
  });
}

/**
 * The SQL that takes a database from the committed migrations to `schema.prisma` (empty when they
 * agree), computed by the engine on a shadow database through the adapter.
 */
export async function pendingSchemaChange(
  schema: { path: string; content: string },
  migrationsDir: string,
  adapter: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  const migrationsList = await readMigrations(migrationsDir, adapter.provider);
  return withEngine(schema, adapter, async (engine) => {
    const from = migrationsList.migrationDirectories.length
      ? { tag: 'migrations' as const, ...migrationsList }
      : { tag: 'empty' as const };
    const out = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return (out.stdout ?? '').trim();
  });
}

/**
 * The SQL that takes a database built from `previous` to `schema`, from the two datamodels alone: on
 * PostgreSQL the pg adapter cannot read the "char" columns the engine meets when it inspects a shadow
 * database, so new migrations there are diffed from the schema the last migration built.
 */
export async function datamodelChange(
  previous: { path: string; content: string },
  schema: { path: string; content: string },
  adapter: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  return withEngine(schema, adapter, async (engine) => {
    const out = await engine.diff({
      from: { tag: 'schemaDatamodel', files: [previous] },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return (out.stdout ?? '').trim();
  });
}

/**
 * Writes a new migration folder with the engine's SQL, when the schema has changed: from the
 * committed migrations, or from the `previous` datamodel when given.
 */
export async function createMigration(
  schema: { path: string; content: string },
  migrationsDir: string,
  adapter: SqlMigrationAwareDriverAdapterFactory,
  name: string,
  previous?: { path: string; content: string },
): Promise<string | undefined> {
  const sql = previous
    ? await datamodelChange(previous, schema, adapter)
    : await pendingSchemaChange(schema, migrationsDir, adapter);
  if (!sql || /^-- This is an empty migration\.?$/.test(sql)) return undefined;
  const folder = join(migrationsDir, name);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'migration.sql'), `${sql}\n`);
  await writeFile(join(migrationsDir, 'migration_lock.toml'), `provider = "${lockProvider(adapter.provider)}"\n`);
  return folder;
}
