import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_LOOKUPS_PER_MINUTE } from '../src/http/routes/players';
import { tokenHash } from '../src/service/players';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, expectProblem, newPlayer, type PlayerHandle, settled } from './support/players';
import { queryPlan } from './support/query-plan';

let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;
/** The injected clock: the tests move it on so that "my games" can be ordered by time. */
let clock = new Date('2030-01-01T00:00:00.000Z');

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { now: () => clock });
  http = request(server.app.server);
  await settled(http);
});
afterAll(async () => {
  await server.close();
  await drop();
});

const tick = (seconds = 1) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

/** A two-seat Divide and Conquer table, full and started, with `a` in seat 0 and `b` in seat 1. */
async function game(a: PlayerHandle, b: PlayerHandle, options: Record<string, unknown> = {}) {
  const created = await http
    .post('/games')
    .set(bearer(a.token))
    .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { player: b.id }], options });
  expect(created.status).toBe(201);
  expect((await http.post(`/games/${created.body.id}/seats/1/join`).set(bearer(b.token)).send({})).status).toBe(200);
  return created.body.id as string;
}

async function play(id: string, p: PlayerHandle) {
  const view = (await http.get(`/games/${id}/view`).set(bearer(p.token))).body;
  const res = await http.post(`/games/${id}/moves`).set(bearer(p.token)).send({ action: view.legalActions[0] });
  expect(res.status).toBe(200);
}

describe('players', () => {
  it('registers a player: 201 with its id, name and a random token shown once, stored only as a hash', async () => {
    const res = await http.post('/players').send({ name: 'Ann' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/players/me');
    expect(res.body).toMatchObject({ name: 'Ann', id: expect.any(String) });
    expect(res.body.token).toMatch(/^ctp_[A-Za-z0-9_-]{43}$/);
    const row = await server.db.sql.one<Record<string, unknown>>('SELECT * FROM "Player" WHERE "id" = $1', [res.body.id]);
    expect(row?.tokenHash).toBe(tokenHash(res.body.token));
    expect(JSON.stringify(row)).not.toContain(res.body.token);
    // Two players, two different tokens.
    expect((await newPlayer(http, 'Ann')).token).not.toBe(res.body.token);
  });

  it('refuses a player without a name, and creates nothing', async () => {
    const count = async () => Number((await server.db.sql.one<{ n: unknown }>('SELECT COUNT(*) AS "n" FROM "Player"'))?.n);
    const before = await count();
    expectProblem(await http.post('/players').send({}), 400, 'validation');
    expectProblem(await http.post('/players').send({ name: '' }), 400, 'validation');
    expect(await count()).toBe(before);
  });

  it('GET /players/me says who the token names; no token, a wrong one or a seat token are refused', async () => {
    const ann = await newPlayer(http, 'Ann');
    const me = await http.get('/players/me').set(bearer(ann.token));
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: ann.id,
      name: 'Ann',
      createdAt: expect.any(String),
      vacation: { until: null, daysLeft: 30, daysPerYear: 30 },
    });
    expectProblem(await http.get('/players/me'), 401, 'token-required');
    expectProblem(await http.get('/players/me').set(bearer(`ctp_${'A'.repeat(43)}`)), 401, 'invalid-token');
    const guest = await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 });
    expectProblem(await http.get('/players/me').set(bearer(guest.body.seats[0].token)), 403, 'player-token-required');
  });

  it('rotating the token: the new one works, the old one is refused at once (401) everywhere it worked', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const id = await game(ann, bo);
    // The old token is in the cache now: rotation must still stop it.
    expect((await http.get(`/games/${id}/view`).set(bearer(ann.token))).status).toBe(200);
    const rotated = await http.post('/players/me/token').set(bearer(ann.token));
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id: ann.id, name: 'Ann' });
    expect(rotated.body.token).not.toBe(ann.token);
    const version = (await http.get(`/games/${id}`)).body.version;
    expectProblem(await http.get('/players/me').set(bearer(ann.token)), 401, 'invalid-token');
    expectProblem(await http.get(`/games/${id}/view`).set(bearer(ann.token)), 401, 'invalid-token');
    const view = (await http.get(`/games/${id}/view`).set(bearer(rotated.body.token))).body;
    expectProblem(
      await http.post(`/games/${id}/moves`).set(bearer(ann.token)).send({ action: view.legalActions[0] }),
      401,
      'invalid-token',
    );
    expectProblem(await http.post('/players/me/token').set(bearer(ann.token)), 401, 'invalid-token');
    expect((await http.get(`/games/${id}`)).body.version).toBe(version);
    expect((await http.get('/players/me').set(bearer(rotated.body.token))).body.id).toBe(ann.id);
  });

  it('a player token speaks for the player’s seat: its view, its moves; refused (403) where it holds no seat, changing nothing', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const cy = await newPlayer(http, 'Cy');
    const id = await game(ann, bo);
    expect((await http.get(`/games/${id}/view`).set(bearer(bo.token))).body.seat).toBe(1);
    const before = (await http.get(`/games/${id}`)).body;
    expectProblem(await http.get(`/games/${id}/view`).set(bearer(cy.token)), 403, 'not-seated');
    expectProblem(
      await http
        .post(`/games/${id}/moves`)
        .set(bearer(cy.token))
        .send({ action: { type: 'play', card: '2S' } }),
      403,
      'not-seated',
    );
    expectProblem(await http.get(`/games/${id}/events`).set(bearer(cy.token)), 403, 'not-seated');
    expect((await http.get(`/games/${id}`)).body).toEqual(before);
    await play(id, ann);
    expect((await http.get(`/games/${id}`)).body.version).toBe(1);
  });
});

/** The ids of my games, read two a page by the cursor to the last page; `between` runs after each page. */
async function pages(me: PlayerHandle, between: () => Promise<void> = async () => {}): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await http
      .get('/players/me/games')
      .query({ limit: 2, ...(cursor ? { cursor } : {}) })
      .set(bearer(me.token));
    expect(page.status).toBe(200);
    ids.push(...page.body.games.map((g: { id: string }) => g.id));
    cursor = page.body.next ?? undefined;
    await between();
  } while (cursor);
  return ids;
}

describe('my games', () => {
  it('lists the games where I hold a seat, those where it is my turn first, soonest deadline first, then the others', async () => {
    const me = await newPlayer(http, 'Me');
    const other = await newPlayer(http, 'Other');
    // Three games: a clock of 1 hour, a clock of 1 minute, and none; then one where I have moved.
    const slow = await game(me, other, { clock: { perMove: 3600 } });
    tick();
    const fast = await game(me, other, { clock: { perMove: 60 } });
    tick();
    const untimed = await game(me, other);
    tick();
    const moved = await game(me, other);
    tick();
    await play(moved, me);
    tick();
    const waiting = await http
      .post('/games')
      .set(bearer(me.token))
      .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { open: true }] });

    const res = await http.get('/players/me/games').set(bearer(me.token));
    expect(res.status).toBe(200);
    expect(res.body.games.map((g: { id: string }) => g.id)).toEqual([fast, slow, untimed, waiting.body.id, moved]);
    const [first] = res.body.games;
    expect(first).toEqual({
      id: fast,
      kind: 'divide-and-conquer',
      status: 'active',
      seat: 0,
      invited: false,
      toAct: [0, 1],
      myTurn: true,
      deadline: expect.any(String),
      timeLeft: expect.any(Number),
      version: 0,
      updated: expect.any(String),
      // Two players, dealt by the server: rated by default.
      rated: true,
      // Who I play with, as the lobby shows the seats: names and ids, no token nor holding.
      seats: [
        { seat: 0, name: 'Me', occupant: 'player', player: me.id },
        { seat: 1, name: 'Other', occupant: 'player', player: other.id },
      ],
    });
    expect(res.body.games.find((g: { id: string }) => g.id === waiting.body.id).seats).toEqual([
      { seat: 0, name: 'Me', occupant: 'player', player: me.id },
      { seat: 1, name: null, occupant: 'open' },
    ]);
    expect(res.body.games.find((g: { id: string }) => g.id === moved)).toMatchObject({
      myTurn: false,
      toAct: [1],
      deadline: null,
    });

    const mine = await http.get('/players/me/games').query({ myTurn: true }).set(bearer(me.token));
    expect(mine.body.games.map((g: { id: string }) => g.id)).toEqual([fast, slow, untimed]);
    const notMine = await http.get('/players/me/games').query({ myTurn: false }).set(bearer(me.token));
    expect(notMine.body.games.map((g: { id: string }) => g.id)).toEqual([waiting.body.id, moved]);
    const waitingOnly = await http.get('/players/me/games').query({ status: 'waiting' }).set(bearer(me.token));
    expect(waitingOnly.body.games.map((g: { id: string }) => g.id)).toEqual([waiting.body.id]);
  });

  it('pages with a cursor across my turns and the rest, missing nothing and repeating nothing', async () => {
    const me = await newPlayer(http, 'Me');
    const other = await newPlayer(http, 'Other');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await game(me, other));
      tick();
    }
    await play(ids[0], me);
    await play(ids[1], me);
    const all = (await http.get('/players/me/games').set(bearer(me.token))).body.games.map((g: { id: string }) => g.id);
    const paged = await pages(me);
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(5);
  });

  it('pages stay complete and in order while games are created and played between them: nothing repeats, nothing is missed', async () => {
    const me = await newPlayer(http, 'Me');
    const other = await newPlayer(http, 'Other');
    // My turn with a deadline, my turn without one, and games where I have moved: every part of the order.
    for (let i = 0; i < 2; i++) {
      await game(me, other, { clock: { perMove: 3600 } });
      tick();
    }
    for (let i = 0; i < 3; i++) {
      await game(me, other);
      tick();
    }
    for (let i = 0; i < 4; i++) {
      await play(await game(me, other), me);
      tick();
    }
    const before = (await http.get('/players/me/games').set(bearer(me.token))).body.games.map((g: { id: string }) => g.id);
    expect(before).toHaveLength(9);
    // Between pages: a new game where it is my turn, and one where I have just moved (the newest change of all).
    const paged = await pages(me, async () => {
      tick();
      await game(me, other);
      tick();
      await play(await game(me, other), me);
    });
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged.filter((id) => before.includes(id))).toEqual(before);
  });

  it('a page is read in the order of the seats’ index: the database sorts nothing, however many games the player has', async () => {
    const me = await newPlayer(http, 'Me');
    const other = await newPlayer(http, 'Other');
    await game(me, other);
    const statements: [string, unknown[]][] = [];
    const all = server.db.sql.all.bind(server.db.sql);
    server.db.sql.all = (async (text: string, params?: unknown[]) => {
      // The player's seats (the clock sweeper, which may tick meanwhile, reads seats too, but nobody's in particular).
      if (text.includes('"Seat" s JOIN "Game" g') && text.includes('s."playerId" = $1'))
        statements.push([text, [...(params ?? [])]]);
      return all(text, params);
    }) as typeof server.db.sql.all;
    try {
      expect((await http.get('/players/me/games').set(bearer(me.token))).status).toBe(200);
    } finally {
      server.db.sql.all = all;
    }
    expect(statements).toHaveLength(3);
    for (const [text, params] of statements) {
      const plan = JSON.stringify(await queryPlan(server.db, text, params));
      expect(plan).toMatch(/Seat_playerId_due_(deadline_dueSince|gameUpdatedAt)_gameId_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE|"Node Type":"(Sort|Incremental Sort)"/);
    }
  });

  it('is read from the seats’ index, without loading any game', async () => {
    const me = await newPlayer(http, 'Me');
    const other = await newPlayer(http, 'Other');
    await game(me, other);
    const hooks: boolean[] = [];
    const { live } = server.app.service;
    const load = live.load;
    live.load = async (id: string) => {
      hooks.push(true);
      return load(id);
    };
    try {
      expect((await http.get('/players/me/games').set(bearer(me.token))).status).toBe(200);
    } finally {
      live.load = load;
    }
    expect(hooks).toEqual([]);
  });

  it('refuses a cursor it did not give, and a request without a player token', async () => {
    const me = await newPlayer(http, 'Me');
    expectProblem(
      await http.get('/players/me/games').query({ cursor: 'eyJ4IjoxfQ' }).set(bearer(me.token)),
      400,
      'invalid-cursor',
    );
    expectProblem(await http.get('/players/me/games'), 401, 'token-required');
  });
});

describe('finding players by name', () => {
  const find = (p: PlayerHandle, query: Record<string, unknown>) => http.get('/players').query(query).set(bearer(p.token));

  it('lists every player called exactly that name, oldest first, with only the id, the name and when it registered', async () => {
    const ann = await newPlayer(http, 'Ann');
    const first = await newPlayer(http, 'Marta Finder');
    tick();
    const second = await newPlayer(http, 'Marta Finder');
    await newPlayer(http, 'Marta Finders');
    const res = await find(ann, { name: ' Marta Finder ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      players: [
        { id: first.id, name: 'Marta Finder', createdAt: expect.any(String) },
        { id: second.id, name: 'Marta Finder', createdAt: expect.any(String) },
      ],
      next: null,
    });
    // Nothing of the token or of the address it registered from.
    expect(JSON.stringify(res.body)).not.toContain(first.token);
    expect(JSON.stringify(res.body)).not.toMatch(/token|address|hash/i);
  });

  it('matches the whole name only, as written: no prefix, no other case', async () => {
    const ann = await newPlayer(http, 'Ann');
    await newPlayer(http, 'Quentin Exact');
    for (const name of ['Quentin', 'quentin exact', 'Quentin Exac']) {
      const res = await find(ann, { name });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ players: [], next: null });
    }
  });

  it('pages: `next` brings the players after the last one shown, until null', async () => {
    const ann = await newPlayer(http, 'Ann');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await newPlayer(http, 'Pager Name')).id);
      tick();
    }
    const one = await find(ann, { name: 'Pager Name', limit: 2 });
    expect(one.body.players.map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 2));
    expect(one.body.next).toEqual(expect.any(String));
    const two = await find(ann, { name: 'Pager Name', limit: 2, cursor: one.body.next });
    expect(two.body.players.map((p: { id: string }) => p.id)).toEqual(ids.slice(2));
    expect(two.body.next).toBeNull();
  });

  it('is for players: no token 401, a wrong one 401; a missing or invisible name, a bad limit or cursor 400', async () => {
    const ann = await newPlayer(http, 'Ann');
    expectProblem(await http.get('/players').query({ name: 'Ann' }), 401, 'token-required');
    expectProblem(
      await http
        .get('/players')
        .query({ name: 'Ann' })
        .set(bearer(`ctp_${'x'.repeat(43)}`)),
      401,
      'invalid-token',
    );
    expectProblem(await find(ann, {}), 400, 'validation');
    expectProblem(await find(ann, { name: '' }), 400, 'validation');
    expectProblem(await find(ann, { name: 'A\u200Bnn' }), 400, 'validation');
    expectProblem(await find(ann, { name: 'x'.repeat(61) }), 400, 'validation');
    expectProblem(await find(ann, { name: 'Ann', limit: 0 }), 400, 'validation');
    expectProblem(await find(ann, { name: 'Ann', limit: 51 }), 400, 'validation');
    expectProblem(await find(ann, { name: 'Ann', cursor: 'not-a-cursor' }), 400, 'invalid-cursor');
    const forged = Buffer.from(JSON.stringify({ createdAt: '+275760-09-13T00:00:00.000Z', id: 'x' })).toString('base64url');
    expectProblem(await find(ann, { name: 'Ann', cursor: forged }), 400, 'invalid-cursor');
  });

  it(`allows a player ${NAME_LOOKUPS_PER_MINUTE} look-ups a minute, then 429 rate-limited with Retry-After`, async () => {
    const ann = await newPlayer(http, 'Ann');
    for (let i = 0; i < NAME_LOOKUPS_PER_MINUTE; i++) expect((await find(ann, { name: 'Nobody' })).status).toBe(200);
    const refused = await find(ann, { name: 'Nobody' });
    expectProblem(refused, 429, 'rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another player's look-ups are its own.
    expect((await find(await newPlayer(http, 'Bo'), { name: 'Nobody' })).status).toBe(200);
  });
});
