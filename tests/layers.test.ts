import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

/** The module specifiers a source file imports or re-exports from (type-only imports too). */
function specifiersOf(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gms)].map((m) => m[1]);
}

/** What each source file of a folder imports (its module specifiers), tests left out. */
function imports(folder: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of readdirSync(join(src, folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    found.set(file, specifiersOf(join(src, folder, file)));
  }
  return found;
}

/** The source file a relative specifier names (`./x` is x.ts or x/index.ts); undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p));
}

/**
 * The import cycles that pass through a file of `folder` (tests left out): a depth-first walk from its
 * files that reports each back edge as the loop it closes, paths relative to src/.
 */
function importCycles(folder: string): string[][] {
  const files = readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(src, folder, f));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const s of specifiersOf(file)) {
      const next = resolveImport(file, s);
      if (!next) continue;
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map((p) => relative(src, p)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return cycles.filter((c) => c.some((p) => p.startsWith(`${folder}/`)));
}

describe('the layers a verifier relies on', () => {
  it('src/log imports node:crypto, the canonical-JSON library and its own files only: a verifier needs nothing else', () => {
    for (const [file, specifiers] of imports('log')) {
      for (const s of specifiers)
        expect(['node:crypto', 'canonicalize'].includes(s) || s.startsWith('./'), `${file}: ${s}`).toBe(true);
    }
  });

  it('src/record imports nothing of the service, the store or the HTTP layer', () => {
    for (const [file, specifiers] of imports('record')) {
      for (const s of specifiers) expect(s, file).not.toMatch(/\/(service|store|http)\b/);
    }
  });

  it('no file under src/games is part of an import cycle: types live in state.ts, which imports no other file of its game', () => {
    expect(importCycles('games')).toEqual([]);
  });

  it('src/ratings imports openskill, the engine and its own files only: ratings are a pure projection of results', () => {
    for (const [file, specifiers] of imports('ratings')) {
      for (const s of specifiers)
        expect(s === 'openskill' || s.startsWith('./') || s.startsWith('../engine'), `${file}: ${s}`).toBe(true);
    }
  });
});
