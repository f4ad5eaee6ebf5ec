import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateDatabase, startServer, type TestServer } from './support/harness';

/**
 * The web table at / (built into dist/web by the suite's global setup, as `npm run build` does), and
 * the stream routes' cookie, which is how the page's EventSource presents its token.
 */
let where: Awaited<ReturnType<typeof privateDatabase>>;
let server: TestServer;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  where = await privateDatabase();
  const lines = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  server = await startServer(where, { logger: { level: 'info', stream: lines } });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  await where.drop();
});

const http = () => request(server.app.server);

/** Reads a stream's messages until `count` have come (or it ends). */
async function messages(res: Response, count: number): Promise<{ event: string; data: string }[]> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const found: { event: string; data: string }[] = [];
  let buffer = '';
  while (found.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(message)?.[1];
      const data = /^data: ?(.*)$/m.exec(message)?.[1];
      if (event && data) found.push({ event, data });
    }
  }
  await reader.cancel();
  return found;
}

describe('the web table at /', () => {
  it('is a page that runs only its own bundle: a Content-Security-Policy without inline scripts or other origins', async () => {
    const res = await http().get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.text).not.toMatch(/<script(?![^>]*\ssrc=)/);
    const script = /<script type="module" src="(\/assets\/main-\w+\.js)"/.exec(res.text)?.[1];
    const style = /<link rel="stylesheet" href="(\/assets\/style-\w+\.css)"/.exec(res.text)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    const js = await http().get(script as string);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    // The names carry a hash of the content: a new build is a new name, so they are kept for good.
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await http().get(style as string)).headers['content-type']).toMatch(/text\/css/);
  });

  it('leaves the API as it was: unknown paths and unknown assets are problem+json 404s; /docs and /openapi.json answer', async () => {
    for (const path of ['/nothing-here', '/assets/missing.js', '/games/x/nothing']) {
      const res = await http().get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/problem\+json/);
      expect(res.body.code, path).toBe('route-not-found');
    }
    expect((await http().get('/openapi.json')).body.openapi).toBe('3.1.0');
    expect((await http().get('/docs/')).status).toBe(200);
    expect((await http().get('/catalog')).body.games).toHaveLength(18);
  });

  it('a server whose web table is not built says so at / with a problem, and serves the API all the same', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'card-table-no-web-'));
    const elsewhere = await privateDatabase();
    const bare = await startServer(elsewhere, { webRoot: empty });
    try {
      const res = await request(bare.app.server).get('/');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('web-not-built');
      expect((await request(bare.app.server).get('/catalog')).status).toBe(200);
    } finally {
      await bare.close();
      await elsewhere.drop();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('a stream ticket in a cookie, for EventSource (which cannot send headers), on the stream routes only', () => {
  const cookie = (token: string) => `card_table_token=${encodeURIComponent(token)}`;
  const stream = (path: string, headers: Record<string, string>) =>
    fetch(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } });
  const ticket = async (path: string, token: string) => {
    const res = await http().post(path).set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now());
    return res.body.ticket as string;
  };

  it('opens a seat’s stream as the Authorization header would: the seat’s own view, its legal moves included', async () => {
    const g = (await http().post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const res = await stream(`/games/${g.id}/stream`, {
      cookie: cookie(await ticket(`/games/${g.id}/stream-ticket`, g.seats[1].token)),
    });
    expect(res.status).toBe(200);
    const [first] = await messages(res, 1);
    const view = JSON.parse(first.data);
    expect(view.seat).toBe(1);
    expect(view.legalActions.length).toBeGreaterThan(0);
  });

  it('opens a player’s stream of notifications too', async () => {
    const player = (await http().post('/players').send({ name: 'Ann' })).body;
    const game = await http()
      .post('/games')
      .set('authorization', `Bearer ${player.token}`)
      .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { bot: 'random' }] });
    const pass = await ticket('/players/me/stream-ticket', player.token);
    const res = await stream('/players/me/stream?after=0', { cookie: `other=1; ${cookie(pass)}` });
    expect(res.status).toBe(200);
    const [first] = await messages(res, 1);
    expect(JSON.parse(first.data).game).toBe(game.body.id);
  });

  it('never takes a seat or player token from the cookie: only a ticket, which opens its own stream and nothing else', async () => {
    const player = (await http().post('/players').send({ name: 'Ann' })).body;
    const g = (await http().post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const other = (await http().post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    for (const token of [g.seats[0].token, player.token]) {
      const res = await stream(`/games/${g.id}/stream`, { cookie: cookie(token) });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('invalid-token');
    }
    expect((await stream('/players/me/stream', { cookie: cookie(player.token) })).status).toBe(401);
    const pass = await ticket(`/games/${g.id}/stream-ticket`, g.seats[0].token);
    const elsewhere = await stream(`/games/${other.id}/stream`, { cookie: cookie(pass) });
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { code: string }).code).toBe('wrong-game');
    const asPlayer = await stream('/players/me/stream', { cookie: cookie(pass) });
    expect(asPlayer.status).toBe(403);
    // As a bearer token anywhere else, a ticket is no token at all.
    const view = await http().get(`/games/${g.id}/view`).set('authorization', `Bearer ${pass}`);
    expect(view.status).toBe(401);
  });

  it('stops opening the stream once the seat changes hands', async () => {
    const [ann, bo] = [
      (await http().post('/players').send({ name: 'Ann' })).body,
      (await http().post('/players').send({ name: 'Bo' })).body,
    ];
    const g = (
      await http()
        .post('/games')
        .set('authorization', `Bearer ${ann.token}`)
        .send({ kind: 'kabu', seats: [{ player: 'me' }, { open: true }, { open: true }] })
    ).body;
    await http().post(`/games/${g.id}/seats/1/join`).set('authorization', `Bearer ${bo.token}`).expect(200);
    const pass = await ticket(`/games/${g.id}/stream-ticket`, bo.token);
    await http().post(`/games/${g.id}/leave`).set('authorization', `Bearer ${bo.token}`).expect(200);
    const res = await stream(`/games/${g.id}/stream`, { cookie: cookie(pass) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('token-revoked');
  });

  it('refuses a made-up token with 401, as in the header', async () => {
    const g = (await http().post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const res = await stream(`/games/${g.id}/stream`, { cookie: cookie('made.up.token') });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(((await res.json()) as { code: string }).code).toBe('invalid-token');
  });

  it('refuses a cookie that does not decode to a token (malformed, a lone surrogate, a NUL) with 401, not a server error', async () => {
    const g = (await http().post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    for (const value of ['%E0%A4%A', '%ED%A0%80', '%00']) {
      const res = await stream(`/games/${g.id}/stream`, { cookie: `card_table_token=${value}` });
      expect(res.status, value).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(((await res.json()) as { code: string }).code).toBe('invalid-token');
    }
  });

  it('is read on the stream routes only: a view asked with it is a spectator’s, a move is refused', async () => {
    const g = (await http().post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const pass = await ticket(`/games/${g.id}/stream-ticket`, g.seats[0].token);
    const view = await http().get(`/games/${g.id}/view`).set('cookie', cookie(pass));
    expect(view.status).toBe(200);
    expect(view.body.seat).toBeNull();
    expect(view.body.legalActions).toEqual([]);
    const move = await http()
      .post(`/games/${g.id}/moves`)
      .set('cookie', cookie(pass))
      .send({ action: { type: 'play', card: 'AS' } });
    expect(move.status).toBe(401);
    expect(move.body.code).toBe('token-required');
  });

  it('gives way to an Authorization header when both are sent', async () => {
    const g = (await http().post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const res = await stream(`/games/${g.id}/stream`, {
      cookie: cookie(await ticket(`/games/${g.id}/stream-ticket`, g.seats[0].token)),
      authorization: `Bearer ${g.seats[1].token}`,
    });
    const [first] = await messages(res, 1);
    expect(JSON.parse(first.data).seat).toBe(1);
  });

  it('never reaches the logs', async () => {
    const g = (await http().post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const token = await ticket(`/games/${g.id}/stream-ticket`, g.seats[0].token);
    await messages(await stream(`/games/${g.id}/stream`, { cookie: cookie(token) }), 1);
    const lines = logged.filter((l) => l.includes(`/games/${g.id}/stream`));
    expect(lines.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(token.split('.')[2]);
  });
});
