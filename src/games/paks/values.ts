import { type Card, rankNumber, removeCards } from '../../cards';

/** Capturing value of a single card: ace 20, king, queen, jack and ten 10, the others their pips. */
export function singleValue(c: Card): number {
  return SINGLE[c[0]];
}

const SINGLE: Record<string, number> = { A: 20, K: 10, Q: 10, J: 10, T: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2 };

/** A 2, 3, 4 or 5: two of these together make a two-digit number. */
export function isLow(c: Card): boolean {
  return c[0] >= '2' && c[0] <= '5';
}

/** The two-digit value of two low ranks, the higher first: 5 and 2 make 52. */
function twoDigit(a: number, b: number): number {
  return Math.max(a, b) * 10 + Math.min(a, b);
}

/**
 * Value of a capturing or stealing set: exactly two cards both ranked 2 to 5 make the two-digit
 * number (5-2 = 52, 5-5 = 55); any other set is the sum of its single values (10-5-2 = 17).
 */
export function setValue(cards: readonly Card[]): number {
  if (cards.length === 2 && isLow(cards[0]) && isLow(cards[1])) return twoDigit(rankNumber(cards[0]), rankNumber(cards[1]));
  return sumOfSingles(cards);
}

/** Value of a pak (or of several paks) to be stolen: the single values of its cards, combinations undone. */
export function sumOfSingles(cards: readonly Card[]): number {
  let n = 0;
  for (const c of cards) n += singleValue(c);
  return n;
}

/** Scoring value at the end of a hand: ace 20, king down to 8 ten each, 7 and below five each. */
export function cardPoints(c: Card): number {
  const n = rankNumber(c);
  if (n === 1) return 20;
  return n >= 8 ? 10 : 5;
}

export function pointsOf(cards: readonly Card[]): number {
  let n = 0;
  for (const c of cards) n += cardPoints(c);
  return n;
}

/**
 * The highest value of any set W with chosen ⊆ W ⊆ available (available holds the chosen cards too):
 * single values only grow with more cards, so the whole of `available` is the best sum, and a pair
 * of low cards can do better as a two-digit number. 0 when nothing is available.
 */
export function bestValue(available: readonly Card[], chosen: readonly Card[] = []): number {
  if (available.length === 0) return 0;
  let best = sumOfSingles(available);
  if (chosen.length > 2 || !chosen.every(isLow)) return best;
  if (chosen.length === 2) return Math.max(best, setValue(chosen));
  const lows = removeCards(available, chosen)
    .filter(isLow)
    .map((c) => rankNumber(c))
    .sort((a, b) => b - a);
  if (chosen.length === 1 && lows.length >= 1) best = Math.max(best, twoDigit(rankNumber(chosen[0]), lows[0]));
  if (chosen.length === 0 && lows.length >= 2) best = Math.max(best, twoDigit(lows[0], lows[1]));
  return best;
}
