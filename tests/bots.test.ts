import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bot, type BotInput, botEntries, botInput, bots, SEEN_WINDOW } from '../src/bots';
import type { BotTask } from '../src/bots/worker';
import { type AnyGame, resolveOptions, type SeenEvent, seatViewAt, seenMove } from '../src/engine';
import { games } from '../src/games';
import { countRows, privateDatabase, startServer, type TestServer } from './support/harness';
import { newPlayer } from './support/players';
import { SHORT } from './support/short-games';
import { bearer, createGame, playToEnd, seatBots } from './support/tables';

/** What the spy bot was given, and what a client holding its seat read at that moment. */
const seen: { input: BotInput; view: unknown; events: SeenEvent[] }[] = [];
const tokensOf = new Map<string, string[]>();
let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

/** The events after `after` as the seat reads them in GET /events, without the time of each (a bot is not told it). */
async function seatEvents(client: ReturnType<typeof request>, id: string, token: string, after = 0): Promise<SeenEvent[]> {
  const page = (await client.get(`/games/${id}/events?after=${after}&limit=1000`).set(bearer(token))).body;
  expect(page.next).toBeNull();
  return page.events.map(({ at: _, ...e }: SeenEvent & { at: string }) => e);
}

/** The random bot, reading the seat's view and its log through the API before each move, as a client would. */
const spy: Bot = async (input) => {
  const tokens = tokensOf.get(input.view.id) as string[];
  const view = (await http.get(`/games/${input.view.id}/view`).set(bearer(tokens[input.seat]))).body;
  seen.push({ input, view, events: await seatEvents(http, input.view.id, tokens[input.seat]) });
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

  it('are given exactly what GET /view and the seat’s GET /events answer, and their seed, nothing else', async () => {
    const seats = minSeats(kind);
    const g = await createGame(server, { kind, seats, options: SHORT[kind] ?? {} });
    tokensOf.set(g.id, g.tokens);
    seen.length = 0;
    await seatBots(server, g.id, [...Array(seats).keys()], { bot: 'spy' });
    await server.app.service.bots.settled();
    expect((await http.get(`/games/${g.id}`)).body.status).toBe('finished');
    expect(seen.length).toBe((await log(g.id)).length);
    for (const { input, view, events } of seen) {
      expect(Object.keys(input).sort()).toEqual(['legalActions', 'seat', 'seed', 'seen', 'view']);
      expect(input.view).toEqual(view);
      expect(input.legalActions).toEqual(input.view.legalActions);
      expect(input.view.seat).toBe(input.seat);
      expect(input.seen).toEqual(events.slice(-SEEN_WINDOW));
      expect(typeof input.seed).toBe('string');
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

  it('a bot that fails, or chooses what it may not, has its seat’s default action played for it, and it is counted', async () => {
    for (const bot of ['broken', 'liar']) {
      const g = await createGame(server, { kind: 'xeri', seats: 2, seed: 'failing', options: { hands: 1 } });
      const due = (await http.get(`/games/${g.id}`)).body.toAct[0] as number;
      await seatBots(server, g.id, [due], { bot });
      await server.app.service.bots.settled();
      expect(await log(g.id)).toMatchObject([{ seq: 1, seat: due, kind: 'move', by: 'service' }]);
    }
    const metrics = (await http.get('/metrics')).text;
    expect(metrics).toContain('cardtable_bot_fallbacks_total{bot="broken",kind="xeri",why="failed"} 1');
    expect(metrics).toContain('cardtable_bot_fallbacks_total{bot="liar",kind="xeri",why="illegal"} 1');
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

describe('bots thinking in worker threads', () => {
  let pooled: TestServer;
  let drop2: () => Promise<void>;
  let http2: ReturnType<typeof request>;
  const tokens2 = new Map<string, string[]>();
  /** Each task posted to a worker, with what the seat's client read through the API at that moment. */
  const posted: { task: BotTask; view: unknown; events: SeenEvent[] }[] = [];

  beforeAll(async () => {
    const where = await privateDatabase();
    drop2 = where.drop;
    pooled = await startServer(where, {
      botPool: {
        // The tap holds the task while the seat's client reads its view and its log: nothing moves meanwhile.
        async onTask(task) {
          const token = tokens2.get(task.input.view.id)?.[task.input.seat];
          if (!token) return;
          const { id, version } = task.input.view;
          const view = (await http2.get(`/games/${id}/view`).set(bearer(token))).body;
          const events = await seatEvents(http2, id, token, Math.max(0, version - SEEN_WINDOW));
          posted.push({ task, view, events });
        },
      },
    });
    http2 = request(pooled.app.server);
  });
  afterAll(async () => {
    await pooled.close();
    await drop2();
  });

  it('are listed by GET /bots with what each plays', async () => {
    const res = await http2.get('/bots');
    expect(res.status).toBe(200);
    expect(res.body.bots.map((b: { name: string }) => b.name)).toEqual(['random', 'greedy', 'expert']);
    for (const b of res.body.bots) expect(b.kinds).toEqual([...games.keys()]);
  });

  it('are posted exactly the seat’s view, its legal actions, its own reading of the last 256 events of the log, and the seed', async () => {
    // Canadian Salad at three seats: 306 moves, so the window of the log is full before the end.
    const g = await createGame(pooled, { kind: 'canadian-salad', seats: 3 });
    tokens2.set(g.id, g.tokens);
    await seatBots(pooled, g.id, [0, 1, 2], { bot: 'greedy' });
    await pooled.app.service.bots.settled();
    const summary = (await http2.get(`/games/${g.id}`)).body;
    expect(summary.status).toBe('finished');
    const mine = posted.filter((p) => p.task.input.view.id === g.id);
    // Every decision with a choice to make (one legal action is played at once, with no thread to wake).
    expect(mine.length).toBeGreaterThan(summary.version / 2);
    expect(mine.every((p) => p.task.input.legalActions.length > 1)).toBe(true);
    expect(mine.some((p) => p.task.input.view.version > SEEN_WINDOW)).toBe(true);
    for (const { task, view, events } of mine) {
      expect(Object.keys(task).sort()).toEqual(['bot', 'input']);
      expect(task.bot).toBe('greedy');
      expect(Object.keys(task.input).sort()).toEqual(['legalActions', 'seat', 'seed', 'seen', 'view']);
      expect(task.input.view).toEqual(view);
      expect(task.input.legalActions).toEqual((view as { legalActions: unknown }).legalActions);
      expect(task.input.seen).toEqual(events);
      // Worked out from the seed revealed at the end, and holding nothing of it during play.
      expect(task.input.seed).toBe(
        createHmac('sha256', summary.seed).update(`bot/${task.input.seat}/${task.input.view.version}`).digest('hex'),
      );
      expect(JSON.stringify(task.input)).not.toContain(summary.seed);
    }
    const metrics = (await http2.get('/metrics')).text;
    expect(metrics).toMatch(
      new RegExp(`cardtable_bot_decision_seconds_count\\{bot="greedy",kind="canadian-salad"\\} ${summary.version}`),
    );
  });

  it('replay their choices from the revealed seed: each decision, made again from the log after the end, is the same', async () => {
    // A table of bots alone is a player's.
    const player = await newPlayer(http2, 'Bot keeper');
    const res = await http2
      .post('/games')
      .set(bearer(player.token))
      .send({ kind: 'poke', seats: [{ bot: 'expert' }, { bot: 'greedy' }], options: { target: 1 } });
    expect(res.status).toBe(201);
    const g = res.body as { id: string };
    await pooled.app.service.bots.settled();
    const record = (await http2.get(`/games/${g.id}/record`)).body;
    expect(record.status).toBe('finished');
    const game = games.get('poke') as AnyGame;
    const options = resolveOptions(game, record.options, 2);
    let state = game.setup({ seats: 2, options, seed: record.seed });
    const logs: SeenEvent[][] = [[], []];
    let checked = 0;
    for (const e of record.events) {
      const seat = e.seat as number;
      const view = seatViewAt(game, state, seat, e.seq - 1, g.id);
      const bot = record.seats[seat].bot as string;
      expect(botEntries.find((b) => b.name === bot)?.play(botInput(view, logs[seat], record.seed))).toEqual(e.action);
      checked++;
      const after = game.apply(state, seat, e.action);
      for (const viewer of [0, 1]) {
        logs[viewer].push({
          seq: e.seq,
          seat,
          kind: 'move',
          by: 'bot',
          action: seenMove(game, state, after, seat, e.action, viewer),
        });
      }
      state = after;
    }
    expect(checked).toBeGreaterThan(10);
  });
});
