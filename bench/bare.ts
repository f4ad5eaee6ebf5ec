// The yardstick: bare Fastify 5 on the same machine, with nothing of the service in it. GET /hello
// answers a constant; POST /insert writes one row per request (better-sqlite3 in WAL mode like the
// service, with the same synchronous setting, or pg when DATABASE_URL is set) and answers it as JSON.
// The loop's shapes (issue 25): POST /games, GET /games/{id}/view and POST /games/{id}/moves take and
// answer what the service's do, in size and form, with none of its work: a view of each loop kind,
// taken once at start from a game a few moves in, answered as it is but for its id and version.
import Sqlite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { type Action, resolveOptions } from '../src/engine';
import { games } from '../src/games';
import { LOOP_KINDS } from './loop';

const port = Number(process.env.PORT ?? 3900);
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

const url = process.env.DATABASE_URL;
let insert: (body: unknown) => Promise<number>;
if (url && /^postgres/.test(url)) {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 20) });
  await pool.query('DROP TABLE IF EXISTS bench_rows; CREATE TABLE bench_rows (id SERIAL PRIMARY KEY, body TEXT NOT NULL)');
  insert = async (body) =>
    (
      await pool.query({
        name: 'ins',
        text: 'INSERT INTO bench_rows (body) VALUES ($1) RETURNING id',
        values: [JSON.stringify(body)],
      })
    ).rows[0].id;
} else {
  const db = new Sqlite(`${process.env.DATA_DIR ?? '.'}/bare.db`);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'FULL' ? 'FULL' : 'NORMAL'}`);
  db.exec('DROP TABLE IF EXISTS bench_rows; CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const stmt = db.prepare('INSERT INTO bench_rows (body) VALUES (?)');
  insert = async (body) => Number(stmt.run(JSON.stringify(body)).lastInsertRowid);
}
app.post('/insert', async (request) => ({ id: await insert(request.body) }));

/** A view of the kind as the service answers it, `moves` moves into a game, for the seat then due. */
function viewOf(kind: string, seats: number, moves: number) {
  const game = games.get(kind);
  if (!game) throw new Error(`no game ${kind}`);
  const options = resolveOptions(game, {}, seats);
  let state = game.setup({ seats, options, seed: 'bare' });
  for (let i = 0; i < moves; i++) {
    const seat = game.status(state).toAct[0];
    state = game.apply(state, seat, (game.legalActions(state, seat) as Action[])[0]);
  }
  const seat = game.status(state).toAct[0];
  return {
    kind,
    seat,
    status: 'active',
    toAct: [seat],
    legalActions: game.legalActions(state, seat),
    scores: Array(seats).fill(0),
    deadlines: Array(seats).fill(null),
    endings: { resign: true, abort: false, rematch: false },
    state: game.view(state, seat),
    checkpoint: { size: moves + 1, root: 'A'.repeat(43).concat('='), signature: 'A'.repeat(86).concat('==') },
  };
}
const templates = new Map<string, ReturnType<typeof viewOf>>(LOOP_KINDS.map(({ kind, seats }) => [kind, viewOf(kind, seats, 6)]));
const tables = new Map<string, { kind: string; version: number; tokens: string[] }>();
const TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzZWF0IjowLCJoIjoiYWJjZGVmZ2hpamtsbW5vcCIsImlhdCI6MTcwMDAwMDAwMCwic3ViIjoi';

app.post('/games', async (request) => {
  const { kind, seats } = request.body as { kind: string; seats: number };
  const id = `bare${tables.size}`;
  const tokens = Array.from({ length: seats }, (_, s) => `${TOKEN}${id}${s}.signature`);
  tables.set(id, { kind, version: 0, tokens });
  const template = templates.get(kind);
  return { id, seats: tokens.map((token, seat) => ({ seat, token })), toAct: template?.toAct ?? [0] };
});

/** The table's view, if the bearer holds one of its seats. */
function answer(id: string, authorization: string | undefined) {
  const table = tables.get(id);
  if (!table || !authorization || !table.tokens.includes(authorization.slice(7))) return null;
  return { id, version: table.version, ...templates.get(table.kind) };
}

app.get('/games/:id/view', async (request, reply) => {
  const view = answer((request.params as { id: string }).id, request.headers.authorization);
  if (!view) return reply.code(404).send({ error: 'no such seat' });
  return reply.header('etag', `"${view.version}.seat${view.seat}"`).header('cache-control', 'private, no-cache').send(view);
});

app.post('/games/:id/moves', async (request, reply) => {
  const id = (request.params as { id: string }).id;
  const { action, expectedVersion } = request.body as { action: unknown; expectedVersion?: number };
  const view = answer(id, request.headers.authorization);
  if (!view) return reply.code(404).send({ error: 'no such seat' });
  if (action === undefined || (expectedVersion !== undefined && expectedVersion !== view.version)) {
    return reply.code(409).send({ error: 'stale' });
  }
  view.version = ++(tables.get(id) as { version: number }).version;
  return reply.header('etag', `"${view.version}.seat${view.seat}"`).send(view);
});

await app.listen({ port, host: '127.0.0.1' });
