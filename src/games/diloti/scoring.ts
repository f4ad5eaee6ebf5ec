import { type Card, rankOf } from '../../cards';
import { cardsAndBigCards } from '../../cards/fishing-turn';
import type { DealScore } from './state';

export const XERI_POINTS = 10;
export const MOST_CARDS_POINTS = 4;
export const TEN_OF_DIAMONDS_POINTS = 2;
export const ACE_POINTS = 1;
export const TWO_OF_CLUBS_POINTS = 1;

/**
 * Scores a deal from the sides' won piles (leftovers already taken) and their xeris: 10 a xeri, 4 for
 * strictly the most cards (26-26 scores nobody), 2 for the 10♦, 1 an ace, 1 for the 2♣.
 */
export function scoreDeal(won: readonly (readonly Card[])[], xeris: readonly number[]): Omit<DealScore, 'dealer' | 'leftovers'> {
  const { cards, mostCards, tenOfDiamonds, twoOfClubs } = cardsAndBigCards(won);
  const aces = won.map((p) => p.filter((c) => rankOf(c) === 'A').length);
  const points = won.map((_, side) => XERI_POINTS * xeris[side] + ACE_POINTS * aces[side]);
  if (mostCards !== null) points[mostCards] += MOST_CARDS_POINTS;
  if (tenOfDiamonds !== null) points[tenOfDiamonds] += TEN_OF_DIAMONDS_POINTS;
  if (twoOfClubs !== null) points[twoOfClubs] += TWO_OF_CLUBS_POINTS;
  return { cards, xeris: [...xeris], aces, mostCards, tenOfDiamonds, twoOfClubs, points };
}
