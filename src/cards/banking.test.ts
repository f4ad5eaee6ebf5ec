import { describe, expect, it } from 'vitest';
import { aceToTenDeck, pipValue, totalModTen } from './banking';

describe('banking games: cards and totals', () => {
  it('the deck holds ace to ten in four suits, forty cards, no face cards', () => {
    const deck = aceToTenDeck();
    expect(deck).toHaveLength(40);
    expect(new Set(deck).size).toBe(40);
    expect(deck.some((c) => /^[JQK]/.test(c))).toBe(false);
    expect(deck.filter((c) => c.startsWith('T'))).toEqual(['TS', 'TH', 'TD', 'TC']);
  });
  it('an ace is worth one, a ten ten, the others their pips', () => {
    expect(pipValue('AS')).toBe(1);
    expect(pipValue('7H')).toBe(7);
    expect(pipValue('TD')).toBe(10);
  });
  it('a hand is worth its sum with the tens digit dropped', () => {
    expect(totalModTen(['4S', '5H'])).toBe(9); // 9
    expect(totalModTen(['7S', '8H'])).toBe(5); // 15 -> 5
    expect(totalModTen(['TS', 'TH'])).toBe(0); // 20 -> 0
    expect(totalModTen(['9S', '9H', '9D', '8C'])).toBe(5); // 35 -> 5
    expect(totalModTen(['AS', 'TC'])).toBe(1); // 11 -> 1
    expect(totalModTen([])).toBe(0);
  });
});
