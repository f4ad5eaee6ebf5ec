import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { privateDatabase, TEST_SECRET } from './support/harness';
import { exited, freePort, untilHealthy } from './support/process';

const where = await privateDatabase();
afterAll(() => where.drop());

/** The real server, from its TypeScript source, in its own process. */
async function startProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: where.dataDir,
      DATABASE_URL: where.databaseUrl ?? '',
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  return untilHealthy(child, port);
}

it('a server killed (SIGKILL) in the middle of a stream of moves loses no acknowledged move', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const call = async (path: string, token?: string, body?: unknown, key?: string) => {
    const res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of several shapes, checked by the assertions
    return { status: res.status, body: (await res.json()) as any };
  };

  let server = await startProcess(port);
  const created = await call('/games', undefined, { kind: 'kabu', seats: 3, seed: 'crash-test' });
  const tokens: string[] = created.body.seats.map((s: { token: string }) => s.token);
  const id: string = created.body.id;

  const acked: { key: string; seat: number; action: unknown; answer: unknown }[] = [];
  let inFlight: Promise<unknown> | undefined;
  for (let i = 0; ; i++) {
    const spectator = (await call(`/games/${id}/view`)).body;
    const seat: number = spectator.toAct[0];
    const view = (await call(`/games/${id}/view`, tokens[seat])).body;
    const action = view.legalActions[i % view.legalActions.length];
    const move = call(`/games/${id}/moves`, tokens[seat], { action }, `move-${i}`);
    if (acked.length === 25) {
      // The next move is on its way when the process dies.
      inFlight = move.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 2));
      server.kill('SIGKILL');
      await exited(server);
      break;
    }
    const answer = await move;
    expect(answer.status).toBe(200);
    acked.push({ key: `move-${i}`, seat, action, answer: answer.body });
  }
  await inFlight;

  server = await startProcess(port);
  try {
    const events = (await call(`/games/${id}/events?limit=1000`, tokens[0])).body;
    // No gap: the log holds moves 1..N, N being the 25 acknowledged and perhaps the one in flight.
    expect(events.events.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: events.version }, (_, i) => i + 1));
    expect([25, 26]).toContain(events.version);
    for (const [i, move] of acked.entries()) {
      expect(events.events[i]).toMatchObject({ seq: i + 1, seat: move.seat, action: move.action });
      // Asking again with the same key answers exactly as before the crash: the view rebuilt from the log.
      const again = await call(`/games/${id}/moves`, tokens[move.seat], { action: move.action }, move.key);
      expect(again).toEqual({ status: 200, body: move.answer });
    }
  } finally {
    server.kill('SIGKILL');
    await exited(server);
  }
});
