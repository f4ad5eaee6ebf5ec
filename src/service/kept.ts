import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret kept in a file of the data directory (the JWT secret, the log's signing key): read when it
 * is there, otherwise made and kept, private (0600). Servers starting together on one directory agree:
 * the secret is written whole to a file of its own, then linked into place, which fails for all but
 * the first; the others read the first one's. No reader ever sees a file half written.
 */
export function kept(dataDir: string, name: string, make: () => string): string {
  const found = keptAlready(dataDir, name);
  if (found !== undefined) return found;
  const file = join(dataDir, name);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = make().trim();
  const draft = join(dataDir, `.${name}.${randomBytes(6).toString('hex')}`);
  writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw e;
  } finally {
    rmSync(draft, { force: true });
  }
  return secret;
}

/** The secret kept under `name`, if the data directory holds one: read, never made. */
export function keptAlready(dataDir: string, name: string): string | undefined {
  const file = join(dataDir, name);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
