import { describe, expect, it } from 'vitest';
import { defaultOptions, resolveOptions } from '../src/engine';
import { games } from '../src/games';

const KINDS = [
  'kabu',
  'oicho-kabu',
  'divide-and-conquer',
  'card-stock-market',
  'cactus',
  'canadian-salad',
  'kaiser',
  'poke',
  'chinese-ten',
  'diloti',
  'kontsina',
  'xeri',
  'porrazo',
  'totit',
  'stealing-bundles',
  'paks',
  'escoba',
  'scopa',
];

describe('the registry of games', () => {
  it('offers only the kinds of DESIGN.md, each under its own kind', () => {
    for (const [kind, game] of games) {
      expect(KINDS).toContain(kind);
      expect(game.kind).toBe(kind);
    }
  });

  for (const game of games.values()) {
    describe(game.title, () => {
      it('gives every option a default, so any option may be left out', () => {
        const schema = game.optionsSchema as {
          properties?: Record<string, { default?: unknown }>;
          additionalProperties?: boolean;
        };
        for (const [name, property] of Object.entries(schema.properties ?? {})) expect(property, name).toHaveProperty('default');
        expect(schema.additionalProperties).toBe(false);
        expect(() => resolveOptions(game, {}, game.seats.min)).not.toThrow();
        expect(resolveOptions(game, {}, game.seats.max)).toEqual(defaultOptions(game));
      });

      it('publishes its rules, how it deals, and a sane seat range', () => {
        expect(game.rules.length).toBeGreaterThan(200);
        expect(game.dealing.length).toBeGreaterThan(20);
        expect(game.seats.min).toBeGreaterThanOrEqual(2);
        expect(game.seats.max).toBeGreaterThanOrEqual(game.seats.min);
      });

      it('speaks to players in its catalog text, not of the source text it was written from', () => {
        const published = [game.rules, game.dealing, JSON.stringify([game.optionsSchema, game.actionSchema, game.viewSchema])];
        for (const text of published) expect(text).not.toMatch(/\bthe (rule )?text\b/i);
      });

      it('deals a stacked deck exactly when it holds the game’s cards, and refuses one that does not', () => {
        const seats = game.seats.min;
        const options = defaultOptions(game);
        const cards = game.cards(seats, options);
        const deck = [...cards].reverse();
        expect(() => game.setup({ seats, options, seed: 's', deck })).not.toThrow();
        expect(() => game.setup({ seats, options, seed: 's', deck: deck.slice(1) })).toThrow(/deck/);
      });

      it('the same seed gives the same state; another seed another deal', () => {
        const seats = game.seats.max;
        const options = resolveOptions(game, {}, seats);
        const a = JSON.stringify(game.setup({ seats, options, seed: 'one' }));
        expect(JSON.stringify(game.setup({ seats, options, seed: 'one' }))).toBe(a);
        expect(JSON.stringify(game.setup({ seats, options, seed: 'two' }))).not.toBe(a);
      });
    });
  }
});
