// The service at size (issue 39): `npm run bench:scale -- --games N` fills a fresh database with N
// games of the issue's mix (bench/scale-mix.ts) through the service layer and its store, in this
// process (not over HTTP), then measures the compiled server on it, and does the same at N/10, so
// that growth shows. With DATABASE_URL=postgresql://... it fills a SQLite file and a scratch PostgreSQL
// database with the same games at once (one generator, its writes sent to both) and measures each.
//   npx tsx bench/scale.ts [--games 200000] [--concurrency 8] [--no-build] [--one-size]
//   DATA_DIR=... | DATABASE_URL=... npx tsx bench/scale.ts --kept --no-build   (see measureKept)
import { randomUUID } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { games } from '../src/games';
import { services } from '../src/service';
import { inProcessNotifier, type Notifier } from '../src/service/notifier';
import type { SeatSpec } from '../src/service/seating';
import { openDatabase, sqliteFile } from '../src/store/database';
import { withScratchDatabase } from '../src/store/postgres';
import type { Sql } from '../src/store/sql';
import { sqliteBytes } from './migration';
import { DEFAULT_MIX, type PlannedGame, plannedGame } from './scale-mix';
import { playRun } from './scale-play';
import { buildServers, type Server, startService, withDataDir } from './servers';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const GAMES = Number(arg('games', '200000'));
/** Games generated at once: their moves interleave as many clients' would. */
const CONCURRENCY = Number(arg('concurrency', '8'));
const LOG_KEY = Buffer.alloc(32, 'bench log key').toString('base64');
const JWT_SECRET = 'bench-secret-of-at-least-thirty-two-bytes';
/** A correspondence clock: three days a move, so that almost no running game is due. */
const PER_MOVE = 3 * 24 * 3600;
const TOUCHED = 100_000;
/**
 * Kaiser has no losing score by default, and the loop's moves (a legal action chosen by the version,
 * not by skill) keep both sides near zero for ever. With its house rule loseAt at -32 such a match
 * lasts nine deals (333 moves on average), as a match to 52 between players does (ten points a deal,
 * most of them to the side ahead); at -52 it lasted eighteen (646).
 */
const HOUSE_RULES: Record<string, Record<string, unknown>> = { kaiser: { loseAt: -32 } };
/** A game the loop's moves have not ended by then is left running. */
const MOST_MOVES = 3000;
const CONNECTIONS = 50;
/** One move in so many is posted with an Idempotency-Key, as a client retrying over a bad network would. */
const KEYED_EVERY = 10;
/** Moves posted with a key by the generator at work (a finished game keeps only its last move's). */
let keysSent = 0;

/** The Idempotency-Key of a generated game's `made`th move, if it gets one. */
function keyOf(made: number): string | undefined {
  if (made % KEYED_EVERY !== KEYED_EVERY - 1) return undefined;
  keysSent++;
  return randomUUID();
}

/** What the generator leaves for the measurements: who may read what. */
interface Generated {
  /** A seat token of each running game (for its cold view and events). */
  running: { id: string; token: string }[];
  /** Every game's id (for touching them). */
  ids: string[];
  /** The token of player 0, who has the most games. */
  heavy: string;
  events: number;
  /** Moves posted with an Idempotency-Key. */
  keysSent: number;
  seconds: number;
}

/** The seat specs of a planned game: its creator in seat 0, guests (or, waiting, an open seat) in the others. */
function seatSpecs(g: PlannedGame): SeatSpec[] {
  const guests: SeatSpec[] = Array.from({ length: g.seats - 1 }, () => ({}));
  if (g.standing === 'waiting') guests[0] = { open: true };
  return [{ player: 'me' }, ...guests];
}

/** The service over `sql`, in this process, as the generator and the sweeper's measure use it. */
const serviceOn = (sql: Sql, notifier: Notifier) =>
  services({
    games,
    sql,
    notifier,
    jwtSecret: JWT_SECRET,
    logKey: LOG_KEY,
    limits: { playersPerAddressPerHour: Number.MAX_SAFE_INTEGER },
  });

/**
 * Writes to every database and reads from the first: one generator fills a SQLite file and a
 * PostgreSQL database with the same rows (the same statements, in the same order), playing each game
 * once. The first's SQL is sent to all: the store's few differences between the two are reads and
 * PostgreSQL's advisory locks, which one writer does not need.
 */
function teeSql(first: Sql, others: readonly Sql[]): Sql {
  return {
    provider: first.provider,
    all: (text, params) => first.all(text, params),
    one: (text, params) => first.one(text, params),
    run: async (text, params) => (await Promise.all([first, ...others].map((s) => s.run(text, params))))[0],
    batch: async (statements, lockKey) => {
      await Promise.all([first, ...others].map((s) => s.batch(statements, lockKey)));
    },
    quiet: () => first.quiet(),
    close: async () => {},
  };
}

/** The clock sweeper's CPU per tick, in µs, in this process on a full database: what it costs when few of the running clocks are due. */
async function sweeperUs(sql: Sql): Promise<number> {
  const notifier = inProcessNotifier();
  const service = serviceOn(sql, notifier);
  for (let i = 0; i < 20; i++) await service.clocks.tick();
  const before = process.cpuUsage();
  const ticks = 200;
  for (let i = 0; i < ticks; i++) await service.clocks.tick();
  const used = process.cpuUsage(before);
  await notifier.close();
  return (used.user + used.system) / ticks;
}

/** Fills the database behind `sql` with `n` games of the mix. */
async function generate(sql: Sql, n: number): Promise<Generated> {
  const started = performance.now();
  keysSent = 0;
  const notifier = inProcessNotifier();
  const service = serviceOn(sql, notifier);
  const players = Math.min(DEFAULT_MIX.players, n);
  const tokens: string[] = [];
  for (let p = 0; p < players; p++) tokens.push((await service.players.register({ name: `Player ${p}` }, '10.0.0.1')).token);
  // Finished games first: a running game stops part-way through the shortest game of its kind seen.
  const plan = Array.from({ length: n }, (_, i) => plannedGame(i, n, { ...DEFAULT_MIX, players }));
  const order = plan
    .map((g, i) => ({ g, i }))
    .sort((a, b) => Number(a.g.standing !== 'finished') - Number(b.g.standing !== 'finished'));
  const shortest = new Map<string, number>();
  const ids: string[] = new Array(n);
  const running: Generated['running'] = [];
  let events = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < order.length) {
        const { g, i } = order[next++];
        const options = { ...HOUSE_RULES[g.kind], ...(g.clock ? { clock: { perMove: PER_MOVE } } : {}) };
        const created = await service.tables.create({ kind: g.kind, seats: seatSpecs(g), options }, tokens[g.player]);
        ids[i] = created.id;
        if (g.standing === 'waiting') continue;
        const made =
          g.standing === 'finished'
            ? await playRun(service, created.id, MOST_MOVES, keyOf)
            : await playRun(service, created.id, Math.floor(g.played * (shortest.get(g.kind) ?? 20)), keyOf);
        events += made;
        if (g.standing === 'finished') shortest.set(g.kind, Math.min(made, shortest.get(g.kind) ?? made));
        else running.push({ id: created.id, token: created.seats[0].token as string });
        if (next % 1000 === 0) process.stderr.write(`\r${next} of ${n} games, ${events} events`);
      }
    }),
  );
  process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;
  await notifier.close();
  return { running, ids, heavy: tokens[0], events, keysSent, seconds };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** p50 and p99 in ms of `requests`, run `connections` at a time. */
async function timed(requests: (() => Promise<unknown>)[], connections: number) {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const t0 = performance.now();
        await request();
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** A GET that must answer 200; its body, parsed. */
async function read(base: string, path: string, token?: string) {
  const res = await fetch(base + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

type Figures = Record<string, number>;

/** The server's RSS once it has read the summary of each of these games (50 at a time), and settled for 2 s. */
async function rssAfterTouching(server: Server, ids: readonly string[]): Promise<Figures> {
  await timed(
    ids.map((id) => () => read(server.base, `/games/${id}`)),
    CONNECTIONS,
  );
  await new Promise((r) => setTimeout(r, 2000));
  return { [`RSS after touching ${ids.length} games, MiB`]: server.rss() };
}

/** The measurements of one database against the compiled server. */
async function measure(env: Record<string, string>, generated: Generated): Promise<Figures> {
  const t0 = performance.now();
  // The overload guard answers 503 while the event loop lags, as it does on a machine busy with other work.
  const server: Server = await startService({ ...env, OVERLOAD_EVENT_LOOP_DELAY_MS: '0' });
  const start = performance.now() - t0;
  const { base } = server;
  const figures: Figures = { 'start, ms (to /health, 100 ms polls)': start };
  try {
    const first = await timed(
      Array.from({ length: 50 }, () => () => read(base, '/games?status=finished&limit=10')),
      1,
    );
    figures['lobby, first page of finished games, p50 ms'] = first.p50;
    // The page halfway down the finished games, reached by its cursor.
    let cursor: string | undefined;
    const half = Math.floor(generated.ids.length * 0.45);
    for (let seen = 0; seen < half; ) {
      const page = (await read(
        base,
        `/games?status=finished&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )) as {
        games: unknown[];
        next?: string | null;
      };
      seen += page.games.length;
      if (!page.next) break;
      cursor = page.next;
    }
    // Too few finished games for a second page (a tiny N): no figure.
    if (cursor !== undefined) {
      const deepPage = `/games?status=finished&limit=10&cursor=${encodeURIComponent(cursor)}`;
      figures['lobby, a page halfway down, p50 ms'] = (
        await timed(
          Array.from({ length: 50 }, () => () => read(base, deepPage)),
          1,
        )
      ).p50;
    }
    const mine = await timed(
      Array.from({ length: 50 }, () => () => read(base, '/players/me/games?limit=20', generated.heavy)),
      1,
    );
    figures['my games (2,000 games), first page, p50 ms'] = mine.p50;
    // Cold: each game read once, none read before since the server started.
    const shuffled = [...generated.running].sort((a, b) => (a.id < b.id ? -1 : 1));
    const quarter = Math.floor(shuffled.length / 4);
    const [views1, events1, views50, events50] = [0, 1, 2, 3].map((q) => shuffled.slice(q * quarter, (q + 1) * quarter));
    const view = (g: { id: string; token: string }) => () => read(base, `/games/${g.id}/view`, g.token);
    const page = (g: { id: string; token: string }) => () => read(base, `/games/${g.id}/events?limit=100`, g.token);
    const v1 = await timed(views1.map(view), 1);
    const e1 = await timed(events1.map(page), 1);
    const v50 = await timed(views50.map(view), CONNECTIONS);
    const e50 = await timed(events50.map(page), CONNECTIONS);
    Object.assign(figures, {
      [`cold view, one at a time, p50 ms (${quarter} games)`]: v1.p50,
      'cold view, one at a time, p99 ms': v1.p99,
      'cold events page, one at a time, p50 ms': e1.p50,
      'cold events page, one at a time, p99 ms': e1.p99,
      'cold view, 50 connections, p50 ms': v50.p50,
      'cold view, 50 connections, p99 ms': v50.p99,
      'cold events page, 50 connections, p50 ms': e50.p50,
      'cold events page, 50 connections, p99 ms': e50.p99,
    });
    Object.assign(figures, await rssAfterTouching(server, generated.ids.slice(0, TOUCHED)));
  } finally {
    await server.stop();
  }
  return figures;
}

interface Disk {
  /** The whole database. */
  total: number;
  /** The Event table and its indexes. */
  events: number;
  /** The MoveKey table (the Idempotency-Keys moves were posted with), and how many rows it has. */
  keys: number;
  /** Rows in MoveKey: the keys still kept. */
  keyed: number;
}

/** Bytes on disk (SQLite after VACUUM). */
async function disk(env: Record<string, string>, sql: Sql): Promise<Disk> {
  if (sql.provider === 'postgresql') {
    await sql.run('VACUUM ANALYZE');
    // The keys a finished game let go leave their space to the next keys (VACUUM does not give it back):
    // the table holds the live keys and the churn between vacuums. FULL measures the live keys alone.
    await sql.run('VACUUM FULL "MoveKey"');
    const size = async (table: string) =>
      Number((await sql.one<{ bytes: string }>(`SELECT pg_total_relation_size('"${table}"') AS "bytes"`))?.bytes);
    const total = Number((await sql.one<{ bytes: string }>('SELECT pg_database_size(current_database()) AS "bytes"'))?.bytes);
    const keyed = Number((await sql.one<{ n: string }>('SELECT COUNT(*) AS "n" FROM "MoveKey"'))?.n);
    return { total, events: await size('Event'), keys: await size('MoveKey'), keyed };
  }
  await sql.close();
  const file = sqliteFile(env.DATA_DIR);
  const db = new Sqlite(file);
  try {
    db.exec('VACUUM');
    const keyed = (db.prepare('SELECT COUNT(*) AS "n" FROM "MoveKey"').get() as { n: number }).n;
    return { total: statSync(file).size, events: sqliteBytes(db, 'Event'), keys: sqliteBytes(db, 'MoveKey'), keyed };
  } finally {
    db.close();
  }
}

/** The figures of one database at one size. */
async function figuresOf(env: Record<string, string>, sql: Sql, close: () => Promise<void>, generated: Generated, n: number) {
  // A database that has served for months has been vacuumed and analyzed by PostgreSQL's autovacuum; one
  // filled a moment ago has neither (every move rewrites its game's seats), and its planner, without
  // statistics, reads a player's every seat for a page of them.
  if (sql.provider === 'postgresql') await sql.run('VACUUM ANALYZE');
  const sweepUs = await sweeperUs(sql);
  await close();
  const measured = await measure(env, generated);
  const check = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined });
  const bytes = await disk(env, check.sql);
  if (check.sql.provider === 'postgresql') await check.close();
  const perEvent = bytes.events / Math.max(1, generated.events);
  return {
    ...measured,
    'clock sweeper, CPU per tick, µs (in process)': sweepUs,
    'bytes on disk per event without an Idempotency-Key (Event table and its indexes)': perEvent,
    'bytes on disk per event with one, while its game runs (and its MoveKey row)':
      perEvent + bytes.keys / Math.max(1, bytes.keyed),
    'bytes on disk per event with one, over all keyed moves (a finished game keeps its last key only)':
      perEvent + bytes.keys / Math.max(1, generated.keysSent),
    'bytes on disk per game (the whole database)': bytes.total / n,
    events: generated.events,
  };
}

type Databases = Record<string, Figures>;

/**
 * One size: fresh databases (SQLite, and PostgreSQL too with DATABASE_URL), filled with the same games
 * at once, then measured one after the other (the other idle meanwhile).
 */
async function run(n: number): Promise<Databases> {
  return withDataDir(`scale-${n}`, async (dir) => {
    const sqliteEnv = { DATA_DIR: join(dir, 'sqlite') };
    mkdirSync(sqliteEnv.DATA_DIR);
    const fill = async (envs: Record<string, string>[]): Promise<Databases> => {
      const dbs = await Promise.all(
        envs.map((env) => openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined })),
      );
      const generated = await generate(
        teeSql(
          dbs[0].sql,
          dbs.slice(1).map((d) => d.sql),
        ),
        n,
      );
      console.error(`${n} games: ${generated.events} events generated in ${generated.seconds.toFixed(0)} s`);
      const figures: Databases = {};
      for (const [i, env] of envs.entries()) {
        const name = dbs[i].provider === 'postgresql' ? 'PostgreSQL' : 'SQLite';
        figures[name] = await figuresOf(env, dbs[i].sql, () => dbs[i].close(), generated, n);
        // Each database's figures as they come: a long run that fails later keeps what it measured.
        console.error(JSON.stringify({ games: n, database: name, ...figures[name] }));
      }
      return figures;
    };
    const url = process.env.DATABASE_URL;
    if (url && /^postgres/.test(url)) {
      const pgEnv = { DATA_DIR: join(dir, 'postgresql') };
      mkdirSync(pgEnv.DATA_DIR);
      return withScratchDatabase(url, (scratch) => fill([sqliteEnv, { ...pgEnv, DATABASE_URL: scratch }]));
    }
    return fill([sqliteEnv]);
  });
}

/**
 * --kept: the figures no client's token is needed for (the start, RSS after touching up to 100,000
 * games, the clock sweeper), measured again with this code on a database an earlier run filled and
 * kept (DATA_DIR holding its SQLite file, or DATABASE_URL).
 */
async function measureKept(env: Record<string, string>): Promise<Figures> {
  const db = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined });
  const ids = (await db.sql.all<{ id: string }>('SELECT "id" FROM "Game" ORDER BY "createdAt", "id" LIMIT $1', [TOUCHED])).map(
    (r) => r.id,
  );
  const sweepUs = await sweeperUs(db.sql);
  await db.close();
  const t0 = performance.now();
  const server = await startService({ ...env, OVERLOAD_EVENT_LOOP_DELAY_MS: '0' });
  const figures: Figures = { 'start, ms (to /health, 100 ms polls)': performance.now() - t0 };
  try {
    Object.assign(figures, await rssAfterTouching(server, ids));
  } finally {
    await server.stop();
  }
  figures['clock sweeper, CPU per tick, µs (in process)'] = sweepUs;
  return figures;
}

if (process.argv.includes('--kept')) {
  console.log(
    JSON.stringify(await measureKept({ DATA_DIR: process.env.DATA_DIR ?? '', DATABASE_URL: process.env.DATABASE_URL ?? '' })),
  );
  process.exit(0);
}

// --no-build: the server as last built (another bench building meanwhile would race this one).
if (!process.argv.includes('--no-build')) buildServers();
const small = Math.max(1, Math.round(GAMES / 10));
const both = /^postgres/.test(process.env.DATABASE_URL ?? '');
console.log(
  `node ${process.version}, ${(await import('node:os')).cpus().length} cores, ${both ? 'SQLite and PostgreSQL' : 'SQLite'}; N = ${GAMES}`,
);
// --one-size: N alone (its N/10 measured by another run).
const atSmall = process.argv.includes('--one-size') ? null : await run(small);
const atN = await run(GAMES);
const fmt = (v: number | undefined) =>
  v === undefined ? '-' : Number.isInteger(v) || v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2);
for (const [database, figures] of Object.entries(atN)) {
  const before = atSmall?.[database];
  const rows = [
    [database, ...(before ? [`N/10 = ${small.toLocaleString('en-US')}`] : []), `N = ${GAMES.toLocaleString('en-US')}`],
  ];
  if (before) rows[0].push('N / (N/10)');
  for (const key of Object.keys(figures)) {
    if (!before) {
      rows.push([key, fmt(figures[key])]);
      continue;
    }
    // A figure's name may say how many games it read: the same figure at N/10 read fewer.
    const same = (k: string) => k.replace(/\d+ games/, '');
    const keyAtSmall = Object.keys(before).find((k) => same(k) === same(key)) ?? key;
    rows.push([key, fmt(before[keyAtSmall]), fmt(figures[key]), (figures[key] / before[keyAtSmall]).toFixed(2)]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  console.log('');
  for (const r of rows) console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
}
