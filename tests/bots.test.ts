import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bot, type BotInput, bots } from '../src/bots';
import { games } from '../src/games';
import { countRows, privateDatabase, startServer, type TestServer } from './support/harness';
import { SHORT } from './support/short-games';
import { bearer, createGame, playToEnd, seatBots } from './support/tables';

/** What the spy bot was given, and what a client holding its seat read at that moment. */
const seen: { input: BotInput; view: unknown }[] = [];
const tokensOf = new Map<string, string[]>();
let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

/** The random bot, reading the seat's view through the API before each move, as a client would. */
const spy: Bot = async (input) => {
  const tokens = tokensOf.get(input.view.id) as string[];
  const view = (await http.get(`/games/${input.view.id}/view`).set(bearer(tokens[input.seat]))).body;
  seen.push({ input, view });
  return bots.get('random')?.(input) as Bot extends (i: BotInput) => infer A ? A : never;
};
const broken: Bot = () => {
  throw new Error('out of order');
};
const liar: Bot = () => ({ type: 'take-everything' });

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { bots: new Map([...bots, ['spy', spy], ['broken', broken], ['liar', liar]]) });
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await drop();
});

const kinds = [...games.keys()];
const minSeats = (kind: string) => games.get(kind)?.seats.min as number;
const log = (id: string) => server.app.service.store.events(id);

/** A seeded choice for the client, so its games end as the bots' do. */
function seededChoice(seed: number) {
  let s = seed;
  return (legal: unknown[]) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return legal[s % legal.length];
  };
}

describe.each(kinds)('random bots at %s', (kind) => {
  it('play a whole game against each other', async () => {
    const seats = minSeats(kind);
    const g = await createGame(server, {
      kind,
      seats: Array.from({ length: seats }, () => ({ bot: 'random' })),
      seed: `bots-${kind}`,
      options: SHORT[kind] ?? {},
    });
    await server.app.service.bots.settled();
    const summary = (await http.get(`/games/${g.id}`)).body;
    expect(summary.status).toBe('finished');
    expect(summary.seats.every((s: { occupant: string; bot: string }) => s.occupant === 'bot' && s.bot === 'random')).toBe(true);
    const events = await log(g.id);
    expect(events.length).toBe(summary.version);
    expect(events.every((e) => e.kind === 'move' && e.by === 'bot')).toBe(true);
  });

  it('play a whole game against a client', async () => {
    const seats = minSeats(kind);
    const g = await createGame(server, {
      kind,
      seats: [{ name: 'Client' }, ...Array.from({ length: seats - 1 }, () => ({ bot: 'random' }))],
      seed: `client-${kind}`,
      options: SHORT[kind] ?? {},
    });
    const summary = await playToEnd(server, g.id, [g.tokens[0], ...Array(seats - 1).fill(null)], seededChoice(seats));
    expect(summary.status).toBe('finished');
    const events = await log(g.id);
    expect(new Set(events.map((e) => `${e.seat === 0 ? 'client' : 'bot'}:${e.by}`))).toEqual(new Set(['client:seat', 'bot:bot']));
  });

  it('are given exactly what GET /view answers their seat, and nothing else', async () => {
    const seats = minSeats(kind);
    const g = await createGame(server, { kind, seats, options: SHORT[kind] ?? {} });
    tokensOf.set(g.id, g.tokens);
    seen.length = 0;
    await seatBots(server, g.id, [...Array(seats).keys()], { bot: 'spy' });
    await server.app.service.bots.settled();
    expect((await http.get(`/games/${g.id}`)).body.status).toBe('finished');
    expect(seen.length).toBe((await log(g.id)).length);
    for (const { input, view } of seen) {
      expect(Object.keys(input).sort()).toEqual(['legalActions', 'rng', 'seat', 'view']);
      expect(input.view).toEqual(view);
      expect(input.legalActions).toEqual(input.view.legalActions);
      expect(input.view.seat).toBe(input.seat);
      expect(Object.keys(input.rng).sort()).toEqual(['int', 'pick']);
    }
  });
});

describe('bots', () => {
  it('are listed by GET /bots with what they are called and how they play, each playing every kind', async () => {
    const res = await http.get('/bots');
    expect(res.status).toBe(200);
    expect(res.body.bots.map((b: { name: string }) => b.name)).toEqual([...bots.keys(), 'spy', 'broken', 'liar']);
    expect(res.body.bots[0]).toMatchObject({ name: 'random', title: 'Random bot', kinds });
    for (const b of res.body.bots) expect(b.description.length, b.name).toBeGreaterThan(5);
  });

  it('sit at the table under a name that says what they are, unless the creator names them', async () => {
    const g = await createGame(server, { kind: 'xeri', seats: [{ name: 'Ann' }, { bot: 'random' }] });
    const named = await createGame(server, { kind: 'xeri', seats: [{ name: 'Ann' }, { bot: 'random', name: 'Robbie' }] });
    expect((await http.get(`/games/${g.id}`)).body.seats[1]).toMatchObject({
      occupant: 'bot',
      bot: 'random',
      name: 'Random bot',
    });
    expect((await http.get(`/games/${named.id}`)).body.seats[1]).toMatchObject({ name: 'Robbie' });
  });

  it('replay their choices: the same deal with the same bots is played the same way', async () => {
    const play = async () => {
      const g = await createGame(server, { kind: 'xeri', seats: 2, seed: 'same-deal', options: { hands: 1 } });
      await seatBots(server, g.id, [0, 1]);
      await server.app.service.bots.settled();
      return (await log(g.id)).map((e) => [e.seat, e.action]);
    };
    const first = await play();
    expect(first.length).toBeGreaterThan(10);
    expect(await play()).toEqual(first);
  });

  it('a bot that fails, or chooses what it may not, has its seat’s default action played for it', async () => {
    for (const bot of ['broken', 'liar']) {
      const g = await createGame(server, { kind: 'xeri', seats: 2, seed: 'failing', options: { hands: 1 } });
      const due = (await http.get(`/games/${g.id}`)).body.toAct[0] as number;
      await seatBots(server, g.id, [due], { bot });
      await server.app.service.bots.settled();
      expect(await log(g.id)).toMatchObject([{ seq: 1, seat: due, kind: 'move', by: 'service' }]);
    }
  });

  it('an unknown bot name is refused with 400 unknown-bot, and no game is created', async () => {
    const before = await countRows(server, 'Game');
    const res = await http.post('/games').send({ kind: 'xeri', seats: [{ name: 'Ann' }, { bot: 'deep-blue' }] });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 400, code: 'unknown-bot' });
    expect(await countRows(server, 'Game')).toBe(before);
  });
});
