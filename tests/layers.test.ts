import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

/** What each source file of a folder imports (its module specifiers), tests left out. */
function imports(folder: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of readdirSync(join(src, folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = readFileSync(join(src, folder, file), 'utf8');
    found.set(
      file,
      [...text.matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gms)].map((m) => m[1]),
    );
  }
  return found;
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

  it('src/ratings imports openskill, the engine and its own files only: ratings are a pure projection of results', () => {
    for (const [file, specifiers] of imports('ratings')) {
      for (const s of specifiers)
        expect(s === 'openskill' || s.startsWith('./') || s.startsWith('../engine'), `${file}: ${s}`).toBe(true);
    }
  });
});
