import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;
const committed = join(root, 'clients/typescript/src');
const fresh = mkdtempSync(join(tmpdir(), 'card-table-client-'));
afterAll(() => rmSync(fresh, { recursive: true, force: true }));

/** Every file under a folder, by its path inside it. */
function files(dir: string, base = dir): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const [k, v] of files(path, base)) out.set(k, v);
    else out.set(relative(base, path), readFileSync(path, 'utf8'));
  }
  return out;
}

describe('the committed TypeScript client', () => {
  it('is what npm run client generates from the committed document', async () => {
    await run(process.execPath, ['scripts/client.mjs', fresh], { cwd: root });
    const want = files(fresh);
    const have = files(committed);
    expect([...have.keys()].sort(), 'run npm run client').toEqual([...want.keys()].sort());
    for (const [path, text] of want) expect(have.get(path) === text, `${path} is out of date: run npm run client`).toBe(true);
  });

  it('type-checks with the TypeScript its generator is written for, with its example bot', async () => {
    const tsc = join(root, 'node_modules/typescript5/bin/tsc');
    await expect(run(process.execPath, [tsc, '-p', 'clients/typescript'], { cwd: root })).resolves.toBeDefined();
  });
});
