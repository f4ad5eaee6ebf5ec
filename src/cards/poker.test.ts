import { describe, expect, it } from 'vitest';
import { buildDeck, type Card } from './cards';
import {
  comparePokerHands,
  isRoyalFlush,
  POKER_CATEGORIES,
  type PokerCategory,
  pokerCategory,
  pokerHand,
  pokerIndex,
  pokerValue,
} from './poker';

const hand = (text: string): Card[] => text.split(' ');
const value = (text: string) => pokerHand(hand(text)).value;

describe('poker hands: categories', () => {
  const examples: [string, PokerCategory, string][] = [
    ['AS KS QS JS TS', 'straight-flush', 'royal flush'],
    ['9H 8H 7H 6H 5H', 'straight-flush', 'straight flush, nine high'],
    ['5D 4D 3D 2D AD', 'straight-flush', 'straight flush, five high'],
    ['QC QS QH QD 3S', 'four-of-a-kind', 'four of a kind, queens'],
    ['KS KH KD 7C 7S', 'full-house', 'full house, kings over sevens'],
    ['AH JH 8H 4H 2H', 'flush', 'flush, ace high'],
    ['TS 9H 8D 7C 6S', 'straight', 'straight, ten high'],
    ['AS 2H 3D 4C 5S', 'straight', 'straight, five high'],
    ['AS KH QD JC TS', 'straight', 'straight, ace high'],
    ['6S 6H 6D KC 2S', 'three-of-a-kind', 'three of a kind, sixes'],
    ['JS JH 4D 4C AS', 'two-pair', 'two pair, jacks and fours'],
    ['AS AH 9D 5C 2S', 'pair', 'pair of aces'],
    ['KS JH 9D 5C 2S', 'high-card', 'high card, king'],
  ];
  for (const [cards, category, name] of examples) {
    it(`${cards} is ${name}`, () => {
      const h = pokerHand(hand(cards));
      expect(h.category).toBe(category);
      expect(h.name).toBe(name);
      expect(pokerCategory(h.value)).toBe(category);
    });
  }

  it('A-2-3-4-5 is a straight, but a run cannot turn the corner (Q-K-A-2-3 is not)', () => {
    expect(pokerHand(hand('AS 2H 3D 4C 5S')).category).toBe('straight');
    expect(pokerHand(hand('QS KH AD 2C 3S')).category).toBe('high-card');
  });

  it('only the ace-high straight flush is royal', () => {
    expect(isRoyalFlush(pokerHand(hand('TH JH QH KH AH')))).toBe(true);
    expect(isRoyalFlush(pokerHand(hand('9H TH JH QH KH')))).toBe(false);
    expect(isRoyalFlush(pokerHand(hand('AH 2H 3H 4H 5H')))).toBe(false);
    expect(isRoyalFlush(pokerHand(hand('AH KH QH JH 9H')))).toBe(false);
  });

  it('names the cards that make the hand, most significant first, and the kickers highest first', () => {
    expect(pokerHand(hand('2S AS 9D AH 5C'))).toMatchObject({ cards: ['AS', 'AH'], kickers: ['9D', '5C', '2S'] });
    expect(pokerHand(hand('4D JS AS 4C JH'))).toMatchObject({ cards: ['JS', 'JH', '4D', '4C'], kickers: ['AS'] });
    expect(pokerHand(hand('7C KS 7S KH KD'))).toMatchObject({ cards: ['KS', 'KH', 'KD', '7C', '7S'], kickers: [] });
    expect(pokerHand(hand('3S QC QS QH QD'))).toMatchObject({ cards: ['QC', 'QS', 'QH', 'QD'], kickers: ['3S'] });
    expect(pokerHand(hand('6S KC 6H 2S 6D'))).toMatchObject({ cards: ['6S', '6H', '6D'], kickers: ['KC', '2S'] });
    // The wheel's ace plays low: five, four, three, two, ace.
    expect(pokerHand(hand('AS 2H 3D 4C 5S')).cards).toEqual(['5S', '4C', '3D', '2H', 'AS']);
    expect(pokerHand(hand('2S KH 5C 9D JH'))).toMatchObject({ cards: ['KH'], kickers: ['JH', '9D', '5C', '2S'] });
  });

  it('refuses anything but five different cards of the 52', () => {
    expect(() => pokerHand(hand('AS KS QS JS'))).toThrow(/five cards/);
    expect(() => pokerHand(hand('AS AS QS JS TS'))).toThrow(/repeats/);
    expect(() => pokerHand(hand('AS JK QS JS TS'))).toThrow(/52-card/);
  });
});

describe('poker hands: order and tie-breaks', () => {
  it('the categories rank straight flush, four, full house, flush, straight, three, two pair, pair, high card', () => {
    const ladder = [
      '7S 5H 4D 3C 2S', // the lowest high card
      '2S 2H 3D 4C 5D',
      '3S 3H 2D 2C 4S',
      '2S 2H 2D 3C 4S',
      'AS 2H 3D 4C 5S',
      '7H 5H 4H 3H 2H',
      '2S 2H 2D 3C 3S',
      '2S 2H 2D 2C 3S',
      'AH 2H 3H 4H 5H',
      'AS KS QS JS TS',
    ].map(value);
    for (let k = 1; k < ladder.length; k++) expect(ladder[k]).toBeGreaterThan(ladder[k - 1]);
    expect(ladder.map(pokerCategory)).toEqual(['high-card', ...POKER_CATEGORIES.slice(1), 'straight-flush']);
  });

  it('straights rank by their top card: the wheel is the lowest, six-high beats it, ace-high is the highest', () => {
    expect(value('AS 2H 3D 4C 5S')).toBeLessThan(value('2S 3H 4D 5C 6S'));
    expect(value('9S TH JD QC KS')).toBeLessThan(value('TS JH QD KC AS'));
    expect(value('AH 2H 3H 4H 5H')).toBeLessThan(value('2D 3D 4D 5D 6D'));
    // The same straight in other suits ties.
    expect(comparePokerHands(hand('AS 2H 3D 4C 5S'), hand('AD 2C 3S 4H 5H'))).toBe(0);
  });

  it('four of a kind: the higher four wins, then the kicker', () => {
    expect(comparePokerHands(hand('3S 3H 3D 3C 2S'), hand('2S 2H 2D 2C AS'))).toBe(1);
    expect(comparePokerHands(hand('KS KH KD KC 2S'), hand('AS AH AD AC 2H'))).toBe(-1);
  });

  it('full house: the three decide, then the pair', () => {
    expect(comparePokerHands(hand('3S 3H 3D 2C 2S'), hand('2H 2D 2C AS AH'))).toBe(1);
    expect(comparePokerHands(hand('KS KH KD 7C 7S'), hand('KC QS QH QD AS'))).toBe(1);
  });

  it('flushes and high cards compare card by card, highest first', () => {
    expect(comparePokerHands(hand('AH JH 8H 4H 2H'), hand('AS JS 8S 4S 3S'))).toBe(-1);
    expect(comparePokerHands(hand('AH QH 3H 4H 2H'), hand('AS JS TS 9S 7S'))).toBe(1);
    expect(comparePokerHands(hand('AH JH 8H 4H 2H'), hand('AS JS 8S 4S 2S'))).toBe(0);
    expect(comparePokerHands(hand('KS JH 9D 5C 2S'), hand('KH JD 9C 5S 3D'))).toBe(-1);
    expect(comparePokerHands(hand('AS 5H 4D 3C 2S'), hand('KH QD JC 9S 8D'))).toBe(1);
  });

  it('three of a kind: the three, then the kickers', () => {
    expect(comparePokerHands(hand('6S 6H 6D 3C 2S'), hand('5S 5H 5D AC KS'))).toBe(1);
    expect(comparePokerHands(hand('6S 6H 6D KC 2S'), hand('6C 6H 6D KS 3S'))).toBe(-1);
  });

  it('two pair: the higher pair, then the lower pair, then the kicker', () => {
    expect(comparePokerHands(hand('KS KH 2D 2C 3S'), hand('QS QH JD JC AS'))).toBe(1);
    expect(comparePokerHands(hand('KS KH 9D 9C 3S'), hand('KD KC TD TC 2S'))).toBe(-1);
    expect(comparePokerHands(hand('KS KH 9D 9C 3S'), hand('KD KC 9H 9S 4S'))).toBe(-1);
    expect(comparePokerHands(hand('KS KH 9D 9C 3S'), hand('KD KC 9H 9S 3H'))).toBe(0);
  });

  it('one pair: the pair, then the three kickers in turn', () => {
    expect(comparePokerHands(hand('AS AH 4D 3C 2S'), hand('KS KH QD JC 9S'))).toBe(1);
    expect(comparePokerHands(hand('AS AH KD 3C 2S'), hand('AD AC QD JC 9S'))).toBe(1);
    expect(comparePokerHands(hand('AS AH KD JC 2S'), hand('AD AC KH JD 3S'))).toBe(-1);
    expect(comparePokerHands(hand('AS AH KD JC 2S'), hand('AD AC KH JD 2H'))).toBe(0);
  });
});

/** Straight flush, four, full house, flush, straight, three, two pair, pair, high card, over all hands. */
const STANDARD_COUNTS: Record<PokerCategory, number> = {
  'straight-flush': 40,
  'four-of-a-kind': 624,
  'full-house': 3744,
  flush: 5108,
  straight: 10200,
  'three-of-a-kind': 54912,
  'two-pair': 123552,
  pair: 1098240,
  'high-card': 1302540,
};

const RANK_ORDER = '23456789TJQKA';

/**
 * An independent, plain reference: the category from the shape of the rank counts and the two
 * yes/no facts (flush, straight), the tie-break as a list compared left to right.
 */
function reference(cards: readonly Card[]): number[] {
  const ranks = cards.map((c) => RANK_ORDER.indexOf(c[0]) + 2).sort((a, b) => b - a);
  const flush = cards.every((c) => c[1] === cards[0][1]);
  const tally = new Map<number, number>();
  for (const r of ranks) tally.set(r, (tally.get(r) ?? 0) + 1);
  const groups = [...tally].sort((x, y) => y[1] - x[1] || y[0] - x[0]);
  const shape = groups.map((g) => g[1]).join('');
  const order = groups.map((g) => g[0]);
  let top = 0;
  if (shape === '11111' && ranks[0] - ranks[4] === 4) top = ranks[0];
  if (ranks.join(',') === '14,5,4,3,2') top = 5;
  if (top && flush) return [8, top];
  if (shape === '41') return [7, ...order];
  if (shape === '32') return [6, ...order];
  if (flush) return [5, ...order];
  if (top) return [4, top];
  if (shape === '311') return [3, ...order];
  if (shape === '221') return [2, ...order];
  if (shape === '2111') return [1, ...order];
  return [0, ...order];
}

function compareReference(a: readonly Card[], b: readonly Card[]): number {
  return compareTuples(reference(a), reference(b));
}

function compareTuples(x: readonly number[], y: readonly number[]): number {
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return Math.sign(x[k] - y[k]);
  return 0;
}

describe('poker hands: every one of the 2,598,960', () => {
  const deck = buildDeck();
  const index = deck.map(pokerIndex);
  const cardAt = new Map(deck.map((c, k) => [index[k], c]));
  /** One pass over every hand: the count of each category, the royals, the time taken, and a sample. */
  let survey: { tally: number[]; royals: number; ms: number; sample: Map<PokerCategory, number[][]> } | undefined;
  const surveyed = () => {
    if (survey) return survey;
    const tally = new Array<number>(POKER_CATEGORIES.length).fill(0);
    // Every hand of the rare categories (straight and up), and every 97th hand of the others.
    const sample = new Map<PokerCategory, number[][]>(POKER_CATEGORIES.map((c) => [c, []]));
    let royals = 0;
    let seen = 0;
    const start = performance.now();
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              const v = pokerValue(a, b, c, d, e);
              const cat = v >> 20;
              tally[cat]++;
              if (cat >= 4 || ++seen % 97 === 0) sample.get(POKER_CATEGORIES[cat])?.push([a, b, c, d, e]);
              if (cat === 8 && (v & 15) === 14) royals++;
            }
    survey = { tally, royals, ms: performance.now() - start, sample };
    return survey;
  };

  it('the standard counts of each category, in a few seconds', () => {
    const { tally, royals, ms } = surveyed();
    expect(Object.fromEntries(POKER_CATEGORIES.map((c, k) => [c, tally[k]]))).toEqual(STANDARD_COUNTS);
    expect(tally.reduce((s, n) => s + n, 0)).toBe(2598960);
    expect(royals).toBe(4);
    expect(ms).toBeLessThan(5000);
  });

  it('within each category, hands sort the same way as a plain reference ranks them', () => {
    for (const [category, hands] of surveyed().sample) {
      expect(hands.length, category).toBeGreaterThan(0);
      const sorted = hands.map((h) => {
        const cards = h.map((i) => cardAt.get(i) as Card);
        return { cards, ref: reference(cards), v: pokerValue(h[0], h[1], h[2], h[3], h[4]) };
      });
      sorted.sort((x, y) => x.v - y.v);
      // Adjacent agreement on a sorted list is agreement on every pair (both orders are transitive).
      const disagreements: string[] = [];
      for (let k = 1; k < sorted.length; k++) {
        const ours = Math.sign(sorted[k].v - sorted[k - 1].v);
        if (compareTuples(sorted[k].ref, sorted[k - 1].ref) !== ours)
          disagreements.push(`${sorted[k].cards} vs ${sorted[k - 1].cards}`);
      }
      expect(disagreements, category).toEqual([]);
    }
  });

  it('across categories, random pairs compare as the reference compares them', () => {
    const all = [...surveyed().sample.values()].flat();
    let pick = 12345;
    const next = () => {
      pick = (pick * 1103515245 + 12345) % 2147483648;
      return pick % all.length;
    };
    const disagreements: string[] = [];
    for (let k = 0; k < 20000; k++) {
      const [x, y] = [all[next()], all[next()]];
      const [cx, cy] = [x.map((i) => cardAt.get(i) as Card), y.map((i) => cardAt.get(i) as Card)];
      if (comparePokerHands(cx, cy) !== compareReference(cx, cy)) disagreements.push(`${cx} vs ${cy}`);
    }
    expect(disagreements).toEqual([]);
  });
});
