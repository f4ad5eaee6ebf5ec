import type { Card } from '../../cards';
import type { State } from './state';

/** The deal of a round: a private card to each seat but the dealer, then the first field. */

export const TABLEAUS = [0, 1, 2, 3];

/** Where the dealer may take a card for his hand. */
export type DrawFrom = 'top' | 'bottom' | 'fourth';
export const DRAWS: readonly DrawFrom[] = ['top', 'bottom', 'fourth'];

/** Takes the top, the bottom or the fourth card from the top. */
export function takeFrom(deck: readonly Card[], from: DrawFrom): [Card, Card[]] {
  const at = from === 'top' ? 0 : from === 'fourth' ? 3 : deck.length - 1;
  return [deck[at], deck.filter((_, i) => i !== at)];
}

/** What a round is dealt from: the game so far, without the cards of a round. */
export type Table = Omit<State, 'privateCards' | 'tableaus' | 'dealerCards' | 'phase' | 'bettor' | 'asking' | 'deck'>;

/** Deals a round: one private card face down to each seat in order of play, then the first field left to right. */
export function startRound(base: Table, deck: Card[]): State {
  const privateCards: (Card | null)[] = Array(base.chips.length).fill(null);
  base.order.forEach((seat, i) => {
    privateCards[seat] = deck[i];
  });
  const first = deck.slice(base.order.length, base.order.length + 4);
  const tableaus = first.map((c) => ({ cards: [c], bets: Array(base.chips.length).fill(0) }));
  return {
    ...base,
    privateCards,
    tableaus,
    dealerCards: [],
    phase: 'betting',
    bettor: 0,
    asking: [],
    deck: deck.slice(base.order.length + 4),
  };
}
