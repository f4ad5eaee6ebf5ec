import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord } from '../src/record/verify';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { expectProblem, newPlayer, type PlayerHandle } from './support/players';
import { bearer, createGame, fakeClock } from './support/tables';

const clock = fakeClock();
let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { now: clock.now });
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await drop();
});

const DAY = 24 * 3600;
const SEED = 'bank-clock';
const tick = () => server.app.service.clocks.tick();
const summaryOf = async (id: string) => (await http.get(`/games/${id}`)).body;
const log = (id: string) => server.app.service.store.events(id);
const inSeconds = (s: number) => new Date(clock.now().getTime() + s * 1000).toISOString();

/** Plays the due seat's first legal action with its token. */
async function play(id: string, token: string) {
  const view = (await http.get(`/games/${id}/view`).set(bearer(token))).body;
  const res = await http.post(`/games/${id}/moves`).set(bearer(token)).send({ action: view.legalActions[0] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A two-player Xeri table of `a` (seat 0) and `b` (seat 1), started; `b` moves first if it is due, so that `a` is. */
async function tableOf(a: PlayerHandle, b: PlayerHandle, clockOption: Record<string, unknown>) {
  const created = await http
    .post('/games')
    .set(bearer(a.token))
    .send({ kind: 'xeri', seats: [{ player: 'me' }, { player: b.id }], options: { clock: clockOption } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  expect((await http.post(`/games/${id}/seats/1/join`).set(bearer(b.token)).send({})).status).toBe(200);
  if ((await summaryOf(id)).toAct[0] === 1) await play(id, b.token);
  expect((await summaryOf(id)).toAct).toEqual([0]);
  return id;
}

describe('a time bank', () => {
  it('runs down while its seat is due, gains its increment after each move, never above max', async () => {
    const bank = { initial: 3600, increment: 600, max: 4000 };
    const g = await createGame(server, { kind: 'xeri', seats: 2, seed: SEED, options: { clock: { bank } } });
    const first = await summaryOf(g.id);
    expect(first.clock).toEqual({ bank, onTimeout: 'auto', vacation: false });
    const due = first.toAct[0] as number;
    const other = 1 - due;
    expect(first.timeLeft).toEqual([3600, 3600]);
    expect(first.deadlines[due]).toBe(inSeconds(3600));
    expect(first.vacations).toEqual([null, null]);

    clock.advance(1000);
    const running = await summaryOf(g.id);
    expect(running.timeLeft[due]).toBe(2600);
    expect(running.timeLeft[other]).toBe(3600);
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(g.tokens[other]))).body;
    expect(view.timeLeft).toEqual(running.timeLeft);

    // 2600 left + 600: 3200 kept; the other seat's bank starts running from its 3600.
    const moved = await play(g.id, g.tokens[due]);
    expect(moved.timeLeft).toEqual(due === 0 ? [3200, 3600] : [3600, 3200]);
    expect(moved.deadlines[other]).toBe(inSeconds(3600));

    // 3500 left + 600 is above max: the bank holds 4000.
    clock.advance(100);
    await play(g.id, g.tokens[other]);
    const capped = await summaryOf(g.id);
    expect(capped.timeLeft[other]).toBe(4000);
    expect(capped.timeLeft[due]).toBe(3200);
    expect(capped.deadlines[due]).toBe(inSeconds(3200));

    const mine = await newPlayer(http, 'Banker');
    const b = await newPlayer(http, 'Other');
    const id = await tableOf(mine, b, { bank });
    const listed = (await http.get('/players/me/games').set(bearer(mine.token))).body.games;
    expect(listed.find((x: { id: string }) => x.id === id).timeLeft).toBe(3600);
  });

  it('runs each due seat’s bank at once when several are due, and stops only the one that moved', async () => {
    const bank = { initial: 600, increment: 60, max: 900 };
    const g = await createGame(server, { kind: 'divide-and-conquer', seats: 2, seed: SEED, options: { clock: { bank } } });
    expect((await summaryOf(g.id)).toAct).toEqual([0, 1]);
    clock.advance(100);
    expect((await summaryOf(g.id)).timeLeft).toEqual([500, 500]);
    await play(g.id, g.tokens[0]);
    clock.advance(100);
    const after = await summaryOf(g.id);
    expect(after.toAct).toEqual([1]);
    expect(after.timeLeft).toEqual([560, 400]);
  });

  it.each(['auto', 'forfeit'] as const)('at zero, %s applies as with a time per move', async (onTimeout) => {
    const bank = { initial: 60, increment: 0, max: 60 };
    const g = await createGame(server, { kind: 'xeri', seats: 2, seed: SEED, options: { clock: { bank, onTimeout } } });
    const due = (await summaryOf(g.id)).toAct[0] as number;
    clock.advance(59);
    await tick();
    expect(await log(g.id)).toEqual([]);
    clock.advance(1);
    await tick();
    const [event] = await log(g.id);
    const summary = await summaryOf(g.id);
    if (onTimeout === 'auto') {
      expect(event).toMatchObject({ seq: 1, seat: due, kind: 'move', by: 'clock' });
      expect(summary.timeLeft[due]).toBe(0);
    } else {
      expect(event).toMatchObject({ seq: 1, seat: due, kind: 'forfeit', by: 'clock' });
      expect(summary.status).toBe('finished');
      expect(summary.timeLeft).toEqual([null, null]);
    }
  });

  it('is offered in the catalog beside a time per move', async () => {
    const entry = (await http.get('/catalog/xeri')).body;
    const shapes = entry.clockSchema.anyOf.map((o: { properties: Record<string, unknown> }) => Object.keys(o.properties).sort());
    expect(shapes).toEqual([
      ['onTimeout', 'perMove', 'vacation'],
      ['bank', 'onTimeout', 'vacation'],
    ]);
  });

  it('refuses a bank that starts above its max, or a clock with both perMove and bank, and creates nothing', async () => {
    expectProblem(
      await http
        .post('/games')
        .send({ kind: 'xeri', seats: 2, options: { clock: { bank: { initial: 100, increment: 0, max: 50 } } } }),
      422,
      'invalid-setup',
    );
    expectProblem(
      await http
        .post('/games')
        .send({ kind: 'xeri', seats: 2, options: { clock: { perMove: 60, bank: { initial: 60, increment: 0, max: 60 } } } }),
      400,
      'validation',
    );
  });
});

describe('vacations', () => {
  it('freeze the player’s clocks in every game that allows it and resume them, each change an event in the log', async () => {
    const a = await newPlayer(http, 'Ann');
    const b = await newPlayer(http, 'Bo');
    const bank = { initial: DAY, increment: DAY, max: 3 * DAY };
    const games = [await tableOf(a, b, { bank }), await tableOf(a, b, { bank })];
    const quick = await tableOf(a, b, { perMove: 3600 });
    const quickEvents = (await log(quick)).length;
    const first = await summaryOf(games[0]);
    expect(first.clock.vacation).toBe(true);
    expect((await summaryOf(quick)).clock).toEqual({ perMove: 3600, onTimeout: 'auto' });
    const due = 0;
    const away = a;
    const before = (await log(games[0])).length;

    clock.advance(3600);
    const started = await http.post('/players/me/vacation').set(bearer(away.token)).send({ days: 3 });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const until = inSeconds(3 * DAY);
    expect(started.body).toEqual({ until, daysLeft: 27, daysPerYear: 30 });
    for (const id of games) {
      expect((await log(id)).at(-1)).toMatchObject({
        seat: due,
        kind: 'vacation',
        by: 'seat',
        action: { type: 'vacation', until },
      });
      const s = await summaryOf(id);
      expect(s.vacations[due]).toBe(until);
      expect(s.timeLeft[due]).toBe(DAY - 3600);
    }
    // A clock of less than a day a move does not freeze.
    expect(await log(quick)).toHaveLength(quickEvents);

    // Two days on, long past the old deadline: nothing timed out, nothing ran.
    clock.advance(2 * DAY);
    await tick();
    for (const id of games) {
      expect((await summaryOf(id)).timeLeft[due]).toBe(DAY - 3600);
      expect((await log(id)).slice(before).map((e) => e.kind)).toEqual(['vacation']);
    }

    // Back early: the clocks run again from what they had; two whole days were used.
    const ended = await http.delete('/players/me/vacation').set(bearer(away.token));
    expect(ended.body).toEqual({ until: null, daysLeft: 28, daysPerYear: 30 });
    expect((await http.get('/players/me').set(bearer(away.token))).body.vacation).toEqual(ended.body);
    for (const id of games) {
      const s = await summaryOf(id);
      expect(s.vacations[due]).toBeNull();
      expect(s.deadlines[due]).toBe(inSeconds(DAY - 3600));
      expect((await log(id)).at(-1)).toMatchObject({ seat: due, kind: 'resume', by: 'seat' });
    }
    clock.advance(DAY - 3600);
    await tick();
    for (const id of games) expect((await log(id)).at(-1)).toMatchObject({ seat: due, kind: 'move', by: 'clock' });
  });

  it('ends by itself: the sweeper resumes the clocks at the vacation’s end; a move in a game ends its freeze there', async () => {
    const a = await newPlayer(http, 'Cy');
    const b = await newPlayer(http, 'Di');
    const games = [await tableOf(a, b, { perMove: 2 * DAY }), await tableOf(a, b, { perMove: 2 * DAY })];
    const due = 0;
    const away = a;
    const before = (await log(games[0])).length;
    expect((await http.post('/players/me/vacation').set(bearer(away.token)).send({ days: 1 })).status).toBe(200);
    // Back at the table of the second game: the player's move ends the freeze there.
    clock.advance(3600);
    await play(games[1], away.token);
    const moved = await summaryOf(games[1]);
    expect(moved.vacations).toEqual([null, null]);

    clock.advance(DAY - 3600);
    await tick();
    const resumed = await summaryOf(games[0]);
    expect(resumed.vacations[due]).toBeNull();
    expect(resumed.timeLeft[due]).toBe(2 * DAY);
    expect((await log(games[0])).slice(before).map((e) => [e.kind, e.by])).toEqual([
      ['vacation', 'seat'],
      ['resume', 'clock'],
    ]);
  });

  it('are counted against the yearly allowance: no-vacation-left, and one at a time', async () => {
    const p = await newPlayer(http, 'Ed');
    expect((await http.get('/players/me').set(bearer(p.token))).body.vacation).toEqual({
      until: null,
      daysLeft: 30,
      daysPerYear: 30,
    });
    expectProblem(await http.post('/players/me/vacation').set(bearer(p.token)).send({ days: 31 }), 422, 'no-vacation-left');
    expectProblem(await http.delete('/players/me/vacation').set(bearer(p.token)), 409, 'not-on-vacation');
    expect((await http.post('/players/me/vacation').set(bearer(p.token)).send({ days: 10 })).status).toBe(200);
    expectProblem(await http.post('/players/me/vacation').set(bearer(p.token)).send({ days: 1 }), 409, 'on-vacation');
    clock.advance(10 * DAY);
    expect((await http.post('/players/me/vacation').set(bearer(p.token)).send({ days: 21 })).status).toBe(422);
    expect((await http.post('/players/me/vacation').set(bearer(p.token)).send({ days: 20 })).body.daysLeft).toBe(0);
    expectProblem(await http.post('/players/me/vacation').set(bearer(p.token)).send({ days: 0 }), 400, 'validation');
  });
});

describe('reminders', () => {
  it('a seat still due gets one turn-reminder per turn, a day before its deadline or half its time gone, whichever is later', async () => {
    const a = await newPlayer(http, 'Flo');
    const b = await newPlayer(http, 'Gus');
    const id = await tableOf(a, b, { perMove: 4 * DAY });
    const { version } = await summaryOf(id);
    const [due, player] = [0, a];
    const reminders = async () =>
      (await server.app.service.notifications.after(player.id, 0)).filter((n) => n.type === 'turn-reminder');
    const deadline = inSeconds(4 * DAY);
    clock.advance(3 * DAY - 1);
    await tick();
    expect(await reminders()).toEqual([]);
    clock.advance(1);
    await tick();
    await tick();
    const [reminder, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(reminder).toEqual({
      seq: expect.any(Number),
      type: 'turn-reminder',
      at: clock.now().toISOString(),
      game: id,
      gameId: id,
      kind: 'xeri',
      seat: due,
      status: 'active',
      version,
      toAct: [due],
      deadline,
    });
    // Half of a two-hour clock: an hour in.
    const short = await tableOf(a, b, { perMove: 7200 });
    const shortPlayer = a;
    clock.advance(3600);
    await tick();
    const told = (await server.app.service.notifications.after(shortPlayer.id, 0)).filter(
      (n) => n.type === 'turn-reminder' && n.game === short,
    );
    expect(told).toHaveLength(1);
  });
});

describe('time given', () => {
  it('another seated player gives a due seat time: a later deadline, an event in the log, once a turn', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2, seed: SEED, options: { clock: { perMove: 3600 } } });
    const due = (await summaryOf(g.id)).toAct[0] as number;
    const other = 1 - due;
    const give = (seat: number, body: Record<string, unknown>) =>
      http.post(`/games/${g.id}/clock/give`).set(bearer(g.tokens[seat])).send(body);
    const res = await give(other, { seconds: 600 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deadlines[due]).toBe(inSeconds(4200));
    expect(res.body.timeLeft[due]).toBe(4200);
    expect((await log(g.id)).at(-1)).toMatchObject({
      seq: 1,
      seat: other,
      kind: 'gift',
      by: 'seat',
      action: { type: 'gift', seat: due, seconds: 600 },
    });
    expectProblem(await give(other, { seconds: 60 }), 409, 'already-given');
    expectProblem(await give(due, { seconds: 60 }), 422, 'not-due');
    expectProblem(await give(due, { seconds: 60, seat: due }), 422, 'own-clock');
    expectProblem(await give(other, { seconds: 0 }), 400, 'validation');
    expectProblem(await give(other, { seconds: DAY + 1 }), 400, 'validation');
    expect((await summaryOf(g.id)).version).toBe(1);

    // The next turn, a gift again.
    clock.advance(1);
    await play(g.id, g.tokens[due]);
    await play(g.id, g.tokens[other]);
    expect((await give(other, { seconds: 60 })).status).toBe(200);

    const plain = await createGame(server, { kind: 'xeri', seats: 2, seed: SEED });
    const plainDue = (await summaryOf(plain.id)).toAct[0] as number;
    expectProblem(
      await http
        .post(`/games/${plain.id}/clock/give`)
        .set(bearer(plain.tokens[1 - plainDue]))
        .send({ seconds: 60 }),
      422,
      'no-clock',
    );
  });
});

describe('a bank clock through rematch and record', () => {
  it('the rematch keeps the clock; the record of a game with a vacation and a gift verifies', async () => {
    const a = await newPlayer(http, 'Hal');
    const b = await newPlayer(http, 'Ida');
    const bank = { initial: DAY, increment: DAY, max: 2 * DAY };
    const id = await tableOf(a, b, { bank, onTimeout: 'forfeit' });
    const [away, giver] = [a, b];
    const before = (await log(id)).length;
    expect((await http.post(`/games/${id}/clock/give`).set(bearer(giver.token)).send({ seconds: 60 })).status).toBe(200);
    expect((await http.post('/players/me/vacation').set(bearer(away.token)).send({ days: 1 })).status).toBe(200);
    expect((await http.delete('/players/me/vacation').set(bearer(away.token))).status).toBe(200);
    await play(id, away.token);
    expect((await http.post(`/games/${id}/resign`).set(bearer(giver.token))).status).toBe(200);

    const record = (await http.get(`/games/${id}/record`)).body;
    expect(record.clock).toEqual({ bank, onTimeout: 'forfeit', vacation: true });
    expect(record.genesis.clock).toEqual(record.clock);
    expect(record.events.slice(before).map((e: { kind: string }) => e.kind)).toEqual([
      'gift',
      'vacation',
      'resume',
      'move',
      'resign',
    ]);
    expect(verifyRecord(record).problems).toEqual([]);

    await http.post(`/games/${id}/rematch`).set(bearer(a.token));
    const asked = await http.post(`/games/${id}/rematch`).set(bearer(b.token));
    const rematch = await summaryOf(asked.body.rematch.id);
    expect(rematch.clock).toEqual({ bank, onTimeout: 'forfeit', vacation: true });
    expect(rematch.timeLeft).toEqual([DAY, DAY]);
  });
});
