import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD } from '../src/http/app';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { createGame } from './support/tables';

/** Text goes out compressed when the client accepts it and it is worth it; streams and small answers stay plain. */
let where: Awaited<ReturnType<typeof privateDatabase>>;
let server: TestServer;

beforeAll(async () => {
  where = await privateDatabase();
  server = await startServer(where);
});
afterAll(async () => {
  await server.close();
  await where.drop();
});

const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers } });

describe('compressed answers', () => {
  it('the catalog goes out in brotli to a client that accepts it, in gzip to one that takes only gzip, plain to one that asks for neither; each reads back as the same JSON', async () => {
    const plain = await get('/catalog');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/catalog', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/catalog', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small answer (a view of a fresh game) is sent as it is: compressing it would cost more than it saves', async () => {
    const game = await createGame(server, { kind: 'divide-and-conquer', seats: 2 });
    const view = await get(`/games/${game.id}/view`, 'br, gzip', { authorization: `Bearer ${game.tokens[0]}` });
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(view.headers['content-encoding']).toBeUndefined();
    expect(view.json().seat).toBe(0);
  });

  it('the web table’s script and style are sent precompressed, the smallest the client accepts', async () => {
    const page = (await get('/')).payload;
    for (const asset of [/src="(\/assets\/main-\w+\.js)"/, /href="(\/assets\/style-\w+\.css)"/]) {
      const url = asset.exec(page)?.[1] as string;
      const plain = await get(url);
      const br = await get(url, 'gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.payload);
    }
  });

  it('a stream is never compressed: each message must leave as it is written', async () => {
    const game = await createGame(server, { kind: 'divide-and-conquer', seats: 2 });
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${base}/games/${game.id}/stream`, {
      headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip', authorization: `Bearer ${game.tokens[0]}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/event: view/);
    controller.abort();
  });
});
