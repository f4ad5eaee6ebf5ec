// Generates the Prisma clients for both providers (run by npm's postinstall).
// `prisma generate` never runs the schema engine, but it looks for the native binary, which cannot be
// downloaded on machines without internet access: pointing it at any existing file is enough.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath };
for (const schema of ['prisma/schema.prisma', 'prisma/postgresql/schema.prisma']) {
  if (!existsSync(schema)) continue;
  execFileSync('npx', ['prisma', 'generate', '--schema', schema], { stdio: 'inherit', env });
}
