// Builds the web table (web/) into dist/web: the page, and under assets/ its script and style with a
// content hash in their names (the server caches them for good). `npm run build` runs it with the
// server's build; the test suite's global setup runs it before the browser tests.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildWeb(outdir = resolve(root, 'dist/web')) {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(resolve(outdir, 'assets'), { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['web/src/main.tsx', 'web/src/style.css'],
    outdir: resolve(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: 'web/tsconfig.json',
    minify: true,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  const built = (ext) => {
    const file = Object.keys(result.metafile.outputs).find((f) => f.endsWith(ext) && !f.endsWith('.map'));
    return `/assets/${basename(file)}`;
  };
  const page = (await readFile(resolve(root, 'web/index.html'), 'utf8'))
    .replace('{{script}}', built('.js'))
    .replace('{{style}}', built('.css'));
  await writeFile(resolve(outdir, 'index.html'), page);
  // Each asset compressed once, at the best ratio, beside it: the server sends these as they are.
  for (const file of Object.keys(result.metafile.outputs).filter((f) => !f.endsWith('.map'))) {
    const bytes = await readFile(resolve(root, file));
    await writeFile(resolve(root, `${file}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(resolve(root, `${file}.gz`), gzipSync(bytes, { level: 9 }));
  }
  return outdir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildWeb();
