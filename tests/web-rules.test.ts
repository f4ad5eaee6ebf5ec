import { describe, expect, it } from 'vitest';
import { fortyCardDeck, removeCards } from '../src/cards';
import { type AnyGame, defaultOptions, playMove } from '../src/engine';
import { games } from '../src/games';
import { scoreDeal, trickValue } from '../src/games/kaiser/scoring';
import { cardName } from '../web/src/cards';
import { peopleRules } from '../web/src/rules';

/** Every word of a game's rules for players, headings and example included. */
function words(kind: string): string {
  const r = peopleRules[kind];
  if (!r) return '';
  return [...r.sections.flatMap((s) => [s.title, ...s.paragraphs]), r.example.title, ...r.example.steps].join('\n');
}

/**
 * The option names of a game as the API spells them, and their values, where they are identifiers: camelCase
 * or hyphenated (`redealThreeKings`, `dealer-left`); a plain word like `target` or `push` is also English.
 */
function optionKeys(game: AnyGame): string[] {
  type Prop = { enum?: unknown[]; anyOf?: { const?: unknown }[] };
  const props = (game.optionsSchema as { properties?: Record<string, Prop> }).properties ?? {};
  const values = Object.values(props).flatMap((p) => [...(p.enum ?? []), ...(p.anyOf ?? []).map((a) => a.const)]);
  return [...Object.keys(props), ...values].filter((k): k is string => typeof k === 'string' && /[a-z][A-Z]|\w-\w/.test(k));
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

describe('an example as the engine plays it', () => {
  it('Scopa: the 7 pairs rather than adds, a card that takes nothing is laid, 4 + 2 is taken by the 6, and the last table card taken is a scopa', () => {
    const game = games.get('scopa') as AnyGame;
    // You (the non-dealer) hold 7♦ 2♣ 3♦, your opponent K♣ 6♥ A♠; the table 3♣ 4♥ 7♠ K♦, as the example tells it.
    const top = ['7D', 'KC', '2C', '6H', '3D', 'AS', '3C', '4H', '7S', 'KD'];
    let s = game.setup({
      seats: 2,
      options: { target: 11, redealThreeKings: true },
      seed: 'example',
      deck: [...top, ...removeCards(fortyCardDeck(), top)],
    });
    const takes = (seat: number, card: string) =>
      (game.legalActions(s, seat) as { card: string; capture: string[] }[])
        .filter((a) => a.card === card)
        .map((a) => [...a.capture].sort());
    expect(takes(0, '7D')).toEqual([['7S']]);
    s = playMove(game, s, 0, { type: 'play', card: '7D', capture: ['7S'] });
    expect(takes(1, 'KC')).toEqual([['KD']]);
    s = playMove(game, s, 1, { type: 'play', card: 'KC', capture: ['KD'] });
    expect(takes(0, '2C')).toEqual([[]]);
    s = playMove(game, s, 0, { type: 'play', card: '2C', capture: [] });
    expect(takes(1, '6H')).toEqual([['2C', '4H']]);
    s = playMove(game, s, 1, { type: 'play', card: '6H', capture: ['4H', '2C'] });
    s = playMove(game, s, 0, { type: 'play', card: '3D', capture: ['3C'] });
    // The view counts the scopas made this deal, by seat.
    expect((game.view(s, 0) as { scopas: number[] }).scopas).toEqual([1, 0]);
  });

  it('Kaiser: the dealer takes a 7 by equalling it; 6 tricks with the 3 of spades are 3, 2 with the 5 of hearts are 7; the declarers lose 3, the defenders add 7', () => {
    const game = games.get('kaiser') as AnyGame;
    let s = game.setup({ seats: 4, options: defaultOptions(game), seed: 'example' });
    // The dealer deals first; you sit on the dealer's left and bid first.
    s = playMove(game, s, 1, { type: 'bid', points: 7, noTrump: false });
    s = playMove(game, s, 2, { type: 'pass' });
    s = playMove(game, s, 3, { type: 'pass' });
    s = playMove(game, s, 0, { type: 'bid', points: 7, noTrump: false });
    expect((s as { contract: { seat: number } }).contract.seat).toBe(0);
    const declarers = trickValue(6, ['3S']);
    const defenders = trickValue(2, ['5H']);
    expect([declarers, defenders]).toEqual([3, 7]);
    expect(
      scoreDeal({
        contract: { points: 7, noTrump: false },
        declarers,
        defenders,
        defendersScore: 0,
        failedContract: 'tricks',
        defenderLimit: 45,
      }),
    ).toEqual({ made: false, declarers: -3, defenders: 7 });
  });

  it('the examples checked here name the cards they play', () => {
    const told = (kind: string) => peopleRules[kind]?.example.steps.join(' ') ?? '';
    for (const c of ['7D', 'KC', '2C', '6H', '3D', '3C', '4H', '7S', 'KD']) expect(told('scopa')).toContain(cardName(c));
    for (const c of ['3S', '5H', 'KH', '8H', 'AH', '9S']) expect(told('kaiser')).toContain(cardName(c));
  });
});
