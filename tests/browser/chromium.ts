import { existsSync } from 'node:fs';

/** Debian's Chromium, or another one named by CHROMIUM_PATH; undefined when there is none (the browser tests do not run). */
export function chromiumPath(): string | undefined {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}
