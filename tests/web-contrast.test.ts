import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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

/** WCAG 2's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the card faces can be read', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
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
