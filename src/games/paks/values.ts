import { type Card, rankNumber, SUITS, type Suit, suitOf } from '../../cards';

/** Capturing value of a single card: ace 20, king, queen, jack and ten 10, the others their pips. */
export function singleValue(c: Card): number {
  const n = rankNumber(c);
  return n === 1 ? 20 : Math.min(n, 10);
}

/** A 2, 3, 4 or 5: two of these together make a two-digit number. */
export const isLow = (c: Card): boolean => c[0] >= '2' && c[0] <= '5';

/**
 * Value of a capturing or stealing set: its best reading. Any disjoint pairs of its cards ranked 2 to 5
 * may each be read as a two-digit number, the higher digit first (5-2 = 52; 5-5 = 55 where two decks
 * make equal pairs), every other card counts its single value. A pair (a, b), a >= b, reads 10a + b
 * instead of a + b: it gains 9a, so the best reading pairs as many low cards as it can, the highest
 * of them as the tens, each with a lower one as the units. 10-5-2 = 10 + 52 = 62; 5-4-3-2 = 53 + 42
 * = 95 (54 + 32 = 86 is another reading, not the best).
 */
export function setValue(cards: readonly Card[]): number {
  const lows = cards.filter(isLow).map(rankNumber);
  lows.sort((a, b) => b - a);
  const tens = lows.slice(0, Math.floor(lows.length / 2)).reduce((n, r) => n + r, 0);
  return sumOfSingles(cards) + 9 * tens;
}

/** Value of a pak (or of several paks) to be stolen: the single values of its cards, combinations undone. */
export const sumOfSingles = (cards: readonly Card[]): number => cards.reduce((n, c) => n + singleValue(c), 0);

/** Scoring value at the end of a hand: ace 20, king down to 8 ten each, 7 and below five each. */
export function cardPoints(c: Card): number {
  const n = rankNumber(c);
  return n === 1 ? 20 : n >= 8 ? 10 : 5;
}

export const pointsOf = (cards: readonly Card[]): number => cards.reduce((n, c) => n + cardPoints(c), 0);

/**
 * The highest value of any set that can still be made from `available` (the hand's cards of a suit,
 * the cards already chosen among them), for offering only steps that can still win. A set's best
 * reading only grows as cards join it (a card adds its single value, and a low card can only add to
 * the pairs), so that is the whole of `available`, whatever was chosen; 0 when nothing is available.
 */
export const bestValue: (available: readonly Card[]) => number = setValue;

export const ofSuit = (cards: readonly Card[], suit: Suit) => cards.filter((c) => suitOf(c) === suit);

/** The best value the hand's cards of each suit can make, by suit. */
export const bestBySuit = (hand: readonly Card[]) =>
  Object.fromEntries(SUITS.map((suit) => [suit, bestValue(ofSuit(hand, suit))])) as Record<Suit, number>;
