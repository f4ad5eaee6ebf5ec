import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/service/cursor';
import { countRows, listening, privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, expectProblem, newPlayer, type PlayerHandle, SseReader, settled } from './support/players';

/**
 * What an attacker found, one test each (DESIGN.md, "Trust"): a seat token outlives its holder; one
 * request makes endless work; a slow webhook receiver stalls everyone; strangers join rigged deals;
 * identities are free; and the smaller holes beside them.
 */

type Where = Awaited<ReturnType<typeof privateDatabase>>;
let where: Where;
let server: TestServer;
let http: ReturnType<typeof request>;
let base: string;

const BOT_GAMES = 2;
const ABANDON_AFTER = 60;

beforeAll(async () => {
  where = await privateDatabase();
  server = await startServer(where, {
    limits: { botGamesPerPlayer: BOT_GAMES, abandonAfterMoves: ABANDON_AFTER },
    webhooks: { allowPrivate: true, pollMs: 3_600_000 },
  });
  http = request(server.app.server);
  base = (await listening(server)).base;
  await settled(http);
});
afterAll(async () => {
  await server.close();
  await where.drop();
});

const stream = (path: string, token?: string) =>
  fetch(`${base}${path}`, { headers: { accept: 'text/event-stream', ...(token ? bearer(token) : {}) } });

/** A waiting Kabu table for three: its creator's seat, and two open seats. */
async function waitingTable(creator: PlayerHandle) {
  const res = await http
    .post('/games')
    .set(bearer(creator.token))
    .send({ kind: 'kabu', seats: [{ player: 'me' }, { open: true }, { open: true }] });
  expect(res.status).toBe(201);
  return res.body as { id: string; seats: { seat: number; token?: string }[] };
}

const join = async (id: string, seat: number, player: PlayerHandle) => {
  const res = await http.post(`/games/${id}/seats/${seat}/join`).set(bearer(player.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
};

describe('1. a seat token speaks for the holding it was issued for', () => {
  it('once its holder left and another took the seat, it reads, moves, resigns, aborts and asks a rematch for nobody', async () => {
    const [ann, bo, cy, di] = await Promise.all(['Ann', 'Bo', 'Cy', 'Di'].map((n) => newPlayer(http, n)));
    const table = await waitingTable(ann);
    const old = await join(table.id, 1, bo);
    await http.post(`/games/${table.id}/leave`).set(bearer(bo.token)).expect(200);
    await join(table.id, 1, cy);
    await join(table.id, 2, di);
    expect((await http.get(`/games/${table.id}`)).body.status).toBe('active');
    expectProblem(await http.get(`/games/${table.id}/view`).set(bearer(old)), 401, 'token-revoked');
    expectProblem(await http.get(`/games/${table.id}/events`).set(bearer(old)), 401, 'token-revoked');
    expectProblem(
      await http
        .post(`/games/${table.id}/moves`)
        .set(bearer(old))
        .send({ action: { type: 'stand' } }),
      401,
      'token-revoked',
    );
    for (const ending of ['resign', 'abort', 'rematch']) {
      expectProblem(await http.post(`/games/${table.id}/${ending}`).set(bearer(old)), 401, 'token-revoked');
    }
    expectProblem(await http.post(`/games/${table.id}/stream-ticket`).set(bearer(old)), 401, 'token-revoked');
    // The new holder's own credentials still speak for the seat.
    expect((await http.get(`/games/${table.id}/view`).set(bearer(cy.token))).body.seat).toBe(1);
    expect((await http.get(`/games/${table.id}`)).body.status).toBe('active');
  });

  it('the creator’s own seat token stops when the creator leaves and someone else sits there', async () => {
    const [ann, bo] = await Promise.all(['Ann', 'Bo'].map((n) => newPlayer(http, n)));
    const table = await waitingTable(ann);
    const creators = table.seats[0].token as string;
    expect((await http.get(`/games/${table.id}/view`).set(bearer(creators))).status).toBe(200);
    await http.post(`/games/${table.id}/leave`).set(bearer(ann.token)).expect(200);
    await join(table.id, 0, bo);
    expectProblem(await http.get(`/games/${table.id}/view`).set(bearer(creators)), 401, 'token-revoked');
  });

  it('two players who take one seat in turn, within a second, get different tokens', async () => {
    const [ann, bo, cy] = await Promise.all(['Ann', 'Bo', 'Cy'].map((n) => newPlayer(http, n)));
    const table = await waitingTable(ann);
    const first = await join(table.id, 1, bo);
    await http.post(`/games/${table.id}/leave`).set(bearer(bo.token)).expect(200);
    const second = await join(table.id, 1, cy);
    expect(second).not.toBe(first);
  });

  it('a stream opened while seated ends (token-revoked) when its holder leaves the seat', async () => {
    const [ann, bo] = await Promise.all(['Ann', 'Bo'].map((n) => newPlayer(http, n)));
    const table = await waitingTable(ann);
    const token = await join(table.id, 1, bo);
    const reader = new SseReader(await stream(`/games/${table.id}/stream`, token));
    expect((await reader.next())?.event).toBe('view');
    await http.post(`/games/${table.id}/leave`).set(bearer(bo.token)).expect(200);
    const rest = await reader.until((e) => e.event === 'end');
    expect(rest.at(-1)).toMatchObject({ event: 'end', data: JSON.stringify({ reason: 'token-revoked' }) });
    expect(rest.filter((e) => e.event === 'view')).toEqual([]);
    await reader.finished;
  });

  it('rotating a player token ends its earlier seat tokens and the game streams opened with either', async () => {
    const [ann, bo, cy] = await Promise.all(['Ann', 'Bo', 'Cy'].map((n) => newPlayer(http, n)));
    const table = await waitingTable(ann);
    const seatToken = await join(table.id, 1, bo);
    await join(table.id, 2, cy);
    const bySeat = new SseReader(await stream(`/games/${table.id}/stream`, seatToken));
    const byPlayer = new SseReader(await stream(`/games/${table.id}/stream`, bo.token));
    expect((await bySeat.next())?.event).toBe('view');
    expect((await byPlayer.next())?.event).toBe('view');
    const rotated = await http.post('/players/me/token').set(bearer(bo.token));
    expect(rotated.status).toBe(200);
    for (const reader of [bySeat, byPlayer]) {
      expect((await reader.until((e) => e.event === 'end')).at(-1)?.data).toBe(JSON.stringify({ reason: 'token-revoked' }));
    }
    expectProblem(await http.get(`/games/${table.id}/view`).set(bearer(seatToken)), 401, 'token-revoked');
    expectProblem(await http.get(`/games/${table.id}/view`).set(bearer(bo.token)), 401, 'invalid-token');
    expect((await http.get(`/games/${table.id}/view`).set(bearer(rotated.body.token))).body.seat).toBe(1);
  });
});

describe('2. no game runs for ever without a person', () => {
  const bots = (n: number) => Array.from({ length: n }, () => ({ bot: 'random' }));

  it('a table of bots alone needs a player token; without one nothing is created', async () => {
    const before = await countRows(server, 'Game');
    expectProblem(await http.post('/games').send({ kind: 'kaiser', seats: bots(4) }), 401, 'token-required');
    expect(await countRows(server, 'Game')).toBe(before);
  });

  it(`a player has at most ${BOT_GAMES} tables of bots alone running (429 too-many-bot-games), and more once one ends`, async () => {
    const owner = await newPlayer(http, 'Owner');
    // Kaiser without a losing score: random bots would play for ever, but for the abandonment below.
    const create = () =>
      http
        .post('/games')
        .set(bearer(owner.token))
        .send({ kind: 'kaiser', seats: bots(4) });
    const ids: string[] = [];
    for (let i = 0; i < BOT_GAMES; i++) ids.push((await create()).body.id);
    expectProblem(await create(), 429, 'too-many-bot-games');
    // A table with a person at it is not counted.
    const mixed = await http
      .post('/games')
      .set(bearer(owner.token))
      .send({ kind: 'kaiser', seats: [{ player: 'me' }, ...bots(3)] });
    expect(mixed.status).toBe(201);
    await server.app.service.bots.settled();
    expect((await http.get(`/games/${ids[0]}`)).body.status).toBe('aborted');
    expect((await create()).status).toBe(201);
    await server.app.service.bots.settled();
  });

  it(`bots alone are stopped after ${ABANDON_AFTER} moves in a row with no person: the game is aborted as abandoned`, async () => {
    const owner = await newPlayer(http, 'Owner');
    const created = await http
      .post('/games')
      .set(bearer(owner.token))
      .send({ kind: 'kaiser', seats: bots(4) });
    await server.app.service.bots.settled();
    const summary = (await http.get(`/games/${created.body.id}`)).body;
    expect(summary).toMatchObject({ status: 'aborted', version: ABANDON_AFTER + 1 });
    const events = (await http.get(`/games/${created.body.id}/events?after=${ABANDON_AFTER - 1}`)).body.events;
    expect(events.at(-2)).toMatchObject({ kind: 'move', by: 'bot' });
    expect(events.at(-1)).toMatchObject({ kind: 'abort', by: 'service', action: { type: 'abort', reason: 'abandoned' } });
  });

  it('a person’s move starts the count again', async () => {
    const owner = await newPlayer(http, 'Owner');
    const created = await http
      .post('/games')
      .set(bearer(owner.token))
      .send({ kind: 'xeri', seats: [{ player: 'me' }, { bot: 'random' }], options: { hands: 50 } });
    for (let moves = 0; moves < ABANDON_AFTER * 2; ) {
      await server.app.service.bots.settled();
      const view = (await http.get(`/games/${created.body.id}/view`).set(bearer(owner.token))).body;
      if (view.status !== 'active') break;
      if (view.legalActions.length === 0) continue;
      await http
        .post(`/games/${created.body.id}/moves`)
        .set(bearer(owner.token))
        .send({ action: view.legalActions[0] })
        .expect(200);
      moves += 2;
    }
    expect((await http.get(`/games/${created.body.id}`)).body.status).not.toBe('aborted');
  });
});

/**
 * A receiver that sends its status line and headers a byte at a time, every `everyMs` (each byte
 * would reset an idle timeout), or a 200 with an endless body.
 */
async function slowReceiver(kind: 'trickle' | 'endless', everyMs = 200) {
  let closed = false;
  let onClose = () => {};
  const whenClosed = new Promise<void>((r) => {
    onClose = r;
  });
  const server: Server = createServer((req, res) => {
    const socket = res.socket;
    socket?.on('close', () => {
      closed = true;
      onClose();
    });
    req.resume();
    req.on('end', () => {
      if (kind === 'endless') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const t = setInterval(() => (socket?.destroyed ? clearInterval(t) : res.write('x'.repeat(1024))), 1);
        return;
      }
      const head = 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n';
      let i = 0;
      const t = setInterval(() => (socket?.destroyed ? clearInterval(t) : socket?.write(head[i++ % head.length])), everyMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    get closed() {
      return closed;
    },
    whenClosed,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('3. one slow webhook receiver delays nobody', () => {
  let hooked: TestServer;
  let hookedWhere: Where;
  let h: ReturnType<typeof request>;
  const DEADLINE_MS = 2000;
  beforeAll(async () => {
    hookedWhere = await privateDatabase();
    hooked = await startServer(hookedWhere, { webhooks: { allowPrivate: true, pollMs: 3_600_000, timeoutMs: DEADLINE_MS } });
    h = request(hooked.app.server);
    await settled(h);
  });
  afterAll(async () => {
    await hooked.close();
    await hookedWhere.drop();
  });

  const notify = async (player: PlayerHandle) => {
    const res = await h
      .post('/games')
      .set(bearer(player.token))
      .send({ kind: 'xeri', seats: [{ player: 'me' }, { name: 'x' }] });
    expect(res.status).toBe(201);
  };

  it('a receiver that trickles its headers is cut off at the deadline, while another player’s delivery goes through', async () => {
    const slow = await slowReceiver('trickle');
    let hit = () => {};
    const fastHit = new Promise<void>((r) => {
      hit = r;
    });
    const fast = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hit();
        res.end();
      });
    });
    await new Promise<void>((r) => fast.listen(0, '127.0.0.1', r));
    const [ann, bo] = [await newPlayer(h, 'Ann'), await newPlayer(h, 'Bo')];
    const annHook = (await h.post('/players/me/webhooks').set(bearer(ann.token)).send({ url: slow.url })).body;
    const fastUrl = `http://127.0.0.1:${(fast.address() as AddressInfo).port}/hook`;
    const boHook = (await h.post('/players/me/webhooks').set(bearer(bo.token)).send({ url: fastUrl })).body;
    await notify(ann);
    await notify(bo);
    const round = hooked.app.service.deliveries.tick();
    // Bo's receiver is reached while Ann's still trickles: one does not wait for the other.
    await fastHit;
    expect(slow.closed).toBe(false);
    await round;
    await slow.whenClosed;
    const annLog = (await h.get(`/players/me/webhooks/${annHook.id}/deliveries`).set(bearer(ann.token))).body.deliveries;
    // Cut off by the one deadline over the whole delivery, although a byte came every 200 ms.
    expect(annLog[0]).toMatchObject({ outcome: 'failed', status: null, error: `no answer within ${DEADLINE_MS} ms` });
    const boLog = (await h.get(`/players/me/webhooks/${boHook.id}/deliveries`).set(bearer(bo.token))).body.deliveries;
    expect(boLog[0]).toMatchObject({ outcome: 'delivered' });
    await slow.close();
    await new Promise<void>((r) => fast.close(() => r()));
  });

  it('an answer with an endless body is read up to a cap, then the connection is closed', async () => {
    const endless = await slowReceiver('endless');
    const ann = await newPlayer(h, 'Ann');
    const hook = (await h.post('/players/me/webhooks').set(bearer(ann.token)).send({ url: endless.url })).body;
    await notify(ann);
    await hooked.app.service.deliveries.tick();
    await endless.whenClosed;
    const log = (await h.get(`/players/me/webhooks/${hook.id}/deliveries`).set(bearer(ann.token))).body.deliveries;
    expect(log[0]).toMatchObject({ outcome: 'delivered', status: 200 });
    await endless.close();
  });
});

describe('4. strangers join only fair games', () => {
  it('a game dealt from a client seed or a stacked deck may not have open or invited seats (422), and nothing is created', async () => {
    const [ann, bo] = await Promise.all(['Ann', 'Bo'].map((n) => newPlayer(http, n)));
    const deck = (await http.get('/catalog/xeri')).body;
    expect(deck.kind).toBe('xeri');
    const before = await countRows(server, 'Game');
    for (const dealt of [{ seed: 'mine' }, { deck: await stackedXeri() }]) {
      for (const other of [{ open: true }, { player: bo.id }]) {
        const res = await http
          .post('/games')
          .set(bearer(ann.token))
          .send({ kind: 'xeri', seats: [{ player: 'me' }, other], ...dealt });
        expectProblem(res, 422, 'not-provably-fair');
      }
    }
    expect(await countRows(server, 'Game')).toBe(before);
    // Seats whose holders the creator chose are the creator's business: a seeded game among them is fine.
    const own = await http.post('/games').send({ kind: 'xeri', seats: 2, seed: 'mine' });
    expect(own.status).toBe(201);
    expect(own.body.provablyFair).toBe(false);
  });
});

async function stackedXeri(): Promise<string[]> {
  const { games } = await import('../src/games');
  const game = games.get('xeri');
  return game?.cards(2, {}) ?? [];
}

describe('5. identities are not free: new players per client address', () => {
  let limited: TestServer;
  let limitedWhere: Where;
  let l: ReturnType<typeof request>;
  const PER_HOUR = 3;
  beforeAll(async () => {
    limitedWhere = await privateDatabase();
    limited = await startServer(limitedWhere, {
      limits: { playersPerAddressPerHour: PER_HOUR },
      trustProxy: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
    });
    l = request(limited.app.server);
    await settled(l);
  });
  afterAll(async () => {
    await limited.close();
    await limitedWhere.drop();
  });

  it(`an address registers ${PER_HOUR} players an hour; the next is 429 with Retry-After; another address is counted apart`, async () => {
    const from = (address: string) => l.post('/players').set('x-forwarded-for', address).send({ name: 'Eve' });
    for (let i = 0; i < PER_HOUR; i++) expect((await from('203.0.113.7')).status).toBe(201);
    const refused = await from('203.0.113.7');
    expectProblem(refused, 429, 'too-many-players');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await from('198.51.100.9')).status).toBe(201);
  });

  it('concurrent registrations from one address stop at the limit, on either database', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => l.post('/players').set('x-forwarded-for', '192.0.2.44').send({ name: 'Eve' })),
    );
    expect(results.filter((r) => r.status === 201).length).toBe(PER_HOUR);
    for (const r of results.filter((r) => r.status !== 201)) expectProblem(r, 429, 'too-many-players');
  });

  it('without TRUST_PROXY a forwarded address is not believed: the connection’s own address is counted', async () => {
    const results = [];
    for (let i = 0; i <= PER_HOUR; i++) {
      results.push(await request(server.app.server).post('/players').set('x-forwarded-for', `10.0.0.${i}`).send({ name: 'Eve' }));
    }
    // The main server of this file allows many per address: each forwarded address would have been new anyway.
    expect(results.every((r) => r.status === 201)).toBe(true);
    const strictWhere = await privateDatabase();
    const strict = await startServer(strictWhere, { limits: { playersPerAddressPerHour: 1 } });
    try {
      const s = request(strict.app.server);
      expect((await s.post('/players').set('x-forwarded-for', '10.0.0.1').send({ name: 'Eve' })).status).toBe(201);
      expectProblem(await s.post('/players').set('x-forwarded-for', '10.0.0.2').send({ name: 'Eve' }), 429, 'too-many-players');
    } finally {
      await strict.close();
      await strictWhere.drop();
    }
  });
});

describe('6. the smaller holes', () => {
  it('a player registers at most 10 webhooks, even 40 at once', async () => {
    const ann = await newPlayer(http, 'Ann');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        http
          .post('/players/me/webhooks')
          .set(bearer(ann.token))
          .send({ url: `http://127.0.0.1:9/hook/${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201).length).toBe(10);
    for (const r of results.filter((r) => r.status !== 201)) expectProblem(r, 409, 'too-many-webhooks');
    expect((await http.get('/players/me/webhooks').set(bearer(ann.token))).body.webhooks).toHaveLength(10);
  });

  it('a lobby cursor with a year no database holds is a 400 invalid-cursor, not a server error', async () => {
    for (const createdAt of ['+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z', 'now']) {
      const cursor = encodeCursor({ createdAt, id: 'x' });
      expectProblem(await http.get(`/games?cursor=${cursor}`), 400, 'invalid-cursor');
      const ann = await newPlayer(http, 'Ann');
      const mine = encodeCursor({ due: false, updated: createdAt, id: 'x' });
      expectProblem(await http.get(`/players/me/games?cursor=${mine}`).set(bearer(ann.token)), 400, 'invalid-cursor');
    }
  });

  it('a name that holds a control character or turns the direction of the text is refused, saying why', async () => {
    for (const name of ['Ann\u202Eevil', 'a\u2066b', 'bell\u0007', 'two\nlines', 'mark\u200F']) {
      const res = await http.post('/players').send({ name });
      expectProblem(res, 400, 'validation');
      expect(res.body.detail).toMatch(/direction of the text/);
      expectProblem(await http.post('/games').send({ kind: 'xeri', seats: [{ name }, {}] }), 400, 'validation');
    }
    expect((await http.post('/players').send({ name: 'Zoë 👨‍👩‍👧 مرحبا' })).status).toBe(201);
  });

  it('JSON answers say nosniff, problems included, and /docs has a Content-Security-Policy', async () => {
    for (const res of [await http.get('/catalog/xeri'), await http.get('/games/nope'), await http.get('/health')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const docs = await http.get('/docs/static/index.html').redirects(1);
    expect(docs.status).toBe(200);
    expect(docs.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(docs.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
  });
});

describe('7. the contract', () => {
  it('a path parameter whose percent-escape does not decode is 400 malformed-url, as the document says', async () => {
    const res = await http.get('/games/%ED%A0%80/view');
    expectProblem(res, 400, 'malformed-url');
    const doc = (await http.get('/openapi.json')).body;
    const declared = doc.paths['/games/{id}/view'].get.responses['400'].content['application/problem+json'].schema.allOf[1];
    expect(declared.properties.code.enum).toContain('malformed-url');
  });

  it('the lobby refuses a kind that is not in the catalog instead of answering an empty list', async () => {
    expectProblem(await http.get('/games?kind=%7B%7D'), 422, 'unknown-kind');
    expect((await http.get('/games?kind=xeri')).status).toBe(200);
  });
});
