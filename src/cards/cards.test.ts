import { describe, expect, it } from 'vitest';
import {
  buildDeck,
  containsCards,
  deal,
  fortyCardDeck,
  isCard,
  rankNumber,
  rankNumberAceHigh,
  removeCards,
  sameCards,
  standardDeck,
  subsetsSumming,
} from '.';
import { randomInt, seedRng, shuffle } from './rng';

describe('card codes and decks', () => {
  it('codes are rank then suit, JK a joker', () => {
    expect(['TD', 'AS', '2C', 'KH', 'JK'].every(isCard)).toBe(true);
    expect(['10D', 'T', 'XS', 'td', ''].some(isCard)).toBe(false);
  });
  it('ranks count ace low or ace high', () => {
    expect(['AS', '7H', 'TD', 'JC', 'QS', 'KH'].map(rankNumber)).toEqual([1, 7, 10, 11, 12, 13]);
    expect(rankNumberAceHigh('AS')).toBe(14);
  });
  it('the standard deck has 52 distinct cards, the forty-card deck drops 8, 9 and 10', () => {
    expect(new Set(standardDeck()).size).toBe(52);
    const forty = fortyCardDeck();
    expect(forty).toHaveLength(40);
    expect(forty.some((c) => '89T'.includes(c[0]))).toBe(false);
  });
  it('a doubled deck with jokers repeats codes, and cards can be left out', () => {
    const d = buildDeck({ copies: 2, jokers: 2 });
    expect(d).toHaveLength(106);
    expect(d.filter((c) => c === 'AS')).toHaveLength(2);
    expect(buildDeck({ without: ['2C', '2D'] })).toHaveLength(50);
  });
  it('multiset helpers respect duplicates', () => {
    expect(sameCards(['AS', 'AS', 'KH'], ['KH', 'AS', 'AS'])).toBe(true);
    expect(sameCards(['AS', 'KH', 'KH'], ['KH', 'AS', 'AS'])).toBe(false);
    expect(containsCards(['AS', 'KH'], ['AS', 'AS'])).toBe(false);
    expect(removeCards(['AS', 'AS', 'KH'], ['AS'])).toEqual(['AS', 'KH']);
    expect(() => removeCards(['AS'], ['KH'])).toThrow();
  });
});

describe('seeded randomness', () => {
  it('the same seed gives the same shuffle, another seed another', () => {
    const [a] = shuffle(standardDeck(), seedRng('table-1'));
    const [b] = shuffle(standardDeck(), seedRng('table-1'));
    const [c] = shuffle(standardDeck(), seedRng('table-2'));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(sameCards(a, standardDeck())).toBe(true);
  });
  it('the generator state is plain data that continues where it stopped', () => {
    const rng = seedRng('x');
    const [n1, next] = randomInt(rng, 1, 6);
    expect(JSON.parse(JSON.stringify(next))).toEqual(next);
    expect(randomInt(rng, 1, 6)[0]).toBe(n1);
    const draws = Array.from({ length: 600 }, (_, i) => randomInt(seedRng(`d${i}`), 1, 6)[0]);
    for (let v = 1; v <= 6; v++) expect(draws.filter((d) => d === v).length).toBeGreaterThan(60);
  });
});

describe('capture sums', () => {
  it('lists every set of table cards adding up to the target, once per distinct set', () => {
    const value = (c: string) => rankNumber(c);
    const sets = subsetsSumming(['AS', '4H', '5D', '3C', '2S', '5C'], 5, value);
    const keys = sets.map((s) => [...s].sort().join(' ')).sort();
    expect(keys).toEqual(['2S 3C', '4H AS', '5C', '5D']);
    expect(subsetsSumming(['5D', '5C', 'AS', '4H'], 5, value, 2).map((s) => s.join(' '))).toEqual(['AS 4H']);
    expect(subsetsSumming(['2S', '2S', '3C'], 5, value)).toHaveLength(1);
  });
});

describe('dealing from the top', () => {
  it('deals around the table from the first seat, in batches, and keeps the rest as stock', () => {
    const stock = ['AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S'];
    const { hands, stock: rest } = deal(stock, { seats: 2, count: 4, first: 1, batch: 2 });
    expect(hands).toEqual([
      ['3S', '4S', '7S', '8S'],
      ['AS', '2S', '5S', '6S'],
    ]);
    expect(rest).toEqual(['9S']);
  });
  it('replenishes existing hands and refuses to deal more than the stock holds', () => {
    const { hands } = deal(['AS', '2S'], { seats: 2, count: 1, hands: [['KH'], []] });
    expect(hands).toEqual([['KH', 'AS'], ['2S']]);
    expect(() => deal(['AS'], { seats: 2, count: 1 })).toThrow();
  });
});
