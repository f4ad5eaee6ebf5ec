import { existsSync } from 'node:fs';

/** Where the browser tests look for Chromium: CHROMIUM_PATH, or Debian's package. */
export const chromiumWanted = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The Chromium the browser tests drive; undefined when there is none (they do not run). */
export function chromiumPath(): string | undefined {
  return existsSync(chromiumWanted()) ? chromiumWanted() : undefined;
}
