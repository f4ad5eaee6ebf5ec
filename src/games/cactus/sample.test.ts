import { describe, expect, it } from 'vitest';
import { type Card, removeCards, seedRng, standardDeck } from '../../cards';
import { type Action, checkSampling, playMove, resolveOptions, type SeenEvent, seenMove } from '../../engine';
import { cactus as game, type Options, type State, type View } from '.';

/** Seat 0 holds 5♠ K♥ 9♦ 2♣, seat 1 Q♠ A♥ 7♦ J♣; the stock starts 8♥ (a peek), 3♣, 9♠ (a spy). */
const top = ['5S', 'QS', 'KH', 'AH', '9D', '7D', '2C', 'JC', '8H', '3C', '9S'];
const deck = [...top, ...removeCards(standardDeck(), top)];

function played(steps: [number, Action][]): { s: State; seen: SeenEvent[][] } {
  let s: State = game.setup({ seats: 2, options: resolveOptions(game, {}, 2) as Options, seed: 'stacked', deck });
  const seen: SeenEvent[][] = [[], []];
  for (const [seat, action] of steps) {
    const after = playMove(game, s, seat, action);
    for (const viewer of [0, 1]) {
      seen[viewer].push({
        seq: seen[viewer].length + 1,
        seat,
        kind: 'move',
        by: 'seat',
        action: seenMove(game, s, after, seat, action, viewer),
      });
    }
    s = after;
  }
  return { s, seen };
}

const samples = (s: State, seat: number, seen: SeenEvent[]) =>
  Array.from({ length: 20 }, (_, i) => game.sample?.(game.view(s, seat) as View, seat, seedRng(`cactus ${i}`), seen) as State);
const at = (s: State, owner: number, position: number) => s.layouts[owner][position]?.card as Card;

describe('a Cactus table sampled for a seat', () => {
  // Seat 0 draws the 8♥ and peeks at its position 2 (9♦); seat 1 draws the 3♣ and swaps it in at position 1 (A♥ goes face up);
  // seat 0 draws the 9♠ and spies seat 1's position 0 (Q♠).
  const { s, seen } = played([
    [0, { type: 'draw' }],
    [0, { type: 'peek', position: 2 }],
    [1, { type: 'draw' }],
    [1, { type: 'swap', position: 1 }],
    [0, { type: 'draw' }],
    [0, { type: 'spy', position: 0 }],
  ]);

  it('keeps the cards the seat peeked and spied where it saw them, though its view shows them face down', () => {
    expect(game.view(s, 0).layouts).toEqual([Array(4).fill('face-down'), Array(4).fill('face-down')]);
    for (const x of samples(s, 0, seen[0])) {
      expect(at(x, 0, 2)).toBe('9D');
      expect(at(x, 1, 0)).toBe('QS');
    }
  });

  it('knows the card it placed itself, and not the one the other seat placed', () => {
    const mine = samples(s, 1, seen[1]);
    for (const x of mine) expect(at(x, 1, 1)).toBe('3C');
    expect(new Set(samples(s, 0, seen[0]).map((x) => at(x, 1, 1))).size).toBeGreaterThan(1);
  });

  it('remembers who has looked at what: the other seat knows the card it placed', () => {
    for (const x of samples(s, 0, seen[0])) {
      expect(x.layouts[1][1]?.seen).toEqual([false, true]);
      expect(x.layouts[0][2]?.seen).toEqual([true, false]);
    }
  });

  it('samples the view with the memory aid on', () => {
    checkSampling(game, { matches: 10, moves: 120, options: [{ memoryAid: true }] });
  });
});
