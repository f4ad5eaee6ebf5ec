// The yardstick: bare Fastify 5 on the same machine, with nothing of the service in it. GET /hello
// answers a constant; POST /insert writes one row per request (better-sqlite3 in WAL mode like the
// service, with the same synchronous setting, or pg when DATABASE_URL is set) and answers it as JSON.
import Sqlite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

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

await app.listen({ port, host: '127.0.0.1' });
