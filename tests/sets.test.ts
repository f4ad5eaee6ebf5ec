import stringify from 'fast-json-stable-stringify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, type AnyGame, actionsHaveSets, rearrangeSets, resolveOptions } from '../src/engine';
import { games } from '../src/games';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { shortOptions } from './support/short-games';

let where: Awaited<ReturnType<typeof privateDatabase>>;
let server: TestServer;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  where = await privateDatabase();
  server = await startServer(where);
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await where.drop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every game whose actions name a set of cards (a discard, a capture set, a group). */
const withSets = [...games.values()].filter(actionsHaveSets);

const reversed = (game: AnyGame, a: Action) => rearrangeSets(game, a, (items) => [...items].reverse());
const differs = (game: AnyGame, a: Action) => stringify(reversed(game, a)) !== stringify(a);

/** The move a seat makes at a step: a set of two or more cards whenever one is offered (the orders that can differ). */
const choose = (game: AnyGame, legal: Action[], step: number) =>
  legal.find((a) => differs(game, a)) ?? legal[(step * 7919) % legal.length];

/** A seed whose match, played as `choose` plays it, offers a set of two or more cards (some games rarely do). */
function seedWithSets(game: AnyGame, seats: number): string {
  for (let i = 0; ; i++) {
    const seed = `sets-${game.kind}-${i}`;
    let state = game.setup({ seats, options: resolveOptions(game, shortOptions(game.kind), seats), seed });
    for (let step = 0; !game.status(state).finished; step++) {
      const toAct = game.status(state).toAct;
      const seat = toAct[step % toAct.length];
      const action = choose(game, game.legalActions(state, seat), step);
      if (differs(game, action)) return seed;
      state = game.apply(state, seat, action);
    }
  }
}

describe('sets in any order, through the API', () => {
  it('some games name sets of cards in their actions', () => {
    expect(withSets.map((g) => g.kind)).toContain('poke');
  });

  for (const game of withSets) {
    it(`${game.title}: every set action of a seeded match is accepted in reverse order, and the log keeps the listed order`, async () => {
      const seats = game.seats.min;
      // A short game (one deal where the game has a target): the sets are posted all the same.
      const created = await http
        .post('/games')
        .send({ kind: game.kind, seats, options: shortOptions(game.kind), seed: seedWithSets(game, seats) });
      expect(created.status).toBe(201);
      const { id } = created.body;
      const tokens: string[] = created.body.seats.map((s: { token: string }) => s.token);
      const listed: Action[] = [];
      let reordered = 0;
      for (let step = 0; ; step++) {
        const look = await http.get(`/games/${id}/view`).set(bearer(tokens[0]));
        if (look.body.status !== 'active') break;
        const seat: number = look.body.toAct[step % look.body.toAct.length];
        const view = await http.get(`/games/${id}/view`).set(bearer(tokens[seat]));
        const action = choose(game, view.body.legalActions, step);
        const posted = reversed(game, action);
        if (differs(game, action)) reordered++;
        const res = await http.post(`/games/${id}/moves`).set(bearer(tokens[seat])).send({ action: posted });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        listed.push(action);
      }
      expect(reordered).toBeGreaterThan(0);
      const log = await http.get(`/games/${id}/events?limit=1000`);
      expect(log.body.status).toBe('finished');
      expect(log.body.events.map((e: { action: Action }) => e.action)).toEqual(listed);
    });
  }
});
