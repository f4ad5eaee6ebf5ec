import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, expectProblem, newPlayer, type PlayerHandle, settled } from './support/players';

let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where);
  http = request(server.app.server);
  await settled(http);
});
afterAll(async () => {
  await server.close();
  await drop();
});

type Seat = Record<string, unknown>;

async function table(creator: PlayerHandle | null, seats: Seat[], extra: Record<string, unknown> = {}) {
  const res = await http
    .post('/games')
    .set(creator ? bearer(creator.token) : {})
    .send({ kind: 'divide-and-conquer', seats, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    id: string;
    status: string;
    seedHash: string;
    seats: { seat: number; name: string | null; occupant: string; token?: string }[];
  };
}

/** Everything a refusal must leave as it was: the summary and the notifications of the players. */
async function snapshot(id: string, players: PlayerHandle[]) {
  const summary = (await http.get(`/games/${id}`)).body;
  const notes = await Promise.all(
    players.map((p) =>
      server.db.sql.all('SELECT "seq", "type" FROM "Notification" WHERE "playerId" = $1 ORDER BY "seq"', [p.id]),
    ),
  );
  const revision = await server.db.sql.one<{ revision: number }>('SELECT "revision" FROM "Game" WHERE "id" = $1', [id]);
  return { summary, notes, revision };
}

async function notificationsOf(p: PlayerHandle) {
  const rows = await server.db.sql.all<{ seq: number; type: string; gameId: string; payload: string }>(
    'SELECT "seq", "type", "gameId", "payload" FROM "Notification" WHERE "playerId" = $1 ORDER BY "seq"',
    [p.id],
  );
  return rows.map((r) => ({ seq: r.seq, type: r.type, game: r.gameId, ...JSON.parse(r.payload) }));
}

describe('tables with seats for players', () => {
  it('a table with a free seat waits: nothing dealt, no one to act, the seed hash public, views with state null', async () => {
    const ann = await newPlayer(http, 'Ann');
    const g = await table(ann, [{ player: 'me' }, { open: true }]);
    expect(g.status).toBe('waiting');
    expect(g.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(g.seats.map((s) => s.occupant)).toEqual(['player', 'open']);
    // The creator gets the seat token of its own seat, nobody else's.
    expect(typeof g.seats[0].token).toBe('string');
    expect(g.seats[1].token).toBeUndefined();
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary).toMatchObject({ status: 'waiting', version: 0, toAct: [] });
    expect(summary.seats[0]).toMatchObject({ occupant: 'player', player: ann.id, name: 'Ann' });
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(ann.token))).body;
    expect(view).toMatchObject({ status: 'waiting', seat: 0, toAct: [], legalActions: [], state: null });
  });

  it('"me" needs a player token', async () => {
    const before = (await http.get('/games?status=waiting')).body.games.length;
    expectProblem(
      await http.post('/games').send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { open: true }] }),
      401,
      'token-required',
    );
    expect((await http.get('/games?status=waiting')).body.games.length).toBe(before);
  });

  it('inviting a player who does not exist, or one player to two seats, is refused', async () => {
    const ann = await newPlayer(http, 'Ann');
    const res = await http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { player: 'nobody' }] });
    expectProblem(res, 422, 'unknown-player');
    const twice = await http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { player: ann.id }] });
    expectProblem(twice, 422, 'player-seated-twice');
    const count = await server.db.sql.one<{ n: number | string }>('SELECT COUNT(*) AS "n" FROM "Game" WHERE "createdBy" = $1', [
      ann.id,
    ]);
    expect(Number(count?.n)).toBe(0);
  });

  it('an invitation is written for the invited player, with the table’s public facts only', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const g = await table(ann, [{ player: 'me' }, { player: bo.id }]);
    expect(g.seats[1]).toMatchObject({ occupant: 'invited' });
    expect(g.seats[1].token).toBeUndefined();
    const notes = await notificationsOf(bo);
    expect(notes).toEqual([
      {
        seq: 1,
        type: 'invited',
        game: g.id,
        kind: 'divide-and-conquer',
        seat: 1,
        status: 'waiting',
        version: 0,
        toAct: [],
        deadline: null,
        invitedBy: ann.id,
      },
    ]);
  });

  it('seats: N works as before: guest seats with seat tokens, active at once', async () => {
    const res = await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2, names: ['Ann', 'Bo'] });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('active');
    expect(res.body.seats.map((s: Seat) => [s.name, s.occupant, typeof s.token])).toEqual([
      ['Ann', 'guest', 'string'],
      ['Bo', 'guest', 'string'],
    ]);
  });

  it('guest and bot seats fill a table at once: it starts active', async () => {
    const g = await table(null, [{ name: 'Cy' }, { bot: 'random' }]);
    expect(g.status).toBe('active');
    expect(g.seats.map((s) => [s.occupant, s.name])).toEqual([
      ['guest', 'Cy'],
      ['bot', 'Random bot'],
    ]);
    expect(typeof g.seats[0].token).toBe('string');
    expect(g.seats[1].token).toBeUndefined();
    expect((await http.get(`/games/${g.id}`)).body.seats[1]).toMatchObject({ occupant: 'bot', bot: 'random' });
  });

  it('a table created full by a player starts at once and tells the player: started, then turn', async () => {
    const ann = await newPlayer(http, 'Ann');
    const g = await table(ann, [{ player: 'me' }, { name: 'guest' }]);
    expect(g.status).toBe('active');
    expect((await notificationsOf(ann)).map((n) => n.type)).toEqual(['started', 'turn']);
  });
});

describe('the lobby', () => {
  it('lists tables with an open seat, newest first, by kind, page by page', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await table(ann, [{ player: 'me' }, { open: true }])).id);
    // A table whose only free seat is an invitation is private: not listed.
    const invited = await table(ann, [{ player: 'me' }, { player: bo.id }]);
    const first = await http.get('/games').query({ status: 'waiting', kind: 'divide-and-conquer', limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.games.map((g: { id: string }) => g.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.games[0]).toMatchObject({
      kind: 'divide-and-conquer',
      title: 'Divide and Conquer',
      status: 'waiting',
      openSeats: [1],
      createdBy: ann.id,
    });
    const second = await http.get('/games').query({ kind: 'divide-and-conquer', limit: 2, cursor: first.body.next });
    expect(second.body.games[0].id).toBe(ids[0]);
    const all = (await http.get('/games').query({ limit: 100 })).body.games.map((g: { id: string }) => g.id);
    expect(all).not.toContain(invited.id);
    expect((await http.get('/games').query({ kind: 'kaiser' })).body.games).toEqual([]);
  });

  it('a cursor it did not give is refused', async () => {
    expectProblem(await http.get('/games').query({ cursor: 'not-a-cursor' }), 400, 'invalid-cursor');
  });
});

describe('joining and leaving', () => {
  it('a player takes an open seat; the last seat taken starts the game and tells every seated player', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const g = await table(ann, [{ player: 'me' }, { open: true }]);
    const revision = (await snapshot(g.id, [])).revision?.revision as number;
    // A player needs no body at all.
    const res = await http.post(`/games/${g.id}/seats/1/join`).set(bearer(bo.token));
    expect(res.status).toBe(200);
    expect(res.body.seat).toBe(1);
    // The seat token from the answer is the seat, as the player token is.
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(res.body.token))).body;
    expect(view).toMatchObject({ seat: 1, status: 'active' });
    expect(view.state).not.toBeNull();
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary).toMatchObject({ status: 'active', toAct: [0, 1], version: 0 });
    expect(summary.seats[1]).toMatchObject({ occupant: 'player', player: bo.id, name: 'Bo' });
    expect((await snapshot(g.id, [])).revision?.revision).toBeGreaterThan(revision);
    // Divide and Conquer plays simultaneously: both seats are due at once.
    expect((await notificationsOf(ann)).map((n) => n.type)).toEqual(['started', 'turn']);
    expect((await notificationsOf(bo)).map((n) => [n.type, n.seat, n.status])).toEqual([
      ['started', 1, 'active'],
      ['turn', 1, 'active'],
    ]);
    // It has left the lobby.
    const listed = (await http.get('/games').query({ limit: 100 })).body.games.map((x: { id: string }) => x.id);
    expect(listed).not.toContain(g.id);
    // Moves now go as usual, with the player token.
    const ann0 = (await http.get(`/games/${g.id}/view`).set(bearer(ann.token))).body;
    const moved = await http.post(`/games/${g.id}/moves`).set(bearer(ann.token)).send({ action: ann0.legalActions[0] });
    expect(moved.status).toBe(200);
  });

  it('anyone without a token takes an open seat by giving a name, and gets its seat token', async () => {
    const ann = await newPlayer(http, 'Ann');
    const g = await table(ann, [{ player: 'me' }, { open: true }]);
    const res = await http.post(`/games/${g.id}/seats/1/join`).send({ name: 'Walk-in' });
    expect(res.status).toBe(200);
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary.seats[1]).toMatchObject({ occupant: 'guest', name: 'Walk-in' });
    expect(summary.status).toBe('active');
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(res.body.token))).body;
    expect(view.seat).toBe(1);
  });

  it('an open seat without a token and without a name is refused, and nothing changes', async () => {
    const ann = await newPlayer(http, 'Ann');
    const g = await table(ann, [{ player: 'me' }, { open: true }]);
    const before = await snapshot(g.id, [ann]);
    expectProblem(await http.post(`/games/${g.id}/seats/1/join`).send({}), 400, 'name-required');
    expect(await snapshot(g.id, [ann])).toEqual(before);
  });

  it('joining a taken seat is refused (409), and nothing changes', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const g = await table(ann, [{ player: 'me' }, { open: true }, { open: true }], { kind: 'kabu' });
    expect(g.status).toBe('waiting');
    const before = await snapshot(g.id, [ann, bo]);
    expectProblem(await http.post(`/games/${g.id}/seats/0/join`).set(bearer(bo.token)).send({}), 409, 'seat-taken');
    expect(await snapshot(g.id, [ann, bo])).toEqual(before);
  });

  it('joining a seat kept for an invited player as someone else is refused (403), and nothing changes', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const cy = await newPlayer(http, 'Cy');
    const g = await table(ann, [{ player: 'me' }, { player: bo.id }]);
    const before = await snapshot(g.id, [ann, bo, cy]);
    expectProblem(await http.post(`/games/${g.id}/seats/1/join`).set(bearer(cy.token)).send({}), 403, 'seat-invited');
    expectProblem(await http.post(`/games/${g.id}/seats/1/join`).send({ name: 'Cy' }), 403, 'seat-invited');
    expect(await snapshot(g.id, [ann, bo, cy])).toEqual(before);
    // The invited player may.
    expect((await http.post(`/games/${g.id}/seats/1/join`).set(bearer(bo.token)).send({})).status).toBe(200);
  });

  it('a player holding a seat cannot take a second one; a seat that does not exist is 404; a started game takes no one', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const g = await table(ann, [{ player: 'me' }, { open: true }, { open: true }], { kind: 'kabu' });
    const before = await snapshot(g.id, [ann]);
    expectProblem(await http.post(`/games/${g.id}/seats/1/join`).set(bearer(ann.token)).send({}), 409, 'already-seated');
    expectProblem(await http.post(`/games/${g.id}/seats/7/join`).set(bearer(bo.token)).send({}), 404, 'seat-not-found');
    expect(await snapshot(g.id, [ann])).toEqual(before);
    const full = await table(ann, [{ player: 'me' }, { name: 'x' }]);
    expectProblem(await http.post(`/games/${full.id}/seats/1/join`).set(bearer(bo.token)).send({}), 409, 'not-waiting');
    expectProblem(await http.post('/games/nope/seats/1/join').set(bearer(bo.token)).send({}), 404, 'game-not-found');
  });

  it('a seat token cannot take seats', async () => {
    const ann = await newPlayer(http, 'Ann');
    const g = await table(ann, [{ player: 'me' }, { open: true }]);
    const other = await table(null, [{ name: 'a' }, { name: 'b' }]);
    const res = await http
      .post(`/games/${g.id}/seats/1/join`)
      .set(bearer(other.seats[0].token as string))
      .send({ name: 'x' });
    expectProblem(res, 403, 'player-token-required');
  });

  it('moving in a waiting game is refused (409), and nothing changes', async () => {
    const ann = await newPlayer(http, 'Ann');
    const g = await table(ann, [{ player: 'me' }, { open: true }]);
    const before = await snapshot(g.id, [ann]);
    const res = await http
      .post(`/games/${g.id}/moves`)
      .set(bearer(ann.token))
      .send({ action: { type: 'play', card: '2S' } });
    expectProblem(res, 409, 'game-waiting');
    expect(await snapshot(g.id, [ann])).toEqual(before);
  });

  it('a seated player leaves a waiting table: the seat becomes open', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const g = await table(ann, [{ player: 'me' }, { open: true }, { open: true }], { kind: 'kabu' });
    await http.post(`/games/${g.id}/seats/2/join`).set(bearer(bo.token)).send({});
    const res = await http.post(`/games/${g.id}/leave`).set(bearer(bo.token));
    expect(res.status).toBe(200);
    expect(res.body.seats[2]).toMatchObject({ seat: 2, occupant: 'open', name: null });
    expect(res.body.status).toBe('waiting');
    // Bo no longer holds a seat there.
    expectProblem(await http.get(`/games/${g.id}/view`).set(bearer(bo.token)), 403, 'not-seated');
  });

  it('leaving is refused to a player without a seat there (403) and once the game has started (409)', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const g = await table(ann, [{ player: 'me' }, { open: true }]);
    const before = await snapshot(g.id, [ann, bo]);
    expectProblem(await http.post(`/games/${g.id}/leave`).set(bearer(bo.token)), 403, 'not-seated');
    expectProblem(await http.post(`/games/${g.id}/leave`), 401, 'token-required');
    expect(await snapshot(g.id, [ann, bo])).toEqual(before);
    await http.post(`/games/${g.id}/seats/1/join`).set(bearer(bo.token)).send({});
    const started = await snapshot(g.id, [ann, bo]);
    expectProblem(await http.post(`/games/${g.id}/leave`).set(bearer(bo.token)), 409, 'not-waiting');
    expect(await snapshot(g.id, [ann, bo])).toEqual(started);
  });

  it('an invitation is among the invitee’s games, marked invited, until accepted; the game shows as theirs after', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const g = await table(ann, [{ player: 'me' }, { player: bo.id }]);
    const mine = async (p: PlayerHandle) =>
      ((await http.get('/players/me/games').set(bearer(p.token))).body.games as { id: string }[]).find((x) => x.id === g.id);
    expect(await mine(bo)).toMatchObject({ id: g.id, seat: 1, status: 'waiting', invited: true, myTurn: false });
    expect(await mine(ann)).toMatchObject({ seat: 0, invited: false });
    await http.post(`/games/${g.id}/seats/1/join`).set(bearer(bo.token)).send({});
    expect(await mine(bo)).toMatchObject({ seat: 1, status: 'active', invited: false });
  });

  it('a waiting table names the player invited to a seat, unless the creator named the seat', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const cy = await newPlayer(http, 'Cy');
    const g = await table(ann, [{ player: 'me' }, { player: bo.id }]);
    expect(g.seats[1]).toMatchObject({ occupant: 'invited', name: 'Bo' });
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary.seats[1]).toMatchObject({ occupant: 'invited', name: 'Bo', invited: bo.id });
    const named = await table(ann, [{ player: 'me' }, { player: cy.id, name: 'my sister' }]);
    expect(named.seats[1]).toMatchObject({ occupant: 'invited', name: 'my sister' });
  });

  it('the invited player declines: the seat becomes open to anyone, the table shows in the lobby and no longer among the invitee’s games', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const g = await table(ann, [{ player: 'me' }, { player: bo.id }]);
    const res = await http.post(`/games/${g.id}/seats/1/decline`).set(bearer(bo.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'waiting' });
    // The seat no longer waits for Bo: it forgets his name.
    expect(res.body.seats[1]).toMatchObject({ seat: 1, occupant: 'open', name: null });
    expect(res.body.seats[1].invited).toBeUndefined();
    const mine = (await http.get('/players/me/games').set(bearer(bo.token))).body.games as { id: string }[];
    expect(mine.map((x) => x.id)).not.toContain(g.id);
    const lobby = (await http.get('/games?status=waiting&kind=divide-and-conquer&limit=100')).body.games as { id: string }[];
    expect(lobby.map((x) => x.id)).toContain(g.id);
    // Anyone may now take it; the table starts.
    expect((await http.post(`/games/${g.id}/seats/1/join`).send({ name: 'Cy' })).status).toBe(200);
  });

  it('declining is refused to anyone but the invitee (403), without a player token (401, 403), for a seat that does not exist (404), and once the game runs (409); nothing changes', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const cy = await newPlayer(http, 'Cy');
    const g = await table(ann, [{ player: 'me' }, { player: bo.id }]);
    const before = await snapshot(g.id, [ann, bo, cy]);
    expectProblem(await http.post(`/games/${g.id}/seats/1/decline`).set(bearer(cy.token)), 403, 'not-invited');
    expectProblem(await http.post(`/games/${g.id}/seats/0/decline`).set(bearer(ann.token)), 403, 'not-invited');
    expectProblem(await http.post(`/games/${g.id}/seats/1/decline`), 401, 'token-required');
    const seatToken = (await table(null, [{ name: 'a' }, { name: 'b' }])).seats[0].token as string;
    expectProblem(await http.post(`/games/${g.id}/seats/1/decline`).set(bearer(seatToken)), 403, 'player-token-required');
    expectProblem(await http.post(`/games/${g.id}/seats/5/decline`).set(bearer(bo.token)), 404, 'seat-not-found');
    expectProblem(await http.post('/games/nope/seats/1/decline').set(bearer(bo.token)), 404, 'game-not-found');
    expect(await snapshot(g.id, [ann, bo, cy])).toEqual(before);
    await http.post(`/games/${g.id}/seats/1/join`).set(bearer(bo.token)).send({});
    const started = await snapshot(g.id, [ann, bo, cy]);
    expectProblem(await http.post(`/games/${g.id}/seats/1/decline`).set(bearer(bo.token)), 403, 'not-invited');
    expect(await snapshot(g.id, [ann, bo, cy])).toEqual(started);
  });

  it('two joins racing for the last two seats both land, and the game starts once', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const cy = await newPlayer(http, 'Cy');
    const g = await table(ann, [{ player: 'me' }, { open: true }, { open: true }], { kind: 'kabu' });
    const [a, b] = await Promise.all([
      http.post(`/games/${g.id}/seats/1/join`).set(bearer(bo.token)).send({}),
      http.post(`/games/${g.id}/seats/2/join`).set(bearer(cy.token)).send({}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await http.get(`/games/${g.id}`)).body.status).toBe('active');
    for (const p of [ann, bo, cy]) expect((await notificationsOf(p)).filter((n) => n.type === 'started')).toHaveLength(1);
  });
});
