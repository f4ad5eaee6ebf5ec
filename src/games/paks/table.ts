import { type Card, type Suit, suitOf } from '../../cards';
import { fieldsOf } from '../../cards/fishing';
import type { Happening, State } from './state';

/** What every phase of a hand works on: a private draft of the state, and the record of what the table saw. */

/** A copy the flow may change freely, so the public functions never mutate their input. */
export function draft(s: State): State {
  return {
    ...fieldsOf(s, ['seats', 'target', 'sides', 'rng', 'hand', 'dealer', 'stock']),
    board: s.board.slice(),
    hands: s.hands.map((h) => h.slice()),
    paks: s.paks.map((p) => p.slice()),
    turn: s.turn && { ...s.turn, stolen: s.turn.stolen.slice(), chosen: s.turn.chosen.slice() },
    recent: s.recent,
    scores: s.scores.slice(),
    ...fieldsOf(s, ['history', 'lastHand', 'finished']),
  };
}

/** How many happenings the state keeps (the move log keeps the rest). */
const RECENT = 16;

export function record(d: State, h: Happening): void {
  d.recent = [...d.recent.slice(1 - RECENT), h];
}

export const ofSuit = (cards: readonly Card[], suit: Suit) => cards.filter((c) => suitOf(c) === suit);
