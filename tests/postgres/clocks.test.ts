import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games';
import { privateDatabase, startServer, type TestServer } from '../support/harness';
import { createGame, fakeClock, seatBots } from '../support/tables';

/** Two API servers over one PostgreSQL database, sweeping the same clocks. */
const clock = fakeClock();
let a: TestServer;
let b: TestServer;
let drop: () => Promise<void>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  a = await startServer(where, { now: clock.now });
  b = await startServer(where, { now: clock.now });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await drop();
});

const GAMES = 20;
const log = (id: string) => a.app.service.store.events(id);

describe('clocks on two servers sharing one PostgreSQL', () => {
  it('each timeout is applied once, whichever server sweeps it', async () => {
    const auto = await Promise.all(
      Array.from({ length: GAMES }, (_, n) =>
        createGame(n % 2 ? a : b, { kind: 'xeri', seats: 2, options: { clock: { perMove: 60, onTimeout: 'auto' } } }),
      ),
    );
    const forfeit = await Promise.all(
      Array.from({ length: GAMES }, (_, n) =>
        createGame(n % 2 ? a : b, { kind: 'xeri', seats: 2, options: { clock: { perMove: 60, onTimeout: 'forfeit' } } }),
      ),
    );
    clock.advance(60);
    // Both servers sweep at once, twice over: every timeout is seen by both.
    const applied = await Promise.all([a, b, a, b].map((s) => s.app.service.clocks.tick()));
    expect(applied.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(2 * GAMES);

    for (const g of auto) {
      const events = await log(g.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ seq: 1, kind: 'move', by: 'clock' });
    }
    for (const g of forfeit) {
      const events = await log(g.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ seq: 1, kind: 'forfeit', by: 'clock' });
      expect((await a.app.service.tables.summary(g.id)).status).toBe('finished');
    }
  });

  it('two servers agree on whose bank ran out, time given included, and apply each timeout once', async () => {
    const bank = { initial: 3600, increment: 600, max: 7200 };
    const games = await Promise.all(
      Array.from({ length: GAMES }, (_, n) =>
        createGame(n % 2 ? a : b, {
          kind: 'xeri',
          seats: 2,
          options: { clock: { bank, onTimeout: n % 4 < 2 ? 'auto' : 'forfeit' } },
        }),
      ),
    );
    // Half the games get 600 s more for their due seat, through either server.
    for (const [n, g] of games.entries()) {
      if (n % 3 !== 0) continue;
      const due = (await a.app.service.tables.summary(g.id)).toAct[0] as number;
      const res = await request((n % 2 ? a : b).app.server)
        .post(`/games/${g.id}/clock/give`)
        .set('authorization', `Bearer ${g.tokens[1 - due]}`)
        .send({ seconds: 600 });
      expect(res.status).toBe(200);
    }
    const timeouts = async (g: { id: string }) => (await log(g.id)).filter((e) => e.by === 'clock');
    clock.advance(3600);
    await Promise.all([a, b, a, b].map((s) => s.app.service.clocks.tick()));
    // The games without a gift timed out; those given 600 s have not yet.
    for (const [n, g] of games.entries()) expect(await timeouts(g), `game ${n}`).toHaveLength(n % 3 === 0 ? 0 : 1);
    clock.advance(600);
    await Promise.all([a, b, a, b].map((s) => s.app.service.clocks.tick()));
    for (const [n, g] of games.entries()) {
      const events = await timeouts(g);
      // Once each, whichever server swept it: the given games after their gift.
      expect(events, `game ${n}`).toHaveLength(1);
      expect(events[0]).toMatchObject({ seq: n % 3 === 0 ? 2 : 1, kind: n % 4 < 2 ? 'move' : 'forfeit' });
      const [onA, onB] = await Promise.all([a, b].map((s) => s.app.service.tables.summary(g.id)));
      expect(onA.deadlines).toEqual(onB.deadlines);
      expect(onA.timeLeft).toEqual(onB.timeLeft);
    }
  });

  it('bots woken on both servers play each move once', async () => {
    const game = games.get('xeri');
    if (!game) throw new Error('xeri');
    const g = await createGame(a, { kind: 'xeri', seats: 2, seed: 'two-servers', options: { hands: 1 } });
    await seatBots(a, g.id, [0, 1], { wake: false });
    a.app.service.bots.wake(g.id);
    b.app.service.bots.wake(g.id);
    await Promise.all([a.app.service.bots.settled(), b.app.service.bots.settled()]);
    const summary = await a.app.service.tables.summary(g.id);
    expect(summary.status).toBe('finished');
    const events = await log(g.id);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: summary.version }, (_, i) => i + 1));
    // Replayed, the log is a legal game: no move was made twice.
    let state = game.setup({ seats: 2, options: summary.options, seed: 'two-servers' });
    for (const e of events) {
      expect(e.by).toBe('bot');
      expect(game.legalActions(state, e.seat)).toContainEqual(e.action);
      state = game.apply(state, e.seat, e.action);
    }
    expect(game.status(state).finished).toBe(true);
  });
});
