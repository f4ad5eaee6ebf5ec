import { describe, expect, it } from 'vitest';
import { type Card, sameCards } from '../../cards';
import { conformance, IllegalMove, playMove, resolveOptions } from '../../engine';
import { type Action, cardsFor, divideAndConquer as game, matchWinner, type Options, type State, type View } from '.';

const play = (card: Card): Action => ({ type: 'play', card });

/** A game on a stacked deck: seat 0 gets the cards at even positions, seat 1 the odd ones. */
function dealt(hand0: Card[], hand1: Card[], variant: Options['variant'] = 'standard'): State {
  const deck = hand0.flatMap((c, i) => [c, hand1[i]]);
  return game.setup({ seats: 2, options: { variant }, seed: 'stacked', deck });
}

/** Plays one match: seat 0 lays a, seat 1 lays b. */
function match(s: State, a: Card, b: Card): State {
  return playMove(game, playMove(game, s, 0, play(a)), 1, play(b));
}

describe('Divide and Conquer: who wins a match', () => {
  it('the higher card wins (9-5)', () => expect(matchWinner(['9S', '5S'])).toBe(0));
  it('a lower card that divides the higher wins (9-3)', () => expect(matchWinner(['9S', '3S'])).toBe(1));
  it('the queen counts twelve: a six divides it (Q-6)', () => expect(matchWinner(['QS', '6S'])).toBe(1));
  it('the queen beats a ten, which neither divides it nor stands one below', () => expect(matchWinner(['TS', 'QS'])).toBe(1));
  it('a card exactly one below wins (10-9)', () => expect(matchWinner(['TS', '9S'])).toBe(1));
  it('a two divides every even card', () => {
    for (const c of ['4S', '6S', '8S', 'TS', 'QS']) expect(matchWinner([c, '2S'])).toBe(1);
    expect(matchWinner(['2S', '7S'])).toBe(1);
  });
  it('in the long game a red card is ten plus its pips', () => {
    expect(matchWinner(['2H', '6S'])).toBe(1); // 12 / 6
    expect(matchWinner(['5H', '5S'])).toBe(1); // 15 / 5
    expect(matchWinner(['8H', '9S'])).toBe(1); // 18 / 9
    expect(matchWinner(['5H', '4H'])).toBe(1); // 14 is one below 15
    expect(matchWinner(['8H', '7S'])).toBe(0); // 18 beats 7
  });
});

describe('Divide and Conquer: a game', () => {
  it('uses the ten cards 2-10 and a queen, or the fourteen of the long game', () => {
    expect(cardsFor('standard')).toHaveLength(10);
    expect(cardsFor('standard')).toContain('QS');
    expect(cardsFor('long')).toHaveLength(14);
    expect(
      sameCards(
        cardsFor('long').filter((c) => c.endsWith('H')),
        ['2H', '4H', '5H', '6H', '8H'],
      ),
    ).toBe(true);
  });

  it('deals five cards to each seat from a stacked deck', () => {
    const s = dealt(['2S', '3S', '4S', '5S', '6S'], ['7S', '8S', '9S', 'TS', 'QS']);
    expect(s.hands).toEqual([
      ['2S', '3S', '4S', '5S', '6S'],
      ['7S', '8S', '9S', 'TS', 'QS'],
    ]);
  });

  it('both seats choose at once, and neither sees the other choice until both have chosen', () => {
    let s = dealt(['2S', '3S', '4S', '5S', '6S'], ['7S', '8S', '9S', 'TS', 'QS']);
    expect(game.status(s).toAct).toEqual([0, 1]);
    s = playMove(game, s, 1, play('QS'));
    expect(game.status(s).toAct).toEqual([0]);
    expect(game.legalActions(s, 1)).toEqual([]);
    const seen = game.view(s, 0) as { laid: unknown[]; hands: Card[][] };
    expect(seen.laid).toEqual([null, 'face-down']);
    expect(JSON.stringify(seen)).toContain('QS'); // still in the hand everyone knows
    expect(seen.hands[1]).toEqual(['7S', '8S', '9S', 'TS', 'QS']);
    expect((game.view(s, 1) as { laid: unknown[] }).laid).toEqual([null, 'QS']);
    expect(
      game.moveView?.(
        { before: dealt(['2S', '3S', '4S', '5S', '6S'], ['7S', '8S', '9S', 'TS', 'QS']), after: s, seat: 1, action: play('QS') },
        0,
      ),
    ).toEqual({ type: 'play' });
    s = playMove(game, s, 0, play('6S'));
    expect(s.matches).toEqual([{ cards: ['6S', 'QS'], winner: 0 }]);
  });

  it('refuses a second card in one match and a card not held', () => {
    let s = dealt(['2S', '3S', '4S', '5S', '6S'], ['7S', '8S', '9S', 'TS', 'QS']);
    expect(() => playMove(game, s, 0, play('QS'))).toThrow(IllegalMove);
    s = playMove(game, s, 0, play('2S'));
    expect(() => game.apply(s, 0, play('3S'))).toThrow(/already laid/);
  });

  it('swaps the hands as dealt after five matches, and the majority of ten wins', () => {
    const h0: Card[] = ['2S', '3S', '4S', '5S', '6S'];
    const h1: Card[] = ['7S', '8S', '9S', 'TS', 'QS'];
    let s = dealt(h0, h1);
    // First half: 2-8 (2 divides 8), 3-9 (3 divides 9), 4-7 (7 higher), 5-T (5 divides 10), 6-Q (6 divides 12).
    s = match(s, '2S', '8S');
    s = match(s, '3S', '9S');
    s = match(s, '4S', '7S');
    s = match(s, '5S', 'TS');
    s = match(s, '6S', 'QS');
    expect(game.status(s).scores).toEqual([4, 1]);
    expect(s.hands).toEqual([h1, h0]);
    // Second half, hands swapped: 7-2 (7 is odd, the higher wins), 8-4, 9-3, T-5, Q-6 (each lower card divides).
    s = match(s, '7S', '2S');
    s = match(s, '8S', '4S');
    s = match(s, '9S', '3S');
    s = match(s, 'TS', '5S');
    s = match(s, 'QS', '6S');
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([5, 5]);
    expect(st.result?.winners).toEqual([0, 1]);
    expect(() => playMove(game, s, 0, play('2S'))).toThrow(/over/);
  });

  it('a majority of the matches wins outright', () => {
    const h0: Card[] = ['2S', '3S', '4S', '5S', '6S'];
    const h1: Card[] = ['7S', '8S', '9S', 'TS', 'QS'];
    let s = dealt(h0, h1);
    for (const [a, b] of [
      ['2S', '8S'],
      ['3S', '9S'],
      ['4S', '7S'],
      ['5S', 'TS'],
      ['6S', 'QS'],
    ])
      s = match(s, a, b);
    // Seat 0 now holds 7 8 9 T Q: 7-4, 8-2 (2 divides 8), 9-3 (3 divides 9), T-6, Q-5.
    for (const [a, b] of [
      ['7S', '4S'],
      ['8S', '2S'],
      ['9S', '3S'],
      ['TS', '6S'],
      ['QS', '5S'],
    ])
      s = match(s, a, b);
    expect(game.status(s).scores).toEqual([7, 3]);
    expect(game.status(s).result?.winners).toEqual([0]);
  });

  it('the long game deals seven each and plays fourteen matches', () => {
    const s = game.setup({ seats: 2, options: resolveOptions(game, { variant: 'long' }, 2) as Options, seed: 'x' });
    expect(s.hands[0]).toHaveLength(7);
    expect(s.hands[1]).toHaveLength(7);
  });
});

describe('Divide and Conquer: seeded random games', () => {
  for (const variant of ['standard', 'long'] as const) {
    const checks = conformance<State>(game, {
      configs: [{ seats: 2, options: { variant }, matches: 300, label: `${variant} game` }],
      everyActionEvery: 1,
      invariant: (s) => {
        const inPlay = [...s.hands[0], ...s.hands[1], ...s.matches.flatMap((m) => m.cards)];
        if (s.matches.length < s.dealt[0].length) expect(sameCards(inPlay, cardsFor(variant))).toBe(true);
      },
      // No view shows a card laid face down by the other seat.
      checkView: (s, seat, view) => {
        const { laid } = view as View;
        s.laid.forEach((c, owner) => {
          if (c !== null && owner !== seat) expect(laid[owner]).toBe('face-down');
        });
      },
    });
    for (const c of checks) it(c.name, c.run);
  }

  it('a seat whose clock runs out lays its lowest card', () => {
    const s = dealt(['2S', '3S', '4S', '5S', '6S'], ['7S', '8S', '9S', 'TS', 'QS']);
    expect(game.defaultAction?.(s, 0)).toEqual(play('2S'));
    expect(game.defaultAction?.(s, 1)).toEqual(play('7S'));
  });
});
