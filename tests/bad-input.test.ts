import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, privateDatabase, startServer, type TestServer } from './support/harness';

/** Inputs that once ended as a 500 (on PostgreSQL above all): each is a 4xx problem+json and changes nothing. */
let server: TestServer;
let drop: () => Promise<void>;
let game: { id: string; tokens: string[] };
let player: string;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where);
  const created = await server.app.inject({ method: 'POST', url: '/games', payload: { kind: 'divide-and-conquer', seats: 2 } });
  game = { id: created.json().id, tokens: created.json().seats.map((s: { token: string }) => s.token) };
  // A game with moves in its log: paging past them is where a large `after` reached the database.
  for (let i = 0; i < 2; i++) {
    const token = game.tokens[i];
    const view = await server.app.inject({ url: `/games/${game.id}/view`, headers: { authorization: `Bearer ${token}` } });
    const moved = await server.app.inject({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: `Bearer ${token}` },
      payload: { action: view.json().legalActions[0] },
    });
    expect(moved.statusCode).toBe(200);
  }
  player = (await server.app.inject({ method: 'POST', url: '/players', payload: { name: 'Ann' } })).json().token;
});
afterAll(async () => {
  await server.close();
  await drop();
});

async function snapshot() {
  const version = (await server.app.inject({ url: `/games/${game.id}` })).json().version;
  return {
    games: await countRows(server, 'Game'),
    seats: await countRows(server, 'Seat'),
    events: await countRows(server, 'Event'),
    players: Number((await server.db.sql.one<{ n: number | string }>('SELECT COUNT(*) AS n FROM "Player"'))?.n),
    version,
  };
}

async function expectRefused(request: () => InjectOptions, status = 400) {
  const before = await snapshot();
  const res = await server.app.inject(request());
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status, code: expect.any(String), detail: expect.any(String) });
  expect(await snapshot()).toEqual(before);
  return res.json();
}

const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}1${close.repeat(depth)}`;

describe('numbers a query string cannot mean', () => {
  it.each(['1e20', 'Infinity', '-Infinity', '2147483648', '99999999999999999999'])(
    'GET /events?after=%s is a 400',
    async (after) => {
      const body = await expectRefused(() => ({ url: `/games/${game.id}/events?after=${after}` }));
      expect(body).toMatchObject({ code: 'validation', errors: [{ path: 'querystring/after' }] });
    },
  );

  it.each(['Infinity', '1e20'])('GET /events?limit=%s is a 400', async (limit) => {
    await expectRefused(() => ({ url: `/games/${game.id}/events?limit=${limit}` }));
  });

  it.each(['2147483648', 'Infinity'])('GET /replay?at=%s is a 400', async (at) => {
    await expectRefused(() => ({ url: `/games/${game.id}/replay?at=${at}` }));
  });

  it('a player stream resumed past any seq the database can hold is a 400', async () => {
    await expectRefused(() => ({
      url: '/players/me/stream',
      headers: { authorization: `Bearer ${player}`, accept: 'text/event-stream', 'last-event-id': '99999999999' },
    }));
    await expectRefused(() => ({
      url: '/players/me/stream?after=2147483648',
      headers: { authorization: `Bearer ${player}`, accept: 'text/event-stream' },
    }));
  });

  it('the largest seq the database holds is still a number it answers', async () => {
    const res = await server.app.inject({ url: `/games/${game.id}/events?after=2147483647` });
    expect(res.statusCode).toBe(200);
    expect(res.json().events).toEqual([]);
  });
});

describe('JSON nested absurdly deep', () => {
  const json = { 'content-type': 'application/json' };

  it('options nested 5,000 levels deep are a 400', async () => {
    const body = await expectRefused(() => ({
      method: 'POST',
      url: '/games',
      headers: json,
      payload: `{"kind":"divide-and-conquer","seats":2,"options":${nested(5000, '{"a":', '}')}}`,
    }));
    expect(body.code).toBe('validation');
    expect(body.detail).toMatch(/deeper than 32 levels/);
  });

  it('arrays 5,000 deep in an action are a 400', async () => {
    await expectRefused(() => ({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { ...json, authorization: `Bearer ${game.tokens[0]}` },
      payload: `{"action":{"type":"play","card":${nested(5000, '[', ']')}}}`,
    }));
  });
});

describe('text no database column can hold', () => {
  it.each([
    ['a NUL character', 'An\u0000n'],
    ['an unpaired surrogate', 'An\ud800n'],
  ])('%s in a seat name is a 400', async (_what, name) => {
    const body = await expectRefused(() => ({
      method: 'POST',
      url: '/games',
      payload: { kind: 'divide-and-conquer', seats: 2, names: [name, 'Bo'] },
    }));
    expect(body).toMatchObject({ code: 'validation', errors: [{ path: 'body/names/0' }] });
  });

  it('a NUL character in a guest’s name, a player’s name, a seed or an option key is a 400', async () => {
    await expectRefused(() => ({
      method: 'POST',
      url: '/games',
      payload: { kind: 'divide-and-conquer', seats: [{ name: 'A\u0000' }, { open: true }] },
    }));
    await expectRefused(() => ({ method: 'POST', url: '/players', payload: { name: 'A\u0000' } }));
    await expectRefused(() => ({
      method: 'POST',
      url: '/games',
      payload: { kind: 'divide-and-conquer', seats: 2, seed: 's\u0000' },
    }));
    await expectRefused(() => ({
      method: 'POST',
      url: '/games',
      payload: { kind: 'divide-and-conquer', seats: 2, options: { 'v\u0000': 1 } },
    }));
  });

  it('a NUL character in a path, a query or an Idempotency-Key is a 400', async () => {
    await expectRefused(() => ({ url: '/games/a%00b' }));
    await expectRefused(() => ({ url: '/games?status=waiting&kind=a%00b' }));
    await expectRefused(() => ({
      method: 'POST',
      url: `/games/${game.id}/moves`,
      headers: { authorization: `Bearer ${game.tokens[0]}`, 'idempotency-key': 'k\u0000' },
      payload: { action: { type: 'play', card: '2S' } },
    }));
  });

  it('names in any script, emoji included, are kept as sent', async () => {
    const names = ['Zoë 🂡', '山田'];
    const res = await server.app.inject({
      method: 'POST',
      url: '/games',
      payload: { kind: 'divide-and-conquer', seats: 2, names },
    });
    expect(res.statusCode).toBe(201);
    const summary = (await server.app.inject({ url: `/games/${res.json().id}` })).json();
    expect(summary.seats.map((s: { name: string }) => s.name)).toEqual(names);
  });
});
