import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/engine';
import { games } from '../../src/games';
import { gameChannel, postgresNotifier } from '../../src/service/notifier';
import { privateDatabase, startServer, type TestServer } from '../support/harness';
import { tally } from '../support/tally';

/** The LISTEN connections drop (failover, idle timeout, an operator's pg_terminate_backend) under two servers. */
const withTally: ReadonlyMap<string, AnyGame> = new Map([...games, ['tally', tally as AnyGame]]);
let a: TestServer;
let b: TestServer;
let where: Awaited<ReturnType<typeof privateDatabase>>;

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

/** Terminates the LISTEN backends of this test's own database only (other test files share the server). */
async function terminateListeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: where.databaseUrl });
  await admin.connect();
  try {
    const res = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE query LIKE 'LISTEN%' AND datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

async function listeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: where.databaseUrl });
  await admin.connect();
  try {
    const res = await admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()`,
    );
    return res.rows[0].n;
  } finally {
    await admin.end();
  }
}

function gapOn(server: TestServer): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no reconnection within 15 s')), 15_000);
    const off = server.notifier.onGap(() => {
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

describe('a dropped LISTEN connection', () => {
  it('is reopened on both servers, which keep serving, and a subscriber on one hears a move made on the other', async () => {
    const created = await request(a.app.server).post('/games').send({ kind: 'tally', seats: 2 });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const tokens: string[] = created.body.seats.map((s: { token: string }) => s.token);

    const reconnected = Promise.all([gapOn(a), gapOn(b)]);
    expect(await terminateListeners()).toBe(2);
    await reconnected;
    expect(await listeners()).toBe(2);

    // Both still serve, reads and writes alike.
    for (const server of [a, b]) expect((await request(server.app.server).get('/health')).status).toBe(200);
    const heard = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no notification within 10 s')), 10_000);
      const off = b.notifier.subscribe(gameChannel(id), (version) => {
        clearTimeout(timer);
        off();
        resolve(Number(version));
      });
    });
    const moved = await request(a.app.server)
      .post(`/games/${id}/moves`)
      .set('authorization', `Bearer ${tokens[0]}`)
      .send({ action: { type: 'mark', n: 1 } });
    expect(moved.status).toBe(200);
    expect(await heard).toBe(1);
    const seen = await request(b.app.server).get(`/games/${id}/view`).set('authorization', `Bearer ${tokens[1]}`);
    expect(seen.body.version).toBe(1);
  });

  it('keeps trying while the database refuses, and listens again once it answers', async () => {
    const pool = new pg.Pool({ connectionString: where.databaseUrl });
    const notifier = await postgresNotifier(pool, { minDelayMs: 20, maxDelayMs: 50 });
    try {
      let gaps = 0;
      notifier.onGap(() => gaps++);
      // For a while the database is unreachable (a port where nothing listens), then back.
      pool.options.connectionString = 'postgresql://root@127.0.0.1:1/test';
      expect(await terminateListeners()).toBeGreaterThanOrEqual(1);
      await new Promise((r) => setTimeout(r, 500));
      expect(gaps).toBe(0);
      pool.options.connectionString = where.databaseUrl;
      await expect.poll(() => gaps, { timeout: 5000 }).toBe(1);
      const heard = new Promise<string>((resolve) => notifier.subscribe('game:x', resolve));
      await notifier.publish('game:x', '7');
      expect(await heard).toBe('7');
    } finally {
      await notifier.close();
      await pool.end();
    }
  });

  it('messages published together (more than one NOTIFY holds) reach each listener on the other server once, in order', async () => {
    const pools = [new pg.Pool({ connectionString: where.databaseUrl }), new pg.Pool({ connectionString: where.databaseUrl })];
    const [from, to] = await Promise.all(pools.map((pool) => postgresNotifier(pool)));
    try {
      const channels = Array.from({ length: 40 }, (_, i) => `game:coalesced-${i}`);
      const heard = new Map<string, string[]>(channels.map((c) => [c, []]));
      let left = channels.length * 10;
      const all = new Promise<void>((resolve) => {
        for (const c of channels)
          to.subscribe(c, (payload) => {
            heard.get(c)?.push(payload);
            if (--left === 0) resolve();
          });
      });
      // 400 messages in one turn of the event loop: some 8,500 bytes, past what one NOTIFY may carry.
      await Promise.all(channels.flatMap((c) => Array.from({ length: 10 }, (_, n) => from.publish(c, String(n)))));
      await all;
      for (const c of channels) expect(heard.get(c)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    } finally {
      await Promise.all([from.close(), to.close()]);
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('a NOTIFY that fails does not fail the caller, and listeners on this server still hear it', async () => {
    const pool = new pg.Pool({ connectionString: where.databaseUrl });
    const notifier = await postgresNotifier(pool);
    try {
      const heard = new Promise<string>((resolve) => notifier.subscribe('game:y', resolve));
      await pool.end();
      await expect(notifier.publish('game:y', '3')).resolves.toBeUndefined();
      expect(await heard).toBe('3');
    } finally {
      await notifier.close();
    }
  });
});
