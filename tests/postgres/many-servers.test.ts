import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/engine';
import { games } from '../../src/games';
import { gameChannel } from '../../src/service/notifier';
import { gameKeyOf } from '../../src/store/sql';
import { listening, privateDatabase, startServer, type TestServer } from '../support/harness';
import { tally } from '../support/tally';

/** Two API servers over one PostgreSQL database, as behind a load balancer. */
const withTally: ReadonlyMap<string, AnyGame> = new Map([...games, ['tally', tally as AnyGame]]);
let a: TestServer;
let b: TestServer;
let drop: () => Promise<void>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  a = await startServer(where, { games: withTally });
  b = await startServer(where, { games: withTally });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await drop();
});

async function newTally() {
  const res = await request(a.app.server).post('/games').send({ kind: 'tally', seats: 2 });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, tokens: res.body.seats.map((s: { token: string }) => s.token) as string[] };
}

async function log(id: string) {
  return a.db.sql.all<{ seq: number; seat: number; action: string; idempotencyKey: string | null }>(
    `SELECT e."seq", e."seat", e."action", k."key" AS "idempotencyKey" FROM "Event" e
     LEFT JOIN "MoveKey" k ON k."gameKey" = e."gameKey" AND k."seq" = e."seq"
     WHERE e."gameKey" = ${gameKeyOf()} ORDER BY e."seq"`,
    [id],
  );
}

describe('many servers on one PostgreSQL', () => {
  it('200 concurrent moves spread over two servers leave a log with no gap, no duplicate, and every acknowledged move', async () => {
    const { id, tokens } = await newTally();
    const servers = [request(a.app.server), request(b.app.server)];
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        servers[n % 2]
          .post(`/games/${id}/moves`)
          .set('authorization', `Bearer ${tokens[n % 2]}`)
          .send({ action: { type: 'mark', n } }),
      ),
    );
    const acked = responses.filter((r) => r.status === 200);
    for (const r of responses) expect([200, 503]).toContain(r.status);
    expect(acked.length).toBeGreaterThan(150);

    const events = await log(id);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));
    expect(new Set(events.map((e) => JSON.parse(e.action).n)).size).toBe(events.length);
    // Every acknowledged move is in the log, at the version its answer gave.
    for (const r of acked) {
      const at = events[r.body.version - 1];
      expect(at.seq).toBe(r.body.version);
      expect(r.body.state.marks.at(-1)).toEqual({ seat: at.seat, n: JSON.parse(at.action).n });
    }
    expect(events).toHaveLength(acked.length);
    // Both servers now serve the same state.
    const [va, vb] = await Promise.all(
      servers.map((s) => s.get(`/games/${id}/view`).set('authorization', `Bearer ${tokens[0]}`)),
    );
    expect(va.body).toEqual(vb.body);
    expect(va.body.version).toBe(events.length);
  });

  it('the same Idempotency-Key sent to both servers at once applies the move once', async () => {
    const { id, tokens } = await newTally();
    const send = (server: TestServer) =>
      request(server.app.server)
        .post(`/games/${id}/moves`)
        .set('authorization', `Bearer ${tokens[0]}`)
        .set('idempotency-key', 'once-only')
        .send({ action: { type: 'mark', n: 7 } });
    const [ra, rb] = await Promise.all([send(a), send(b), send(a), send(b)]);
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(rb.body).toEqual(ra.body);
    const events = await log(id);
    expect(events).toHaveLength(1);
    expect(events[0].idempotencyKey).toBe('once-only');
  });

  it('a state cached on one server is never served stale after a move through the other', async () => {
    const { id, tokens } = await newTally();
    const auth = { authorization: `Bearer ${tokens[1]}` };
    expect((await request(b.app.server).get(`/games/${id}/view`).set(auth)).body.version).toBe(0);
    await request(a.app.server)
      .post(`/games/${id}/moves`)
      .set(auth)
      .send({ action: { type: 'mark', n: 1 } });
    const seen = (await request(b.app.server).get(`/games/${id}/view`).set(auth)).body;
    expect(seen.version).toBe(1);
    expect(seen.state.marks).toEqual([{ seat: 1, n: 1 }]);
  });

  it('a subscriber on one server hears a move made through the other (LISTEN/NOTIFY)', async () => {
    const { id, tokens } = await newTally();
    const heard = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no notification within 10 s')), 10_000);
      const off = b.notifier.subscribe(gameChannel(id), (version) => {
        clearTimeout(timer);
        off();
        resolve(Number(version));
      });
    });
    await request(a.app.server)
      .post(`/games/${id}/moves`)
      .set('authorization', `Bearer ${tokens[0]}`)
      .send({ action: { type: 'mark', n: 3 } });
    expect(await heard).toBe(1);
  });

  it('an SSE stream on one server delivers the view after a move through the other', async () => {
    const { id, tokens } = await newTally();
    const { port } = await listening(b);
    const res = await fetch(`http://127.0.0.1:${port}/games/${id}/stream`, {
      headers: { authorization: `Bearer ${tokens[1]}`, accept: 'text/event-stream' },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const versions = async (count: number) => {
      for (;;) {
        const found = [...text.matchAll(/"version":(\d+)/g)].map((m) => Number(m[1]));
        if (found.length >= count) return found;
        const { value, done } = await reader.read();
        if (done) return found;
        text += decoder.decode(value, { stream: true });
      }
    };
    expect(await versions(1)).toEqual([0]);
    await request(a.app.server)
      .post(`/games/${id}/moves`)
      .set('authorization', `Bearer ${tokens[0]}`)
      .send({ action: { type: 'mark', n: 4 } });
    expect(await versions(2)).toEqual([0, 1]);
    await reader.cancel();
  });
});
