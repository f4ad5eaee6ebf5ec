import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/engine';
import { games } from '../src/games';
import { peopleRules } from '../web/src/rules';

/** Every word of a game's rules for players, headings and example included. */
function words(kind: string): string {
  const r = peopleRules[kind];
  if (!r) return '';
  return [...r.sections.flatMap((s) => [s.title, ...s.paragraphs]), r.example.title, ...r.example.steps].join('\n');
}

/** The option names of a game as the API spells them, in camelCase (a plain word like `target` is also English). */
function optionKeys(game: AnyGame): string[] {
  const props = (game.optionsSchema as { properties?: Record<string, unknown> }).properties ?? {};
  return Object.keys(props).filter((k) => /[a-z][A-Z]/.test(k));
}

describe('the rules written for players', () => {
  it('cover every game of the catalog, and no other', () => {
    expect(Object.keys(peopleRules).sort()).toEqual([...games.keys()].sort());
  });

  for (const [kind, game] of games) {
    describe(kind, () => {
      it('has the deal, play, scoring and the end, in that order, and an example', () => {
        const titles = peopleRules[kind]?.sections.map((s) => s.title) ?? [];
        const order = ['The deal', 'Playing', 'Scoring', 'The end'].map((t) => titles.indexOf(t));
        expect(order.every((i) => i >= 0)).toBe(true);
        expect([...order].sort((a, b) => a - b)).toEqual(order);
        expect(peopleRules[kind]?.sections.every((s) => s.paragraphs.length > 0)).toBe(true);
        expect(peopleRules[kind]?.example.title).toMatch(/^An example/);
        expect(peopleRules[kind]?.example.steps.length).toBeGreaterThanOrEqual(2);
      });

      it('names no seat by number, no option by its API name, and has no JSON or API terms', () => {
        const text = words(kind);
        expect(text).not.toMatch(/\bseats? \d/i);
        for (const key of optionKeys(game)) expect(text).not.toContain(key);
        expect(text).not.toMatch(/[[\]{}`]/);
        expect(text).not.toMatch(/legalActions|\bactions?\b|\bJSON\b|\bAPI\b|\bnull\b|\btrue\b|\bfalse\b/i);
      });

      it('is short enough to read in a few minutes', () => {
        const count = (s: string) => s.split(/\s+/).filter(Boolean).length;
        const body = peopleRules[kind]?.sections.flatMap((s) => s.paragraphs).join(' ') ?? '';
        expect(count(body)).toBeGreaterThanOrEqual(120);
        expect(count(body)).toBeLessThanOrEqual(400);
      });
    });
  }
});
