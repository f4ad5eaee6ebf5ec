import { describe, expect, it } from 'vitest';
import { standardDeck } from '../cards';
import { divideAndConquer as game } from '../games/divide-and-conquer';
import { paks } from '../games/paks';
import {
  type AnyGame,
  assertConserved,
  assertHidden,
  CardCode,
  CardSet,
  canonicalAction,
  cardsShown,
  decide,
  defaultOptions,
  IllegalMove,
  openingDeck,
  playMove,
  replay,
  resolveOptions,
  SetOf,
  SetupError,
  sameAction,
  seatCounts,
  Type,
} from '.';

const created = { seats: 2, options: { variant: 'standard' as const }, seed: 'engine' };

describe('the engine', () => {
  it('resolves options with their defaults and refuses unknown or out-of-range ones', () => {
    expect(resolveOptions(game, {}, 2)).toEqual({ variant: 'standard' });
    expect(() => resolveOptions(game, { variant: 'short' }, 2)).toThrow(SetupError);
    expect(() => resolveOptions(game, { speed: 1 }, 2)).toThrow(SetupError);
    expect(() => resolveOptions(game, {}, 3)).toThrow(/2 to 2 seats, not 3/);
  });

  it('counts the seats a game is played by, leaving out those its setup refuses', () => {
    expect(seatCounts(game, resolveOptions(game, {}, 2))).toEqual([2]);
    expect(seatCounts(paks, defaultOptions(paks))).toEqual([2, 3, 4, 6]);
  });

  it('uses a stacked deck as given, and refuses one that is not the game’s cards', () => {
    const deck = standardDeck();
    expect(openingDeck({ ...created, deck }, standardDeck())[0]).toEqual(deck);
    expect(() => openingDeck({ ...created, deck: deck.slice(1) }, standardDeck())).toThrow(SetupError);
    expect(() => openingDeck({ ...created, deck: [...deck.slice(1), deck[1]] }, standardDeck())).toThrow(SetupError);
  });

  it('compares actions by their JSON, whatever the key order', () => {
    expect(sameAction({ type: 'play', card: 'QS' }, { card: 'QS', type: 'play' })).toBe(true);
    expect(sameAction({ type: 'play', card: 'QS' }, { type: 'play', card: 'KS' })).toBe(false);
    // Compared as JSON: nested sets in their order, an undefined field absent, no field extra or missing.
    expect(sameAction({ type: 'take', sets: [['2S', '3S'], ['5H']] }, { sets: [['2S', '3S'], ['5H']], type: 'take' })).toBe(true);
    expect(sameAction({ type: 'take', sets: [['2S', '3S']] }, { type: 'take', sets: [['3S', '2S']] })).toBe(false);
    expect(sameAction({ type: 'pass', card: undefined }, { type: 'pass' })).toBe(true);
    expect(sameAction({ type: 'pass' }, { type: 'pass', card: 'QS' })).toBe(false);
    expect(sameAction({ type: 'bid', value: 0 }, { type: 'bid', value: null })).toBe(false);
    expect(sameAction({ type: 'take', sets: [] }, { type: 'take', sets: {} })).toBe(false);
  });

  it('applies only listed actions, with the game’s own reason when it has one', () => {
    const s = game.setup(created);
    const card = s.hands[0][0];
    expect(() => playMove(game, s, 0, { type: 'play', card: s.hands[1][0] })).toThrow(/not in your hand/);
    expect(() => playMove(game, s, 0, { type: 'play', card, extra: true })).toThrow(IllegalMove);
    const after = playMove(game, s, 0, { type: 'play', card });
    expect(() => playMove(game, after, 0, { type: 'play', card: s.hands[0][1] })).toThrow(/already laid/);
  });

  it('replaying the log rebuilds the same state, and never touches the states it passes through', () => {
    const s0 = game.setup(created);
    const frozen = JSON.stringify(s0);
    const moves = [
      { seat: 0, action: { type: 'play', card: s0.hands[0][0] } },
      { seat: 1, action: { type: 'play', card: s0.hands[1][0] } },
    ];
    const direct = moves.reduce((s, m) => playMove(game, s, m.seat, m.action), s0);
    expect(replay(game, created, moves)).toEqual(direct);
    expect(JSON.stringify(s0)).toBe(frozen);
  });
});

describe('the leak and conservation checks the game tests share', () => {
  it('finds every card code anywhere in a view, and nothing that only looks like one', () => {
    const view = { hand: ['AS', 'TD'], table: [{ card: 'KH', label: 'KH won' }], count: 3, note: 'QS' };
    expect([...cardsShown(view)].sort()).toEqual(['AS', 'KH', 'QS', 'TD']);
    expect(() => assertHidden(view, ['2C', 'KH'], 1)).toThrow('KH leaks to seat 1');
    expect(() => assertHidden(view, ['2C'], null)).not.toThrow();
  });
  it('a card lost, doubled or foreign breaks conservation', () => {
    expect(() => assertConserved([['AS'], ['KH', 'TD']], ['TD', 'AS', 'KH'])).not.toThrow();
    expect(() => assertConserved([['AS'], ['KH']], ['TD', 'AS', 'KH'])).toThrow(/not conserved/);
    expect(() => assertConserved([['AS', 'AS'], ['KH']], ['TD', 'AS', 'KH'])).toThrow(/not conserved/);
  });
});

describe('sets in any order', () => {
  const schema = Type.Union([
    Type.Object({ type: Type.Literal('discard'), cards: CardSet({ minItems: 1 }) }),
    Type.Object({ type: Type.Literal('run'), cards: Type.Array(CardCode), groups: SetOf(CardSet()) }),
  ]);
  const toy = { ...game, actionSchema: schema } as AnyGame;

  it('puts the cards of a set in rank order, then suit (S H D C), whatever the order posted', () => {
    expect(canonicalAction(toy, { type: 'discard', cards: ['8D', '4H', 'AS', '4S'] })).toEqual({
      type: 'discard',
      cards: ['AS', '4S', '4H', '8D'],
    });
  });

  it('keeps the order of a list that is not a set, and orders sets nested inside it', () => {
    const posted = {
      type: 'run',
      cards: ['QS', 'JS', 'KS'],
      groups: [
        ['9C', '2D'],
        ['5H', '3H'],
      ],
    };
    expect(canonicalAction(toy, posted)).toEqual({
      type: 'run',
      cards: ['QS', 'JS', 'KS'],
      groups: [
        ['2D', '9C'],
        ['3H', '5H'],
      ],
    });
  });

  it('leaves the actions of a game without sets untouched', () => {
    const action = { type: 'play', card: 'QS' };
    expect(canonicalAction(game, action)).toBe(action);
  });

  it('decides a shuffled set as the listed action, and returns the canonical form to log', () => {
    const listed = { type: 'discard', cards: ['4H', '8D'] };
    const lister = {
      ...toy,
      legalActions: () => [listed],
      apply: (s: unknown) => s,
      status: () => ({ toAct: [0], finished: false, scores: [0] }),
    };
    expect(decide(lister, {}, 0, { type: 'discard', cards: ['8D', '4H'] }).action).toEqual(listed);
    expect(() => decide(lister, {}, 0, { type: 'discard', cards: ['8D', '4S'] })).toThrow(IllegalMove);
  });
});
