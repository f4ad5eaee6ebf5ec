import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BotInput } from '../src/bots/input';
import { DEFAULT_LIMITS, loadConfig } from '../src/config';
import { type BotDelay, botDelay } from '../src/service/bots';
import { encodeCursor } from '../src/service/cursor';
import { toJson } from '../src/service/notifications';
import { INVITATIONS_PER_PLAYER } from '../src/service/tables';
import { loadSecret } from '../src/service/tokens';
import { sqliteFile } from '../src/store/database';
import { playerStore } from '../src/store/players';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, expectProblem, newPlayer, settled } from './support/players';
import { exited } from './support/process';
import { createGame, fakeClock, playToEnd } from './support/tables';

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

describe('8. invitations come from players', () => {
  const notes = async (playerId: string) => (await playerStore(server.db.sql).notifications(playerId, 0, 1000)).map(toJson);

  it('inviting a player needs a player token (401), and nothing is written', async () => {
    const bo = await newPlayer(http, 'Bo');
    const res = await http.post('/games').send({ kind: 'kabu', seats: [{ name: 'Anon' }, { player: bo.id }] });
    expectProblem(res, 401, 'token-required');
    expect(await notes(bo.id)).toEqual([]);
  });

  it(`a player has at most ${INVITATIONS_PER_PLAYER} invitations waiting for an answer (429 too-many-invitations); an answer frees a place`, async () => {
    const [ann, bo] = await Promise.all([newPlayer(http, 'Ann'), newPlayer(http, 'Bo')]);
    const invite = () =>
      http
        .post('/games')
        .set(bearer(ann.token))
        .send({ kind: 'kabu', seats: [{ player: 'me' }, { player: bo.id }] });
    const ids: string[] = [];
    for (let i = 0; i < INVITATIONS_PER_PLAYER; i++) {
      const res = await invite();
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    expectProblem(await invite(), 429, 'too-many-invitations');
    expect((await http.post(`/games/${ids[0]}/seats/1/decline`).set(bearer(bo.token))).status).toBe(200);
    expect((await invite()).status).toBe(201);
  });

  it('an invitation not answered within INVITATION_TTL lapses: its table is cancelled, and the inviter is told invitation-lapsed', async () => {
    const [ann, bo, cy] = await Promise.all([newPlayer(http, 'Ann'), newPlayer(http, 'Bo'), newPlayer(http, 'Cy')]);
    const lapsing = (
      await http
        .post('/games')
        .set(bearer(ann.token))
        .send({ kind: 'kabu', seats: [{ player: 'me' }, { player: bo.id }] })
    ).body.id;
    const answered = (
      await http
        .post('/games')
        .set(bearer(ann.token))
        .send({ kind: 'kabu', seats: [{ player: 'me' }, { player: cy.id }] })
    ).body.id;
    expect((await http.post(`/games/${answered}/seats/1/join`).set(bearer(cy.token))).status).toBe(200);
    clock.advance(DEFAULT_LIMITS.invitationTtl - 1);
    await server.app.service.clocks.tick();
    expect((await http.get(`/games/${lapsing}`)).body.status).toBe('waiting');
    clock.advance(2);
    await server.app.service.clocks.tick();
    const cancelled = (await http.get(`/games/${lapsing}`)).body;
    expect(cancelled.status).toBe('aborted');
    expect(cancelled.seed).toBeDefined();
    expect((await http.get(`/games/${answered}`)).body.status).toBe('active');
    expect((await events(lapsing)).at(-1)).toMatchObject({
      kind: 'abort',
      by: 'service',
      action: { type: 'abort', reason: 'invitation-lapsed' },
    });
    const told = (await notes(ann.id)).filter((n) => n.game === lapsing);
    expect(told.map((n) => n.type)).toEqual(['invitation-lapsed']);
    expect(told[0]).toMatchObject({
      game: lapsing,
      kind: 'kabu',
      seat: 0,
      status: 'aborted',
      invited: bo.id,
      toAct: [],
      deadline: null,
    });
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

describe('per-client limits a client cannot multiply', () => {
  const RATE = 30;
  let limited: TestServer;
  const PLAYERS_PER_HOUR = 20;
  const GAMES_PER_HOUR = 5;
  const BOT_TABLES = 2;
  beforeAll(async () => {
    limited = await startServer(where, {
      now: clock.now,
      rateLimit: RATE,
      trustProxy: true,
      limits: {
        playersPerAddressPerHour: PLAYERS_PER_HOUR,
        gamesPerAddressPerHour: GAMES_PER_HOUR,
        botGamesPerAddress: BOT_TABLES,
      },
    });
  });
  afterAll(() => limited.close());

  const ask = (method: 'GET' | 'POST', url: string, from: string, token?: string, payload?: object) =>
    limited.app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': from, ...(token ? bearer(token) : {}) },
      ...(payload ? { payload } : {}),
    });
  const answered = async (n: number, send: (i: number) => ReturnType<typeof ask>) => {
    let ok = 0;
    for (let i = 0; i < n; i++) if ((await send(i)).statusCode !== 429) ok++;
    return ok;
  };

  describe('1. budgets a client cannot mint', () => {
    it('the seat tokens of one fresh game are not budgets of their own on other routes: they spend their address’s', async () => {
      const game = await ask('POST', '/games', '10.1.0.1', undefined, { kind: 'oicho-kabu', seats: 3 });
      expect(game.statusCode, game.body).toBe(201);
      const tokens = game.json().seats.map((s: { token: string }) => s.token) as string[];
      const ok = await answered(3 * RATE, (i) => ask('GET', '/catalog', '10.1.0.2', tokens[i % 3]));
      expect(ok).toBe(RATE);
    });

    it('a seat token keeps a budget of its own on its own game’s routes', async () => {
      const game = await ask('POST', '/games', '10.1.0.3', undefined, { kind: 'oicho-kabu', seats: 3 });
      const { id, seats } = game.json() as { id: string; seats: { token: string }[] };
      expect(await answered(RATE, () => ask('GET', `/games/${id}/view`, '10.1.0.4', seats[0].token))).toBe(RATE);
      // The address's own budget is untouched.
      expect((await ask('GET', '/catalog', '10.1.0.4')).statusCode).toBe(200);
    });

    it('a revoked seat token spends its address’s budget, even on its own game', async () => {
      const [ann, bo, cy] = await Promise.all(['Ann', 'Bo', 'Cy'].map((n) => newPlayer(http, n)));
      const table = await http
        .post('/games')
        .set(bearer(ann.token))
        .send({ kind: 'kabu', seats: [{ player: 'me' }, { open: true }, { open: true }] });
      const { id } = table.body as { id: string };
      const old = (await http.post(`/games/${id}/seats/1/join`).set(bearer(bo.token))).body.token as string;
      await http.post(`/games/${id}/leave`).set(bearer(bo.token));
      expect((await http.post(`/games/${id}/seats/1/join`).set(bearer(cy.token))).status).toBe(200);
      // This server reads the table once (a spectator's view), as any request about it would.
      await ask('GET', `/games/${id}`, '10.1.0.6');
      const ok = await answered(RATE, () => ask('GET', `/games/${id}/view`, '10.1.0.5', old));
      expect(ok).toBe(RATE);
      expect((await ask('GET', '/catalog', '10.1.0.5')).statusCode).toBe(429);
    });

    it('11. an unknown player token is counted before it is looked up: a refused request costs no database lookup', async () => {
      const lookups = vi.spyOn(limited.db.sql, 'one');
      const junk = (i: number) => `ctp_${'u'.repeat(40)}${String(i).padStart(3, '0')}`;
      const ok = await answered(RATE + 20, (i) => ask('GET', '/players/me', '10.1.0.7', junk(i)));
      const byToken = lookups.mock.calls.filter(([text]) => String(text).includes('"tokenHash"')).length;
      lookups.mockRestore();
      expect(ok).toBe(RATE);
      expect(byToken).toBe(RATE);
    });

    it(`an address creates at most ${GAMES_PER_HOUR} games an hour without a player token (429 too-many-games, with Retry-After)`, async () => {
      for (let i = 0; i < GAMES_PER_HOUR; i++) {
        expect((await ask('POST', '/games', '10.1.1.1', undefined, { kind: 'kabu', seats: 2 })).statusCode).toBe(201);
      }
      const refused = await ask('POST', '/games', '10.1.1.1', undefined, { kind: 'kabu', seats: 2 });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too-many-games' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      // A player creates as a player; another address as itself; and an hour later the address may again.
      const ann = await newPlayer(http, 'Ann');
      expect((await ask('POST', '/games', '10.1.1.1', ann.token, { kind: 'kabu', seats: 2 })).statusCode).toBe(201);
      expect((await ask('POST', '/games', '10.1.1.2', undefined, { kind: 'kabu', seats: 2 })).statusCode).toBe(201);
      clock.advance(3601);
      expect((await ask('POST', '/games', '10.1.1.1', undefined, { kind: 'kabu', seats: 2 })).statusCode).toBe(201);
    });
  });

  describe('2. tables with bots made without a player token count against their address', () => {
    it(`an address has at most ${BOT_TABLES} such tables running (429 too-many-bot-games); one that ends frees its place`, async () => {
      const botTable = () =>
        ask('POST', '/games', '10.1.2.1', undefined, { kind: 'porrazo', seats: [{ name: 'Guest' }, { bot: 'random' }] });
      const made = [];
      for (let i = 0; i < BOT_TABLES; i++) {
        const res = await botTable();
        expect(res.statusCode, res.body).toBe(201);
        made.push(res.json() as { id: string; seats: { token: string }[] });
      }
      const refused = await botTable();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too-many-bot-games' });
      await limited.app.service.bots.settled();
      expect((await ask('POST', `/games/${made[0].id}/resign`, '10.1.2.1', made[0].seats[0].token)).statusCode).toBe(200);
      expect((await botTable()).statusCode).toBe(201);
    });
  });

  describe('3. addresses as networks', () => {
    it(`players registered from one IPv6 /64 are counted together: ${PLAYERS_PER_HOUR} an hour, whatever the addresses`, async () => {
      const statuses = [];
      for (let i = 1; i <= PLAYERS_PER_HOUR + 5; i++) {
        statuses.push(
          (await ask('POST', '/players', `2001:db8:1:2::${i.toString(16)}`, undefined, { name: `P${i}` })).statusCode,
        );
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(PLAYERS_PER_HOUR);
      // Another /64 is another network.
      expect((await ask('POST', '/players', '2001:db8:1:3::1', undefined, { name: 'Other' })).statusCode).toBe(201);
    });

    it('the rate limit counts one /64 once, and an IPv4-mapped address as its IPv4 address', async () => {
      expect(await answered(2 * RATE, (i) => ask('GET', '/catalog', `2001:db8:9:9::${(i + 1).toString(16)}`))).toBe(RATE);
      expect(await answered(RATE, () => ask('GET', '/catalog', '10.1.3.1'))).toBe(RATE);
      expect((await ask('GET', '/catalog', '::ffff:10.1.3.1')).statusCode).toBe(429);
    });
  });
});

describe('6. slow clients cost a connection, not the server', () => {
  let slow: TestServer;
  let port: number;
  const CONNECTIONS = 3;
  beforeAll(async () => {
    slow = await startServer(where, { now: clock.now, requestTimeout: 500, connectionsPerAddress: CONNECTIONS });
    port = (await listening(slow)).port;
  });
  afterAll(() => slow.close());

  /** A raw connection: what the server sent on it until it closed it (or until `end()`). */
  const raw = async () => {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (d) => {
      received += d;
    });
    const closed = once(socket, 'close').then(() => received);
    return { socket, closed };
  };

  it('a request whose body never arrives is answered 408 and its connection closed, once the request timeout has passed', async () => {
    const { socket, closed } = await raw();
    socket.write('POST /players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{');
    expect(await closed).toMatch(/^HTTP\/1\.1 408 .*"code":"request-timeout"/s);
  });

  it(`a network holds at most ${CONNECTIONS} connections open at once: the next is closed as it opens`, async () => {
    const held = await Promise.all(Array.from({ length: CONNECTIONS }, raw));
    const refused = await raw();
    expect(await refused.closed).toBe('');
    expect(held.every((h) => !h.socket.destroyed)).toBe(true);
    held[0].socket.destroy();
    await held[0].closed;
    const again = await raw();
    again.socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(await again.closed).toMatch(/^HTTP\/1\.1 200/);
    for (const h of held.slice(1)) h.socket.destroy();
  });
});

describe('7. compress once', () => {
  let counted: TestServer;
  const compressed: string[] = [];
  beforeAll(async () => {
    counted = await startServer(where, { now: clock.now, onCompress: (key, encoding) => compressed.push(`${key} ${encoding}`) });
  });
  afterAll(() => counted.close());

  const get = (url: string, encoding: string) =>
    counted.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  const compressions = (prefix: string) => compressed.filter((c) => c.startsWith(prefix)).length;

  it('/openapi.json, /catalog and /catalog/{kind} are compressed once per encoding, then served from that copy', async () => {
    for (const url of ['/openapi.json', '/catalog', '/catalog/kaiser']) {
      const key = url.slice(1).replace('.json', '');
      const first = await get(url, 'br');
      const second = await get(url, 'br');
      expect(first.headers['content-encoding']).toBe('br');
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString())).toBeTypeOf('object');
      expect((await get(url, 'gzip')).headers['content-encoding']).toBe('gzip');
      await get(url, 'gzip');
      expect(compressions(`${key}@`) + compressions(`${key} `)).toBe(2);
    }
  });

  it('a finished game’s record is compressed once per encoding', async () => {
    const g = await createGame(counted, { kind: 'xeri', seats: 2 });
    await playToEnd(counted, g.id, g.tokens);
    const first = await get(`/games/${g.id}/record`, 'br');
    expect(first.statusCode).toBe(200);
    const second = await get(`/games/${g.id}/record`, 'br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString())).toMatchObject({ id: g.id });
    expect(compressions(`record/${g.id}`)).toBe(1);
  });
});

describe('5. bots give nothing away by their timing', () => {
  const paced = fakeClock();
  const DELAY_MS = 500;
  let timed: TestServer;
  beforeAll(async () => {
    // A bot that thinks 200 ms over a choice and not at all over a forced move, as a real one does.
    const thinker = (input: BotInput) => {
      if (input.legalActions.length > 1) paced.advance(0.2);
      return input.legalActions[input.legalActions.length - 1];
    };
    timed = await startServer(where, {
      now: paced.now,
      bots: new Map([['thinker', thinker]]),
      botDelay: {
        now: () => paced.now().getTime(),
        draw: () => DELAY_MS,
        until: async (at) => paced.advance(Math.max(0, at - paced.now().getTime()) / 1000),
      },
    });
  });
  afterAll(() => timed.close());

  it('a bot’s move is written the drawn delay after it became due, whether it was forced or chosen', async () => {
    const created = await timed.app.inject({
      method: 'POST',
      url: '/games',
      payload: { kind: 'xeri', seats: [{ name: 'Guest' }, { bot: 'thinker' }] },
    });
    const { id, seats } = created.json() as { id: string; seats: { token?: string }[] };
    await playToEnd(timed, id, [seats[0].token as string, null]);
    const log = await timed.app.service.store.events(id);
    const gaps = log.slice(1).flatMap((e, i) => (e.by === 'bot' ? [e.createdAt.getTime() - log[i].createdAt.getTime()] : []));
    expect(gaps.length).toBeGreaterThan(10);
    expect(new Set(gaps)).toEqual(new Set([DELAY_MS]));
  });

  it('BOT_MOVE_DELAY_MS reads as a range, a single value or none', () => {
    expect(loadConfig({}).botMoveDelay).toEqual({ min: 300, max: 900 });
    expect(loadConfig({ BOT_MOVE_DELAY_MS: '100-200' }).botMoveDelay).toEqual({ min: 100, max: 200 });
    expect(loadConfig({ BOT_MOVE_DELAY_MS: '0' }).botMoveDelay).toEqual({ min: 0, max: 0 });
    const drawn = Array.from({ length: 200 }, () => (botDelay({ min: 300, max: 900 }, () => new Date()) as BotDelay).draw());
    expect(Math.min(...drawn)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...drawn)).toBeLessThanOrEqual(900);
  });
});
