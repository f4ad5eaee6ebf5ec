// Compiles the server to one JavaScript file, dist/main.js, which `npm start` and the Docker image run,
// and the web table it serves at / (scripts/build-web.mjs, into dist/web).
// Packages stay external (node_modules ships beside it); the project's own code, the generated
// Prisma clients included, is bundled.
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildWeb } from './build-web.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = resolve(root, 'dist/main.js');
// The bots think in worker threads (src/bots/pool.ts): the worker is a bundle of its own, beside main.js.
const BOT_WORKER = 'bot-worker.js';
// Migrations run in a thread of their own, ended once they are applied (src/store/migrate.ts).
const MIGRATE_WORKER = 'migrate-worker.js';

// Modules that compute paths from import.meta.url (the repository root, Prisma's folders) must keep
// meaning their own source location once bundled, not dist/main.js: each use becomes the URL of the
// source file, relative to the bundle, so the built tree can still be moved as a whole.
const sourceModuleUrls = {
  name: 'source-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(outfile), path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

await build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'src/main.ts', out: 'main' },
    { in: 'src/bots/worker.ts', out: BOT_WORKER.replace(/\.js$/, '') },
    { in: 'src/store/migrate-worker.ts', out: MIGRATE_WORKER.replace(/\.js$/, '') },
  ],
  outdir: dirname(outfile),
  define: { BOT_WORKER_BUNDLE: JSON.stringify(BOT_WORKER), MIGRATE_WORKER_BUNDLE: JSON.stringify(MIGRATE_WORKER) },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [sourceModuleUrls],
  logLevel: 'warning',
});

await buildWeb();
