import { buildDeck, type Card } from '../../cards';
import { dealHandsAndTable, sidesOf } from '../../cards/fishing';
import type { Happening, State } from './state';

/**
 * What every phase of a hand works on: the seats, sides and cards, the deal of a hand, a private draft
 * of the state, and the record of what the table saw.
 */

const HAND = 5;
const BOARD = 3;

export const sidesFor = (seats: number): number[][] => sidesOf(seats, seats >= 4);

/** One 52-card deck for two seats, two for three or more. */
export const cardsFor = (seats: number): Card[] => buildDeck({ copies: seats === 2 ? 1 : 2 });

/** Deals a hand on the draft: five cards each one at a time from the dealer's left, three to the board. */
export function dealHand(d: State, deck: readonly Card[]): void {
  const first = (d.dealer + 1) % d.seats;
  const { hands, table, stock } = dealHandsAndTable(deck, { seats: d.seats, count: HAND, first }, BOARD);
  d.hands = hands;
  d.board = table;
  d.stock = stock;
  d.paks = hands.map(() => []);
  record(d, { type: 'deal', hand: d.hand, dealer: d.dealer, board: [...d.board] });
}

/** A copy the flow may change freely, so the public functions never mutate their input; its keys keep the state's order. */
export function draft(s: State): State {
  return {
    ...s,
    board: s.board.slice(),
    hands: s.hands.map((h) => h.slice()),
    paks: s.paks.map((p) => p.slice()),
    turn: s.turn && { ...s.turn, stolen: s.turn.stolen.slice(), chosen: s.turn.chosen.slice() },
    scores: s.scores.slice(),
  };
}

/** How many happenings the state keeps (the move log keeps the rest). */
const RECENT = 16;

export function record(d: State, h: Happening): void {
  d.recent = [...d.recent.slice(1 - RECENT), h];
}
