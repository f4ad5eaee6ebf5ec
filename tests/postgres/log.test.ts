import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/engine';
import { games } from '../../src/games';
import { type Checkpoint, verifyCheckpoint, verifyConsistency } from '../../src/log';
import type { GameRecordDocument } from '../../src/record/record';
import { checkTree } from '../../src/record/tree';
import { privateDatabase, startServer, storedNodes, type TestServer } from '../support/harness';
import { tally } from '../support/tally';

/** Two API servers over one PostgreSQL database append to one tree per game and sign the same heads. */
const withTally: ReadonlyMap<string, AnyGame> = new Map([...games, ['tally', tally as AnyGame]]);
let where: Awaited<ReturnType<typeof privateDatabase>>;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  where = await privateDatabase();
  a = await startServer(where, { games: withTally });
  b = await startServer(where, { games: withTally });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await where.drop();
});

const b64 = (s: string) => Buffer.from(s, 'base64');

describe('the log of a game played through two servers on one PostgreSQL', () => {
  const TARGET = 80;
  let id: string;
  const seen: Checkpoint[] = [];
  let key: string;

  beforeAll(async () => {
    const created = await request(a.app.server)
      .post('/games')
      .send({ kind: 'tally', seats: 2, options: { target: TARGET } });
    id = created.body.id;
    const tokens: string[] = created.body.seats.map((s: { token: string }) => s.token);
    const servers = [request(a.app.server), request(b.app.server)];
    key = (await servers[0].get('/log/key')).body.publicKey;
    // Concurrent moves through both servers, in waves, until the game is over: every answer's checkpoint kept.
    let status = 'active';
    for (let n = 0; status === 'active'; ) {
      const wave = await Promise.all(
        Array.from({ length: 10 }, () => {
          const i = n++;
          return servers[i % 2]
            .post(`/games/${id}/moves`)
            .set('authorization', `Bearer ${tokens[i % 2]}`)
            .send({ action: { type: 'mark', n: i } });
        }),
      );
      for (const r of wave) {
        expect([200, 409, 503], JSON.stringify(r.body)).toContain(r.status);
        if (r.status === 200) seen.push(r.body.checkpoint);
      }
      // Reads through both servers too: one of them extends its cached tree by the other's appends.
      for (const s of servers) {
        const summary = (await s.get(`/games/${id}`)).body;
        seen.push(summary.checkpoint);
        status = summary.status;
      }
    }
  });

  it('both servers sign with the one key, and every checkpoint verifies under it', async () => {
    expect((await request(b.app.server).get('/log/key')).body.publicKey).toBe(key);
    for (const c of seen) expect(verifyCheckpoint(key, id, c)).toBe(true);
  });

  it('agree on every root: one size, one checkpoint, whichever server answered', () => {
    const bySize = new Map<number, Set<string>>();
    for (const c of seen) bySize.set(c.size, (bySize.get(c.size) ?? new Set()).add(JSON.stringify(c)));
    expect(bySize.size).toBeGreaterThan(10);
    for (const [size, checkpoints] of bySize) expect(checkpoints.size, `size ${size}`).toBe(1);
  });

  it('every checkpoint seen is the beginning of the last, proved by either server', async () => {
    const last = seen.reduce((x, y) => (y.size > x.size ? y : x));
    expect(last.size).toBe(TARGET + 1);
    for (const [i, c] of seen.entries()) {
      const server = request((i % 2 ? a : b).app.server);
      const res = await server.get(`/games/${id}/log/consistency?first=${c.size}&second=${last.size}`);
      expect(res.status).toBe(200);
      const proof = res.body.proof.map(b64);
      expect(verifyConsistency(c.size, last.size, b64(c.root), b64(last.root), proof), `${c.size}`).toBe(true);
    }
  });

  it('hold one tree: each perfect subtree above the leaves stored once, and the record’s events make the signed root', async () => {
    const size = TARGET + 1;
    expect(await storedNodes(a, id)).toBe(size - size.toString(2).replaceAll('0', '').length + 1);
    const record = (await request(b.app.server).get(`/games/${id}/record`)).body as GameRecordDocument;
    expect(record.checkpoint.size).toBe(size);
    expect(checkTree(record, { key, seedHolds: true }).problems).toEqual([]);
  });
});
