import { buildDeck, type Card, teamOf } from '../../cards';
import { dealHandsAndTable } from '../../cards/fishing';
import type { State } from './state';
import { record } from './table';

/** Seats, sides and cards, and the deal of a hand. */

const HAND = 5;
const BOARD = 3;

export function sidesFor(seats: number): number[][] {
  const all = [...Array(seats).keys()];
  return Array.from({ length: seats >= 4 ? 2 : seats }, (_, side) => all.filter((seat) => sideOf(seats, seat) === side));
}

/** The side a seat plays for: itself alone, or its team of alternate seats. */
export function sideOf(seats: number, seat: number): number {
  return seats >= 4 ? teamOf(seat, 2) : seat;
}

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
