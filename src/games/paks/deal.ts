import { buildDeck, type Card } from '../../cards';
import { dealHandsAndTable, sidesOf } from '../../cards/fishing';
import type { State } from './state';
import { record } from './table';

/** Seats, sides and cards, and the deal of a hand. */

const HAND = 5;
const BOARD = 3;

export const sidesFor = (seats: number): number[][] => sidesOf(seats, seats >= 4);

/** One 52-card deck for two seats, two for three or more. */
export function cardsFor(seats: number): Card[] {
  return buildDeck({ copies: seats === 2 ? 1 : 2 });
}

/** Deals a hand on the draft: five cards each one at a time from the dealer's left, three to the board. */
export function dealHand(d: State, deck: readonly Card[]): void {
  const { hands, table, stock } = dealHandsAndTable(
    deck,
    { seats: d.seats, count: HAND, first: (d.dealer + 1) % d.seats },
    BOARD,
  );
  d.hands = hands;
  d.board = table;
  d.stock = stock;
  d.paks = hands.map(() => []);
  record(d, { type: 'deal', hand: d.hand, dealer: d.dealer, board: [...d.board] });
}
