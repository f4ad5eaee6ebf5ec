import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalAction, resolveOptions } from '../src/engine';
import { sidesOf } from '../src/engine/outcome';
import { games } from '../src/games';
import { verifyRecord } from '../src/record/verify';
import { clockStore } from '../src/store/clocks';
import type { Sql } from '../src/store/sql';
import { vacationStore } from '../src/store/vacations';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { queryPlan } from './support/query-plan';
import { SHORT } from './support/short-games';
import { bearer, createGame, fakeClock, seatBots } from './support/tables';

/** ABANDON_AFTER_MOVES for this file: a count a test can sweep through (the default is 10,000). */
const ABANDONED_AFTER = 100;

const clock = fakeClock();
let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { now: clock.now, limits: { abandonAfterMoves: ABANDONED_AFTER } });
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await drop();
});

const SEED = 'clock-test';
const inAMinute = () => new Date(clock.now().getTime() + 60_000).toISOString();

/** Creates a game of `kind` with the fewest seats and a one-minute clock. */
async function clocked(kind: string, onTimeout: 'auto' | 'forfeit') {
  const seats = games.get(kind)?.seats.min as number;
  const g = await createGame(server, { kind, seats, seed: SEED, options: { ...SHORT[kind], clock: { perMove: 60, onTimeout } } });
  return { ...g, seats };
}

const log = (id: string) => server.app.service.store.events(id);

describe.each([...games.keys()])('%s with a clock', (kind) => {
  const game = games.get(kind);
  if (!game) throw new Error(kind);

  it('auto: a seat whose time runs out gets its default action, one of its legal actions; the deadline shows until then', async () => {
    const g = await clocked(kind, 'auto');
    const summary = (await http.get(`/games/${g.id}`)).body;
    const due: number[] = summary.toAct;
    expect(due.length).toBeGreaterThan(0);
    expect(summary.clock).toEqual({ perMove: 60, onTimeout: 'auto' });
    expect(summary.deadlines).toEqual(Array.from({ length: g.seats }, (_, s) => (due.includes(s) ? inAMinute() : null)));
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(g.tokens[due[0]]))).body;
    expect(view.deadlines).toEqual(summary.deadlines);

    clock.advance(59);
    await server.app.service.clocks.tick();
    expect((await http.get(`/games/${g.id}`)).body.version).toBe(0);

    clock.advance(1);
    await server.app.service.clocks.tick();
    const events = await log(g.id);
    const byClock = events.filter((e) => e.by === 'clock');
    // Every seat due at the start timed out together: each got its own default action.
    expect(byClock.map((e) => e.seat).sort()).toEqual([...due].sort());
    // Replayed by hand: each clock move is the game's default for that seat at that point, and legal there.
    const options = resolveOptions(game, SHORT[kind] ?? {}, g.seats);
    let state = game.setup({ seats: g.seats, options, seed: SEED });
    for (const e of events) {
      expect(e.kind).toBe('move');
      expect(game.legalActions(state, e.seat)).toContainEqual(e.action);
      if (e.by === 'clock') expect(e.action).toEqual(canonicalAction(game, game.defaultAction(state, e.seat)));
      state = game.apply(state, e.seat, e.action);
    }
    // The next seat's clock starts from the timeout.
    const after = (await http.get(`/games/${g.id}`)).body;
    if (after.status === 'active') {
      for (const s of after.toAct as number[]) expect(after.deadlines[s]).toBe(inAMinute());
    }
  });

  it('forfeit: a seat whose time runs out loses the game for its side', async () => {
    const g = await clocked(kind, 'forfeit');
    const due: number[] = (await http.get(`/games/${g.id}`)).body.toAct;
    clock.advance(60);
    await server.app.service.clocks.tick();
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary.status).toBe('finished');
    expect(summary.seed).toBe(SEED);
    const events = await log(g.id);
    expect(events).toHaveLength(1);
    const [forfeit] = events;
    // With several seats due at once, the first in seat order is the one whose time ran out first.
    expect(forfeit).toMatchObject({ seq: 1, seat: due[0], kind: 'forfeit', by: 'clock' });
    const sides = sidesOf(game, g.seats, summary.options);
    const loser = sides.find((side) => side.includes(forfeit.seat)) as number[];
    expect(summary.result.winners.length).toBeGreaterThan(0);
    for (const s of loser) expect(summary.result.winners).not.toContain(s);
    if (sides.length === 2) expect(summary.result.winners).toEqual(sides.find((side) => side !== loser));
    expect(summary.result.summary).toMatch(`Seat ${forfeit.seat} ran out of time`);
  });
});

describe('the clock', () => {
  it('a seat that moves in time starts the next seat’s clock; without a clock no deadline shows', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2, options: { clock: { perMove: 3600 } } });
    const first = (await http.get(`/games/${g.id}`)).body;
    expect(first.clock).toEqual({ perMove: 3600, onTimeout: 'auto' });
    const seat = first.toAct[0] as number;
    clock.advance(1800);
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(g.tokens[seat]))).body;
    const moved = await http.post(`/games/${g.id}/moves`).set(bearer(g.tokens[seat])).send({ action: view.legalActions[0] });
    const next = moved.body.toAct[0] as number;
    expect(moved.body.deadlines[next]).toBe(new Date(clock.now().getTime() + 3600_000).toISOString());
    expect(moved.body.deadlines[seat]).toBeNull();

    const plain = await createGame(server, { kind: 'xeri', seats: 2 });
    const summary = (await http.get(`/games/${plain.id}`)).body;
    expect(summary.clock).toBeNull();
    expect(summary.deadlines).toEqual([null, null]);
    clock.advance(365 * 24 * 3600);
    await server.app.service.clocks.tick();
    expect((await http.get(`/games/${plain.id}`)).body.version).toBe(0);
  });

  it('a seat that moves and stays due gets a fresh clock for its next move', async () => {
    // Cactus: a turn is several moves of one seat (draw, then discard or swap).
    const g = await createGame(server, { kind: 'cactus', seats: 2, seed: SEED, options: { clock: { perMove: 60 } } });
    const seat = (await http.get(`/games/${g.id}`)).body.toAct[0] as number;
    let view = (await http.get(`/games/${g.id}/view`).set(bearer(g.tokens[seat]))).body;
    for (let moves = 0; moves < 10 && view.toAct.length === 1 && view.toAct[0] === seat; moves++) {
      clock.advance(30);
      const before = view.version as number;
      view = (await http.post(`/games/${g.id}/moves`).set(bearer(g.tokens[seat])).send({ action: view.legalActions[0] })).body;
      expect(view.version).toBe(before + 1);
      if (view.toAct.includes(seat)) {
        expect(view.deadlines[seat]).toBe(inAMinute());
        return;
      }
    }
    throw new Error('the seat never stayed due after a move');
  });

  it('an absent seat keeps getting its default action, one move a clock', async () => {
    const g = await createGame(server, { kind: 'divide-and-conquer', seats: 2, seed: SEED, options: { clock: { perMove: 10 } } });
    const mine = g.tokens[0];
    for (let round = 0; round < 3; round++) {
      const view = (await http.get(`/games/${g.id}/view`).set(bearer(mine))).body;
      await http.post(`/games/${g.id}/moves`).set(bearer(mine)).send({ action: view.legalActions[0] });
      clock.advance(10);
      await server.app.service.clocks.tick();
    }
    const events = await log(g.id);
    expect(events.map((e) => [e.seat, e.by])).toEqual([
      [0, 'seat'],
      [1, 'clock'],
      [0, 'seat'],
      [1, 'clock'],
      [0, 'seat'],
      [1, 'clock'],
    ]);
  });

  it(`a game nobody plays any more (${ABANDONED_AFTER} moves in a row by the clock) is abandoned: aborted by the clock, its seed revealed`, async () => {
    // Played by default actions alone, Cactus never ends: nobody calls "Cactus!".
    const g = await createGame(server, { kind: 'cactus', seats: 2, seed: SEED, options: { clock: { perMove: 5 } } });
    for (let ticks = 0; (await http.get(`/games/${g.id}`)).body.status === 'active'; ticks++) {
      expect(ticks).toBeLessThanOrEqual(ABANDONED_AFTER);
      clock.advance(5);
      await server.app.service.clocks.tick();
    }
    const events = await log(g.id);
    expect(events).toHaveLength(ABANDONED_AFTER + 1);
    expect(events.slice(0, -1).every((e) => e.kind === 'move' && e.by === 'clock')).toBe(true);
    expect(events.at(-1)).toMatchObject({ kind: 'abort', by: 'clock', action: { type: 'abort', reason: 'abandoned' } });
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary.status).toBe('aborted');
    expect(summary.seed).toBeDefined();
    const record = (await http.get(`/games/${g.id}/record`)).body;
    expect(verifyRecord(record).problems).toEqual([]);
  });

  it('a move by a seat itself starts the count again', async () => {
    const g = await createGame(server, { kind: 'cactus', seats: 2, seed: `${SEED}-again`, options: { clock: { perMove: 5 } } });
    const sweep = async (times: number) => {
      for (let i = 0; i < times; i++) {
        clock.advance(5);
        await server.app.service.clocks.tick();
      }
    };
    await sweep(ABANDONED_AFTER - 1);
    const { toAct } = (await http.get(`/games/${g.id}`)).body;
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(g.tokens[toAct[0]]))).body;
    const moved = await http
      .post(`/games/${g.id}/moves`)
      .set(bearer(g.tokens[toAct[0]]))
      .send({ action: view.legalActions.at(-1) });
    expect(moved.status).toBe(200);
    await sweep(ABANDONED_AFTER);
    expect((await http.get(`/games/${g.id}`)).body.status).toBe('active');
    await sweep(1);
    expect((await http.get(`/games/${g.id}`)).body.status).toBe('aborted');
  });

  it('a move that reaches the game before the clock’s sweep is kept, and the clock then leaves the seat alone', async () => {
    const g = await createGame(server, {
      kind: 'xeri',
      seats: 2,
      seed: SEED,
      options: { clock: { perMove: 60, onTimeout: 'forfeit' } },
    });
    const seat = (await http.get(`/games/${g.id}`)).body.toAct[0] as number;
    clock.advance(60);
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(g.tokens[seat]))).body;
    const moved = await http.post(`/games/${g.id}/moves`).set(bearer(g.tokens[seat])).send({ action: view.legalActions[0] });
    expect(moved.status).toBe(200);
    await server.app.service.clocks.tick();
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary.status).toBe('active');
    expect(summary.version).toBe(1);
  });

  it('refuses a clock below one second, not a number, absurdly long, or with an unknown onTimeout (400), and creates nothing', async () => {
    const created = async () => Number((await server.db.sql.one<{ n: number }>('SELECT COUNT(*) AS "n" FROM "Game"'))?.n ?? 0);
    const count = await created();
    for (const clockOption of [
      { perMove: 0 },
      { perMove: 0.5 },
      { perMove: -60 },
      { perMove: 'a minute' },
      { perMove: null },
      {},
      { perMove: 10 * 365 * 24 * 3600 },
      { perMove: 60, onTimeout: 'pass' },
      { perMove: 60, extra: true },
    ]) {
      const res = await http.post('/games').send({ kind: 'xeri', seats: 2, options: { clock: clockOption } });
      expect(res.status, JSON.stringify(clockOption)).toBe(400);
      expect(res.body.code).toBe('validation');
    }
    expect(await created()).toBe(count);
  });

  it('a bot seat left due by a server that stopped is played by the sweeper', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2, seed: SEED });
    const due = (await http.get(`/games/${g.id}`)).body.toAct[0] as number;
    const other = 1 - due;
    // The bot takes the seat, but nobody tells this server's bots (as if the server that should have played it died).
    const { bots } = server.app.service;
    await seatBots(server, g.id, [due], { wake: false });
    await server.app.service.clocks.tick();
    await bots.settled();
    expect((await http.get(`/games/${g.id}`)).body.version).toBe(0);
    clock.advance(3);
    await server.app.service.clocks.tick();
    await bots.settled();
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary.version).toBe(1);
    expect(summary.toAct).toEqual([other]);
    expect((await log(g.id))[0]).toMatchObject({ seat: due, by: 'bot' });
  });
});

describe('a restart', () => {
  it('a deadline that passed while the server was down is applied as it starts', async () => {
    const where = await privateDatabase();
    const time = fakeClock();
    try {
      const first = await startServer(where, { now: time.now });
      const auto = await createGame(first, { kind: 'xeri', seats: 2, seed: SEED, options: { clock: { perMove: 60 } } });
      const forfeit = await createGame(first, {
        kind: 'xeri',
        seats: 2,
        seed: SEED,
        options: { clock: { perMove: 600, onTimeout: 'forfeit' } },
      });
      await first.close();

      time.advance(3600);
      const second = await startServer(where, { now: time.now });
      try {
        const [a, f] = await Promise.all([auto.id, forfeit.id].map((id) => second.app.service.store.events(id)));
        expect(a).toMatchObject([{ seq: 1, kind: 'move', by: 'clock' }]);
        expect(f).toMatchObject([{ seq: 1, kind: 'forfeit', by: 'clock' }]);
        const summary = (await request(second.app.server).get(`/games/${auto.id}`)).body;
        // The seat next to move has its minute from the restart on.
        expect(summary.deadlines[summary.toAct[0]]).toBe(new Date(time.now().getTime() + 60_000).toISOString());
      } finally {
        await second.close();
      }
    } finally {
      await where.drop();
    }
  });
});

describe('the sweeper at size', () => {
  it('finds the seats it acts on from their own indexes, never by reading every running game', async () => {
    const statements: [string, readonly unknown[]][] = [];
    const seen = async (text: string, params: readonly unknown[] = []) => {
      statements.push([text, params]);
      return undefined;
    };
    const sql = { ...server.db.sql, all: async (t, p) => (await seen(t, p)) ?? [], one: seen } as Sql;
    const [clocks, vacations] = [clockStore(sql), vacationStore(sql)];
    const at = clock.now();
    await clocks.timedOut(at, 10);
    await clocks.nextDeadline(at);
    await clocks.stalled(at, 10);
    await vacations.thawed(at, 10);
    await vacations.toRemind(at, 10);
    expect(statements).toHaveLength(5);
    for (const [text, params] of statements) {
      const plan = JSON.stringify(await queryPlan(server.db, text, params));
      expect(plan).toMatch(/Seat_(deadline|occupant_due_dueSince|resigned_due_dueSince|frozenUntil|remindAt)_idx/);
      // The running games' index: a plan from it reads every running game's seats each tick.
      expect(plan).not.toMatch(/Game_status_createdAt_idx/);
    }
  });
});
