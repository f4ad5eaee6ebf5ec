import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/engine';
import { games } from '../src/games';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';
import { tally } from './support/tally';

/**
 * The streams as a browser's EventSource uses them, over a real connection: it reconnects by
 * itself with Last-Event-ID, and gives up for good on any answer that is not a 200 event stream.
 */
const withTally: ReadonlyMap<string, AnyGame> = new Map([...games, ['tally', tally as AnyGame]]);
let server: TestServer;
let where: Awaited<ReturnType<typeof privateDatabase>>;
let drop: () => Promise<void>;
let base: string;

beforeAll(async () => {
  where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { games: withTally });
  base = (await listening(server)).base;
});
afterAll(async () => {
  await server.close();
  await drop();
});

interface Received {
  type: string;
  id: string;
  data: unknown;
}

/** An EventSource on a path, with a token and (as a browser sends it on reconnecting) a Last-Event-ID. */
function listen(path: string, token: string, lastEventId?: string) {
  const received: Received[] = [];
  const errors: { status?: number }[] = [];
  let opened = 0;
  const source = new EventSource(`${base}${path}`, {
    fetch: (url, init) =>
      fetch(url, {
        ...init,
        headers: {
          ...init?.headers,
          authorization: `Bearer ${token}`,
          // Only the first connection carries the caller's; reconnections carry the library's own.
          ...(lastEventId !== undefined && opened === 0 ? { 'last-event-id': lastEventId } : {}),
        },
      }),
  });
  source.addEventListener('open', () => opened++);
  source.addEventListener('error', (e) => errors.push({ status: (e as { code?: number }).code }));
  for (const type of ['view', 'end', 'turn', 'started', 'finished', 'invited']) {
    source.addEventListener(type, (e) => received.push({ type, id: e.lastEventId, data: JSON.parse(e.data) }));
  }
  return {
    source,
    received,
    errors,
    opened: () => opened,
    close: () => source.close(),
  };
}

async function newGame(target: number) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/games',
    payload: { kind: 'tally', seats: 2, options: { target } },
  });
  const body = res.json();
  return { id: body.id as string, tokens: body.seats.map((s: { token: string }) => s.token) as string[] };
}

async function mark(game: { id: string; tokens: string[] }, n: number) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/games/${game.id}/moves`,
    headers: { authorization: `Bearer ${game.tokens[0]}` },
    payload: { action: { type: 'mark', n } },
  });
  expect(res.statusCode).toBe(200);
}

describe('a game stream, as EventSource uses it', () => {
  it('reconnecting at the current version opens at once, sends nothing again, then sends each new view', async () => {
    const game = await newGame(10);
    await mark(game, 1);
    await mark(game, 2);
    const es = listen(`/games/${game.id}/stream`, game.tokens[1], '2');
    await expect.poll(es.opened).toBe(1);
    await mark(game, 3);
    await expect.poll(() => es.received.length).toBe(1);
    expect(es.received[0]).toMatchObject({ type: 'view', id: '3', data: { version: 3, seat: 1 } });
    expect(es.errors).toEqual([]);
    es.close();
  });

  it('sends keep-alive comments while nothing happens, readable from another origin', async () => {
    const game = await newGame(10);
    // A second server on the same database, whose keep-alive comes every 100 ms rather than 15 s.
    const quick = await startServer(where, { games: withTally, streamHeartbeatMs: 100 });
    const res = await fetch(`${(await listening(quick)).base}/games/${game.id}/stream`, {
      headers: {
        authorization: `Bearer ${game.tokens[0]}`,
        accept: 'text/event-stream',
        'last-event-id': '0',
        origin: 'https://cards.example.com',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // A page on another origin may read it (CORS headers go out with the stream's head).
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!/^:.*\n\n/m.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    await quick.close();
    expect(text).not.toMatch(/^event:/m);
  });

  it('when the game ends: the last view, then `end`, then the stream closes', async () => {
    const game = await newGame(2);
    const es = listen(`/games/${game.id}/stream`, game.tokens[1]);
    await expect.poll(() => es.received.length).toBe(1);
    await mark(game, 1);
    // A change that comes before the last one was sent folds into the newest view: wait for this one.
    await expect.poll(() => es.received.length).toBe(2);
    await mark(game, 2);
    await expect.poll(() => es.received.map((r) => r.type)).toEqual(['view', 'view', 'view', 'end']);
    expect(es.received.at(-2)).toMatchObject({ id: '2', data: { version: 2, status: 'finished' } });
    expect(es.received.at(-1)?.data).toEqual({ reason: 'game-over' });
    es.close();
  });

  it('reconnecting to a finished game: at its last version, only `end`; before it, the last view then `end`', async () => {
    const game = await newGame(1);
    await mark(game, 1);
    const atEnd = listen(`/games/${game.id}/stream`, game.tokens[1], '1');
    await expect.poll(() => atEnd.received.length).toBeGreaterThanOrEqual(1);
    atEnd.close();
    expect(atEnd.received[0]).toEqual({ type: 'end', id: '1', data: { reason: 'game-over' } });
    expect(atEnd.errors.filter((e) => e.status !== undefined)).toEqual([]);

    const behind = listen(`/games/${game.id}/stream`, game.tokens[1], '0');
    await expect.poll(() => behind.received.length).toBeGreaterThanOrEqual(2);
    behind.close();
    expect(behind.received.slice(0, 2).map((r) => [r.type, r.id])).toEqual([
      ['view', '1'],
      ['end', '1'],
    ]);
  });
});

describe('a player stream, as EventSource uses it', () => {
  it('reconnecting with the last id it was sent opens at once, then sends what comes next', async () => {
    const ann = (await server.app.inject({ method: 'POST', url: '/players', payload: { name: 'Ann' } })).json();
    const bo = (await server.app.inject({ method: 'POST', url: '/players', payload: { name: 'Bo' } })).json();
    const table = async () =>
      server.app.inject({
        method: 'POST',
        url: '/games',
        headers: { authorization: `Bearer ${ann.token}` },
        payload: { kind: 'tally', seats: [{ player: 'me' }, { player: bo.id }], options: { target: 5 } },
      });
    expect((await table()).statusCode).toBe(201);
    // Bo is invited to each table Ann opens.
    const first = listen('/players/me/stream', bo.token, '0');
    await expect.poll(() => first.received.length).toBeGreaterThanOrEqual(1);
    first.close();
    const last = first.received.at(-1)?.id as string;

    const again = listen('/players/me/stream', bo.token, last);
    await expect.poll(again.opened).toBe(1);
    expect((await table()).statusCode).toBe(201);
    await expect.poll(() => again.received.length).toBeGreaterThanOrEqual(1);
    expect(Number(again.received[0].id)).toBeGreaterThan(Number(last));
    expect(again.errors).toEqual([]);
    again.close();
  });
});
