// The arena: two bots against each other on duplicate deals, through the service's own bot path
// (the same input construction, the same worker pool), with each kind's short match options.
//
//   npm run arena -- --kinds kaiser,poke --a expert --b random --pairs 50 [--seed S] [--concurrency 4] [--minutes M]
//
// With --minutes, each kind starts no new pair once M minutes have passed on it: the table then says how
// many pairs each kind played (the pairs are the same seeds in the same order, so a run replays).
//
// Each pair plays one server-style seed twice, the bots swapping seats (team games: each bot holds a
// whole side; games of seats alone: the bots alternate seats). Per kind it prints the games, the match
// score of A (wins, ties half) with its Wilson 95% interval, A's mean score margin, each bot's decision
// time p50/p95 (seconds it thought, in its worker), and the moves that fell back to the seat's default
// action (a bot failed or chose an illegal action): these must be zero.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { botEntries } from '../src/bots';
import { type AnyGame, resolveOptions } from '../src/engine';
import { games } from '../src/games';
import { buildApp } from '../src/http/app';
import { newSigningKey } from '../src/log';
import { inProcessNotifier } from '../src/service/notifier';
import { openDatabase } from '../src/store/database';

/**
 * Each kind's arena match: seats, and options short enough for hundreds of games yet long enough for
 * play to tell (a match of a single deal is mostly the deal). Kinds not listed: the fewest seats and
 * the default options.
 */
const ARENA: Record<string, { seats?: number; options?: Record<string, unknown> }> = {
  kabu: { options: { startingChips: 10 } },
  kaiser: { seats: 4, options: { target: 10, loseAt: -10 } },
  'canadian-salad': { seats: 4 },
  poke: { options: { target: 1 } },
  diloti: { options: { target: 1 } },
  kontsina: { options: { target: 1 } },
  xeri: { options: { hands: 1 } },
  porrazo: { options: { target: 10 } },
  totit: { options: { rounds: 1 } },
  paks: { seats: 4, options: { target: 50 } },
  escoba: { options: { target: 1 } },
  scopa: { options: { target: 1 } },
};

const { values } = parseArgs({
  options: {
    kinds: { type: 'string', default: [...games.keys()].join(',') },
    a: { type: 'string', default: 'expert' },
    b: { type: 'string', default: 'random' },
    pairs: { type: 'string', default: '20' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    minutes: { type: 'string' },
  },
});
const kinds = (values.kinds as string).split(',').filter(Boolean);
const [A, B] = [values.a as string, values.b as string];
const pairs = Number(values.pairs);
const base = values.seed ?? randomBytes(8).toString('hex');
for (const kind of kinds) if (!games.has(kind)) throw new Error(`there is no game "${kind}"`);
for (const bot of [A, B]) if (!botEntries.some((b) => b.name === bot)) throw new Error(`there is no bot "${bot}"`);

/** Which seats bot A holds: a whole side where the game has two sides of partners, else every other seat. */
function seatsOfA(game: AnyGame, seats: number, options: Record<string, unknown>, swapped: boolean): number[] {
  const sides = game.sides?.(seats, options) ?? [];
  const teams = sides.length === 2 && sides.every((side) => side.length === seats / 2);
  const all = [...Array(seats).keys()];
  const first = teams ? sides[0] : all.filter((s) => s % 2 === 0);
  return swapped ? all.filter((s) => !first.includes(s)) : first;
}

interface Played {
  kind: string;
  /** A's match score: 1 a win, 0.5 a shared win, 0 a loss. */
  score: number;
  /** A's seats' mean score less B's (lower scores better where the lowest wins). */
  margin: number;
  fallbacks: number;
  moves: number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'card-table-arena-'));
const db = await openDatabase({ dataDir });
const thought = new Map<string, number[]>();
const app = await buildApp({
  config: { rateLimit: 1_000_000, bodyLimit: 64 * 1024, logLevel: 'silent' },
  sql: db.sql,
  notifier: inProcessNotifier(),
  jwtSecret: randomBytes(32).toString('hex'),
  logKey: newSigningKey(),
  botPool: {
    // No request to keep fast here: every core thinks.
    threads: availableParallelism(),
    onDecision(bot, kind, seconds) {
      const key = `${kind}/${bot}`;
      thought.set(key, [...(thought.get(key) ?? []), seconds]);
    },
  },
});
await app.ready();
const { service } = app;
// A table of bots alone is a player's: the arena's.
const { token } = await service.players.register({ name: 'Arena' }, '127.0.0.1');
const ended = new Map<string, () => void>();
service.moves.onAppended(({ after }) => {
  if (after.record.status !== 'active') ended.get(after.record.id)?.();
});

async function play(kind: string, pair: number, swapped: boolean): Promise<Played> {
  const game = games.get(kind) as AnyGame;
  const arena = ARENA[kind] ?? {};
  const seats = arena.seats ?? game.seats.min;
  const options = resolveOptions(game, arena.options ?? {}, seats);
  const mine = seatsOfA(game, seats, options, swapped);
  // A seed like the server's own: 64 hex digits, here derived from the run's seed so that a run replays.
  const seed = createHash('sha256').update(`${base}/${kind}/${pair}`).digest('hex');
  const created = await service.tables.create(
    {
      kind,
      seed,
      options: arena.options ?? {},
      seats: Array.from({ length: seats }, (_, s) => ({ bot: mine.includes(s) ? A : B })),
    },
    token,
  );
  const over = new Promise<void>((resolve) => {
    ended.set(created.id, resolve);
  });
  // The bots began as it was created: it may have ended before its listener was in place.
  if ((await service.live.load(created.id)).record.status === 'active') await over;
  ended.delete(created.id);
  const { record, engine } = await service.live.load(created.id);
  const events = await service.store.events(created.id);
  const winners = record.result?.winners ?? engine?.result?.winners ?? [];
  const aWon = winners.some((s) => mine.includes(s));
  const bWon = winners.some((s) => !mine.includes(s));
  const scores = engine?.scores ?? [];
  const mean = (seatsOf: number[]) => seatsOf.reduce((n, s) => n + scores[s], 0) / seatsOf.length;
  const theirs = [...Array(seats).keys()].filter((s) => !mine.includes(s));
  return {
    kind,
    score: aWon && !bWon ? 1 : bWon && !aWon ? 0 : 0.5,
    margin: (game.lowScoreWins ? -1 : 1) * (mean(mine) - mean(theirs)),
    fallbacks: events.filter((e) => e.by === 'service').length,
    moves: events.length,
  };
}

/**
 * Plays a kind's pairs, `limit` games at a time (the worker pool thinks for several games while the event
 * loop writes moves), each pair's two games together; once `until` has passed no new pair starts.
 */
async function playPairs(kind: string, limit: number, until: number): Promise<Played[]> {
  const out: Played[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.floor(limit / 2)) }, async () => {
      while (next < pairs && performance.now() < until) {
        const pair = next++;
        out.push(...(await Promise.all([play(kind, pair, false), play(kind, pair, true)])));
      }
    }),
  );
  return out;
}

function wilson(score: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = score / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ms = (x: number) => (Number.isNaN(x) ? '-' : `${Math.round(1000 * x)}`);

const started = performance.now();
const budget = values.minutes === undefined ? Number.POSITIVE_INFINITY : Number(values.minutes) * 60_000;
const results: Played[] = [];
try {
  for (const kind of kinds) results.push(...(await playPairs(kind, Number(values.concurrency), performance.now() + budget)));
} finally {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const timed = values.minutes === undefined ? '' : ` (at most; no new pair after ${values.minutes} min a kind)`;
console.log(`${A} (A) against ${B} (B), ${pairs} duplicate pairs per kind${timed}, seed ${base}`);
console.log(`| kind | games | A's score | Wilson 95% | mean margin | ${A} p50/p95 ms | ${B} p50/p95 ms | fallbacks |`);
console.log('|---|---|---|---|---|---|---|---|');
const total = { games: 0, score: 0, fallbacks: 0 };
for (const kind of kinds) {
  const mine = results.filter((r) => r.kind === kind);
  const score = mine.reduce((n, r) => n + r.score, 0);
  const [low, high] = wilson(score, mine.length);
  const margin = mine.reduce((n, r) => n + r.margin, 0) / mine.length;
  const fallbacks = mine.reduce((n, r) => n + r.fallbacks, 0);
  const times = (bot: string) => thought.get(`${kind}/${bot}`) ?? [];
  const p = (bot: string) => `${ms(quantile(times(bot), 0.5))}/${ms(quantile(times(bot), 0.95))}`;
  console.log(
    `| ${kind} | ${mine.length} | ${pct(score / mine.length)} | ${pct(low)}-${pct(high)} | ${margin.toFixed(2)} | ${p(A)} | ${A === B ? '' : p(B)} | ${fallbacks} |`,
  );
  total.games += mine.length;
  total.score += score;
  total.fallbacks += fallbacks;
}
const [low, high] = wilson(total.score, total.games);
const every = (bot: string) => kinds.flatMap((k) => thought.get(`${k}/${bot}`) ?? []);
console.log(
  `| all | ${total.games} | ${pct(total.score / total.games)} | ${pct(low)}-${pct(high)} | | ${ms(quantile(every(A), 0.5))}/${ms(quantile(every(A), 0.95))} | | ${total.fallbacks} |`,
);
console.log(`${Math.round((performance.now() - started) / 1000)} s`);
