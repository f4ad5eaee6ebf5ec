import { describe, expect, it } from 'vitest';
import { allHandsEmpty, movesOfDeal, replenishHands, takeLeftovers } from './fishing';

describe('fishing-game bookkeeping', () => {
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
});
