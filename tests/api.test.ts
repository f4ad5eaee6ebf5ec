import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameKeyOf } from '../src/store/sql';
import { countRows, privateDatabase, startServer, type TestServer } from './support/harness';

let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where);
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await drop();
});

const PROBLEM = /application\/problem\+json/;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Seat 0 holds 2-6, seat 1 holds 7-Q: the deck deals alternately, seat 0 first. */
const STACKED = ['2S', '7S', '3S', '8S', '4S', '9S', '5S', 'TS', '6S', 'QS'];

async function create(body: Record<string, unknown> = {}) {
  const res = await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; seedHash: string; seats: { seat: number; token: string; name: string | null }[] };
}

async function version(id: string) {
  return (await http.get(`/games/${id}`)).body.version as number;
}

function expectProblem(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(PROBLEM);
  expect(res.body).toMatchObject({ status, code, type: `urn:card-table:problem:${code}` });
  expect(typeof res.body.detail).toBe('string');
}

/** Plays a whole stacked game of Divide and Conquer through the API. */
async function playToEnd(id: string, tokens: string[]) {
  for (;;) {
    const view = (await http.get(`/games/${id}/view`).set(bearer(tokens[0]))).body;
    if (view.status === 'finished') return view;
    for (const seat of view.toAct as number[]) {
      const mine = (await http.get(`/games/${id}/view`).set(bearer(tokens[seat]))).body;
      const res = await http.post(`/games/${id}/moves`).set(bearer(tokens[seat])).send({ action: mine.legalActions[0] });
      expect(res.status).toBe(200);
    }
  }
}

describe('the catalog', () => {
  it('lists every game with seats, options and their defaults, the action schema, rules and dealing', async () => {
    const res = await http.get('/catalog');
    expect(res.status).toBe(200);
    const dc = res.body.games.find((g: { kind: string }) => g.kind === 'divide-and-conquer');
    expect(dc).toMatchObject({
      title: 'Divide and Conquer',
      seats: { min: 2, max: 2 },
      options: { variant: 'standard' },
      cards: 10,
    });
    expect(dc.actionSchema.properties.type.const).toBe('play');
    expect(dc.rules).toMatch(/divides/);
    expect(dc.dealing).toMatch(/top/);
  });
  it('gives one game by kind, and 404 for a kind it does not have', async () => {
    expect((await http.get('/catalog/divide-and-conquer')).body.kind).toBe('divide-and-conquer');
    expectProblem(await http.get('/catalog/bridge'), 404, 'unknown-kind');
  });
  it('says what each game is in one line', async () => {
    const res = await http.get('/catalog');
    for (const g of res.body.games) expect(g.blurb, g.kind).toMatch(/^[A-Z].{20,140}\.$/);
    expect((await http.get('/catalog/divide-and-conquer')).body.blurb).toMatch(/face down/);
  });
  it('is tagged and cacheable: asked again with its tag, each answers 304 with no body; another tag gets the whole answer', async () => {
    for (const path of ['/catalog', '/catalog/kaiser']) {
      const first = await http.get(path);
      expect(first.headers.etag, path).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control'], path).toMatch(/max-age=\d+/);
      const again = await http.get(path).set('if-none-match', first.headers.etag);
      expect(again.status, path).toBe(304);
      expect(again.text ?? '', path).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      const other = await http.get(path).set('if-none-match', '"something-else"');
      expect(other.status, path).toBe(200);
      expect(other.body).toEqual(first.body);
    }
    const kaiser = await http.get('/catalog/kaiser');
    const scopa = await http.get('/catalog/scopa');
    expect(kaiser.headers.etag).not.toBe(scopa.headers.etag);
    expect((await http.get('/catalog/scopa').set('if-none-match', kaiser.headers.etag)).status).toBe(200);
  });
});

describe('creating a game', () => {
  it('answers 201 with one seat token per seat and the SHA-256 of a secret seed', async () => {
    const res = await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2, names: ['Ann', 'Bo'] });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/games/${res.body.id}`);
    expect(res.body.seats.map((s: { name: string }) => s.name)).toEqual(['Ann', 'Bo']);
    expect(res.body.seats.every((s: { token: string }) => s.token.split('.').length === 3)).toBe(true);
    expect(res.body.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body).toMatchObject({ status: 'active', version: 0, dealtBy: 'server', provablyFair: true, toAct: [0, 1] });
    expect(res.body.seed).toBeUndefined();
    expect((await http.get(`/games/${res.body.id}`)).body.seed).toBeUndefined();
  });

  it('a client seed makes the deal reproducible, and the summary says it is not provably fair', async () => {
    const a = await create({ seed: 'duplicate-42' });
    const b = await create({ seed: 'duplicate-42' });
    const hand = async (g: typeof a) => (await http.get(`/games/${g.id}/view`).set(bearer(g.seats[0].token))).body.state.hands[0];
    expect(await hand(a)).toEqual(await hand(b));
    expect((await http.get(`/games/${a.id}`)).body).toMatchObject({ dealtBy: 'client-seed', provablyFair: false });
  });

  it('a stacked deck deals exactly as given, top first', async () => {
    const g = await create({ deck: STACKED });
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(g.seats[1].token))).body;
    expect(view.state.hands).toEqual([
      ['2S', '3S', '4S', '5S', '6S'],
      ['7S', '8S', '9S', 'TS', 'QS'],
    ]);
    expect((await http.get(`/games/${g.id}`)).body).toMatchObject({ dealtBy: 'client-deck', provablyFair: false });
  });

  it.each([
    ['malformed JSON', '{"kind": ', 400, 'malformed-json'],
    ['an unknown kind', { kind: 'bridge', seats: 4 }, 422, 'unknown-kind'],
    ['too many seats', { kind: 'divide-and-conquer', seats: 3 }, 422, 'invalid-setup'],
    ['a seat count that is not a number', { kind: 'divide-and-conquer', seats: 'two' }, 400, 'validation'],
    [
      'an option value the game does not have',
      { kind: 'divide-and-conquer', seats: 2, options: { variant: 'short' } },
      422,
      'invalid-setup',
    ],
    ['an option the game does not have', { kind: 'divide-and-conquer', seats: 2, options: { jokers: 2 } }, 422, 'invalid-setup'],
    [
      'a deck that is not the game’s cards',
      { kind: 'divide-and-conquer', seats: 2, deck: ['AS', ...STACKED.slice(1)] },
      422,
      'invalid-setup',
    ],
    ['a deck with a card code that does not exist', { kind: 'divide-and-conquer', seats: 2, deck: ['1S'] }, 400, 'validation'],
    ['one name for two seats', { kind: 'divide-and-conquer', seats: 2, names: ['Ann'] }, 422, 'invalid-setup'],
    ['a field the API does not know', { kind: 'divide-and-conquer', seats: 2, colour: 'red' }, 400, 'validation'],
  ])('refuses %s with a problem, and creates nothing', async (_what, body, status, code) => {
    const before = await countRows(server, 'Game');
    const res = await http
      .post('/games')
      .set('content-type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
    expectProblem(res, status as number, code as string);
    expect(await countRows(server, 'Game')).toBe(before);
  });
});

describe('reading a game', () => {
  it('the public summary answers 404 for a game that does not exist', async () => {
    expectProblem(await http.get('/games/nope'), 404, 'game-not-found');
    expectProblem(await http.get('/games/nope/view'), 404, 'game-not-found');
  });

  it('a seat reads its view with its legal actions; a spectator reads one with none', async () => {
    const g = await create({ deck: STACKED });
    const seat = await http.get(`/games/${g.id}/view`).set(bearer(g.seats[0].token));
    expect(seat.status).toBe(200);
    expect(seat.body).toMatchObject({ seat: 0, version: 0, status: 'active', toAct: [0, 1], scores: [0, 0] });
    expect(seat.body.legalActions).toHaveLength(5);
    const spectator = await http.get(`/games/${g.id}/view`);
    expect(spectator.body).toMatchObject({ seat: null, legalActions: [] });
  });

  it('the ETag names the revision and the audience, and If-None-Match answers 304 until something moves', async () => {
    const g = await create();
    const first = await http.get(`/games/${g.id}/view`).set(bearer(g.seats[0].token));
    expect(first.headers.etag).toBe('"0.seat0"');
    const again = await http.get(`/games/${g.id}/view`).set(bearer(g.seats[0].token)).set('if-none-match', '"0.seat0"');
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers['content-length']).toBeUndefined();
    // Seat 1's view is another entity: seat 0's tag never gets it a 304.
    const other = await http.get(`/games/${g.id}/view`).set(bearer(g.seats[1].token)).set('if-none-match', '"0.seat0"');
    expect(other.status).toBe(200);
    expect(other.headers.etag).toBe('"0.seat1"');
    const spectator = await http.get(`/games/${g.id}/view`).set('if-none-match', '"0.seat0"');
    expect(spectator.status).toBe(200);
    expect(spectator.headers.etag).toBe('"0.spectator"');
    await http.post(`/games/${g.id}/moves`).set(bearer(g.seats[0].token)).send({ action: first.body.legalActions[0] });
    const moved = await http.get(`/games/${g.id}/view`).set(bearer(g.seats[0].token)).set('if-none-match', '"0.seat0"');
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).toBe('"1.seat0"');
  });

  it('a tampered, foreign or malformed token is refused', async () => {
    const g = await create();
    const other = await create();
    expectProblem(await http.get(`/games/${g.id}/view`).set(bearer(`${g.seats[0].token.slice(0, -3)}abc`)), 401, 'invalid-token');
    expectProblem(await http.get(`/games/${g.id}/view`).set(bearer(other.seats[0].token)), 403, 'wrong-game');
    expectProblem(await http.get(`/games/${g.id}/view`).set('authorization', 'Basic abc'), 401, 'invalid-token');
  });
});

describe('making moves', () => {
  it('a legal move answers the seat’s new view, one version later', async () => {
    const g = await create({ deck: STACKED });
    const res = await http
      .post(`/games/${g.id}/moves`)
      .set(bearer(g.seats[1].token))
      .send({ action: { type: 'play', card: 'QS' } });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"1.seat1"');
    expect(res.body).toMatchObject({ seat: 1, version: 1, toAct: [0], legalActions: [] });
    expect(res.body.state.laid).toEqual([null, 'QS']);
  });

  it.each([
    ['without a token', {}, { action: { type: 'play', card: '2S' } }, 401, 'token-required'],
    [
      'with a forged token',
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzZWF0IjowfQ.' },
      { action: { type: 'play', card: '2S' } },
      401,
      'invalid-token',
    ],
    ['a card the seat does not hold', 'seat0', { action: { type: 'play', card: 'QS' } }, 422, 'illegal-move'],
    ['an action the game does not have', 'seat0', { action: { type: 'fold' } }, 422, 'illegal-move'],
    ['an action with no type', 'seat0', { action: { card: '2S' } }, 400, 'validation'],
    ['no action at all', 'seat0', {}, 400, 'validation'],
    ['a negative expected version', 'seat0', { action: { type: 'play', card: '2S' }, expectedVersion: -1 }, 400, 'validation'],
    ['a stale expected version', 'seat0', { action: { type: 'play', card: '2S' }, expectedVersion: 7 }, 409, 'version-conflict'],
  ])('a move %s is refused and changes nothing', async (_what, auth, body, status, code) => {
    const g = await create({ deck: STACKED });
    const headers = auth === 'seat0' ? bearer(g.seats[0].token) : (auth as Record<string, string>);
    expectProblem(
      await http
        .post(`/games/${g.id}/moves`)
        .set(headers)
        .send(body as object),
      status as number,
      code as string,
    );
    expect(await version(g.id)).toBe(0);
  });

  it('malformed JSON is a 400 problem', async () => {
    const g = await create();
    const res = await http
      .post(`/games/${g.id}/moves`)
      .set(bearer(g.seats[0].token))
      .set('content-type', 'application/json')
      .send('{"action": ');
    expectProblem(res, 400, 'malformed-json');
  });

  it('a seat that has already laid its card is told so and cannot move again', async () => {
    const g = await create({ deck: STACKED });
    await http
      .post(`/games/${g.id}/moves`)
      .set(bearer(g.seats[0].token))
      .send({ action: { type: 'play', card: '2S' } });
    const res = await http
      .post(`/games/${g.id}/moves`)
      .set(bearer(g.seats[0].token))
      .send({ action: { type: 'play', card: '3S' } });
    expectProblem(res, 422, 'illegal-move');
    expect(res.body.detail).toMatch(/already laid/);
    expect(await version(g.id)).toBe(1);
  });

  it('a token for another game cannot move here', async () => {
    const g = await create();
    const other = await create();
    expectProblem(
      await http
        .post(`/games/${g.id}/moves`)
        .set(bearer(other.seats[0].token))
        .send({ action: { type: 'play', card: '2S' } }),
      403,
      'wrong-game',
    );
  });

  it('a retry with the same Idempotency-Key gets the same answer and applies nothing twice', async () => {
    const g = await create({ deck: STACKED });
    const send = (card: string) =>
      http
        .post(`/games/${g.id}/moves`)
        .set(bearer(g.seats[0].token))
        .set('idempotency-key', 'k-1')
        .send({ action: { type: 'play', card } });
    const first = await send('2S');
    const retry = await send('2S');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await version(g.id)).toBe(1);
    expectProblem(await send('3S'), 422, 'idempotency-key-reused');
    expect(await version(g.id)).toBe(1);
  });

  it('a game keeps its moves’ Idempotency-Keys while it runs; once it ends only the last one, whose retry still gets its answer', async () => {
    const g = await create();
    const tokens = g.seats.map((s) => s.token);
    const keyed: { seat: number; key: string; action: unknown; answer: unknown }[] = [];
    for (let view = (await http.get(`/games/${g.id}/view`).set(bearer(tokens[0]))).body; view.status !== 'finished'; ) {
      const seat = view.toAct[0] as number;
      const mine = (await http.get(`/games/${g.id}/view`).set(bearer(tokens[seat]))).body;
      const key = `move-${keyed.length}`;
      const res = await http
        .post(`/games/${g.id}/moves`)
        .set(bearer(tokens[seat]))
        .set('idempotency-key', key)
        .send({ action: mine.legalActions[0] });
      expect(res.status).toBe(200);
      keyed.push({ seat, key, action: mine.legalActions[0], answer: res.body });
      view = res.body;
    }
    const keys = () => server.db.sql.all<{ key: string }>(`SELECT "key" FROM "MoveKey" WHERE "gameKey" = ${gameKeyOf()}`, [g.id]);
    expect((await keys()).map((k) => k.key)).toEqual([keyed[keyed.length - 1].key]);
    const retry = (m: (typeof keyed)[number]) =>
      http.post(`/games/${g.id}/moves`).set(bearer(tokens[m.seat])).set('idempotency-key', m.key).send({ action: m.action });
    const last = await retry(keyed[keyed.length - 1]);
    expect(last.status).toBe(200);
    expect(last.body).toEqual(keyed[keyed.length - 1].answer);
    expectProblem(await retry(keyed[0]), 409, 'game-over');
    expect(await version(g.id)).toBe(keyed.length);
  });

  it('a finished game refuses every move, and its summary reveals the seed behind the published hash', async () => {
    const g = await create();
    const end = await playToEnd(
      g.id,
      g.seats.map((s) => s.token),
    );
    expect(end.status).toBe('finished');
    expect(end.result.winners.length).toBeGreaterThan(0);
    expectProblem(
      await http
        .post(`/games/${g.id}/moves`)
        .set(bearer(g.seats[0].token))
        .send({ action: { type: 'play', card: '2S' } }),
      409,
      'game-over',
    );
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary.status).toBe('finished');
    expect(createHash('sha256').update(summary.seed).digest('hex')).toBe(g.seedHash);
  });
});

describe('the history', () => {
  it('during play a seat sees its own secret choice in the log, the other seat and spectators do not', async () => {
    const g = await create({ deck: STACKED });
    await http
      .post(`/games/${g.id}/moves`)
      .set(bearer(g.seats[0].token))
      .send({ action: { type: 'play', card: '2S' } });
    const own = (await http.get(`/games/${g.id}/events`).set(bearer(g.seats[0].token))).body;
    const other = (await http.get(`/games/${g.id}/events`).set(bearer(g.seats[1].token))).body;
    const spectator = (await http.get(`/games/${g.id}/events`)).body;
    expect(own.events[0]).toMatchObject({ seq: 1, seat: 0, action: { type: 'play', card: '2S' } });
    expect(other.events[0].action).toEqual({ type: 'play' });
    expect(spectator.events[0].action).toEqual({ type: 'play' });
    expect(spectator.seed).toBeUndefined();
  });

  it('pages with after and limit, and after the end shows every move and the seed', async () => {
    const g = await create();
    await playToEnd(
      g.id,
      g.seats.map((s) => s.token),
    );
    const first = (await http.get(`/games/${g.id}/events?limit=8`)).body;
    expect(first.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(first.next).toBe(8);
    const rest = (await http.get(`/games/${g.id}/events?after=8&limit=100`)).body;
    expect(rest.events).toHaveLength(12);
    expect(rest.next).toBeNull();
    expect(rest.events.every((e: { action: { card?: string } }) => typeof e.action.card === 'string')).toBe(true);
    expect(typeof rest.seed).toBe('string');
    expectProblem(await http.get(`/games/${g.id}/events?limit=0`), 400, 'validation');
  });

  it('replays a finished game at any move, and refuses while it is on or out of range', async () => {
    const g = await create({ deck: STACKED });
    expectProblem(await http.get(`/games/${g.id}/replay?at=1`), 409, 'game-not-finished');
    await playToEnd(
      g.id,
      g.seats.map((s) => s.token),
    );
    const at2 = (await http.get(`/games/${g.id}/replay?at=2`)).body;
    expect(at2).toMatchObject({ at: 2, version: 20, move: { seq: 2 } });
    expect(at2.state.matches).toHaveLength(1);
    expect((await http.get(`/games/${g.id}/replay?at=0`)).body.state.matches).toEqual([]);
    expectProblem(await http.get(`/games/${g.id}/replay?at=21`), 422, 'out-of-range');
  });
});

describe('the service', () => {
  it('answers health and readiness', async () => {
    expect((await http.get('/health')).body).toEqual({ status: 'ok' });
    expect((await http.get('/ready')).body).toEqual({ status: 'ready' });
  });
  it('an unknown route is a 404 problem', async () => {
    expectProblem(await http.get('/tables'), 404, 'route-not-found');
  });
  it('serves the OpenAPI 3.1 document, identical to the committed openapi/openapi.json', async () => {
    const served = (await http.get('/openapi.json')).body;
    expect(served.openapi).toBe('3.1.0');
    expect(served).toEqual(JSON.parse(readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8')));
  });
  it('serves Swagger UI at /docs', async () => {
    const res = await http.get('/docs/').redirects(1);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/swagger/i);
  });
  it('refuses a body over the limit with a 413 problem', async () => {
    const res = await http
      .post('/games')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ kind: 'divide-and-conquer', seats: 2, names: ['x'.repeat(70_000), 'y'] }));
    expectProblem(res, 413, 'body-too-large');
  });
});

/** `POST /games/{id}/moves` with `Prefer: return=minimal` (RFC 7240): where the game stands, without the view. */
/** A game of Divide and Conquer on the stacked deck, with its seat tokens by seat. */
async function minimalTable() {
  const created = await create({ deck: STACKED });
  return { id: created.id, tokens: created.seats.map((s) => s.token) };
}

async function firstMove(prefer?: string) {
  const game = await minimalTable();
  const view = (await http.get(`/games/${game.id}/view`).set(bearer(game.tokens[0]))).body;
  const post = http.post(`/games/${game.id}/moves`).set(bearer(game.tokens[0]));
  if (prefer !== undefined) post.set('prefer', prefer);
  return { game, view, res: await post.send({ action: view.legalActions[0] }) };
}

describe('Prefer: return=minimal on a move', () => {
  it('answers with version, toAct, deadlines and the checkpoint, without the view, and says the preference was applied', async () => {
    const { game, res } = await firstMove('return=minimal');
    expect(res.status).toBe(200);
    expect(res.headers['preference-applied']).toBe('return=minimal');
    expect(res.body).toEqual({
      id: game.id,
      version: 1,
      seat: 0,
      status: 'active',
      toAct: [1],
      deadlines: [null, null],
      checkpoint: expect.objectContaining({ size: 2 }),
    });
    // The receipt's checkpoint is the one the full view would have carried.
    const after = (await http.get(`/games/${game.id}/view`).set(bearer(game.tokens[0]))).body;
    expect(res.body.checkpoint).toEqual(after.checkpoint);
    expect(res.headers.etag).toBe(`"1.seat0"`);
  });

  it('answers with the full view when asked for the representation, for another preference, or for none', async () => {
    for (const prefer of [undefined, 'return=representation', 'respond-async, wait=10', 'return=minimalist']) {
      const { res } = await firstMove(prefer);
      expect(res.status, prefer).toBe(200);
      expect(res.headers['preference-applied'], prefer).toBeUndefined();
      expect(res.body, prefer).toMatchObject({ version: 1, seat: 0, legalActions: [], state: expect.anything() });
    }
  });

  it('finds return=minimal among other preferences, in any case, quoted, with parameters', async () => {
    for (const prefer of [
      'respond-async, RETURN=Minimal',
      'wait=5, return="minimal"; foo=bar',
      'return = minimal, return=representation',
    ]) {
      const { res } = await firstMove(prefer);
      expect(res.headers['preference-applied'], prefer).toBe('return=minimal');
      expect(res.body.state, prefer).toBeUndefined();
    }
  });

  it('counts only the first of a preference given twice, and ignores a malformed header', async () => {
    const twice = await firstMove('return=representation, return=minimal');
    expect(twice.res.body.state).toBeDefined();
    const malformed = await firstMove('"return=minimal');
    expect(malformed.res.status).toBe(200);
    expect(malformed.res.body.state).toBeDefined();
  });

  it('still refuses a bad move with its problem, and a retry with the same Idempotency-Key gets the receipt again', async () => {
    const game = await minimalTable();
    const send = (card: string) =>
      http
        .post(`/games/${game.id}/moves`)
        .set(bearer(game.tokens[0]))
        .set('prefer', 'return=minimal')
        .set('idempotency-key', 'k-1')
        .send({ action: { type: 'play', card } });
    const first = await send('2S');
    const again = await send('2S');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const illegal = await http
      .post(`/games/${game.id}/moves`)
      .set(bearer(game.tokens[1]))
      .set('prefer', 'return=minimal')
      .send({ action: { type: 'play', card: '2S' } });
    expect(illegal.status).toBe(422);
    expect(illegal.body.code).toBe('illegal-move');
  });

  it('tells the finished result in the receipt of the last move', async () => {
    const game = await minimalTable();
    let last: request.Response | undefined;
    for (;;) {
      const standing = (await http.get(`/games/${game.id}`)).body;
      if (standing.status === 'finished') break;
      for (const seat of standing.toAct as number[]) {
        const mine = (await http.get(`/games/${game.id}/view`).set(bearer(game.tokens[seat]))).body;
        last = await http
          .post(`/games/${game.id}/moves`)
          .set(bearer(game.tokens[seat]))
          .set('prefer', 'return=minimal')
          .send({ action: mine.legalActions[0] });
        expect(last.status).toBe(200);
      }
    }
    expect(last?.body).toMatchObject({ status: 'finished', toAct: [], result: expect.anything() });
  });
});
