import { describe, expect, it } from 'vitest';
import { bestOfEachSuit, primieraPoints, primieraTotal, primieraWinner, setentaCards } from './primiera';

describe('primiera and setenta: the best card of each suit', () => {
  it('ranks 7, 6, A, 5, 4, 3, 2, then the face cards all alike', () => {
    expect(['7S', '6S', 'AS', '5S', '4S', '3S', '2S', 'JS', 'QS', 'KS'].map(primieraPoints)).toEqual([
      21, 18, 16, 15, 14, 13, 12, 10, 10, 10,
    ]);
  });

  it('takes the best card of each suit, spades, hearts, diamonds, clubs', () => {
    expect(bestOfEachSuit(['KS', '2S', 'AH', '6H', 'QD', '7C', '5C'])).toEqual(['2S', '6H', 'QD', '7C']);
  });

  it('a pile lacking a suit has no primiera and no setenta', () => {
    const noClubs = ['7S', '7H', '7D', '6S'];
    expect(bestOfEachSuit(noClubs)).toBeUndefined();
    expect(primieraTotal(noClubs)).toBeUndefined();
    expect(setentaCards(noClubs)).toBeUndefined();
  });

  it('the primiera adds the four best cards', () => {
    // 7S 21 + 6H 18 + AD 16 + KC 10 = 65
    expect(primieraTotal(['7S', '2S', '6H', 'AD', 'KD', 'KC'])).toBe(65);
  });

  it('the setenta lists the four best cards, highest first', () => {
    expect(setentaCards(['KC', '6H', '7S', 'AD'])).toEqual([21, 18, 16, 10]);
  });
});

describe('who wins the primiera or the setenta', () => {
  it('the higher total wins the primiera', () => {
    // 21+21+10+10 = 62 against 18+18+18+18 = 72
    expect(
      primieraWinner(
        [
          ['7S', '7H', 'KD', 'KC'],
          ['6S', '6H', '6D', '6C'],
        ],
        'total',
      ),
    ).toBe(1);
  });

  it('card by card, the higher best card wins even against a higher total', () => {
    // 21 21 10 10 against 18 18 18 18: the first cards compare 21 > 18
    expect(
      primieraWinner(
        [
          ['7S', '7H', 'KD', 'KC'],
          ['6S', '6H', '6D', '6C'],
        ],
        'card-by-card',
      ),
    ).toBe(0);
  });

  it('card by card, equal first cards go to the next card', () => {
    // 21 18 16 14 against 21 18 16 15 (5D): decided by the fourth card
    expect(
      primieraWinner(
        [
          ['7S', '6H', 'AD', '4C'],
          ['7H', '6S', 'AC', '5D'],
        ],
        'card-by-card',
      ),
    ).toBe(1);
  });

  it('a tie scores nobody', () => {
    expect(
      primieraWinner(
        [
          ['7S', '6H', 'AD', '4C'],
          ['7H', '6S', 'AC', '4D'],
        ],
        'card-by-card',
      ),
    ).toBeUndefined();
    // 21+18+16+14 = 69 each, with different cards: 7 6 A 4 against 6 7 A 4
    expect(
      primieraWinner(
        [
          ['7S', '6H', 'AD', '4C'],
          ['6S', '7H', 'AC', '4D'],
        ],
        'total',
      ),
    ).toBeUndefined();
  });

  it('only a pile holding all four suits is eligible, however good the other', () => {
    const threeSevens = ['7S', '7H', '7D', '6S'];
    const weak = ['2S', 'KH', 'QD', 'JC'];
    expect(primieraWinner([threeSevens, weak], 'total')).toBe(1);
    expect(primieraWinner([threeSevens, weak], 'card-by-card')).toBe(1);
    expect(primieraWinner([threeSevens, ['7C', '6H']], 'total')).toBeUndefined();
  });

  it('among three piles the strictly best wins, an equal best scores nobody', () => {
    const a = ['7S', '6H', 'AD', '4C'];
    const b = ['7H', '6S', 'AC', '4D'];
    expect(primieraWinner([a, b, ['2S', '2H', '2D', '2C']], 'card-by-card')).toBeUndefined();
    expect(primieraWinner([a, ['5S', '5H', '5D', '5C'], ['2S', '2H', '2D', '2C']], 'card-by-card')).toBe(0);
  });
});
