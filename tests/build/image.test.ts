import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, freePort, untilHealthy } from '../support/process';

/**
 * The Docker image, built and run without Docker (these machines have none): the Dockerfile's own
 * COPY and RUN steps, read from the Dockerfile and carried out in temporary folders, from the build
 * context that .dockerignore leaves, then the run stage's CMD and HEALTHCHECK.
 *
 * It installs from the registry and compiles a native module (minutes), so it runs on its own:
 * `npm run test:build` (and .ci/run) sets BUILD_TEST=1.
 */
const repo = resolve(import.meta.dirname, '../..');
let work = '';
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Stage {
  from: string;
  lines: { instruction: string; args: string }[];
}

/** The Dockerfile's stages and their instructions (continuation lines joined, comments dropped). */
function stages(): Stage[] {
  const text = readFileSync(join(repo, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const result: Stage[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const [, instruction, args] = /^(\w+)\s+(.*)$/.exec(line.trim()) as RegExpExecArray;
    if (instruction === 'FROM') result.push({ from: args, lines: [] });
    else result.at(-1)?.lines.push({ instruction, args });
  }
  return result;
}

/** Docker's matching of .dockerignore patterns, for the forms used there (`name`, `dir/x`, `**` and `*`). */
function ignored(path: string, patterns: string[]) {
  return patterns.some((pattern) => {
    const source = pattern
      .replace(/^\//, '')
      .split('**/')
      .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
      .join('(?:.*/)?');
    return new RegExp(`^${source}(?:/.*)?$`).test(path);
  });
}

/** The build context Docker would send: the clone's files less what .dockerignore names. */
function context(into: string) {
  const patterns = readFileSync(join(repo, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: repo, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && existsSync(join(repo, f)) && !ignored(f, patterns));
  for (const file of files) cpSync(join(repo, file), join(into, file));
  return files;
}

/** COPY as Docker does it: a folder's contents into the destination, a file into a destination folder by its name. */
function copy(args: string, from: string, workdir: string, to: string) {
  const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
  const dest = parts.pop() as string;
  const inside = (path: string) => (path.startsWith('/') ? relative(workdir, path) : path);
  const target = join(to, inside(dest));
  for (const source of parts) {
    const path = join(from, inside(source));
    const into = statSync(path).isDirectory() || !dest.endsWith('/') ? target : join(target, basename(path));
    cpSync(path, into, { recursive: true });
  }
}

/** This process's environment less what the test runner adds (NODE_ENV=test, its own variables). */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && k !== 'DATABASE_URL' && !k.startsWith('VITEST')),
  );

const run = (command: string, cwd: string) =>
  execFileSync('sh', ['-c', command], {
    cwd,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });

describe('the Docker image, built without Docker', () => {
  it('builds with scripts/build.sh from a clean context and serves with production dependencies only', async () => {
    const [build, runtime, ...more] = stages();
    expect(more).toEqual([]);
    expect(build.from).toBe('node:24-bookworm-slim AS build');
    expect(runtime.from).toBe('node:24-bookworm-slim');

    work = mkdtempSync(join(tmpdir(), 'card-table-image-'));
    const ctx = join(work, 'context');
    const buildDir = join(work, 'build');
    const runDir = join(work, 'run');
    for (const dir of [ctx, buildDir, runDir]) mkdirSync(dir);
    const files = context(ctx);
    expect(files).toContain('scripts/build.sh');
    expect(files.some((f) => f.startsWith('node_modules/') || f.endsWith('.test.ts'))).toBe(false);

    // The build stage: its COPY steps, and every RUN is either the system packages or scripts/build.sh.
    const workdir = build.lines.find((l) => l.instruction === 'WORKDIR')?.args as string;
    expect(runtime.lines.find((l) => l.instruction === 'WORKDIR')?.args).toBe(workdir);
    const steps: string[] = [];
    for (const { instruction, args } of build.lines) {
      if (instruction === 'COPY') copy(args, ctx, workdir, buildDir);
      if (instruction !== 'RUN') continue;
      if (args.startsWith('apt-get ')) continue; // python3, make and g++ are on these machines already
      expect(args).toMatch(/^scripts\/build\.sh( \w+)?$/);
      steps.push(args);
      run(args, buildDir);
    }
    expect(steps).toEqual(['scripts/build.sh deps', 'scripts/build.sh app']);

    // The run stage: what it copies from the build stage, its environment, user, health check and command.
    const env: Record<string, string> = {};
    let user = 'root';
    let healthcheck: string[] = [];
    let command: string[] = [];
    for (const { instruction, args } of runtime.lines) {
      if (instruction === 'COPY') {
        expect(args.startsWith('--from=build ')).toBe(true);
        copy(args, buildDir, workdir, runDir);
      }
      if (instruction === 'ENV') for (const [, k, v] of args.matchAll(/(\w+)=(\S+)/g)) env[k] = v;
      if (instruction === 'USER') user = args;
      if (instruction === 'HEALTHCHECK') healthcheck = JSON.parse(args.slice(args.indexOf('CMD ') + 4));
      if (instruction === 'CMD') command = JSON.parse(args);
      if (instruction === 'RUN') expect(args).toMatch(/^mkdir -p \/data && chown node:node \/data$/);
    }
    expect(user).toBe('node');
    // Node's flags as `npm start` gives them.
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    expect(start).toMatch(/^exec node (--\S+ )+dist\/main\.js$/);
    expect(command).toEqual(start.split(' ').slice(1));

    // Production dependencies only: every package the lockfile marks as needed for development alone
    // (the Prisma CLI and TypeScript included, which are optional peers of @prisma/client) is gone.
    const lock = JSON.parse(readFileSync(join(buildDir, 'package-lock.json'), 'utf8')).packages as Record<
      string,
      { dev?: boolean; devOptional?: boolean }
    >;
    const devOnly = Object.entries(lock).filter(([path, p]) => path !== '' && (p.dev || p.devOptional));
    expect(devOnly.length).toBeGreaterThan(100);
    for (const [path] of devOnly) expect(existsSync(join(runDir, path)), path).toBe(false);
    const size = run('du -sm node_modules', runDir).split('\t')[0];
    console.log(`image: production node_modules ${size} MB`);

    const port = await freePort();
    const serverEnv: NodeJS.ProcessEnv = {
      ...cleanEnv(),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
    };
    delete serverEnv.JWT_SECRET;
    const [executable, ...args] = command;
    const server = spawn(executable === 'node' ? process.execPath : executable, args, {
      cwd: runDir,
      env: serverEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const out of [server.stdout, server.stderr]) out?.on('data', (chunk) => (output += chunk));
    try {
      // A fresh data folder: the server creates its database in a migration thread started from that
      // thread's own bundle, and serves only once the thread has applied every migration.
      expect(existsSync(join(runDir, 'dist/migrate-worker.js'))).toBe(true);
      await untilHealthy(server, port);
      const [hcExe, ...hcArgs] = healthcheck;
      execFileSync(hcExe === 'node' ? process.execPath : hcExe, hcArgs, { env: serverEnv, timeout: 3000 });

      const base = `http://127.0.0.1:${port}`;
      const created = await fetch(`${base}/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'divide-and-conquer', seats: 2 }),
      });
      expect(created.status).toBe(201);
      const game = (await created.json()) as { id: string; seats: { token: string }[] };
      const auth = { authorization: `Bearer ${game.seats[0].token}` };
      const view = (await (await fetch(`${base}/games/${game.id}/view`, { headers: auth })).json()) as {
        legalActions: unknown[];
      };
      const moved = await fetch(`${base}/games/${game.id}/moves`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ action: view.legalActions[0] }),
      });
      expect(moved.status).toBe(200);
      // A bot thinks in a worker thread started from the worker's own bundle (dist/bot-worker.js).
      const withBot = await fetch(`${base}/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'divide-and-conquer', seats: [{ name: 'Ann' }, { bot: 'expert' }] }),
      });
      expect(withBot.status).toBe(201);
      const botGame = (await withBot.json()) as { id: string };
      let botMoves: { by: string }[] = [];
      for (let tries = 0; tries < 100 && botMoves.length === 0; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        const { events } = (await (await fetch(`${base}/games/${botGame.id}/events`)).json()) as { events: { by: string }[] };
        botMoves = events.filter((e) => e.by === 'bot');
      }
      expect(botMoves).toHaveLength(1);
      expect((await fetch(`${base}/metrics`)).status).toBe(200);
      // The web table, built with the server: the page at / and the bundle it loads.
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      const script = /<script type="module" src="([^"]+)"/.exec(await page.text())?.[1];
      expect(script).toMatch(/^\/assets\/main-\w+\.js$/);
      const bundle = await fetch(`${base}${script}`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-type')).toMatch(/javascript/);
      expect((await bundle.text()).length).toBeGreaterThan(1000);
    } finally {
      server.kill('SIGTERM');
      expect(await exited(server), output).toBe(0);
    }
  }, 1_200_000);
});
