// The operator's command line: `npm run admin -- <command>` (src/admin/cli.ts; `--help` lists the
// commands). Its Prisma Clients are generated first if they are missing or older than the schemas.
import { ensureClients } from './prisma-clients.mjs';

// Piped into `head` or a pager that quits early: the reader has what it wanted.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const made = await ensureClients();
if (made.length) console.error(`(generated Prisma Client for ${made.join(' and ')})`);
const { main } = await import('../src/admin/cli');
process.exitCode = await main(process.argv.slice(2), {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  env: process.env,
});
