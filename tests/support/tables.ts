import request from 'supertest';
import { expect } from 'vitest';
import { touch } from '../../src/store/games';
import type { TestServer } from './harness';

/** A clock the test moves by hand: `now()` for the app, `advance(seconds)` for the test. */
export function fakeClock(start = new Date('2030-01-01T00:00:00.000Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(seconds: number) {
      t += seconds * 1000;
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Created {
  id: string;
  seats: { seat: number; token: string }[];
  tokens: string[];
}

/** Creates a game through the API. */
/** A player per server who creates the tables of bots alone (those need a player token). */
const keepers = new WeakMap<TestServer, Promise<string>>();

function keeperOf(server: TestServer): Promise<string> {
  let token = keepers.get(server);
  if (!token) {
    token = request(server.app.server)
      .post('/players')
      .send({ name: 'Bot keeper' })
      .then((res) => res.body.token as string);
    keepers.set(server, token);
  }
  return token;
}

/** Creates a game as `POST /games` does; a table of bots alone is created by this server's bot keeper. */
export async function createGame(server: TestServer, body: Record<string, unknown>): Promise<Created> {
  const seats = body.seats;
  const botsOnly = Array.isArray(seats) && seats.every((s: Record<string, unknown>) => 'bot' in s);
  const post = request(server.app.server).post('/games');
  if (botsOnly) post.set('authorization', `Bearer ${await keeperOf(server)}`);
  const res = await post.send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, tokens: res.body.seats.map((s: { token: string }) => s.token) };
}

/**
 * Hands seats of a running game to a bot behind the API's back (a game is created with its bots,
 * `seats: [{ bot }]`): for tests of a bot that stalls or fails mid-game. With `wake`, the bots are
 * woken for the game.
 */
export async function seatBots(server: TestServer, id: string, seats: number[], { bot = 'random', wake = true } = {}) {
  await server.db.sql.batch([
    ...seats.map((seat) => ({
      text: `UPDATE "Seat" SET "occupant" = 'bot', "bot" = $3 WHERE "gameId" = $1 AND "seat" = $2`,
      params: [id, seat, bot],
      expect: 1,
    })),
    touch(id, server.app.service.now()),
  ]);
  server.app.service.live.forget(id);
  if (wake) server.app.service.bots.wake(id);
}

/**
 * Plays a game to its end: each seat with a token posts the first of its legal actions (or what
 * `choose` picks) whenever it is due; the server plays the others (bots, resigned seats). Answers
 * with the final summary.
 */
export async function playToEnd(
  server: TestServer,
  id: string,
  tokens: readonly (string | null)[],
  choose: (legal: unknown[]) => unknown = (legal) => legal[0],
) {
  const http = request(server.app.server);
  for (let stuck = 0; ; ) {
    await server.app.service.bots.settled();
    const summary = (await http.get(`/games/${id}`)).body;
    if (summary.status !== 'active') return summary;
    const mine = (summary.toAct as number[]).filter((s) => tokens[s] && !summary.seats[s].resigned);
    if (mine.length === 0) {
      // Only server seats are due: they are being played.
      expect(++stuck, `game ${id} stalled at version ${summary.version}`).toBeLessThan(3);
      continue;
    }
    stuck = 0;
    for (const seat of mine) {
      const token = tokens[seat] as string;
      const view = (await http.get(`/games/${id}/view`).set(bearer(token))).body;
      if (view.legalActions.length === 0) continue;
      const res = await http
        .post(`/games/${id}/moves`)
        .set(bearer(token))
        .send({ action: choose(view.legalActions), expectedVersion: view.version });
      // A server seat may have moved in between (simultaneous phases): read again.
      expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    }
  }
}
