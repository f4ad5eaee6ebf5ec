import { describe, expect, it } from 'vitest';
import {
  allHandsEmpty,
  dealHandsAndTable,
  fieldsOf,
  fortyCardValue,
  highestTotalWins,
  holderOf,
  movesOfDeal,
  redealTable,
  replenishHands,
  sideOfSeat,
  sidesOf,
  takeLeftovers,
  withoutCard,
} from './fishing';
import { seedRng } from './rng';

describe('fishing-game bookkeeping', () => {
  it('a deal gives the hands one card at a time from the first seat, then the table from the top, the rest the stock', () => {
    expect(dealHandsAndTable(['AS', '2S', '3S', '4S', '5S', '6S', '7S'], { seats: 2, count: 2, first: 1 }, 2)).toEqual({
      hands: [
        ['2S', '4S'],
        ['AS', '3S'],
      ],
      table: ['5S', '6S'],
      stock: ['7S'],
    });
  });

  it('a table the redeal rule refuses goes back to the stock and is dealt again until the rule passes', () => {
    const dealt = { hands: [['AS']], table: ['JC', 'JD'], stock: ['2S', '3S', '4S', '5S', '6S', '7S', '8S'] };
    const hasJack = (table: readonly string[]) => table.some((c) => c.startsWith('J'));
    const again = redealTable(dealt, seedRng('redeal'), hasJack, 'under');
    expect(hasJack(again.table)).toBe(false);
    expect(again.table).toHaveLength(2);
    expect(again.redeals).toBeGreaterThan(0);
    expect([...again.table, ...again.stock].sort()).toEqual([...dealt.table, ...dealt.stock].sort());
    expect(again.hands).toBe(dealt.hands);
  });

  it('a table the redeal rule accepts is kept, with the RNG state untouched', () => {
    const dealt = { hands: [[]], table: ['2S'], stock: ['3S'] };
    const rng = seedRng('kept');
    expect(redealTable(dealt, rng, () => false, 'on top')).toEqual({ ...dealt, rng, redeals: 0 });
  });

  it('the highest total wins, and equal highest totals share the win', () => {
    expect(highestTotalWins([3, 7, 5], 'points')).toEqual({ winners: [1], summary: 'seat 1 wins with 7 points (3 / 7 / 5)' });
    expect(highestTotalWins([6, 2, 6], 'pairs')).toEqual({
      winners: [0, 2],
      summary: 'seats 0 and 2 share the win with 6 pairs',
    });
  });

  it('hands are refilled only once every hand is empty', () => {
    expect(allHandsEmpty([[], []])).toBe(true);
    expect(allHandsEmpty([[], ['AS']])).toBe(false);
    expect(replenishHands([[], ['AS']], ['2S', '3S'], 1, 0)).toEqual({ hands: [[], ['AS']], stock: ['2S', '3S'] });
  });

  it('refills deal one card at a time from the first seat named', () => {
    const refilled = replenishHands([[], [], []], ['AS', '2S', '3S', '4S', '5S', '6S', '7S'], 2, 2);
    expect(refilled).toEqual({
      hands: [
        ['2S', '5S'],
        ['3S', '6S'],
        ['AS', '4S'],
      ],
      stock: ['7S'],
    });
  });

  it('the deal is over when the hands and the stock are both empty', () => {
    expect(replenishHands([[], []], [], 4, 1)).toBeUndefined();
  });

  it('the last capturer takes the cards left on the table', () => {
    expect(takeLeftovers(['5H', 'KC'], [['AS'], ['2D']], 1)).toEqual({ table: [], piles: [['AS'], ['2D', '5H', 'KC']] });
  });

  it('with no capture all deal long, the leftovers stay on the table', () => {
    expect(takeLeftovers(['5H'], [[], []], null)).toEqual({ table: ['5H'], piles: [[], []] });
  });

  it("the deal's moves are the log's last ones back to the plays the view counts", () => {
    const move = (seat: number, type: string) => ({ kind: 'move', seat, action: { type } });
    const log = [move(0, 'play'), move(1, 'play'), move(0, 'play'), move(0, 'step'), { kind: 'resign', seat: 1, action: null }];
    const isPlay = (a: { type: string }) => a.type === 'play';
    expect(movesOfDeal(log, 2, isPlay)).toEqual([
      { seat: 1, action: { type: 'play' } },
      { seat: 0, action: { type: 'play' } },
      { seat: 0, action: { type: 'step' } },
    ]);
    expect(movesOfDeal(log, 0, isPlay)).toEqual([]);
    expect(movesOfDeal(log, 9, isPlay)).toHaveLength(4);
  });

  it("a card played leaves its seat's hand only", () => {
    expect(withoutCard([['AS', '2S'], ['3S']], 0, 'AS')).toEqual([['2S'], ['3S']]);
  });

  it('the holder of a card is the pile that holds it, null when none does', () => {
    expect(holderOf([['AS'], ['7D', '2C']], '7D')).toBe(1);
    expect(holderOf([['AS'], ['2C']], '7D')).toBeNull();
  });

  it('seats play alone, or as two teams of alternate seats', () => {
    expect(sidesOf(3, false)).toEqual([[0], [1], [2]]);
    expect(sidesOf(6, true)).toEqual([
      [0, 2, 4],
      [1, 3, 5],
    ]);
    expect([0, 1, 2, 3].map((seat) => sideOfSeat(seat, true))).toEqual([0, 1, 0, 1]);
    expect(sideOfSeat(3, false)).toBe(3);
  });

  it('the fields copied keep the order they are named in', () => {
    expect(JSON.stringify(fieldsOf({ a: 1, b: [2], c: 3 }, ['c', 'a']))).toBe('{"c":3,"a":1}');
  });

  it('the 40-card deck counts its ace 1, the 2-7 their pips, and J Q K 8 9 10', () => {
    expect(['AS', '7D', 'JC', 'QH', 'KS'].map(fortyCardValue)).toEqual([1, 7, 8, 9, 10]);
  });
});
