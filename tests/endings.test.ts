import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/engine';
import { games } from '../src/games';
import { gameChannel } from '../src/service/notifier';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, createGame, fakeClock, playToEnd, seatBots } from './support/tables';

/** Kontsina played by two partnerships, to see a resignation in a game of two sides that are teams. */
const kontsina = games.get('kontsina') as AnyGame;
const teams: AnyGame = {
  ...kontsina,
  kind: 'kontsina-teams',
  sides: (seats: number) =>
    [
      [0, 2],
      [1, 3],
    ].slice(0, seats / 2),
};

const clock = fakeClock();
let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { now: clock.now, games: new Map([...games, [teams.kind, teams]]) });
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await drop();
});

const PROBLEM = /application\/problem\+json/;
function expectProblem(res: request.Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(PROBLEM);
  expect(res.body.code).toBe(code);
}

const log = (id: string) => server.app.service.store.events(id);
const summaryOf = async (id: string) => (await http.get(`/games/${id}`)).body;

/** The first legal action of the seat's view, posted. */
async function move(id: string, token: string) {
  const view = (await http.get(`/games/${id}/view`).set(bearer(token))).body;
  const res = await http.post(`/games/${id}/moves`).set(bearer(token)).send({ action: view.legalActions[0] });
  expect(res.status).toBe(200);
  return res.body;
}

describe('resign', () => {
  it('with two seats, the game ends and the other seat wins; the log, the summary and the seat’s channel say so', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2, names: ['Ann', 'Bo'] });
    const told = new Promise<string>((resolve) => {
      const off = server.notifier.subscribe(gameChannel(g.id), (payload) => {
        off();
        resolve(payload);
      });
    });
    const res = await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[0]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ seat: 0, status: 'finished', legalActions: [], result: { winners: [1] } });
    expect(res.body.result.summary).toBe('Seat 0 resigned: seat 1 wins');
    expect(Number(await told)).toBeGreaterThan(0);

    const summary = await summaryOf(g.id);
    expect(summary).toMatchObject({ status: 'finished', version: 1, result: { winners: [1] } });
    expect(summary.seats[0].resigned).toBe(true);
    expect(summary.seed).toBeDefined();
    // The audit shows the resignation as an event of the log.
    const events = (await http.get(`/games/${g.id}/events`)).body.events;
    expect(events).toMatchObject([{ seq: 1, seat: 0, kind: 'resign', by: 'seat', action: { type: 'resign' } }]);
  });

  it('with two teams, one partner’s resignation ends the game and the other team wins', async () => {
    const g = await createGame(server, { kind: 'kontsina-teams', seats: 4 });
    const res = await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[2]));
    expect(res.body).toMatchObject({ status: 'finished', result: { winners: [1, 3] } });
  });

  it('resigning a game that has ended is refused (409), and so is a resigned seat’s move', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2 });
    await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[1]));
    expectProblem(await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[0])), 409, 'game-over');
    expectProblem(await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[1])), 409, 'game-over');
    expect((await summaryOf(g.id)).version).toBe(1);
  });

  it('needs the seat’s token: none is 401, another game’s is 403', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2 });
    const other = await createGame(server, { kind: 'xeri', seats: 2 });
    expectProblem(await http.post(`/games/${g.id}/resign`), 401, 'token-required');
    expectProblem(await http.post(`/games/${g.id}/resign`).set(bearer(other.tokens[0])), 403, 'wrong-game');
    expectProblem(await http.post('/games/nope/resign').set(bearer(g.tokens[0])), 404, 'game-not-found');
    expect((await summaryOf(g.id)).version).toBe(0);
  });

  it('with three seats, the game plays on: the resigned seat plays its default action whenever due, and ranks last', async () => {
    const game = games.get('chinese-ten') as AnyGame;
    const g = await createGame(server, { kind: 'chinese-ten', seats: 3, seed: 'resign-3' });
    const resigner = (await summaryOf(g.id)).toAct[0] as number;
    const res = await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[resigner]));
    expect(res.body).toMatchObject({ status: 'active', legalActions: [] });
    await server.app.service.bots.settled();
    // It was due: the server played for it at once.
    const [resigned, first] = await log(g.id);
    expect(resigned).toMatchObject({ seq: 1, seat: resigner, kind: 'resign' });
    expect(first).toMatchObject({ seq: 2, seat: resigner, kind: 'move', by: 'service' });
    expectProblem(
      await http.post(`/games/${g.id}/moves`).set(bearer(g.tokens[resigner])).send({ action: first.action }),
      409,
      'resigned',
    );

    const tokens = g.tokens.map((t, seat) => (seat === resigner ? null : t));
    const end = await playToEnd(server, g.id, tokens);
    expect(end.status).toBe('finished');
    expect(end.result.winners).not.toContain(resigner);
    expect(end.result.summary).toContain(`seat ${resigner} resigned and ranks last`);
    // Every move of the resigned seat is its default action, made by the service.
    let state = game.setup({ seats: 3, options: end.options, seed: 'resign-3' });
    const events = await log(g.id);
    expect(events.filter((e) => e.seat === resigner && e.kind === 'move').length).toBeGreaterThan(2);
    for (const e of events) {
      if (e.kind !== 'move') continue;
      if (e.seat === resigner) {
        expect(e.by).toBe('service');
        expect(e.action).toEqual(game.defaultAction(state, e.seat));
      }
      state = game.apply(state, e.seat, e.action);
    }
  });

  it('with three seats, the second resignation leaves one seat playing: it wins', async () => {
    const g = await createGame(server, { kind: 'kontsina', seats: 3 });
    await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[1]));
    const res = await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[0]));
    expect(res.body).toMatchObject({ status: 'finished', result: { winners: [2] } });
  });
});

describe('abort', () => {
  it('before anyone has moved, a seat aborts: nobody wins and the seed is revealed', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2 });
    const res = await http.post(`/games/${g.id}/abort`).set(bearer(g.tokens[1]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'aborted', legalActions: [], toAct: [] });
    expect(res.body.result).toBeUndefined();
    const summary = await summaryOf(g.id);
    expect(summary).toMatchObject({ status: 'aborted', version: 1 });
    expect(summary.result).toBeUndefined();
    expect(summary.seed).toMatch(/^[0-9a-f]{64}$/);
    const events = (await http.get(`/games/${g.id}/events`)).body;
    expect(events.events).toMatchObject([{ seq: 1, seat: 1, kind: 'abort', by: 'seat' }]);
    expect(events.seed).toBe(summary.seed);
    expectProblem(await http.post(`/games/${g.id}/abort`).set(bearer(g.tokens[0])), 409, 'game-over');
    expectProblem(
      await http
        .post(`/games/${g.id}/moves`)
        .set(bearer(g.tokens[0]))
        .send({ action: { type: 'play', card: '2S' } }),
      409,
      'game-over',
    );
  });

  it('after one seat has moved, the seat that has not moved may abort; the one that moved may not', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2 });
    const first = (await summaryOf(g.id)).toAct[0] as number;
    await move(g.id, g.tokens[first]);
    expectProblem(await http.post(`/games/${g.id}/abort`).set(bearer(g.tokens[first])), 409, 'too-late-to-abort');
    const res = await http.post(`/games/${g.id}/abort`).set(bearer(g.tokens[1 - first]));
    expect(res.body.status).toBe('aborted');
  });

  it('once every seat has moved, abort is refused (409) and nothing changes', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2 });
    const first = (await summaryOf(g.id)).toAct[0] as number;
    await move(g.id, g.tokens[first]);
    await move(g.id, g.tokens[1 - first]);
    expectProblem(await http.post(`/games/${g.id}/abort`).set(bearer(g.tokens[0])), 409, 'too-late-to-abort');
    expect(await summaryOf(g.id)).toMatchObject({ status: 'active', version: 2 });
  });

  it('a move the clock made for a seat that never came does not count as its own: that seat may abort while the game is young', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2, options: { clock: { perMove: 60 } } });
    const first = (await summaryOf(g.id)).toAct[0] as number;
    await move(g.id, g.tokens[first]);
    clock.advance(60);
    await server.app.service.clocks.tick();
    expect((await log(g.id)).map((e) => e.by)).toEqual(['seat', 'clock']);
    const res = await http.post(`/games/${g.id}/abort`).set(bearer(g.tokens[1 - first]));
    expect(res.body.status).toBe('aborted');
  });

  it('a seat that let its clock play for it cannot abort once the game is no longer young (twice the seats in events)', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2, options: { clock: { perMove: 60 } } });
    const first = (await summaryOf(g.id)).toAct[0] as number;
    // The present seat plays; the absent one's clock plays for it, again and again.
    for (let i = 0; i < 4; i++) {
      const due = (await summaryOf(g.id)).toAct[0] as number;
      if (due === first) await move(g.id, g.tokens[first]);
      else {
        clock.advance(60);
        await server.app.service.clocks.tick();
      }
    }
    expect((await log(g.id)).filter((e) => e.by === 'clock').length).toBeGreaterThan(0);
    expect((await summaryOf(g.id)).version).toBe(4);
    expectProblem(await http.post(`/games/${g.id}/abort`).set(bearer(g.tokens[1 - first])), 409, 'too-late-to-abort');
    expect((await summaryOf(g.id)).status).toBe('active');
  });
});

describe('rematch', () => {
  it('a rematch of a running game is refused (409)', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2 });
    expectProblem(await http.post(`/games/${g.id}/rematch`).set(bearer(g.tokens[0])), 409, 'game-running');
  });

  it('once both seats have asked, a new game of the same kind, options and clock starts, seats turned by one; the games link', async () => {
    const options = { hands: 2, clock: { perMove: 600, onTimeout: 'forfeit' } };
    const g = await createGame(server, { kind: 'xeri', seats: 2, names: ['Ann', 'Bo'], options });
    await http.post(`/games/${g.id}/resign`).set(bearer(g.tokens[0]));

    const first = await http.post(`/games/${g.id}/rematch`).set(bearer(g.tokens[1]));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: g.id, asked: [1], rematch: null });
    expect((await summaryOf(g.id)).seats.map((s: { rematch?: boolean }) => s.rematch ?? false)).toEqual([false, true]);

    const second = await http.post(`/games/${g.id}/rematch`).set(bearer(g.tokens[0]));
    expect(second.body).toMatchObject({ id: g.id, asked: [0, 1], rematch: { seat: 1 } });
    const next = second.body.rematch.id as string;
    // Asking again is harmless, and tells the other seat where it sits now.
    const again = await http.post(`/games/${g.id}/rematch`).set(bearer(g.tokens[1]));
    expect(again.body.rematch).toMatchObject({ id: next, seat: 0 });

    const old = await summaryOf(g.id);
    const fresh = await summaryOf(next);
    expect(old.rematch).toBe(next);
    expect(fresh).toMatchObject({
      kind: 'xeri',
      status: 'active',
      version: 0,
      rematchOf: g.id,
      options: old.options,
      clock: old.clock,
      provablyFair: true,
    });
    expect(fresh.seedHash).not.toBe(old.seedHash);
    expect(fresh.seats.map((s: { name: string }) => s.name)).toEqual(['Bo', 'Ann']);
    // The new tokens hold the turned seats.
    const ann = (await http.get(`/games/${next}/view`).set(bearer(second.body.rematch.token))).body;
    const bo = (await http.get(`/games/${next}/view`).set(bearer(again.body.rematch.token))).body;
    expect([ann.seat, bo.seat]).toEqual([1, 0]);
    // Only one rematch, however often it is asked.
    const count = await server.db.sql.one<{ n: number }>('SELECT COUNT(*) AS "n" FROM "Game" WHERE "rematchOf" = $1', [g.id]);
    expect(Number(count?.n)).toBe(1);
  });

  it('a bot asks at once: the rematch starts when the other seat asks, and the bot plays in it', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: 2, seed: 'rematch-bot' });
    await seatBots(server, g.id, [1]);
    await http.post(`/games/${g.id}/abort`).set(bearer(g.tokens[0]));
    const res = await http.post(`/games/${g.id}/rematch`).set(bearer(g.tokens[0]));
    expect(res.body).toMatchObject({ asked: [0, 1], rematch: { seat: 1 } });
    const next = res.body.rematch.id as string;
    const fresh = await summaryOf(next);
    expect(fresh.seats.map((s: { occupant: string; bot?: string }) => [s.occupant, s.bot])).toEqual([
      ['bot', 'random'],
      ['guest', undefined],
    ]);
    await server.app.service.bots.settled();
    const now = await summaryOf(next);
    // Whoever is to act now, it is not the bot.
    expect(now.toAct).toEqual([1]);
  });
});
