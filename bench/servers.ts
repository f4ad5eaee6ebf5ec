// The bench's servers: bare Fastify and the service, each a child process of the bench, compiled.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(import.meta.dirname, '..');

export interface Server {
  base: string;
  pid: number;
  rss(): number;
  /** CPU time the server process has used, user and system, in ms. */
  cpu(): number;
  stop(): Promise<void>;
}

/** The servers running now: a bench that fails does not leave them behind. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** A port free now, from the system: fixed ports collided with other benches on a shared machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Padding for a server's environment, of a random length: the size of a process's environment moves
 * its stack, and with it how fast the same program runs. On this machine bare Fastify's hello
 * answered 75,000 req/s with 0, 1, 7 or 31 bytes of padding and 57,000 with 3 or 15. Each round of
 * the route table starts its servers afresh, padded anew, so that no pass is held to one layout.
 */
const layoutPad = () => '.'.repeat(Math.floor(Math.random() * 512));

/** Starts a server process and waits for it to answer. */
async function serve(script: string, env: Record<string, string>, health: string, profileDir = ''): Promise<Server> {
  const port = await freePort();
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  // Both run compiled, the service as deployed (`npm start`: the built bundle).
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, ...(script === SERVICE ? START_FLAGS : ['--enable-source-maps']), script],
    {
      cwd: root,
      // SQLite unless this server is given a database: the bench's own DATABASE_URL is for the PostgreSQL pass.
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        BENCH_LAYOUT_PAD: layoutPad(),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  children.add(child);
  child.once('exit', () => children.delete(child));
  await waitFor(base + health);
  return {
    base,
    pid: child.pid as number,
    cpu: () => {
      // utime and stime, the 14th and 15th fields of /proc/PID/stat, in clock ticks (100 a second).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const SERVICE = 'dist/main.js';
/** Node's flags for the service, as `npm start` (and the image) run it. */
const START_FLAGS = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start as string)
  .split(' ')
  .filter((word) => word.startsWith('--'));
const BARE = 'dist/bench-bare.js';

/**
 * The bench is one address making thousands of games and connections: the per-address limits, which keep
 * one network from costing the server more than its share, are lifted, as the rate limit always was.
 */
const BENCH_ENV = {
  JWT_SECRET: 'bench-secret-of-at-least-thirty-two-bytes',
  RATE_LIMIT_PER_MINUTE: '100000000',
  GAMES_PER_ADDRESS_PER_HOUR: '100000000',
  BOT_GAMES_PER_ADDRESS: '100000000',
  PLAYERS_PER_ADDRESS_PER_HOUR: '100000000',
  CONNECTIONS_PER_ADDRESS: '100000',
};

/** Builds the service (`npm run build`) and bare Fastify. */
export function buildServers() {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  // Bare Fastify runs as the service does: node on compiled JavaScript. Run through tsx's loader, its
  // hello answered a quarter slower with SQLite open (~54,000 req/s against ~70,000 compiled, and
  // against its own PostgreSQL pass), which flattered every SQLite ratio.
  buildSync({
    absWorkingDir: root,
    entryPoints: ['bench/bare.ts'],
    outfile: BARE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

/** Bare Fastify (bench/bare.ts), on fresh data. */
export const startBare = (env: Record<string, string>) => serve(BARE, env, '/hello');

/** The service as built, on fresh data unless `env` points it at a database; `profileDir`: its CPU profiles. */
export const startService = (env: Record<string, string>, profileDir = '') =>
  serve(SERVICE, { ...BENCH_ENV, ...env }, '/health', profileDir);

/** Runs `work` with a new, empty data directory for the servers it starts, removed afterwards. */
export async function withDataDir<T>(name: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
