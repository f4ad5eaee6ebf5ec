import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopChoice } from '../bench/loop';
import { playRun } from '../bench/scale-play';
import type { Action } from '../src/engine';
import { verifyRecord } from '../src/record/verify';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { createGame, fakeClock } from './support/tables';

const clock = fakeClock();
let server: TestServer;
let drop: () => Promise<void>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { now: clock.now });
});
afterAll(async () => {
  await server.close();
  await drop();
});

/** Every seventh move goes with an Idempotency-Key. */
const keyOf = (made: number) => (made % 7 === 6 ? `key-${made}` : undefined);

/** What a game's rows say once its moves are in, whoever wrote them. */
async function rows(id: string) {
  const { store } = server.app.service;
  const { sql } = store;
  const game = await store.get(id);
  const keys = await sql.all<{ seat: number; key: string; seq: number }>(
    'SELECT k."seat", k."key", k."seq" FROM "MoveKey" k JOIN "GameKey" g ON g."key" = k."gameKey" WHERE g."gameId" = $1 ORDER BY k."seq"',
    [id],
  );
  return {
    events: (await store.events(id)).map(({ seq, seat, kind, by, action, views }) => ({ seq, seat, kind, by, action, views })),
    game: { version: game?.version, revision: game?.revision, status: game?.status, toAct: game?.toAct, result: game?.result },
    // Each game's seats are held by tokens of their own.
    seats: game?.seats.map(({ holding, ...seat }) => seat),
    keys,
  };
}

describe('a run of moves written at once (the scale bench’s generator)', () => {
  it.each([
    ['to its end', 10_000, 'finished'],
    ['part-way, its game running', 300, 'active'],
  ])('leaves the rows its moves leave one by one, %s: events, readings, tree, clocks, keys', async (_, most, status) => {
    // Paks runs past 256 moves: a run of them is written in several inserts.
    const body = { kind: 'paks', seats: 4, seed: 'append-run', options: { clock: { perMove: 3600 } } };
    const oneByOne = await createGame(server, body);
    const atOnce = await createGame(server, body);
    const { live, moves } = server.app.service;
    let made = 0;
    for (let g = await live.load(oneByOne.id); g.record.status === 'active' && made < most; made++) {
      const seat = g.record.toAct[0];
      const action = loopChoice(g.game.legalActions(g.state, seat) as Action[], g.record.version);
      g = await moves.play({ id: oneByOne.id, seat, action, by: 'seat', idempotencyKey: keyOf(made) });
    }
    expect(made).toBeGreaterThan(256);
    expect(await playRun(server.app.service, atOnce.id, most, keyOf)).toBe(made);
    const written = await rows(atOnce.id);
    expect(written).toEqual(await rows(oneByOne.id));
    expect(written.game.status).toBe(status);
    if (status === 'active') {
      expect(written.keys).toHaveLength(Math.floor(made / 7));
      return;
    }
    // Ended: the last move's key alone is kept, and the record's tree, built from the nodes the run wrote, verifies.
    expect(written.keys.length).toBeLessThanOrEqual(1);
    const record = await request(server.app.server).get(`/games/${atOnce.id}/record`);
    expect(record.status).toBe(200);
    expect(verifyRecord(record.body).problems).toEqual([]);
  });
});
