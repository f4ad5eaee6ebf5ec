import type { Card } from '../../cards';
import { IllegalMove } from '../../engine';
import type { Slot, State } from './state';
import { copy, settle, slotAt, supply, takeFromStock, top } from './table';
import { matches } from './values';

/** Matching the top discard, by either seat, in or out of turn. */

/** A match may be tried while the discard pile has a top card and the stock can give the two penalty cards. */
export function canMatch(s: State): boolean {
  return s.phase !== 'over' && s.phase !== 'exchange' && s.discards.length > 0 && supply(s) >= 2;
}

export function applyMatch(state: State, seat: number, position: unknown): State {
  if (state.phase === 'exchange') throw new IllegalMove('wait until the queen exchange is finished');
  const upcard = top(state);
  if (!upcard) throw new IllegalMove('there is no discard to match');
  slotAt(state.layouts[seat], position, 'you have');
  if (supply(state) < 2) throw new IllegalMove('no match now: the stock cannot give the two penalty cards a wrong match costs');
  const s = copy(state);
  const layout = s.layouts[seat];
  const slot = layout[position as number] as Slot;
  if (matches(slot.card, upcard.card)) {
    layout[position as number] = null;
    s.discards.push({ card: slot.card, from: seat });
  } else {
    // Turned face up for all to see, then back face down; two penalty cards join the layout unseen.
    slot.shown = true;
    slot.seen = [true, true];
    for (let i = 0; i < 2; i++) {
      const card = takeFromStock(s) as Card;
      layout.push({ card, seen: [false, false], shown: false });
    }
  }
  return settle(s);
}
