import { buildDeck, type Card, rankNumber } from './cards';

/**
 * Helpers for the baccarat-like banking games (Kabu, Oicho-Kabu): a forty-card deck of ace to ten
 * in four suits, each card worth its pips, a hand worth the last digit of its sum.
 */

/** Ace to ten in each suit (the Western stand-in for the forty hanafuda or kabufuda cards), S H D C. */
export const aceToTenDeck = (): Card[] => buildDeck({ ranks: ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T'] });

/** A card's worth: the ace one, every other card its pips (the ten is ten). */
export function pipValue(c: Card): number {
  return rankNumber(c);
}

/** The value of a hand: the sum of its pips with the tens digit dropped (0 to 9). */
export function totalModTen(cards: readonly Card[]): number {
  return cards.reduce((sum, c) => sum + pipValue(c), 0) % 10;
}
