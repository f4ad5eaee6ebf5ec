// The hot path against bare Fastify, measured in one run on one machine: `npm run bench`.
// Starts bare Fastify (bench/bare.ts, compiled) and the service as built by `npm run build` (fresh data each) as child processes, drives
// them with autocannon from this process, alternating, and prints req/s, p50/p99 and the ratio to
// bare Fastify for each route; then events paging, open streams, cold views and memory. With
// DATABASE_URL=postgresql://... the route table runs again on PostgreSQL (a scratch database).
//   npx tsx bench/http.ts [--seconds 10] [--rounds 2] [--only routes,paging,streams,cold,memory] [--profile DIR]
//     [--routes view,loop,streamLoop,bareLoop] [--loop-warm-up 20]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type Action, defaultOptions, seatCounts } from '../src/engine';
import { games } from '../src/games';
import { withScratchDatabase } from '../src/store/postgres';
import { clientLoop, type LoopResult, STREAM_LOOP_LIMITS, streamLoop } from './loop';
import { buildServers, type Server, startBare, startService as startServer, withDataDir } from './servers';
import { serviceAlone } from './service';
import { advance, call, newTable, nextMove, playMoves, type Table } from './tables';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
// Five runs of 6 s rather than three of 8: a shared machine slows in spells of tens of seconds, and
// the best of more, shorter runs gives every measurement more chances to land outside one.
const SECONDS = Number(arg('seconds', '6'));
const ROUNDS = Number(arg('rounds', '5'));
const ONLY = arg('only', 'routes,paging,streams,cold,bots,memory').split(',');
const CONNECTIONS = 50;
/** `--routes view,move`: only these of the route table (and the bare runs), while iterating on one. */
const ROUTES = arg('routes', '');
/** `--profile DIR`: the service runs with --cpu-prof, its profiles written to DIR when it stops. */
const PROFILE = arg('profile', '');
/** Kaiser to 500 with no losing score: a game long enough never to end during a run. */
const LONG_KAISER = { target: 500, loseAt: null };

buildServers();
/** The service, profiled when `--profile` asks. */
const startService = (env: Record<string, string>) => startServer(env, PROFILE);

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per answered request, in µs: steadier than req/s on a machine shared with other work. */
  cpuUs: number;
  /** PostgreSQL's CPU time per answered request, in µs (0 on SQLite, which runs inside the server). */
  dbUs: number;
  /** The client loop: its GETs' latencies (p50/p99 above are its POSTs'). */
  get?: { p50: number; p99: number };
}

/**
 * CPU time used by the PostgreSQL processes on this machine, in ms (their own and their ended
 * children's); 0 where there are none to read. On a 2-core machine the database shares the cores.
 */
function databaseCpu(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {}
  }
  return ticks * 10;
}

/** Runs autocannon; any answer but `expected` (and any socket error or timeout) counts as an error. */
async function cannon(server: Server, opts: autocannon.Options, expected = 200): Promise<Measured> {
  const cpu = server.cpu();
  const db = databaseCpu();
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const cpuUs = ((server.cpu() - cpu) * 1000) / Math.max(1, r.requests.total);
  const dbUs = ((databaseCpu() - db) * 1000) / Math.max(1, r.requests.total);
  const answered = Object.entries(r.statusCodeStats ?? {}).reduce(
    (n, [code, s]) => (Number(code) === expected ? n : n + (s.count ?? 0)),
    0,
  );
  if (answered > 0 && process.env.BENCH_DEBUG) console.error(opts.url, r.statusCodeStats);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    dbUs,
    errors: r.errors + r.timeouts + answered,
    cpuUs,
  };
}

/** Seconds each route is driven, unmeasured, on servers just started: their code is compiled as it runs. */
const WARM_UP = 2;
/**
 * The client loop's warm-up: it runs the code of four games, the log and the store, which V8 keeps
 * compiling for tens of seconds. After 2 s, V8's background threads (mostly its optimizer) took 22-30%
 * of the server's CPU (per-thread CPU from /proc, and `perf`), and a move cost 694 µs of CPU against
 * 554 µs after 20 s (two runs back to back, this machine); a server that plays for days runs the
 * steady state, so that is what the figure measures.
 */
const LOOP_WARM_UP = Number(arg('loop-warm-up', '20'));
/** The runs of the client loop: the service's, the listening clients', and bare Fastify answering the loop's shapes. */
const LOOPS = ['loop', 'streamLoop', 'bareLoop'];

/**
 * The best of `ROUNDS` alternating runs of each measurement; `between` runs before every round after
 * the first (servers started afresh), and every round begins with a short warm-up of each.
 */
async function alternate(
  runs: Record<string, (seconds: number) => Promise<Measured>>,
  between: () => Promise<void> = async () => {},
): Promise<Record<string, Measured>> {
  const best: Record<string, Measured> = {};
  const chosen = Object.entries(runs).filter(([name]) => !ROUTES || ['hello', 'insert', ...ROUTES.split(',')].includes(name));
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) await between();
    for (const [name, run] of chosen) await run(LOOPS.includes(name) ? LOOP_WARM_UP : WARM_UP);
    for (const [name, run] of chosen) {
      const m = await run(SECONDS);
      if (!best[name] || m.rps > best[name].rps) best[name] = m;
    }
  }
  return best;
}

function table(rows: string[][]) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows) console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
/** A run's req/s as a share of `of` req/s. */
const ratio = (m: Measured, of: number) => `${((100 * m.rps) / of).toFixed(1)}%`;
/**
 * What a run answers per CPU-second of its server, as a share of what bare hello answers per CPU-second
 * of its own: the figure that holds on a machine shared with other work, where req/s swing.
 */
const perCpu = (m: Measured, hello: Measured) => `${((100 * hello.cpuUs) / m.cpuUs).toFixed(1)}%`;
/** Latencies: autocannon's are whole milliseconds; the loop's are measured to the microsecond. */
const ms = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

/** The route table's rows, by the name of their run. */
const ROUTE_NAMES = {
  hello: 'bare Fastify GET /hello',
  insert: 'bare Fastify POST /insert (one row)',
  view: 'GET /games/{id}/view (seat token)',
  notModified: 'GET /games/{id}/view, If-None-Match (304)',
  move: 'POST /games/{id}/moves (own games)',
  loop: 'client loop: GET view, POST a move (per move)',
  streamLoop: 'listening loop: views from SSE, POST return=minimal',
  bareLoop: 'bare Fastify, the loop’s shapes (per move)',
} as const;

/** Every connection polls every view in turn, as its first seat; with `etags`, conditionally. */
const viewRequests = (views: Table[], etags?: (string | null)[]): autocannon.Request[] =>
  views.map((t, i) => ({
    method: 'GET',
    path: `/games/${t.id}/view`,
    headers: { authorization: `Bearer ${t.tokens[0]}`, ...(etags ? { 'if-none-match': etags[i] as string } : {}) },
  }));

/** A client loop (bench/loop.ts; today's by default) against `server`, as a run of the route table. */
async function loop(
  server: Server,
  seconds: number,
  clients: (server: Server, clients: number, seconds: number) => Promise<LoopResult> = clientLoop,
): Promise<Measured> {
  const r = await clients(server, CONNECTIONS, seconds);
  if (r.errors > 0 && process.env.BENCH_DEBUG) console.error('loop errors', r.errors);
  return { rps: r.moves / r.seconds, p50: r.post.p50, p99: r.post.p99, errors: r.errors, cpuUs: r.cpuUs, dbUs: 0, get: r.get };
}

/**
 * The loop's ceiling: the service's own work per move (bench/service.ts, no HTTP at all) added to
 * bare Fastify's for the loop's shapes, in hellos of this run's bare hello. No HTTP layer, however
 * lean, takes the loop's ratio above what these two leave.
 */
async function loopCeiling(results: Record<string, Measured>) {
  const { hello, loop: overHttp, bareLoop } = results;
  if (!hello || !overHttp || !bareLoop) return;
  const alone = await serviceAlone(SECONDS, LOOP_WARM_UP);
  const hellos = (us: number) => (us / hello.cpuUs).toFixed(1);
  const ceiling = (100 * hello.cpuUs) / (alone.cpuUs + bareLoop.cpuUs);
  console.log(`\nThe loop’s CPU a move, in hellos (bare hello’s CPU a request in this run, ${fmt(hello.cpuUs)} µs)`);
  table([
    ['a move of the client loop', 'CPU µs', 'hellos'],
    ['over HTTP (the loop’s row)', fmt(overHttp.cpuUs), hellos(overHttp.cpuUs)],
    [`the service alone, no HTTP (bench/service.ts, ${fmt(alone.moves)} moves)`, fmt(alone.cpuUs), hellos(alone.cpuUs)],
    ['  of which the checkpoint’s signature', fmt(alone.signUs), hellos(alone.signUs)],
    ['bare Fastify answering the loop’s shapes', fmt(bareLoop.cpuUs), hellos(bareLoop.cpuUs)],
  ]);
  console.log(`ceiling: the service alone plus bare Fastify’s shapes, ${ceiling.toFixed(1)}% of hello per CPU-s`);
}

/** The routes of issue 13, each against bare Fastify measured in the same run. */
async function routes(label: string, bareEnv: Record<string, string>) {
  // The listening loop holds a stream per seat of each client's game, all from this address.
  const env = { ...bareEnv, ...STREAM_LOOP_LIMITS };
  // The service first: on a scratch PostgreSQL database it migrates an empty schema, before bare's table is made.
  let service = await startService(env);
  let bare = await startBare(bareEnv);
  const views = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) => newTable(service.base, 'kaiser', {}, `view-${i}`)),
  );
  for (const t of views) await playMoves(service.base, t, 10);
  const movers = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) => newTable(service.base, 'kaiser', LONG_KAISER, `move-${i}`)),
  );
  const etags = await Promise.all(
    views.map(async (t) =>
      (await fetch(`${service.base}/games/${t.id}/view`, { headers: { authorization: `Bearer ${t.tokens[0]}` } })).headers.get(
        'etag',
      ),
    ),
  );
  // The load generator runs in this process: cold, it drove every server ~20% slower for its first
  // runs (and the servers spent more CPU a request, less busy), which went against the first pass.
  await autocannon({ url: `${bare.base}/hello`, connections: CONNECTIONS, duration: 5 });
  let movesMade = 0;
  const results = await alternate(
    {
      hello: (seconds) => cannon(bare, { url: `${bare.base}/hello`, duration: seconds }),
      insert: (seconds) =>
        cannon(bare, {
          url: `${bare.base}/insert`,
          duration: seconds,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"action":{"type":"play","card":"QS"}}',
        }),
      // One fixed request per game, built once: the load generator does no more a request than for
      // hello. Built afresh for each request (setupRequest), they cost it CPU the server then lacked.
      view: (seconds) => cannon(service, { url: service.base, duration: seconds, requests: viewRequests(views) }),
      notModified: (seconds) =>
        cannon(service, { url: service.base, duration: seconds, requests: viewRequests(views, etags) }, 304),
      // The headline: what a bot or a page does, GET then POST on games of four kinds (bench/loop.ts).
      loop: (seconds) => loop(service, seconds),
      // Clients that listen (issue 39): views from each seat's stream, moves posted with Prefer: return=minimal.
      streamLoop: (seconds) => loop(service, seconds, streamLoop),
      // The same client against bare Fastify's routes of the same shapes (bench/bare.ts): what HTTP
      // and Fastify alone cost the loop, with none of the service's work.
      bareLoop: (seconds) => loop(bare, seconds),
      move: async (seconds) => {
        // Each request takes a game no other request has in flight (autocannon starts every request of a
        // connection with a fresh context), the next move worked out by the engine in this process.
        const free = [...movers];
        const inFlight = new Map<Table, { seat: number; action: Action }>();
        type Context = { table?: Table; move?: { seat: number; action: Action } };
        const measured = await cannon(service, {
          url: service.base,
          duration: seconds,
          requests: [
            {
              setupRequest: (req, context: Context) => {
                const table = free.pop() as Table;
                const m = nextMove(table) as { seat: number; action: Action };
                context.table = table;
                context.move = m;
                inFlight.set(table, m);
                return {
                  ...req,
                  method: 'POST',
                  path: `/games/${table.id}/moves`,
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${table.tokens[m.seat]}` },
                  body: JSON.stringify({ action: m.action }),
                };
              },
              onResponse: (status, _body, context: Context) => {
                if (!context.table || !context.move) return;
                inFlight.delete(context.table);
                if (status === 200) {
                  advance(context.table, context.move);
                  movesMade++;
                }
                free.push(context.table);
              },
            },
          ],
        });
        // The requests still in flight when the run stopped were answered unseen: the next run starts from what the server holds.
        for (const [t, m] of inFlight) if ((await call(service.base, 'GET', `/games/${t.id}`)).version > t.moves) advance(t, m);
        return measured;
      },
    },
    async () => {
      // Fresh processes each round, on the same data (see layoutPad).
      await Promise.all([bare.stop(), service.stop()]);
      service = await startService(env);
      bare = await startBare(bareEnv);
    },
  );
  await bare.stop();
  await service.stop();
  console.log(
    `\n## ${label}: ${CONNECTIONS} connections, ${SECONDS} s per run, best of ${ROUNDS} alternating runs (${movesMade} moves made)`,
  );
  table([
    [
      'route',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'vs bare hello',
      'vs bare insert',
      'server CPU µs/req',
      'vs hello per CPU-s',
      ...(label === 'PostgreSQL' ? ['database CPU µs/req'] : []),
    ],
    ...Object.entries(ROUTE_NAMES)
      .flatMap(([k, name]) => (results[k] ? [{ name, m: results[k] }] : []))
      .map(({ name, m }) => [
        name,
        fmt(m.rps),
        ms(m.p50),
        ms(m.p99),
        String(m.errors),
        ratio(m, results.hello.rps),
        ratio(m, results.insert.rps),
        fmt(m.cpuUs),
        perCpu(m, results.hello),
        ...(label === 'PostgreSQL' ? [fmt(m.dbUs)] : []),
      ]),
  ]);
  if (results.loop?.get) {
    const { get, p50, p99 } = results.loop;
    console.log(
      `client loop latencies: GET view p50 ${ms(get.p50)} ms, p99 ${ms(get.p99)} ms; POST move p50 ${ms(p50)} ms, p99 ${ms(p99)} ms` +
        ` (POST p99 scaled to 70,000 hello/s: ${((p99 * results.hello.rps) / 70_000).toFixed(1)} ms)`,
    );
  }
  if (results.loop && results.streamLoop) {
    const listening = results.streamLoop;
    console.log(
      `listening loop: ${fmt(listening.cpuUs)} µs of server CPU a move, ${(listening.cpuUs / results.loop.cpuUs).toFixed(2)} times ` +
        `the client loop's ${fmt(results.loop.cpuUs)} µs (target: 0.7 at most); waiting for the stream's view p50 ` +
        `${ms(listening.get?.p50 ?? 0)} ms, p99 ${ms(listening.get?.p99 ?? 0)} ms`,
    );
  }
  // The service alone runs on SQLite, in this process: once, beside the SQLite pass.
  if (label === 'SQLite') await loopCeiling(results);
  return results;
}

/** Events paging: the last page of games of 10, 1,000 and 10,000 moves, read by a seat during play. */
async function paging() {
  await withDataDir('paging', async (dir) => {
    const service = await startService({ DATA_DIR: dir });
    // One request at a time, so a page takes 1 / (req/s): autocannon's latencies are whole milliseconds.
    const rows = [['moves in the game', 'last page req/s', 'ms per page', 'p99 ms', 'server CPU µs/req']];
    for (const length of [10, 1000, 10000]) {
      const t = await newTable(service.base, 'kaiser', LONG_KAISER, `paging-${length}`);
      await playMoves(service.base, t, length);
      const after = Math.max(0, length - 100);
      const m = await cannon(service, {
        url: `${service.base}/games/${t.id}/events?after=${after}&limit=100`,
        headers: { authorization: `Bearer ${t.tokens[0]}` },
        // One request at a time: the latency is the page's own cost, not a queue's.
        connections: 1,
      });
      rows.push([fmt(length), fmt(m.rps), (1000 / m.rps).toFixed(2), String(m.p99), fmt(m.cpuUs)]);
    }
    await service.stop();
    console.log('\n## Events paging (Kaiser): the last page of 100 read by a seat during play, one request at a time');
    table(rows);
  });
}

/**
 * Opens `count` streams from a process of their own and resolves once all have answered, with the
 * function that closes them: reading a thousand streams here would slow this process's own timing
 * of the moves, which is what is measured.
 */
function openStreams(url: string, count: number): Promise<() => void> {
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const http = require('node:http');
       let open = 0;
       for (let i = 0; i < ${count}; i++) {
         http.get(${JSON.stringify(url)}, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
           if (res.statusCode !== 200) throw new Error('stream refused: ' + res.statusCode);
           res.on('data', () => {});
           if (++open === ${count}) console.log('open');
         });
       }`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    holder.once('exit', (code) => reject(new Error(`the stream holder exited (${code})`)));
    holder.stdout?.once('data', () => resolve(() => holder.kill()));
  });
}

async function moveLatencies(base: string, t: Table, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = nextMove(t);
    if (!m) break;
    const started = performance.now();
    await call(base, 'POST', `/games/${t.id}/moves`, { action: m.action }, t.tokens[m.seat]);
    times.push(performance.now() - started);
    advance(t, m);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] };
}

/** Moves timed with and without the streams: a p99 of a few hundred is its three slowest, too few to compare. */
const STREAM_MOVES = 1000;

/** A move's latency with no stream open on its game, then with 1,000. */
async function streams() {
  await withDataDir('streams', async (dir) => {
    const service = await startService({
      DATA_DIR: dir,
      STREAM_LIMIT_TOTAL: '5000',
      STREAM_LIMIT_PER_ADDRESS: '5000',
      STREAM_LIMIT_PER_SEAT: '5000',
    });
    const t = await newTable(service.base, 'kaiser', LONG_KAISER, 'streams');
    await moveLatencies(service.base, t, 100);
    const idle = await moveLatencies(service.base, t, STREAM_MOVES);
    const close = await openStreams(`${service.base}/games/${t.id}/stream`, 1000);
    const busy = await moveLatencies(service.base, t, STREAM_MOVES);
    close();
    await service.stop();
    console.log(
      `\n## A move on a game with 1,000 open streams (spectators, held by another process), ${fmt(STREAM_MOVES)} sequential moves each`,
    );
    table([
      ['streams open', 'p50 ms', 'p99 ms'],
      ['0', idle.p50.toFixed(2), idle.p99.toFixed(2)],
      ['1,000', busy.p50.toFixed(2), busy.p99.toFixed(2)],
      ['ratio', (busy.p50 / idle.p50).toFixed(2), (busy.p99 / idle.p99).toFixed(2)],
    ]);
  });
}

/** The first view of a long game after a restart: a snapshot and the events after it, not the whole log. */
async function cold() {
  await withDataDir('cold', async (dir) => {
    let service = await startService({ DATA_DIR: dir });
    const tables: Table[] = [];
    for (const length of [1000, 5000]) {
      const t = await newTable(service.base, 'kaiser', LONG_KAISER, `cold-${length}`);
      await playMoves(service.base, t, length);
      tables.push(t);
    }
    await service.stop();
    const rows = [['moves in the game', 'first view after restart ms', 'second view ms']];
    for (const t of tables) {
      service = await startService({ DATA_DIR: dir });
      const time = async () => {
        const started = performance.now();
        await call(service.base, 'GET', `/games/${t.id}/view`, undefined, t.tokens[0]);
        return performance.now() - started;
      };
      const first = await time();
      const second = await time();
      rows.push([fmt(t.moves), first.toFixed(1), second.toFixed(1)]);
      await service.stop();
    }
    console.log('\n## Cold first view after a restart (Kaiser)');
    table(rows);
  });
}

/**
 * A view's latency with four games of expert bots being played on the server (they think in worker
 * threads) against the same server idle: the thinking must not slow the routes.
 */
async function botsThinking() {
  await withDataDir('bots', async (dir) => {
    const service = await startService({ DATA_DIR: dir });
    const t = await newTable(service.base, 'kaiser', LONG_KAISER, 'bots-view');
    await playMoves(service.base, t, 10);
    // One request at a time, timed here to the microsecond: the latency a client sees, not a queue's.
    const view = async (n = 3000) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        await call(service.base, 'GET', `/games/${t.id}/view`, undefined, t.tokens[0]);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { p50: times[Math.floor(n / 2)], p99: times[Math.floor(n * 0.99)] };
    };
    await view();
    const idle = await view();
    const keeper = await call(service.base, 'POST', '/players', { name: 'Bench' });
    const experts = Array.from({ length: 4 }, () => ({ bot: 'expert' }));
    const ids: string[] = [];
    for (const kind of ['kaiser', 'kaiser', 'scopa', 'poke']) {
      const options = kind === 'kaiser' ? LONG_KAISER : {};
      const seats = kind === 'kaiser' ? experts : experts.slice(0, 2);
      ids.push((await call(service.base, 'POST', '/games', { kind, seats, options }, keeper.token)).id);
    }
    const moved = async () => {
      let n = 0;
      for (const id of ids) n += (await call(service.base, 'GET', `/games/${id}`)).version;
      return n;
    };
    const before = await moved();
    const busy = await view();
    const thought = (await moved()) - before;
    await service.stop();
    console.log(
      `\n## A view, one request at a time, while four games of expert bots are played (${thought} bot moves meanwhile)`,
    );
    table([
      ['server', 'p50 ms', 'p99 ms'],
      ['idle', idle.p50.toFixed(2), idle.p99.toFixed(2)],
      ['four expert games', busy.p50.toFixed(2), busy.p99.toFixed(2)],
      ['ratio', (busy.p50 / idle.p50).toFixed(2), (busy.p99 / idle.p99).toFixed(2)],
    ]);
  });
}

/** The server's resident memory idle, and after 10,000 games are created. */
async function memory() {
  await withDataDir('memory', async (dir) => {
    const settle = () => new Promise((r) => setTimeout(r, 2000));
    // The first start creates the database with Prisma's migration engine (WebAssembly, held once
    // loaded); every later start finds it migrated and never loads it.
    const first = await startService({ DATA_DIR: dir });
    await settle();
    const fresh = first.rss();
    await first.stop();
    const service = await startService({ DATA_DIR: dir });
    await settle();
    const idle = service.rss();
    // Each kind at the fewest seats it is played by, with its default options.
    const kinds = [...games.values()].map((game) => ({ kind: game.kind, seats: seatCounts(game, defaultOptions(game))[0] }));
    let made = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (made < 10_000) await call(service.base, 'POST', '/games', kinds[made++ % kinds.length]);
      }),
    );
    await settle();
    const after = service.rss();
    await service.stop();
    console.log('\n## Memory (server RSS)');
    table([
      ['when', 'RSS MiB'],
      ['idle, first start (creates the database)', fresh.toFixed(0)],
      ['idle, after a restart', idle.toFixed(0)],
      ['after 10,000 games created', after.toFixed(0)],
    ]);
  });
}

console.log(
  `node ${process.version}, ${(await import('node:os')).cpus().length} cores; autocannon in this process, each server in its own`,
);
if (ONLY.includes('routes')) {
  const sqlite = await withDataDir('routes', (dir) => routes('SQLite', { DATA_DIR: dir }));
  const url = process.env.DATABASE_URL;
  if (url && /^postgres/.test(url)) {
    await withScratchDatabase(url, async (scratch) => {
      const postgres = await withDataDir('routes-pg', (dir) => routes('PostgreSQL', { DATA_DIR: dir, DATABASE_URL: scratch }));
      // Bare Fastify's hello touches no database: both passes measure the same program, and one
      // process of it can run a quarter slower than another for reasons of its own (see layoutPad).
      // Against the faster of the two, each database's ratio and their share are not skewed by that.
      const hello = Math.max(sqlite.hello.rps, postgres.hello.rps);
      console.log(`\n## Both databases against the faster bare hello of the two passes (${fmt(hello)} req/s)`);
      table([
        ['route', 'SQLite req/s', 'vs hello', 'PostgreSQL req/s', 'vs hello', 'PostgreSQL / SQLite'],
        ...(['view', 'notModified', 'move', 'loop'] as const)
          .filter((k) => sqlite[k] && postgres[k])
          .map((k) => [
            ROUTE_NAMES[k],
            fmt(sqlite[k].rps),
            ratio(sqlite[k], hello),
            fmt(postgres[k].rps),
            ratio(postgres[k], hello),
            (postgres[k].rps / sqlite[k].rps).toFixed(2),
          ]),
      ]);
    });
  }
}
if (ONLY.includes('paging')) await paging();
if (ONLY.includes('streams')) await streams();
if (ONLY.includes('cold')) await cold();
if (ONLY.includes('bots')) await botsThinking();
if (ONLY.includes('memory')) await memory();
