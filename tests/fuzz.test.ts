import http from 'node:http';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Action, replay } from '../src/engine';
import { games } from '../src/games';
import { seatTokens } from '../src/service/tokens';
import { listening, privateDatabase, startServer, TEST_SECRET, type TestServer } from './support/harness';
import { shortOptions } from './support/short-games';

/**
 * Property-based fuzzing of every documented route (read from the app's own OpenAPI document, so a
 * new route is fuzzed too) with requests valid and not: wrong types, huge numbers, deep nesting,
 * unicode and NUL text, missing, forged and expired tokens, wrong content types, legal, illegal
 * and out-of-turn moves. The rules: never a 5xx; a refusal is problem+json and changes nothing;
 * and at the end every game rebuilt cold from its log is what the server serves, seat by seat.
 */
const RUNS = 2500;
/** A fixed seed keeps CI repeatable; FUZZ_SEED explores others (fast-check prints the seed of a failure). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Clocks never fall due and nothing else runs in the background but the bots, which are waited for. */
const NOW = new Date('2030-01-01T00:00:00Z');
const KINDS = [...games.keys()];

let server: TestServer;
let where: Awaited<ReturnType<typeof privateDatabase>>;
let port: number;

interface Route {
  method: string;
  path: string;
  query: string[];
  headers: string[];
  body: boolean;
  streaming: boolean;
}

/** What earlier answers handed out: the ids and tokens later requests use. */
const pool = {
  games: [] as string[],
  seats: [] as { game: string; seat: number; token: string }[],
  players: [] as { id: string; token: string }[],
  retired: [] as string[],
  webhooks: [] as string[],
};

beforeAll(async () => {
  where = await privateDatabase();
  server = await fuzzServer();
  port = (await listening(server)).port;
  for (const name of ['Ann', 'Bo', 'Cy']) {
    const res = await server.app.inject({ method: 'POST', url: '/players', payload: { name } });
    pool.players.push({ id: res.json().id, token: res.json().token });
  }
  for (const kind of ['divide-and-conquer', 'kabu', 'xeri', 'oicho-kabu']) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/games',
      payload: { kind, seats: 2, options: shortOptions(kind) },
    });
    learn('POST', '/games', res.statusCode, res.json(), {});
  }
  // A table waiting in the lobby, and a game two bots play to its end.
  const waiting = await server.app.inject({
    method: 'POST',
    url: '/games',
    headers: { authorization: `Bearer ${pool.players[0].token}` },
    payload: { kind: 'xeri', seats: [{ player: 'me' }, { open: true }], options: shortOptions('xeri') },
  });
  learn('POST', '/games', waiting.statusCode, waiting.json(), { authorization: `Bearer ${pool.players[0].token}` });
  const bots = await server.app.inject({
    method: 'POST',
    url: '/games',
    payload: { kind: 'divide-and-conquer', seats: [{ bot: 'random' }, { bot: 'random' }] },
  });
  learn('POST', '/games', bots.statusCode, bots.json(), {});
  await server.app.service.bots.settled();
});
afterAll(async () => {
  await server.close();
  await where.drop();
});

function fuzzServer() {
  return startServer(where, { now: () => NOW, webhooks: { allowPrivate: true, timeoutMs: 200 } });
}

function routesOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const parameters = op.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        headers: parameters.filter((p) => p.in === 'header').map((p) => p.name),
        body: op.requestBody !== undefined,
        streaming: Object.values(op.responses ?? {}).some((r) => r.content?.['text/event-stream'] !== undefined),
      });
    }
  }
  return routes;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

type Gen = fc.GeneratorValue;

const pick = <T>(g: Gen, items: readonly T[]): T => items[g(fc.nat, { max: items.length - 1 })];

/** Text as clients send it, and as they should not: empty, long, any code point, a lone surrogate, NUL. */
const text = (g: Gen): string =>
  g(() =>
    fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom(
        '',
        'Ann',
        'A\u0000n',
        'x\ud800',
        '\udfff',
        '😀🂡',
        'ﷺ‮',
        'x'.repeat(400),
        '../../etc/passwd',
        '%00',
        '\'; DROP TABLE "Game"; --',
      ),
    ),
  );

/** Numbers a client might send where a count or a version is expected. */
const number = (g: Gen): unknown =>
  g(() =>
    fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constantFrom(1e20, -1, 2 ** 31, 2 ** 53 + 2, 0.5, -0, 1e-9), fc.double()),
  );

/** A JSON value that is wrong in some way: another type, deep, huge, or odd text. */
const junk = (g: Gen): unknown =>
  g(() =>
    fc.oneof(fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }), fc.constantFrom(null, [], {}, '3', [3], true, 'Infinity')),
  );

/** Percent-encodes text; a lone surrogate has no UTF-8, so it goes as the bytes a careless client would send. */
function encode(t: string): string {
  try {
    return encodeURIComponent(t);
  } catch {
    return '%ED%A0%80';
  }
}

function decode(t: string): string {
  try {
    return decodeURIComponent(t);
  } catch {
    return t;
  }
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

const nested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

/** An authorization header: none, a token handed out, or a forged, expired, retired or malformed one. */
function authorization(g: Gen, game?: string): string | undefined {
  const seatsHere = pool.seats.filter((s) => s.game === game);
  const choice = g(fc.constantFrom, 'none', 'seat-here', 'seat', 'player', 'forged', 'forged', 'malformed');
  const claim = pick(g, pool.seats);
  switch (choice) {
    case 'none':
      return undefined;
    case 'seat-here':
      return `Bearer ${(seatsHere.length > 0 ? pick(g, seatsHere) : claim).token}`;
    case 'seat':
      return `Bearer ${claim.token}`;
    case 'player':
      return `Bearer ${pick(g, pool.players).token}`;
    case 'forged': {
      const sign = (payload: object, secret = TEST_SECRET, options: jwt.SignOptions = {}) =>
        jwt.sign(payload, secret, { algorithm: 'HS256', audience: 'card-table/seat', subject: claim.game, ...options });
      const forgeries = [
        () => sign({ seat: claim.seat }, 'another-servers-secret'),
        () => sign({ seat: claim.seat, exp: 1_000_000 }),
        () => sign({ seat: 99 }),
        () => sign({ seat: '0' }),
        () => sign({ seat: claim.seat }, TEST_SECRET, { audience: 'someone-else' }),
        () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ seat: claim.seat, sub: claim.game, aud: 'card-table/seat' })}.`,
        () => `ctp_${'x'.repeat(43)}`,
        () => (pool.retired.length > 0 ? pick(g, pool.retired) : 'retired'),
        () => `${claim.token.slice(0, -2)}xx`,
        () => text(g),
      ];
      const forged = pick(g, forgeries)();
      return `Bearer ${forged}`;
    }
    default:
      return g(fc.constantFrom, 'Bearer', 'Basic QW5uOnB3', `bearer  ${claim.token}  `, `Bearer a b`, 'Bearer \u0000');
  }
}

/** A path parameter: an id handed out, or something that is not one. */
function pathValue(g: Gen, name: string, path: string): string {
  // Escapes that do not decode: not hex, cut short, a lone surrogate's bytes, an overlong '/', a byte no UTF-8 starts with.
  const raw = g(fc.constantFrom, '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF', '%', 'x'.repeat(3000));
  const weird = () => (g(fc.nat, { max: 9 }) === 0 ? raw : encode(text(g) || 'x'));
  if (g(fc.nat, { max: 5 }) === 0) return weird();
  if (name === 'kind') return pick(g, KINDS);
  if (name === 'seat')
    return String(g(() => fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(-1, 11, 12, 2 ** 31, 1e20))));
  if (name === 'id' && path.startsWith('/players/me/webhooks'))
    return pool.webhooks.length > 0 ? pick(g, pool.webhooks) : weird();
  if (name === 'id') return pick(g, pool.games);
  return weird();
}

function queryValue(g: Gen, name: string): string {
  const by: Record<string, string[]> = {
    status: ['waiting', 'active', 'finished', 'aborted', 'lost'],
    // The catalog's kinds, and kinds it does not have.
    kind: [...KINDS, '{}', 'poker', 'KAISER', 'kaiser '],
    myTurn: ['true', 'false', '1', 'yes'],
  };
  return g(() =>
    fc.oneof(
      fc.constantFrom(...(by[name] ?? ['0', '1', '5', '100'])),
      fc.integer({ min: -2, max: 2000 }).map(String),
      fc.constantFrom('1e20', 'Infinity', '-Infinity', 'NaN', '2147483648', '99999999999999999999', '0x10', ' 5', '', '1.5'),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
  );
}

/** The seat's view (legal actions and version) for a move on `game` with this authorization. */
async function viewFor(game: string, auth: string | undefined) {
  const res = await server.app.inject({
    url: `/games/${encode(game)}/view`,
    headers: auth ? { authorization: auth } : {},
  });
  return res.statusCode === 200 ? (res.json() as { version: number; legalActions: Action[] }) : null;
}

/** A move: legal, out of turn (another seat's), illegal (mutated), or junk; with a right, stale or wrong expectedVersion. */
async function moveBody(g: Gen, game: string, auth: string | undefined): Promise<unknown> {
  const mine = await viewFor(game, auth);
  const other = pool.seats.filter((s) => s.game === game);
  const theirs = other.length > 0 ? await viewFor(game, `Bearer ${pick(g, other).token}`) : null;
  const version = mine?.version ?? theirs?.version ?? 0;
  const legal = (v: typeof mine) => (v && v.legalActions.length > 0 ? pick(g, v.legalActions) : { type: 'pass' });
  const action = g(fc.constantFrom, 'legal', 'legal', 'legal', 'theirs', 'mutated', 'junk');
  const chosen =
    action === 'legal'
      ? legal(mine)
      : action === 'theirs'
        ? legal(theirs)
        : action === 'mutated'
          ? { ...legal(mine), [g(fc.constantFrom, 'type', 'card', 'cards', 'extra')]: junk(g) }
          : junk(g);
  const expected = g(fc.constantFrom, 'none', 'none', 'right', 'stale', 'ahead', 'wrong');
  const expectedVersion =
    expected === 'right' ? version : expected === 'stale' ? version - 1 : expected === 'ahead' ? version + 1 : number(g);
  return expected === 'none' ? { action: chosen } : { action: chosen, expectedVersion };
}

function gameBody(g: Gen): unknown {
  const kind = g(fc.nat, { max: 9 }) === 0 ? text(g) : pick(g, KINDS);
  const game = games.get(kind);
  const count = game ? g(fc.integer, { min: game.seats.min, max: game.seats.max }) : 2;
  const seat = () =>
    g(
      fc.constantFrom,
      { player: 'me' },
      { open: true },
      { name: 'Guest' },
      { player: pick(g, pool.players).id },
      { player: 'no-such-player' },
      { bot: 'random' },
      { bot: 'deep-blue' },
      {},
    );
  const seats = g(fc.constantFrom, 'count', 'count', 'list', 'junk');
  const body: Record<string, unknown> = {
    kind,
    seats: seats === 'count' ? count : seats === 'list' ? Array.from({ length: count }, seat) : junk(g),
  };
  const options = g(fc.constantFrom, 'short', 'short', 'clock', 'none', 'junk');
  if (options === 'short') body.options = shortOptions(kind);
  if (options === 'clock') body.options = { ...shortOptions(kind), clock: { perMove: number(g), onTimeout: text(g) } };
  if (options === 'junk') body.options = junk(g);
  if (g(fc.boolean)) body.names = Array.from({ length: count }, () => text(g));
  if (g(fc.nat, { max: 4 }) === 0) body.seed = text(g);
  if (g(fc.nat, { max: 6 }) === 0) body.deck = g(fc.array, fc.constantFrom('2S', 'AS', 'TD', 'JK', 'ZZ', ''), { maxLength: 60 });
  return body;
}

/** A body for a route: shaped for the routes this test knows, any JSON for the others. */
async function bodyFor(g: Gen, route: Route, url: string, auth: string | undefined): Promise<unknown> {
  if (route.path === '/games/{id}/moves') return moveBody(g, decode(url.split('/')[2] ?? ''), auth);
  if (route.path === '/games') return gameBody(g);
  if (route.path === '/players')
    return g(fc.constantFrom, 'good', 'text', 'junk') === 'good' ? { name: 'Dee' } : { name: text(g) };
  if (route.path === '/players/me/webhooks') {
    return {
      url: g(
        fc.constantFrom,
        'http://127.0.0.1:9/hook',
        'ftp://127.0.0.1/',
        'http://user:pw@127.0.0.1:9/',
        'not a url',
        `http://127.0.0.1:9/${'p'.repeat(3000)}`,
      ),
    };
  }
  if (route.path.endsWith('/join')) return g(fc.constantFrom, {}, { name: 'Eve' }, { name: '' }, { name: 3 });
  return junk(g);
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

async function build(g: Gen, routes: Route[]): Promise<{ route: Route; request: Sent }> {
  const route = pick(g, routes);
  let url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(g, name, route.path));
  const gameInPath = route.path.startsWith('/games/{id}') ? decode(url.split('/')[2] ?? '') : undefined;
  const auth = authorization(g, gameInPath);
  const headers: Record<string, string> = auth === undefined ? {} : { authorization: auth };
  // A query value goes encoded, or now and then as raw escapes that do not decode.
  const queryText = (name: string) =>
    g(fc.nat, { max: 9 }) === 0 ? g(fc.constantFrom, '%E0%A4%A', '%ED%A0%80', '%zz') : encode(queryValue(g, name));
  const query = route.query
    .filter(() => g(fc.boolean))
    .map((name) => `${name}=${queryText(name)}`)
    .join('&');
  if (query) url += `?${query}`;
  for (const name of route.headers) if (g(fc.boolean)) headers[name] = text(g);
  if (route.streaming) {
    headers.accept = 'text/event-stream';
    if (g(fc.boolean)) headers['last-event-id'] = g(fc.constantFrom, '0', '1', '3', '99999999999', 'abc', '-1', '');
  }
  const request: Sent = { method: route.method, url, headers };
  if (route.body || g(fc.nat, { max: 9 }) === 0) {
    const shape = g(fc.constantFrom, 'json', 'json', 'json', 'json', 'json', 'deep', 'malformed', 'text/plain', 'form', 'none');
    const body = await bodyFor(g, route, url, auth);
    request.headers['content-type'] = 'application/json';
    if (shape === 'json') request.payload = JSON.stringify(body) ?? 'null';
    if (shape === 'deep') request.payload = `{"action":${nested(g(fc.integer, { min: 30, max: 3000 }))},"x":1}`;
    if (shape === 'malformed') request.payload = g(fc.constantFrom, '{', '{"a":', '1e999', '{"a":1}x', "{'a':1}", '\u0000');
    if (shape === 'text/plain') {
      request.headers['content-type'] = 'text/plain';
      request.payload = JSON.stringify(body);
    }
    if (shape === 'form') {
      request.headers['content-type'] = 'application/x-www-form-urlencoded';
      request.payload = 'kind=kabu&seats=2';
    }
    if (shape === 'none') delete request.headers['content-type'];
  }
  return { route, request };
}

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** A stream is asked for over a real connection (it would never end for inject): its head, then it is closed. */
function viaHttp(request: Sent): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers });
    } catch {
      // Headers no HTTP client can send (a NUL, a character outside Latin-1): nothing reaches the server.
      return resolve(null);
    }
    const timer = setTimeout(() => reject(new Error(`no answer to ${request.method} ${request.url}`)), 10_000);
    req.on('response', (res) => {
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode === 200) {
        clearTimeout(timer);
        res.destroy();
        return resolve({ status: 200, type, body: '' });
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, type, body });
      });
    });
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end();
  });
}

async function send(route: Route, request: Sent): Promise<Answer | null> {
  if (route.streaming) return viaHttp(request);
  const res = await server.app.inject(request as InjectOptions);
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.body };
}

/** Takes what an accepted answer handed out into the pool. */
function learn(method: string, path: string, status: number, body: Record<string, unknown>, headers: Record<string, string>) {
  if (status >= 300) return;
  const bearer = headers.authorization?.replace(/^Bearer\s+/i, '');
  if (method === 'POST' && path === '/games') {
    const id = body.id as string;
    pool.games.push(id);
    for (const s of (body.seats as { seat: number; token?: string; occupant?: string }[]) ?? []) {
      if (s.token) pool.seats.push({ game: id, seat: s.seat, token: s.token });
    }
  }
  if (method === 'POST' && path === '/players') pool.players.push({ id: body.id as string, token: body.token as string });
  if (method === 'POST' && path === '/players/me/token') {
    const player = pool.players.find((p) => p.token === bearer);
    if (player) {
      pool.retired.push(player.token);
      player.token = body.token as string;
    }
  }
  if (method === 'POST' && path.endsWith('/join') && typeof body.token === 'string') {
    const game = pool.games.find((g) => path.includes(g));
    if (game) pool.seats.push({ game, seat: body.seat as number, token: body.token });
  }
  const rematch = body.rematch as { id?: string; seat?: number; token?: string } | undefined;
  if (method === 'POST' && path.endsWith('/rematch') && rematch?.id && rematch.token) {
    if (!pool.games.includes(rematch.id)) pool.games.push(rematch.id);
    pool.seats.push({ game: rematch.id, seat: rematch.seat ?? 0, token: rematch.token });
  }
  if (method === 'POST' && path === '/players/me/webhooks') pool.webhooks.push(body.id as string);
}

/** What a refused request must leave as it was: rows of every kind, every game's version and seats, every player's token. */
async function state() {
  const sql = server.db.sql;
  const counts = await sql.one<Record<string, number | string>>(
    `SELECT (SELECT COUNT(*) FROM "Game") AS games, (SELECT COUNT(*) FROM "Seat") AS seats,
            (SELECT COUNT(*) FROM "Event") AS events, (SELECT COUNT(*) FROM "Player") AS players,
            (SELECT COUNT(*) FROM "Notification") AS notifications, (SELECT COUNT(*) FROM "Webhook") AS webhooks`,
  );
  const gamesNow = await sql.all('SELECT "id", "status", "version", "revision" FROM "Game" ORDER BY "id"');
  const seatsNow = await sql.all(
    'SELECT "gameId", "seat", "occupant", "playerId", "name", "resigned", "rematch" FROM "Seat" ORDER BY "gameId", "seat"',
  );
  const players = await sql.all('SELECT "id", "tokenHash" FROM "Player" ORDER BY "id"');
  return JSON.stringify({ counts: Object.values(counts ?? {}).map(Number), gamesNow, seatsNow, players });
}

it(`${RUNS} generated requests to every route: never a 5xx, a refusal is problem+json and changes nothing`, async () => {
  const routes = routesOf(server.app.swagger() as never);
  expect(routes.length).toBeGreaterThan(20);
  const seen = new Map<string, Set<number>>();
  let before = await state();
  await fc.assert(
    fc.asyncProperty(fc.gen(), async (g) => {
      const { route, request } = await build(g, routes);
      const answer = await send(route, request);
      if (answer === null) return;
      const where = `${request.method} ${request.url.slice(0, 200)} -> ${answer.status} ${answer.body.slice(0, 300)}`;
      const statuses = seen.get(`${route.method} ${route.path}`) ?? new Set();
      statuses.add(answer.status);
      seen.set(`${route.method} ${route.path}`, statuses);
      expect(answer.status, where).toBeLessThan(500);
      if (answer.status >= 400) {
        expect(answer.type, where).toMatch(/^application\/problem\+json/);
        const problem = JSON.parse(answer.body);
        expect(problem, where).toMatchObject({ status: answer.status, code: expect.any(String), detail: expect.any(String) });
        expect(await state(), `a refused request changed something: ${where}`).toBe(before);
        return;
      }
      if (answer.status === 200 && route.streaming) expect(answer.type, where).toMatch(/^text\/event-stream/);
      if (answer.body.startsWith('{'))
        learn(request.method, request.url.split('?')[0], answer.status, JSON.parse(answer.body), request.headers);
      await server.app.service.bots.settled();
      before = await state();
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  // Every route was reached, and most were both accepted and refused at some point.
  expect([...seen.keys()].sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  const both = [...seen.values()].filter((s) => [...s].some((x) => x < 400) && [...s].some((x) => x >= 400));
  expect(both.length).toBeGreaterThan(routes.length / 2);
}, 240_000);

it('every game rebuilt cold from its log is what the server serves, seat by seat', async () => {
  const cold = await fuzzServer();
  const sign = seatTokens(TEST_SECRET).sign;
  try {
    const ids = (await server.db.sql.all<{ id: string }>('SELECT "id" FROM "Game"')).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(pool.games.length / 2);
    let played = 0;
    for (const id of ids) {
      const live = await cold.app.service.live.load(id);
      const { record, game } = live;
      let state: unknown = null;
      if (record.status !== 'waiting') {
        const events = await cold.app.service.store.events(id);
        if (events.length > 0) played++;
        state = replay(
          game,
          { seats: record.seatCount, options: record.options, seed: record.seed, deck: record.deck ?? undefined },
          events.filter((e) => e.kind === 'move').map((e) => ({ seat: e.seat, action: e.action as Action })),
        );
        expect(live.state, `game ${id} rebuilt cold`).toEqual(state);
      }
      for (const seat of [null, ...Array.from({ length: record.seatCount }, (_, s) => s)]) {
        const headers = seat === null ? {} : { authorization: `Bearer ${sign({ game: id, seat })}` };
        const hot = await server.app.inject({ url: `/games/${id}/view`, headers });
        const rebuilt = await cold.app.inject({ url: `/games/${id}/view`, headers });
        expect(hot.statusCode, `${id} seat ${seat}`).toBe(rebuilt.statusCode);
        expect(hot.json(), `${id} seat ${seat}`).toEqual(rebuilt.json());
        if (state === null || hot.statusCode !== 200) continue;
        const view = hot.json();
        expect(view.state).toEqual(JSON.parse(JSON.stringify(game.view(state, seat))));
        if (view.status === 'active' && seat !== null && !record.seats[seat].resigned) {
          expect(view.legalActions).toEqual(JSON.parse(JSON.stringify(game.legalActions(state, seat))));
        }
      }
    }
    expect(played).toBeGreaterThan(3);
  } finally {
    await cold.close();
  }
});
