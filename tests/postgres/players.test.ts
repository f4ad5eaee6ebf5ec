import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/engine';
import { games } from '../../src/games';
import { REVOKED_CHANNEL } from '../../src/service/players';
import { listening, privateDatabase, startServer, type TestServer } from '../support/harness';
import {
  bearer,
  expectProblem,
  newPlayer,
  openPlayerStream,
  type PlayerHandle,
  settled,
  webhookReceiver,
} from '../support/players';
import { tally } from '../support/tally';

/** Two API servers over one PostgreSQL database, as behind a load balancer: players, tables and notifications. */
const withTally: ReadonlyMap<string, AnyGame> = new Map([...games, ['tally', tally as AnyGame]]);
const options = { games: withTally, webhooks: { allowPrivate: true, pollMs: 3_600_000 } };
let a: TestServer;
let b: TestServer;
let drop: () => Promise<void>;
let baseB: string;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  a = await startServer(where, options);
  b = await startServer(where, options);
  baseB = (await listening(b)).base;
  await settled(request(a.app.server));
  await settled(request(b.app.server));
});
afterAll(async () => {
  await a.close();
  await b.close();
  await drop();
});

async function tallyTable(p: PlayerHandle, q: PlayerHandle, http = request(a.app.server)) {
  const created = await http
    .post('/games')
    .set(bearer(p.token))
    .send({ kind: 'tally', seats: [{ player: 'me' }, { player: q.id }], options: { target: 1000 } });
  expect(created.status).toBe(201);
  expect((await http.post(`/games/${created.body.id}/seats/1/join`).set(bearer(q.token)).send({})).status).toBe(200);
  return created.body.id as string;
}

describe('players on many servers', () => {
  it('a rotated token stops on the other server too: the notifier tells it, whatever it had cached', async () => {
    const ann = await newPlayer(request(a.app.server), 'Ann');
    // Server B has seen (and cached) the token.
    expect((await request(b.app.server).get('/players/me').set(bearer(ann.token))).status).toBe(200);
    const told = new Promise<string>((resolve) => {
      const off = b.notifier.subscribe(REVOKED_CHANNEL, (hash) => {
        off();
        resolve(hash);
      });
    });
    const rotated = await request(a.app.server).post('/players/me/token').set(bearer(ann.token));
    expect(rotated.status).toBe(200);
    await told;
    expectProblem(await request(b.app.server).get('/players/me').set(bearer(ann.token)), 401, 'invalid-token');
    expect((await request(b.app.server).get('/players/me').set(bearer(rotated.body.token))).status).toBe(200);
  });

  it('joins racing on two servers for the last two seats both land, and the game starts once', async () => {
    const players = await Promise.all(['Ann', 'Bo', 'Cy'].map((n) => newPlayer(request(a.app.server), n)));
    const [ann, bo, cy] = players;
    const created = await request(a.app.server)
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'kabu', seats: [{ player: 'me' }, { open: true }, { open: true }] });
    const id = created.body.id as string;
    const [x, y] = await Promise.all([
      request(a.app.server).post(`/games/${id}/seats/1/join`).set(bearer(bo.token)).send({}),
      request(b.app.server).post(`/games/${id}/seats/2/join`).set(bearer(cy.token)).send({}),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect((await request(b.app.server).get(`/games/${id}`)).body.status).toBe('active');
    for (const p of players) {
      const started = await a.db.sql.all('SELECT "seq" FROM "Notification" WHERE "playerId" = $1 AND "type" = $2', [
        p.id,
        'started',
      ]);
      expect(started).toHaveLength(1);
    }
  });

  it('a player’s notifications, written by both servers at once, get seqs in commit order: the stream misses none', async () => {
    const me = await newPlayer(request(a.app.server), 'Me');
    const other = await newPlayer(request(a.app.server), 'Other');
    const tables: string[] = [];
    for (let i = 0; i < 6; i++) tables.push(await tallyTable(me, other));
    const start = (await a.db.sql.one<{ notified: number }>('SELECT "notified" FROM "Player" WHERE "id" = $1', [me.id]))
      ?.notified as number;
    const stream = await openPlayerStream(baseB, me.token, start);
    // Every mark by my seat makes me due again (a turn), so each of these moves writes one of my notifications.
    const servers = [request(a.app.server), request(b.app.server)];
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        servers[n % 2]
          .post(`/games/${tables[n % tables.length]}/moves`)
          .set(bearer(me.token))
          .send({ action: { type: 'mark', n } }),
      ),
    );
    for (const r of responses) expect([200, 503]).toContain(r.status);
    const total = (await a.db.sql.one<{ notified: number }>('SELECT "notified" FROM "Player" WHERE "id" = $1', [me.id]))
      ?.notified as number;
    expect(total - start).toBe(responses.filter((r) => r.status === 200).length);
    const seqs: number[] = [];
    while (seqs.length < total - start) {
      const e = await stream.next();
      if (!e) break;
      seqs.push(Number(e.id));
    }
    await stream.close();
    expect(seqs).toEqual(Array.from({ length: total - start }, (_, i) => start + i + 1));
    const rows = await a.db.sql.all<{ seq: number }>('SELECT "seq" FROM "Notification" WHERE "playerId" = $1 ORDER BY "seq"', [
      me.id,
    ]);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  });

  it('two servers deliver for one webhook one at a time: never two requests at once, never one id twice', async () => {
    const ann = await newPlayer(request(a.app.server), 'Ann');
    const bo = await newPlayer(request(a.app.server), 'Bo');
    const receiver = await webhookReceiver();
    const hook = await request(a.app.server).post('/players/me/webhooks').set(bearer(bo.token)).send({ url: receiver.url });
    receiver.useSecret(hook.body.secret);
    const tables: string[] = [];
    for (let i = 0; i < 3; i++) tables.push(await tallyTable(ann, bo));
    for (const [n, id] of tables.entries()) {
      await request(b.app.server)
        .post(`/games/${id}/moves`)
        .set(bearer(bo.token))
        .send({ action: { type: 'mark', n } });
    }
    const total = (await a.db.sql.one<{ notified: number }>('SELECT "notified" FROM "Player" WHERE "id" = $1', [bo.id]))
      ?.notified as number;
    for (let i = 0; i < 5; i++) await Promise.all([a.app.service.deliveries.tick(), b.app.service.deliveries.tick()]);
    await receiver.until(() => receiver.delivered().length >= total);
    expect(receiver.mostInFlight).toBe(1);
    expect(receiver.delivered().map((r) => r.payload.data.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(receiver.unverified).toEqual([]);
    await receiver.close();
  });
});
