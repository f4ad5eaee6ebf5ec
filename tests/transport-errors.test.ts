import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';

/**
 * Errors raised below the routes (Node's HTTP parser, Fastify's router) over a real socket: inject()
 * never goes through the parser, so these are sent as raw bytes.
 */
let server: TestServer;
let drop: () => Promise<void>;
let port: number;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where);
  port = (await listening(server)).port;
});
afterAll(async () => {
  await server.close();
  await drop();
});

/** Sends raw bytes and reads one response: status, headers (lower-cased) and body. */
function raw(bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = () => {
      socket.destroy();
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const body = rest.join('\r\n\r\n');
      // A response is complete when its body has content-length bytes.
      if (Buffer.byteLength(body) < Number(headers['content-length'] ?? 0)) return reject(new Error(`short body: ${text}`));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
      const [head, ...rest] = text.split('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(head)?.[1];
      if (rest.length > 0 && length !== undefined && Buffer.byteLength(rest.join('\r\n\r\n')) >= Number(length)) done();
    });
    socket.on('end', done);
    socket.on('error', (e) => (text ? done() : reject(e)));
    socket.write(bytes);
  });
}

const get = (path: string, headers = '') => raw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`);

function expectProblem(res: Awaited<ReturnType<typeof raw>>, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ status, code, type: `urn:card-table:problem:${code}` });
  expect(body.detail).toEqual(expect.any(String));
  expect(body.detail.length).toBeGreaterThan(10);
  return body;
}

describe('errors below the routes are problem+json too', () => {
  it('a path parameter too long: 414, without echoing the whole URL', async () => {
    const res = await get(`/games/${'a'.repeat(3000)}`);
    const body = expectProblem(res, 414, 'uri-too-long');
    expect(res.body.length).toBeLessThan(1000);
    expect(body.instance.startsWith('/games/aaa')).toBe(true);
  });

  it('a URL whose percent-escapes do not decode: 400', async () => {
    expectProblem(await get('/games/%zz'), 400, 'malformed-url');
    expectProblem(await get('/games/%E0%A4%A/view'), 400, 'malformed-url');
  });

  it('headers too large: 431, and the same for a URL longer than the header limit', async () => {
    expectProblem(await get('/health', `x-big: ${'b'.repeat(20_000)}\r\n`), 431, 'headers-too-large');
    expectProblem(await get(`/${'c'.repeat(20_000)}`), 431, 'headers-too-large');
  });

  it('bytes that are not HTTP: 400', async () => {
    expectProblem(await raw('GARBAGE\r\n\r\n'), 400, 'malformed-request');
    expectProblem(await raw('GET /he\x01alth HTTP/1.1\r\nHost: x\r\n\r\n'), 400, 'malformed-request');
    expectProblem(await raw('GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'), 400, 'malformed-request');
  });

  it('a stream asked for in a format it does not speak: 406', async () => {
    const created = await server.app.inject({ method: 'POST', url: '/games', payload: { kind: 'divide-and-conquer', seats: 2 } });
    expectProblem(await get(`/games/${created.json().id}/stream`, 'Accept: application/json\r\n'), 406, 'not-acceptable');
  });

  it('the server still answers normally afterwards', async () => {
    const res = await get('/health', 'Connection: close\r\n');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  });
});
