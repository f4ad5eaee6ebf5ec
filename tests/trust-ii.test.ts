import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/service/cursor';
import { loadSecret } from '../src/service/tokens';
import { sqliteFile } from '../src/store/database';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, expectProblem, newPlayer, settled } from './support/players';
import { exited } from './support/process';
import { createGame, fakeClock } from './support/tables';

/**
 * The second audit's findings (issue #34), one test each: every limit holds per person, whatever
 * tokens or addresses they mint (DESIGN.md, "Trust").
 */

type Where = Awaited<ReturnType<typeof privateDatabase>>;
let where: Where;
let server: TestServer;
let http: ReturnType<typeof request>;
const clock = fakeClock();

beforeAll(async () => {
  where = await privateDatabase();
  server = await startServer(where, { now: clock.now });
  http = request(server.app.server);
  await settled(http);
});
afterAll(async () => {
  await server.close();
  await where.drop();
});

const events = (id: string) => server.app.service.store.events(id);

describe('2. nobody makes the server play for nobody', () => {
  it('when the last person at a table of bots resigns, the game finishes at once as it stands, the resigned seat last', async () => {
    const created = await http.post('/games').send({
      kind: 'porrazo',
      seats: [{ name: 'Guest' }, { bot: 'random' }, { bot: 'random' }, { bot: 'random' }],
      options: { target: 1000 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, seats } = created.body as { id: string; seats: { token?: string }[] };
    const resigned = await http.post(`/games/${id}/resign`).set(bearer(seats[0].token as string));
    expect(resigned.status).toBe(200);
    expect(resigned.body.status).toBe('finished');
    await server.app.service.bots.settled();
    const log = await events(id);
    expect(log.at(-1)).toMatchObject({ kind: 'resign', seat: 0 });
    const summary = (await http.get(`/games/${id}`)).body;
    expect(summary.status).toBe('finished');
    expect(summary.result.winners).not.toContain(0);
    expect(summary.result.winners.length).toBeGreaterThan(0);
  });

  it('a game whose guests only ever let their clock play is abandoned after 500 moves by the clock (the default)', async () => {
    // Played by default actions alone, Cactus never ends: nobody calls "Cactus!".
    const g = await createGame(server, { kind: 'cactus', seats: 2, options: { clock: { perMove: 1 } } });
    for (let tick = 0; tick <= 500; tick++) {
      clock.advance(1);
      await server.app.service.clocks.tick();
    }
    const log = await events(g.id);
    expect(log).toHaveLength(501);
    expect(log.at(-1)).toMatchObject({ kind: 'abort', by: 'clock', action: { type: 'abort', reason: 'abandoned' } });
  });
});

describe('4. cursors are validated like every other input', () => {
  it('a NUL in a cursor’s id is a 400 invalid-cursor on the lobby and on my games, not a database error', async () => {
    const ann = await newPlayer(http, 'Ann');
    const lobby = encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: 'a\u0000b' });
    expectProblem(await http.get(`/games?cursor=${lobby}`), 400, 'invalid-cursor');
    const mine = encodeCursor({ due: false, updated: '2026-01-01T00:00:00.000Z', id: '\u0000' });
    expectProblem(await http.get(`/players/me/games?cursor=${mine}`).set(bearer(ann.token)), 400, 'invalid-cursor');
  });
});

describe('9. names are visible', () => {
  it.each([
    ['a zero-width space', 'A\u200bnn'],
    ['a Hangul filler', '\u3164'],
    ['a byte order mark', '\ufeffAnn'],
    ['an invisible operator', 'Ann\u2061'],
    ['a deprecated format character', '\u206aAnn'],
    ['a tag character', 'Ann\u{E0041}'],
    ['a soft hyphen', 'An\u00adn'],
    ['a Mongolian vowel separator', '\u180eAnn'],
    ['a lone space', ' '],
    ['combining marks only', '\u0301\u0308'],
  ])('a name with %s is refused', async (_what, name) => {
    expectProblem(await http.post('/players').send({ name }), 400, 'validation');
    expectProblem(await http.post('/games').send({ kind: 'kabu', seats: 2, names: [name, 'Bo'] }), 400, 'validation');
  });

  it('a name is kept NFC-normalized and trimmed', async () => {
    const res = await http.post('/players').send({ name: '  Jose\u0301 ' });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('José');
    const game = await http.post('/games').send({ kind: 'kabu', seats: 2, names: [' Ann', 'Bo\u0301 '] });
    expect(game.body.seats.map((s: { name: string }) => s.name)).toEqual(['Ann', 'Bó']);
  });
});

describe('10. secrets and files', () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'card-table-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a JWT secret shorter than 32 bytes, or an empty one, or an empty jwt-secret file, is refused', () => {
    expect(() => loadSecret('short', scratch())).toThrow(/at least 32/);
    expect(() => loadSecret('', scratch())).toThrow(/JWT_SECRET is 0 bytes long/);
    const dir = scratch();
    writeFileSync(join(dir, 'jwt-secret'), '\n');
    expect(() => loadSecret(undefined, dir)).toThrow(/jwt-secret is 0 bytes long/);
    expect(loadSecret(undefined, scratch())).toHaveLength(64);
  });

  it('the server stops at start with a clear message when JWT_SECRET is short', async () => {
    const child = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: scratch(), JWT_SECRET: 'too-short', LOG_LEVEL: 'info' },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    expect(await exited(child)).toBe(1);
    expect(output).toMatch(/JWT_SECRET is 9 bytes long: it must be at least 32/);
  });

  it('the data directory is private (0700), and so are the SQLite database and the key files (0600)', async () => {
    const dataDir = join(scratch(), 'data');
    const own = await startServer({ dataDir });
    await own.close();
    loadSecret(undefined, dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(sqliteFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });
});
