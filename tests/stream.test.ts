import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';

let server: TestServer;
let drop: () => Promise<void>;
let base: string;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where);
  base = (await listening(server)).base;
});
afterAll(async () => {
  await server.close();
  await drop();
});

/** Reads server-sent `view` events from a stream until `count` have arrived. */
async function readViews(res: Response, count: number) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const views: { version: number; seat: number | null; state: { laid: unknown[] } }[] = [];
  let buffer = '';
  while (views.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = message
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n');
      if (/^event: ?view$/m.test(message) && data) views.push(JSON.parse(data));
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return views;
}

it('a stream sends the current view, then the caller’s new view after each move', async () => {
  const http = request(server.app.server);
  const deck = ['2S', '7S', '3S', '8S', '4S', '9S', '5S', 'TS', '6S', 'QS'];
  const g = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2, deck })).body;
  const [t0, t1] = g.seats.map((s: { token: string }) => s.token);
  const res = await fetch(`${base}/games/${g.id}/stream`, {
    headers: { authorization: `Bearer ${t1}`, accept: 'text/event-stream' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reading = readViews(res, 2);
  await new Promise((r) => setTimeout(r, 100));
  await http
    .post(`/games/${g.id}/moves`)
    .set('authorization', `Bearer ${t0}`)
    .send({ action: { type: 'play', card: '2S' } });
  const views = await reading;
  expect(views.map((v) => v.version)).toEqual([0, 1]);
  expect(views[1].seat).toBe(1);
  // Seat 1 learns that seat 0 has laid a card, not which.
  expect(views[1].state.laid).toEqual(['face-down', null]);
});

it('a stream refuses a token from another game', async () => {
  const http = request(server.app.server);
  const a = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
  const b = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
  const res = await fetch(`${base}/games/${a.id}/stream`, {
    headers: { authorization: `Bearer ${b.seats[0].token}`, accept: 'text/event-stream' },
  });
  expect(res.status).toBe(403);
  expect(res.headers.get('content-type')).toMatch(/problem\+json/);
});
