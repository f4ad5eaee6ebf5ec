import { describe, expect, it } from 'vitest';
import { type Card, seedRng, suitOf } from '../../cards';
import { type Action, playMove, resolveOptions, type SeenEvent } from '../../engine';
import { kaiser as game, type Options, type State, type View } from '.';

/** The hearts deal of kaiser.test.ts: seat 1 the top hearts and the 7♣, seat 2 the clubs and the 5♥, seat 3 the diamonds, seat 0 the spades. */
const HANDS: Card[][] = [
  ['AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S', '3S'],
  ['AH', 'KH', 'QH', 'JH', 'TH', '9H', '8H', '7C'],
  ['5H', 'AC', 'KC', 'QC', 'JC', 'TC', '9C', '8C'],
  ['AD', 'KD', 'QD', 'JD', 'TD', '9D', '8D', '7D'],
];
const deck = Array.from({ length: 8 }, (_, k) => [1, 2, 3, 0].map((seat) => HANDS[seat][k])).flat();

describe('a Kaiser deal sampled for a seat', () => {
  // Seat 1 bids 7 in hearts and leads the A♥: seat 2 follows with the 5♥, seats 3 and 0 show they have no heart.
  let s: State = game.setup({ seats: 4, options: resolveOptions(game, {}, 4) as Options, seed: 'hearts', deck });
  const seen: SeenEvent[] = [];
  const moves: [number, Action][] = [
    [1, { type: 'bid', points: 7, noTrump: false }],
    [2, { type: 'pass' }],
    [3, { type: 'pass' }],
    [0, { type: 'pass' }],
    [1, { type: 'trump', suit: 'H' }],
    [1, { type: 'play', card: 'AH' }],
    [2, { type: 'play', card: '5H' }],
    [3, { type: 'play', card: '7D' }],
    [0, { type: 'play', card: '8S' }],
  ];
  for (const [seat, action] of moves) {
    s = playMove(game, s, seat, action);
    seen.push({ seq: seen.length + 1, seat, kind: 'move', by: 'seat', action });
  }
  const samples = Array.from(
    { length: 30 },
    (_, i) => game.sample?.(game.view(s, 2) as View, 2, seedRng(`sample ${i}`), seen) as State,
  );

  it('deals no heart to the seats that showed a void in hearts: the others all go to the seat that led them', () => {
    for (const sampled of samples) {
      expect(sampled.hands[0].concat(sampled.hands[3]).filter((c) => suitOf(c) === 'H')).toEqual([]);
      expect(sampled.hands[1].filter((c) => suitOf(c) === 'H').sort()).toEqual(['8H', '9H', 'JH', 'KH', 'QH', 'TH']);
    }
  });

  it('keeps the seat’s own hand and puts the trick it watched with the side that took it', () => {
    for (const sampled of samples) {
      expect(sampled.hands[2]).toEqual(s.hands[2]);
      expect(sampled.taken).toEqual([[], ['AH', '5H', '7D', '8S']]);
    }
  });

  it('varies what the seat cannot know', () => {
    expect(new Set(samples.map((x) => x.hands[0].join())).size).toBeGreaterThan(1);
  });
});
