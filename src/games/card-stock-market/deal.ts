/** Setting up the table: two decks, the market opened by the first number card of each suit. */
import { buildDeck, type Card, SUITS, type Suit, suitOf } from '../../cards';
import { isNumberCard, type Stock, sharesOf } from './market';

export const HAND_SIZE = 8;
/** The banker deals and is seat 0; the player at the banker's left (seat 1) goes first. */
export const BANKER = 0;

/** The opening deck: two standard decks (the jokers wait aside until the first reshuffle). */
export const openingCards = (): Card[] => buildDeck({ copies: 2 });

/** The first number card of each suit turned from the top sets its price; the other cards turned go back. */
export function turnMarket(deck: readonly Card[]): { market: Record<Suit, Stock>; turned: Card[]; rest: Card[] } {
  const market: Partial<Record<Suit, Stock>> = {};
  const turned: Card[] = [];
  let i = 0;
  while (Object.keys(market).length < SUITS.length) {
    const c = deck[i++];
    const suit = suitOf(c) as Suit;
    if (isNumberCard(c) && !market[suit]) market[suit] = { pile: [c], price: sharesOf(c) };
    else turned.push(c);
  }
  return { market: market as Record<Suit, Stock>, turned, rest: deck.slice(i) };
}
