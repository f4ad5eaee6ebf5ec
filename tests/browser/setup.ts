import { buildWeb } from '../../scripts/build-web.mjs';
import { chromiumPath, chromiumWanted } from './chromium';

/**
 * Vitest's global setup: builds the web table the tests' servers serve (dist/web, as `npm run build`
 * does), and says in one line when the browser tests cannot run here (vitest.config.ts leaves them out).
 */
export default async function setup() {
  await buildWeb();
  if (!chromiumPath()) {
    console.log(`browser tests: NOT RUN: no Chromium at ${chromiumWanted()} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  }
}
