import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameKeyOf } from '../src/store/sql';
import { forgetTree, listening, privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer } from './support/tables';

/**
 * The README's curl walkthroughs, taken from README.md as they are written and run with bash (curl
 * and jq) against a server on a free port: a walkthrough that stops working fails here. Each stops
 * at its first error (set -euo pipefail, curl -fsS).
 */
const README = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
/** The clock walkthrough waits a move's time for a seat to run out: a few seconds here, not a minute. */
const PER_MOVE = 4;

let server: TestServer;
let drop: () => Promise<void>;
let api: string;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where);
  api = (await listening(server)).base;
});
afterAll(async () => {
  await server.close();
  await drop();
});

/** The first `count` sh blocks under a heading (up to the next heading), joined into one script. */
function walkthrough(heading: string, count = Number.POSITIVE_INFINITY): string {
  const lines = README.split('\n');
  const start = lines.findIndex((l) => /^#{2,3} /.test(l) && l.replace(/^#+ /, '') === heading);
  expect(start, `README has no heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && /^#{2,3} /.test(l));
  const section = lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
  const blocks = [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]).slice(0, count);
  expect(blocks.length).toBeGreaterThan(0);
  return blocks.join('\n');
}

function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      env: { ...process.env, API: api, PER_MOVE: String(PER_MOVE) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function run(heading: string, count?: number) {
  const result = await bash(walkthrough(heading, count));
  expect(result.code, `${heading}\n${result.stderr}\n${result.stdout.slice(-2000)}`).toBe(0);
  return result.stdout;
}

describe('the README walkthroughs run as written', () => {
  it('a game of Divide and Conquer with curl, to the end, its seed checked', async () => {
    const out = await run('Play a game of Divide and Conquer with curl');
    expect(out).toContain('the seed hashes to seedHash');
    expect(out).toMatch(/"status": "finished"/);
  });

  it('a table with a bot and a clock: the clock plays for the seat that timed out, the game ends, a rematch starts', async () => {
    const out = await run('A table with a bot and a clock, where one player times out');
    expect(out).toMatch(/"seat":1,"by":"clock"/);
    expect(out).toMatch(/"status": "finished"/);
    expect(out).toMatch(/"token": "/);
  });

  it('three players meet in the lobby and play a round to the end', async () => {
    const out = await run('Three players meet in the lobby and play', 1);
    expect(out).toMatch(/"status": "finished"/);
  });
});

/** The first js block under a heading (up to the next heading). */
function script(heading: string): string {
  const lines = README.split('\n');
  const start = lines.findIndex((l) => /^#{2,3} /.test(l) && l.replace(/^#+ /, '') === heading);
  expect(start, `README has no heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && /^#{2,3} /.test(l));
  const section = lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
  const block = /^```js\n([\s\S]*?)^```$/m.exec(section);
  expect(block, `no js block under "${heading}"`).not.toBeNull();
  return (block as RegExpExecArray)[1];
}

describe('the README’s log checker, run as written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'card-table-readme-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses only node:crypto; passes while the log grows; fails once the log is rewritten behind a kept checkpoint', async () => {
    const code = script("Check a game's log in a few lines of Node");
    expect([...code.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual(['node:crypto']);
    const file = join(dir, 'check-log.mjs');
    writeFileSync(file, code);
    const check = (id: string, kept?: string) =>
      promisify(execFile)(process.execPath, [file, api, id, ...(kept ? [kept] : [])]).then(
        (r) => ({ ok: true, out: r.stdout.trim(), err: '' }),
        (e) => ({ ok: false, out: String(e.stdout), err: String(e.stderr) }),
      );
    const http = request(server.app.server);
    const g = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const tokens: string[] = g.seats.map((s: { token: string }) => s.token);
    const move = async (seat: number) => {
      const view = (await http.get(`/games/${g.id}/view`).set(bearer(tokens[seat]))).body;
      expect(
        (await http.post(`/games/${g.id}/moves`).set(bearer(tokens[seat])).send({ action: view.legalActions[0] })).status,
      ).toBe(200);
    };

    await move(0);
    const first = await check(g.id);
    expect(first.ok, first.err).toBe(true);
    expect(JSON.parse(first.out).checkpoint.size).toBe(2);
    await move(1);
    await move(0);
    const second = await check(g.id, first.out);
    expect(second.ok, second.err).toBe(true);
    expect(JSON.parse(second.out).checkpoint.size).toBe(4);

    // The operator rewrites the first event in the database and rebuilds the tree from the altered log.
    await server.db.sql.run(`UPDATE "Event" SET "by" = 'bot' WHERE "gameKey" = ${gameKeyOf()} AND "seq" = 1`, [g.id]);
    await forgetTree(server, g.id);
    server.app.service.live.forget(g.id);
    const caught = await check(g.id, second.out);
    expect(caught.ok).toBe(false);
    expect(caught.err).toMatch(/the log was rewritten: its first 4 leaves changed/);
  });
});
