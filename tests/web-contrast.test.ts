import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from './support/contrast';

/**
 * The card faces' colours, read from the stylesheet's variables as the browser resolves them (the dark
 * scheme's block overrides the light one), held to WCAG AA for text: 4.5:1.
 */
const css = readFileSync(new URL('../web/src/style.css', import.meta.url), 'utf8');

/** The variables of the first `:root { ... }` block after `from`. */
function variables(from: number): Record<string, string> {
  const start = css.indexOf(':root {', from);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const light = variables(0);
const dark = { ...light, ...variables(css.indexOf('@media (prefers-color-scheme: dark)')) };

describe('the card faces can be read', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast('rgb(118, 118, 118)', 'rgb(255, 255, 255)')).toBeCloseTo(4.54, 2);
  });

  for (const [scheme, vars] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`in ${scheme} mode, red and black suits reach 4.5:1 on a card and on a greyed card of the hand`, () => {
      for (const face of ['card', 'card-idle']) {
        for (const ink of ['red', 'card-ink']) {
          expect(vars[ink], ink).toMatch(/^#[0-9a-f]{6}$/i);
          expect(contrast(vars[ink], vars[face]), `${ink} on ${face}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
  }

  it('greys a card that cannot be played by its face, not by a filter that would dull its suit', () => {
    const idle = css.slice(css.indexOf('.hand .idle .card {'));
    const rule = idle.slice(0, idle.indexOf('}'));
    expect(rule).toContain('background: var(--card-idle)');
    expect(rule).not.toMatch(/^\s*(filter|opacity)\s*:/m);
  });
});
