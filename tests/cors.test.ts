import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { privateDatabase, startServer, type TestServer } from './support/harness';

/** Browser clients on other origins: preflights, the headers they may send and read, configured origins. */
let open: TestServer;
let listed: TestServer;
let drop: () => Promise<void>;
const APP = 'https://cards.example.com';

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  // A rate limit of 3 a minute: preflights must not spend it, nor be refused by it.
  open = await startServer(where, { rateLimit: 3 });
  listed = await startServer(where, { corsOrigins: [APP, 'http://localhost:5173'] });
});
afterAll(async () => {
  await open.close();
  await listed.close();
  await drop();
});

const preflight = (server: TestServer, url: string, origin: string, method = 'POST', headers = 'authorization, content-type') =>
  server.app.inject({
    method: 'OPTIONS',
    url,
    remoteAddress: '10.3.3.3',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

/** A new table of Divide and Conquer on the open server, from `address`. */
const createTable = (address: string, headers: Record<string, string> = {}) =>
  open.app.inject({
    method: 'POST',
    url: '/games',
    remoteAddress: address,
    headers,
    payload: { kind: 'divide-and-conquer', seats: 2 },
  });

describe('CORS, any origin (the default)', () => {
  it('a preflight for a move is answered 204 with the methods and headers a client sends', async () => {
    const res = await preflight(open, '/games/some-id/moves', APP, 'POST', 'authorization, content-type, idempotency-key');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'if-none-match', 'idempotency-key', 'last-event-id', 'prefer']),
    );
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'DELETE']));
  });

  it('preflights are never refused by the rate limit, and do not spend it', async () => {
    for (let i = 0; i < 10; i++) expect((await preflight(open, '/games', APP)).statusCode).toBe(204);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await open.app.inject({ url: '/catalog', remoteAddress: '10.3.3.3', headers: { origin: APP } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Spent, and still a preflight is answered.
    expect((await preflight(open, '/games', APP)).statusCode).toBe(204);
  });

  it('a preflight for a path no route has is answered too (the browser asks before it knows)', async () => {
    expect((await preflight(open, '/no/such/path', APP, 'GET', 'authorization')).statusCode).toBe(204);
  });

  it('answers expose the headers clients read, on success and on problems alike', async () => {
    const created = await createTable('10.4.4.4', { origin: APP });
    expect(created.statusCode).toBe(201);
    expect(created.headers['access-control-allow-origin']).toBe('*');
    const exposed = String(created.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining(['etag', 'location', 'retry-after', 'x-ratelimit-remaining', 'preference-applied']),
    );

    const problem = await open.app.inject({ url: '/games/nope', remoteAddress: '10.4.4.4', headers: { origin: APP } });
    expect(problem.statusCode).toBe(404);
    expect(problem.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problem.headers['access-control-allow-origin']).toBe('*');
  });

  it('a request that names no origin (a bot, a same-origin page) gets no CORS headers; answers vary on Origin', async () => {
    const created = await createTable('10.5.5.5');
    expect(created.statusCode).toBe(201);
    expect(Object.keys(created.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    expect(String(created.headers.vary)).toMatch(/origin/i);
    // A view varies on the caller's token as well as the origin.
    const url = `/games/${created.json().id}/view`;
    const view = await open.app.inject({ url, remoteAddress: '10.5.5.5', headers: { origin: APP } });
    expect(view.headers['access-control-allow-origin']).toBe('*');
    expect(String(view.headers.vary).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['origin', 'authorization']));
  });
});

describe('CORS, origins from the configuration', () => {
  it('a listed origin is echoed back (and Vary: Origin set); another gets no CORS headers', async () => {
    const ok = await preflight(listed, '/games', 'http://localhost:5173');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const get = await listed.app.inject({ url: '/catalog', headers: { origin: APP } });
    expect(get.headers['access-control-allow-origin']).toBe(APP);
    expect(String(get.headers.vary)).toMatch(/origin/i);

    const other = await listed.app.inject({ url: '/catalog', headers: { origin: 'https://evil.example' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(listed, '/games', 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('CORS_ORIGINS reads as any origin when unset, none, or a comma-separated list', () => {
    expect(loadConfig({}).corsOrigins).toBe('*');
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
    expect(loadConfig({ CORS_ORIGINS: 'none' }).corsOrigins).toBe('none');
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example/, http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });
});
