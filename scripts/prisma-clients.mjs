// Generates the Prisma Client of each schema (SQLite, PostgreSQL) into src/generated/prisma/<provider>,
// for the operator's command line (npm run admin): `npm ci` runs it (package.json `prepare`), and the
// command line runs it again whenever a schema or Prisma's version has changed since.
//
// `prisma generate` never runs the schema engine, but it looks for the native binary, which cannot be
// downloaded on machines without internet access: pointing it at any existing file is enough. The
// generated client runs its queries in WebAssembly through the driver adapters: no binary at all.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export const clients = {
  sqlite: { schema: join(root, 'prisma/schema.prisma'), output: join(root, 'src/generated/prisma/sqlite') },
  postgresql: { schema: join(root, 'prisma/postgresql/schema.prisma'), output: join(root, 'src/generated/prisma/postgresql') },
};

/** Thrown when the Prisma CLI is not installed (a production install, `--omit=dev`). */
export class NoPrismaCli extends Error {}

function prismaCli() {
  try {
    const pkg = require.resolve('prisma/package.json');
    return { bin: join(dirname(pkg), 'build/index.js'), version: JSON.parse(readFileSync(pkg, 'utf8')).version };
  } catch {
    throw new NoPrismaCli('the Prisma CLI (the `prisma` dev dependency) is not installed: run `npm ci` with dev dependencies');
  }
}

/** What a client was generated from: its schema and the versions of the generator and the runtime. */
function fingerprint(schema, cliVersion) {
  const runtime = JSON.parse(readFileSync(require.resolve('@prisma/client/package.json'), 'utf8')).version;
  return createHash('sha256')
    .update(`${cliVersion}\n${runtime}\n${readFileSync(schema, 'utf8')}`)
    .digest('hex');
}

const stampOf = (output) => join(output, 'generated-from.sha256');

/** Generates the clients that are missing or out of date; resolves to the providers it generated. */
export async function ensureClients() {
  const cli = prismaCli();
  const stale = Object.entries(clients).filter(([, c]) => {
    const stamp = stampOf(c.output);
    return !existsSync(stamp) || readFileSync(stamp, 'utf8') !== fingerprint(c.schema, cli.version);
  });
  const env = {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  };
  await Promise.all(
    stale.map(async ([provider, c]) => {
      try {
        await promisify(execFile)(process.execPath, [cli.bin, 'generate', '--schema', c.schema], { cwd: root, env });
      } catch (e) {
        throw new Error(`prisma generate failed for ${provider}:\n${e.stderr || e.stdout || e.message}`);
      }
      writeFileSync(stampOf(c.output), fingerprint(c.schema, cli.version));
    }),
  );
  return stale.map(([provider]) => provider);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const made = await ensureClients();
    console.log(made.length ? `Prisma Client generated for ${made.join(' and ')}` : 'Prisma Clients are up to date');
  } catch (e) {
    if (!(e instanceof NoPrismaCli)) throw e;
    // A production install has no use for them: the server does not use Prisma Client.
    console.log(`Prisma Clients not generated: ${e.message}`);
  }
}
