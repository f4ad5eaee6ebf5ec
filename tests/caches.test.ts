import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { type Action, type AnyGame, replay, resolveOptions } from '../src/engine';
import { games } from '../src/games';
import { SNAPSHOT_EVERY } from '../src/service/live';
import { startServer, type TestServer, twoServersForFile } from './support/harness';

/**
 * The caches of the hot path (rebuilt states, serialized views, snapshots, each seat's reading of a
 * move kept with it) are caches: what they serve is what the log alone gives.
 */

const pair = twoServersForFile();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function create(server: TestServer, kind: string, options: Record<string, unknown>, seed: string) {
  const game = games.get(kind) as AnyGame;
  const res = await request(server.app.server).post('/games').send({ kind, seats: game.seats.min, options, seed });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, tokens: res.body.seats.map((s: { token: string }) => s.token) as string[], game };
}

/** Makes `n` moves through `server`, each seat to act playing one of its legal actions. */
async function play(server: TestServer, g: { id: string; tokens: string[] }, n: number) {
  const http = request(server.app.server);
  for (let i = 0; i < n; i++) {
    const summary = (await http.get(`/games/${g.id}`)).body;
    if (summary.status !== 'active') return;
    const seat = summary.toAct[i % summary.toAct.length];
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(g.tokens[seat]))).body;
    const res = await http
      .post(`/games/${g.id}/moves`)
      .set(bearer(g.tokens[seat]))
      .send({ action: view.legalActions[(i * 7919) % view.legalActions.length] });
    expect(res.status).toBe(200);
  }
}

describe('the caches of the hot path', () => {
  it('a game one server has cached is never served at an old version after another server moves it', async () => {
    const g = await create(pair.a, 'kaiser', { target: 500, loseAt: null }, 'stale');
    for (let round = 0; round < 5; round++) {
      // a reads (and caches) the game; b moves it; a must serve b's move at once.
      const before = (await request(pair.a.app.server).get(`/games/${g.id}/view`).set(bearer(g.tokens[0]))).body;
      await play(pair.b, g, 3);
      const seen = (await request(pair.a.app.server).get(`/games/${g.id}/view`).set(bearer(g.tokens[0]))).body;
      const truth = (await request(pair.b.app.server).get(`/games/${g.id}/view`).set(bearer(g.tokens[0]))).body;
      expect(seen.version).toBe(before.version + 3);
      expect(seen).toEqual(truth);
    }
  });

  it('a move posted to a server whose cached game is behind is decided against the game as it stands', async () => {
    const g = await create(pair.a, 'kaiser', { target: 500, loseAt: null }, 'behind');
    for (let round = 0; round < 4; round++) {
      // a holds the game; b moves it on; the seat now to act posts to a a move that is legal only now.
      await request(pair.a.app.server).get(`/games/${g.id}/view`).set(bearer(g.tokens[0]));
      await play(pair.b, g, 1);
      const now = (await request(pair.b.app.server).get(`/games/${g.id}`)).body;
      const seat = now.toAct[0];
      const view = (await request(pair.b.app.server).get(`/games/${g.id}/view`).set(bearer(g.tokens[seat]))).body;
      const res = await request(pair.a.app.server)
        .post(`/games/${g.id}/moves`)
        .set(bearer(g.tokens[seat]))
        .send({ action: view.legalActions[0], expectedVersion: now.version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.version).toBe(now.version + 1);
    }
  });

  it('a view built for one audience is never served to another: each seat and a spectator read their own', async () => {
    const g = await create(pair.a, 'kaiser', { target: 500, loseAt: null }, 'audiences');
    await play(pair.a, g, 5);
    const http = request(pair.a.app.server);
    // Each audience read twice, the second time from the cache, interleaved so a shared entry would show.
    const read = async () => {
      const out = [];
      for (const token of [...g.tokens, undefined]) {
        const req = http.get(`/games/${g.id}/view`);
        out.push(await (token ? req.set(bearer(token)) : req));
      }
      return out;
    };
    const first = await read();
    const second = await read();
    for (const [i, res] of second.entries()) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first[i].body);
      expect(res.headers.etag).toBe(first[i].headers.etag);
      expect(res.body.seat).toBe(i < g.tokens.length ? i : null);
    }
    // Each audience sees another table (its own hand, or none): no two answers, nor their tags, are alike.
    expect(new Set(second.map((r) => JSON.stringify(r.body.state))).size).toBe(second.length);
    expect(new Set(second.map((r) => r.headers.etag)).size).toBe(second.length);
  });

  it('a conditional GET on one server answers 200 with the new view after a move on another', async () => {
    const g = await create(pair.a, 'kaiser', { target: 500, loseAt: null }, 'etag');
    const first = await request(pair.a.app.server).get(`/games/${g.id}/view`).set(bearer(g.tokens[0]));
    await play(pair.b, g, 1);
    const again = await request(pair.a.app.server)
      .get(`/games/${g.id}/view`)
      .set(bearer(g.tokens[0]))
      .set('if-none-match', first.headers.etag);
    expect(again.status).toBe(200);
    expect(again.headers.etag).not.toBe(first.headers.etag);
    expect(again.body.version).toBe(1);
  });

  it(`a cold start from a snapshot (kept every ${SNAPSHOT_EVERY} events) gives the state the whole log gives`, async () => {
    const g = await create(pair.a, 'kaiser', { target: 500, loseAt: null }, 'snapshot');
    await play(pair.a, g, SNAPSHOT_EVERY + 37);
    const snapshots = await pair.a.db.sql.all<{ seq: number }>('SELECT "seq" FROM "Snapshot" WHERE "gameId" = $1', [g.id]);
    expect(snapshots.map((s) => s.seq)).toEqual([SNAPSHOT_EVERY]);

    const fresh = await startServer(pair.where);
    try {
      const loaded = await fresh.app.service.live.load(g.id);
      const events = await fresh.app.service.store.events(g.id);
      const created = { seats: 4, options: resolveOptions(g.game, { target: 500, loseAt: null }, 4), seed: 'snapshot' };
      const whole = replay(
        g.game,
        created,
        events.map((e) => ({ seat: e.seat, action: e.action as Action })),
      );
      expect(loaded.record.version).toBe(SNAPSHOT_EVERY + 37);
      expect(loaded.state).toEqual(whole);
    } finally {
      await fresh.close();
    }
  });

  it('each seat’s reading of a move, kept when it was appended, is what replaying the log gives it', async () => {
    // Poke: a draw's discards are face down, so each seat reads a draw differently.
    const g = await create(pair.a, 'poke', { target: 20 }, 'readings');
    await play(pair.a, g, 40);
    const events = await pair.a.app.service.store.events(g.id);
    expect(events.some((e) => e.action.type === 'draw')).toBe(true);
    const created = { seats: 2, options: resolveOptions(g.game, { target: 20 }, 2), seed: 'readings' };
    let state = g.game.setup(created);
    for (const e of events) {
      const after = g.game.apply(state, e.seat, e.action);
      for (const viewer of [0, 1, null]) {
        const expected = g.game.moveView?.({ before: state, after, seat: e.seat, action: e.action }, viewer);
        expect(e.views?.[viewer ?? 2]).toEqual(expected);
      }
      state = after;
    }
    // And the log a seat reads during play is made of them.
    const page = (await request(pair.b.app.server).get(`/games/${g.id}/events?limit=1000`).set(bearer(g.tokens[1]))).body;
    expect(page.events.map((e: { action: unknown }) => e.action)).toEqual(events.map((e) => e.views?.[1]));
  });
});
