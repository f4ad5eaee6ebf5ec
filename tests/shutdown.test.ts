import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS } from '../src/http/plugins/shutdown';

import { privateDatabase, TEST_SECRET } from './support/harness';
import { exited, freePort, untilHealthy } from './support/process';

const where = await privateDatabase();
const children: ChildProcess[] = [];
afterAll(async () => {
  // After a failure, nothing is left running: npm and the server it started share a process group.
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {} // the group is gone already
  }
  await where.drop();
});

/** `npm start`, exactly as the README runs it (it builds first), on its own port and data. */
async function npmStart(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: where.dataDir,
      DATABASE_URL: where.databaseUrl ?? '',
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  await untilHealthy(child, port);
  return { child, output: () => text };
}

it('SIGTERM to `npm start` mid-stream, with moves arriving: the stream gets its closing event, the process exits 0 within 10 s, and every acknowledged move is kept', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const call = async (path: string, token?: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of several shapes, checked by the assertions
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as any };
  };

  let server = await npmStart(port);
  const created = await call('/games', undefined, { kind: 'kabu', seats: 3, seed: 'shutdown-test' });
  const id: string = created.body.id;
  const tokens: string[] = created.body.seats.map((s: { token: string }) => s.token);

  // A spectator holds a stream open.
  const stream = await fetch(`${base}/games/${id}/stream`, { headers: { accept: 'text/event-stream' } });
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let events = decoder.decode((await reader.read()).value);
  const streamed = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      events += decoder.decode(value, { stream: true });
    }
  })().catch((e: Error) => {
    events += `\n(stream failed: ${e.message})`;
  });

  // Moves keep arriving until the server refuses them; each one answered 200 is acknowledged.
  const acked: { seq: number; seat: number; action: unknown }[] = [];
  const refusals: Awaited<ReturnType<typeof call>>[] = [];
  let terminating = false;
  /** One move: the seat due reads its view and posts an action; the answer, or the first read refused. */
  const step = async (i: number) => {
    const spectator = await call(`/games/${id}/view`);
    if (spectator.status !== 200) return { answer: spectator };
    const seat: number = spectator.body.toAct[0];
    const view = await call(`/games/${id}/view`, tokens[seat]);
    if (view.status !== 200) return { answer: view };
    const action = view.body.legalActions[i % view.body.legalActions.length];
    return { answer: await call(`/games/${id}/moves`, tokens[seat], { action }), seat, action };
  };
  const mover = (async () => {
    for (let i = 0; ; i++) {
      let done: Awaited<ReturnType<typeof step>>;
      try {
        done = await step(i);
      } catch {
        return; // the connection was refused or closed: the server is gone
      }
      const { answer, seat, action } = done;
      if (answer.status === 200 && seat !== undefined) {
        acked.push({ seq: answer.body.version, seat, action });
      } else if (!terminating && answer.status === 503) {
        await new Promise((r) => setTimeout(r, 500)); // an overloaded machine: retry, as a client should
      } else {
        refusals.push(answer);
        return;
      }
    }
  })();

  await expect.poll(() => acked.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
  terminating = true;
  const sent = performance.now();
  server.child.kill('SIGTERM');
  const code = await exited(server.child);
  const took = performance.now() - sent;
  await Promise.all([mover, streamed]);

  expect(code, server.output()).toBe(0);
  expect(took).toBeLessThan(10_000);
  console.log(`shutdown: exited ${code} ${Math.round(took)} ms after SIGTERM, ${acked.length} moves acknowledged`);
  // The stream was told why it ends.
  expect(events).toMatch(/event: end\ndata: \{"reason":"shutdown"\}\n/);
  // A move refused during the drain is refused as a problem, not dropped on the floor.
  for (const r of refusals) {
    expect(r.status).toBe(503);
    expect(r.type).toMatch(/application\/problem\+json/);
    expect(['shutting-down', 'overloaded']).toContain(r.body.code);
  }

  server = await npmStart(port);
  try {
    let read = await call(`/games/${id}/events?limit=1000`, tokens[0]);
    for (let t = 0; read.status === 503 && t < 20; t++) {
      await new Promise((r) => setTimeout(r, 500)); // an overloaded machine
      read = await call(`/games/${id}/events?limit=1000`, tokens[0]);
    }
    const log = read.body;
    expect(log.version).toBe(acked.length);
    for (const move of acked)
      expect(log.events[move.seq - 1]).toMatchObject({ seq: move.seq, seat: move.seat, action: move.action });
  } finally {
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
  }
});

it('a client that stops mid-request does not hold a shutdown past its grace: the server cuts it and exits 0', async () => {
  const port = await freePort();
  const server = await npmStart(port);
  // Headers and half a body, then nothing: the request stays in flight until the server gives up on it.
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /games HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"kind":',
  );
  const cut = new Promise((resolve) => socket.once('close', resolve));
  await new Promise((r) => setTimeout(r, 200));

  const sent = performance.now();
  server.child.kill('SIGTERM');
  const code = await exited(server.child);
  const took = performance.now() - sent;
  await cut;
  expect(code, server.output()).toBe(0);
  expect(took).toBeGreaterThanOrEqual(SHUTDOWN_GRACE_MS - 100);
  expect(took).toBeLessThan(10_000);
});
