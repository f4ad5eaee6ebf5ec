import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';

/**
 * Open streams are capped per seat, per address and in all; the excess is refused with problem+json.
 * Clients come from several loopback addresses (127.0.0.x) over real connections.
 */
const LIMITS = { perSeat: 2, perAddress: 3, total: 5 };
let server: TestServer;
let drop: () => Promise<void>;
let port: number;
const open: (() => void)[] = [];

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { streamLimits: LIMITS });
  port = (await listening(server)).port;
});
afterEach(async () => {
  for (const close of open.splice(0)) close();
  await expect.poll(openStreams).toBe(0);
});
afterAll(async () => {
  await server.close();
  await drop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refusal; what has come so far of a stream, which stays open. */
  body: string;
  close(): void;
}

/** Opens a stream from a loopback address; a 200 is left open (and closed after the test), anything else is read whole. */
function stream(path: string, from = '127.0.0.1', token?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        localAddress: from,
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        const close = () => res.destroy();
        const answer: Answer = { status: res.statusCode ?? 0, headers: res.headers, body: '', close };
        res.setEncoding('utf8');
        res.on('data', (c) => {
          answer.body += c;
        });
        if (res.statusCode === 200) {
          open.push(close);
          // The first bytes (a view or a comment) say the stream is up.
          res.once('data', () => resolve(answer));
        } else res.on('end', () => resolve(answer));
      },
    );
    req.on('error', reject);
  });
}

async function openStreams(): Promise<number> {
  const text = (await server.app.inject({ url: '/metrics' })).body;
  return Number(/^card_table_open_streams (\d+)$/m.exec(text)?.[1]);
}

function expectRefused(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(answer.body)).toMatchObject({ status, code, type: `urn:card-table:problem:${code}` });
}

async function newGame() {
  const res = await server.app.inject({ method: 'POST', url: '/games', payload: { kind: 'divide-and-conquer', seats: 2 } });
  return { id: res.json().id as string, tokens: res.json().seats.map((s: { token: string }) => s.token) as string[] };
}

describe('stream limits', () => {
  it('a seat holds at most its limit of streams; its next is 429, the other seat is not refused, and a closed one frees its place', async () => {
    const game = await newGame();
    const path = `/games/${game.id}/stream`;
    const first = await stream(path, '127.0.0.2', game.tokens[0]);
    expect(first.status).toBe(200);
    expect((await stream(path, '127.0.0.3', game.tokens[0])).status).toBe(200);
    const refused = await stream(path, '127.0.0.4', game.tokens[0]);
    expectRefused(refused, 429, 'too-many-streams');
    expect(JSON.parse(refused.body).detail).toMatch(/seat/);
    expect((await stream(path, '127.0.0.4', game.tokens[1])).status).toBe(200);

    first.close();
    await expect.poll(openStreams).toBe(2);
    expect((await stream(path, '127.0.0.2', game.tokens[0])).status).toBe(200);
  });

  it('an address holds at most its limit of streams, spectators included; another address is not refused', async () => {
    const game = await newGame();
    const path = `/games/${game.id}/stream`;
    for (let i = 0; i < LIMITS.perAddress; i++) expect((await stream(path, '127.0.0.5')).status).toBe(200);
    const refused = await stream(path, '127.0.0.5');
    expectRefused(refused, 429, 'too-many-streams');
    expect(JSON.parse(refused.body).detail).toMatch(/address/);
    expect((await stream(path, '127.0.0.6')).status).toBe(200);
  });

  it('the server holds at most its limit in all; the next is 503 with Retry-After, whoever asks', async () => {
    const game = await newGame();
    const path = `/games/${game.id}/stream`;
    for (let i = 0; i < LIMITS.total; i++) expect((await stream(path, `127.0.1.${i + 1}`)).status).toBe(200);
    const refused = await stream(path, '127.0.2.1');
    expectRefused(refused, 503, 'streams-full');
    expect(refused.headers['retry-after']).toBe('5');
    expect(await openStreams()).toBe(LIMITS.total);
  });

  it('a player holds at most its limit of player streams; its next is 429', async () => {
    const player = (await server.app.inject({ method: 'POST', url: '/players', payload: { name: 'Ann' } })).json();
    for (let i = 0; i < LIMITS.perSeat; i++) {
      expect((await stream('/players/me/stream', `127.0.3.${i + 1}`, player.token)).status).toBe(200);
    }
    expectRefused(await stream('/players/me/stream', '127.0.3.9', player.token), 429, 'too-many-streams');
  });

  it('a refused request holds no place: a stream refused for its token leaves its address room', async () => {
    const game = await newGame();
    const path = `/games/${game.id}/stream`;
    for (let i = 0; i < LIMITS.perAddress + 2; i++) {
      expectRefused(await stream(path, '127.0.0.7', 'not-a-token'), 401, 'invalid-token');
    }
    for (let i = 0; i < LIMITS.perAddress; i++) expect((await stream(path, '127.0.0.7')).status).toBe(200);
  });

  it('the subscribers of a game share one load per move, however many there are', async () => {
    const lookups = async () => {
      const text = (await server.app.inject({ url: '/metrics' })).body;
      return [...text.matchAll(/^card_table_state_cache_lookups_total\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
    };
    /** The count once nothing is loading any more (a stream just opened takes one more look at its game). */
    const settled = async () => {
      let last = -1;
      for (let n = await lookups(); n !== last; n = await lookups()) {
        last = n;
        await new Promise((r) => setTimeout(r, 100));
      }
      return last;
    };
    const MOVES = 3;
    const loadsForMoves = async (count: number) => {
      const game = await newGame();
      const streams: Answer[] = [];
      for (let i = 0; i < count; i++) streams.push(await stream(`/games/${game.id}/stream`, `127.0.4.${i + 1}`));
      const before = await settled();
      for (let m = 1; m <= MOVES; m++) {
        const token = game.tokens[m % 2];
        const view = (
          await server.app.inject({ url: `/games/${game.id}/view`, headers: { authorization: `Bearer ${token}` } })
        ).json();
        const moved = await server.app.inject({
          method: 'POST',
          url: `/games/${game.id}/moves`,
          headers: { authorization: `Bearer ${token}` },
          payload: { action: view.legalActions[0] },
        });
        expect(moved.statusCode).toBe(200);
        const views = (a: Answer) => a.body.match(/^event: view$/gm)?.length ?? 0;
        await expect.poll(() => streams.map(views)).toEqual(streams.map(() => m + 1));
      }
      const loads = (await settled()) - before;
      for (const close of open.splice(0)) close();
      await expect.poll(openStreams).toBe(0);
      return loads;
    };
    // A load for each subscriber would add (streams - 1) x moves.
    const one = await loadsForMoves(1);
    expect(await loadsForMoves(LIMITS.total)).toBe(one);
  });
});
