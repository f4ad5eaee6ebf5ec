import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Waits until a spawned server answers GET /health; kills it if it never does. */
export async function untilHealthy(child: ChildProcess, port: number, attempts = 300): Promise<ChildProcess> {
  for (let i = 0; i < attempts && child.exitCode === null; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server on port ${port} did not start`);
}

/** The exit code of a child process (null when a signal ended it). */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
