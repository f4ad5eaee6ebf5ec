import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';
import {
  bearer,
  CARD_CODE,
  expectProblem,
  newPlayer,
  openPlayerStream,
  type PlayerHandle,
  type SseEvent,
  SseReader,
  settled,
} from './support/players';

let where: { dataDir: string; databaseUrl?: string; drop(): Promise<void> };
let server: TestServer;
let http: ReturnType<typeof request>;
let base: string;

async function start() {
  server = await startServer(where);
  base = (await listening(server)).base;
  http = request(server.app.server);
  await settled(http);
}

beforeAll(async () => {
  where = await privateDatabase();
  await start();
});
afterAll(async () => {
  await server.close();
  await where.drop();
});

/** The fields a notification may carry: nothing about any hand, the stock, or a face-down card. */
const ALLOWED = new Set([
  'seq',
  'type',
  'at',
  'game',
  'kind',
  'seat',
  'status',
  'version',
  'toAct',
  'deadline',
  'invitedBy',
  'result',
  'scores',
  // rating.changed: the player's own rating before and after a rated game.
  'before',
  'after',
]);

const data = (e: SseEvent) => JSON.parse(e.data);

async function inviteAndJoin(a: PlayerHandle, b: PlayerHandle) {
  const created = await http
    .post('/games')
    .set(bearer(a.token))
    .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { player: b.id }] });
  expect(created.status).toBe(201);
  expect((await http.post(`/games/${created.body.id}/seats/1/join`).set(bearer(b.token)).send({})).status).toBe(200);
  return created.body.id as string;
}

/** Plays the first legal action of every seat due, until the game is over. */
async function playToEnd(id: string, players: PlayerHandle[]) {
  for (;;) {
    const summary = (await http.get(`/games/${id}`)).body;
    if (summary.status !== 'active') return summary;
    for (const seat of summary.toAct as number[]) {
      const view = (await http.get(`/games/${id}/view`).set(bearer(players[seat].token))).body;
      const res = await http.post(`/games/${id}/moves`).set(bearer(players[seat].token)).send({ action: view.legalActions[0] });
      expect(res.status).toBe(200);
    }
  }
}

describe('the player stream', () => {
  it('tells a player, live, of its invitation, the start and its turn, across all its games', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const stream = await openPlayerStream(base, bo.token);
    const first = await inviteAndJoin(ann, bo);
    const second = await inviteAndJoin(ann, bo);
    const events = [];
    for (let i = 0; i < 6; i++) events.push(await stream.next());
    await stream.close();
    expect(events.map((e) => [e?.event, e?.id, data(e as SseEvent).game])).toEqual([
      ['invited', '1', first],
      ['started', '2', first],
      ['turn', '3', first],
      ['invited', '4', second],
      ['started', '5', second],
      ['turn', '6', second],
    ]);
    expect(data(events[2] as SseEvent)).toEqual({
      seq: 3,
      type: 'turn',
      at: expect.any(String),
      game: first,
      kind: 'divide-and-conquer',
      seat: 1,
      status: 'active',
      version: 0,
      toAct: [0, 1],
      deadline: null,
    });
  });

  it('a reconnect with Last-Event-ID is sent what it missed, in order, then the new ones', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const id = await inviteAndJoin(ann, bo);
    // Seen: 1 invited, 2 started, 3 turn. Missed while away: both move, a new trick, Bo's turn again.
    await playTrick(id, ann, bo);
    const stream = await openPlayerStream(base, bo.token, 3);
    const missed = await stream.next();
    expect([missed?.event, missed?.id]).toEqual(['turn', '4']);
    expect(data(missed as SseEvent)).toMatchObject({ game: id, version: 2, toAct: [0, 1] });
    await playTrick(id, ann, bo);
    const live = await stream.next();
    expect([live?.event, live?.id]).toEqual(['turn', '5']);
    await stream.close();
    // ?after= does the same for clients that cannot set the header; after=0 is everything.
    const res = await fetch(`${base}/players/me/stream?after=0`, {
      headers: { ...bearer(bo.token), accept: 'text/event-stream' },
    });
    const all = new SseReader(res);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await all.next())?.id);
    await all.close();
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
  });

  it('nothing is lost across a server restart: the log is read again from the last id seen', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const id = await inviteAndJoin(ann, bo);
    const stream = await openPlayerStream(base, bo.token, 3);
    await server.close();
    // The stream ends with the server, saying why.
    const ended = await stream.until((e) => e.event === 'end');
    expect(data(ended.at(-1) as SseEvent)).toEqual({ reason: 'shutdown' });
    await start();
    await playTrick(id, ann, bo);
    const resumed = await openPlayerStream(base, bo.token, 3);
    const next = await resumed.next();
    await resumed.close();
    expect([next?.event, next?.id, data(next as SseEvent).game]).toEqual(['turn', '4', id]);
  });

  it('rotating the token ends the streams opened with it', async () => {
    const ann = await newPlayer(http, 'Ann');
    const stream = await openPlayerStream(base, ann.token);
    expect((await http.post('/players/me/token').set(bearer(ann.token))).status).toBe(200);
    const ended = await stream.until((e) => e.event === 'end');
    expect(data(ended.at(-1) as SseEvent)).toEqual({ reason: 'token-revoked' });
    const res = await fetch(`${base}/players/me/stream`, { headers: { ...bearer(ann.token), accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
  });

  it('refuses a seat token (403), no token (401), and a Last-Event-ID it never sent (400)', async () => {
    const ann = await newPlayer(http, 'Ann');
    const guest = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const asSeat = await fetch(`${base}/players/me/stream`, {
      headers: { ...bearer(guest.seats[0].token), accept: 'text/event-stream' },
    });
    expect(asSeat.status).toBe(403);
    expect(asSeat.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await fetch(`${base}/players/me/stream`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    const junk = await fetch(`${base}/players/me/stream`, {
      headers: { ...bearer(ann.token), accept: 'text/event-stream', 'last-event-id': 'yesterday' },
    });
    expect(junk.status).toBe(400);
    expect(((await junk.json()) as { code: string }).code).toBe('invalid-last-event-id');
  });

  it('one stream per player serves every game', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const stream = await openPlayerStream(base, bo.token);
    const games = [];
    for (let i = 0; i < 5; i++) games.push(await inviteAndJoin(ann, bo));
    const seen = new Set<string>();
    while (seen.size < 5) {
      const e = await stream.next();
      if (e) seen.add(data(e).game);
    }
    await stream.close();
    expect([...seen].sort()).toEqual([...games].sort());
  });
});

/** Both seats play a card: a trick of Divide and Conquer. */
async function playTrick(id: string, a: PlayerHandle, b: PlayerHandle) {
  for (const p of [a, b]) {
    const view = (await http.get(`/games/${id}/view`).set(bearer(p.token))).body;
    expect((await http.post(`/games/${id}/moves`).set(bearer(p.token)).send({ action: view.legalActions[0] })).status).toBe(200);
  }
}

describe('what notifications reveal', () => {
  it('a whole game told through the stream: turns, then finished with the result; no card of any seat in any payload', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const stream = await openPlayerStream(base, bo.token);
    const id = await inviteAndJoin(ann, bo);
    const summary = await playToEnd(id, [ann, bo]);
    expect(summary.status).toBe('finished');
    const events = await stream.until((e) => e.event === 'finished');
    await stream.close();
    const finished = data(events.at(-1) as SseEvent);
    expect(finished).toMatchObject({ type: 'finished', game: id, seat: 1, status: 'finished', toAct: [], deadline: null });
    expect(finished.result).toEqual(summary.result);
    expect(finished.scores).toEqual(summary.scores);
    // Every card dealt in the game, from the replay of the whole log (public now that it is over).
    const replay = (await http.get(`/games/${id}/replay`).query({ at: 0 })).body;
    const cards = JSON.stringify(replay.state).match(new RegExp(CARD_CODE.source, 'g')) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    for (const e of events) {
      for (const key of Object.keys(data(e))) expect(ALLOWED.has(key), key).toBe(true);
      // The result's summary is public once the game is over; everything sent before it names no card.
      if (e.event !== 'finished') expect(e.data).not.toMatch(CARD_CODE);
      for (const card of cards) expect(JSON.stringify({ ...data(e), result: undefined })).not.toContain(`"${card}"`);
    }
    // The stored rows hold the same, and no more.
    const rows = await server.db.sql.all<{ payload: string }>('SELECT "payload" FROM "Notification" WHERE "gameId" = $1', [id]);
    for (const r of rows) for (const key of Object.keys(JSON.parse(r.payload))) expect(ALLOWED.has(key), key).toBe(true);
  });

  it('guests and invitees are told nothing of a game’s moves; only the seats players hold', async () => {
    const ann = await newPlayer(http, 'Ann');
    const created = await http
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { name: 'guest' }] });
    const guest = created.body.seats[1].token as string;
    const view = (await http.get(`/games/${created.body.id}/view`).set(bearer(guest))).body;
    await http.post(`/games/${created.body.id}/moves`).set(bearer(guest)).send({ action: view.legalActions[0] });
    const rows = await server.db.sql.all<{ playerId: string; type: string }>(
      'SELECT "playerId", "type" FROM "Notification" WHERE "gameId" = $1 ORDER BY "playerId", "seq"',
      [created.body.id],
    );
    expect(rows).toEqual([
      { playerId: ann.id, type: 'started' },
      { playerId: ann.id, type: 'turn' },
    ]);
    expectProblem(await http.get('/players/me/games').set(bearer(guest)), 403, 'player-token-required');
  });
});
