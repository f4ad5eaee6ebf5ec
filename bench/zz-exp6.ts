// SQLite: the cost of a move's batch, alone and in groups.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/store/database';

const dir = mkdtempSync(join(tmpdir(), 'exp6-'));
const db = await openDatabase({ dataDir: dir, synchronous: 'NORMAL' } as never);
const sql = db.sql;

const now = new Date();
const G = 200;
for (let g = 0; g < G; g++) {
  await sql.batch([
    {
      text: `INSERT INTO "Game" ("id","kind","options","seatCount","engineVersion","seed","seedHash","origin","status","createdAt","updatedAt","toAct") VALUES ($1,'kaiser','{}',4,3,'s','h','server','active',$2,$2,'[]')`,
      params: [`g${g}`, now],
    },
    ...[0, 1, 2, 3].map((s) => ({
      text: `INSERT INTO "Seat" ("gameId","seat","occupant") VALUES ($1,$2,'guest')`,
      params: [`g${g}`, s],
    })),
  ]);
}
const version = new Array(G).fill(0);
function move(g: number, withLog: boolean) {
  const seq = ++version[g];
  return [
    {
      text: `INSERT INTO "Event" ("gameId","seq","seat","kind","by","action","views","idempotencyKey","createdAt") VALUES ($1,$2,$3,'move','seat',$4,$6,NULL,$5)`,
      params: [`g${g}`, seq, seq % 4, '{"type":"play","card":"AS"}', now, process.env.INROW && withLog ? 'x'.repeat(88) : null],
    },
    {
      text: `UPDATE "Game" SET "version" = $2, "revision" = "revision" + 1, "status" = 'active', "toAct" = '[1]', "result" = NULL, "updatedAt" = $3, "serverRun" = 0 WHERE "id" = $1 AND "version" = $4`,
      params: [`g${g}`, seq, now, seq - 1],
      expect: 1,
    },
    {
      text: 'UPDATE "Seat" SET "due" = $3, "dueSince" = $4, "deadline" = $5 WHERE "gameId" = $1 AND "seat" = $2',
      params: [`g${g}`, seq % 4, false, null, null],
    },
    {
      text: 'UPDATE "Seat" SET "due" = $3, "dueSince" = $4, "deadline" = $5 WHERE "gameId" = $1 AND "seat" = $2',
      params: [`g${g}`, (seq + 1) % 4, true, now, null],
    },
    ...(withLog && !process.env.INROW
      ? [
          {
            text: 'INSERT INTO "LogNode" ("gameId","level","index","hash") VALUES ($1,$2,$3,$4),($1,$5,$6,$7)',
            params: [`g${g}`, 0, seq, Buffer.alloc(32, 1), 1, seq, Buffer.alloc(32, 2)],
          },
        ]
      : []),
  ];
}
for (const withLog of [false, true])
  for (const group of [1, 10, 50]) {
    const n = 5000;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i += group) {
      await Promise.all(Array.from({ length: group }, (_, k) => sql.batch(move((i + k) % G, withLog), `g${(i + k) % G}`)));
    }
    const c = process.cpuUsage(c0);
    console.log(
      `log=${withLog} group=${group}: ${((c.user + c.system) / n).toFixed(1)} µs CPU/move, ${(((performance.now() - t0) * 1000) / n).toFixed(1)} µs wall`,
    );
  }
