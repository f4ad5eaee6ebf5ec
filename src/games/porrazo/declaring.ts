import { IllegalMove } from '../../engine';
import type { Action, State } from './state';
import { declarationOf } from './values';

/** Rondas and rondines: every seat answers each deal at the same time, before its first card is played. */

export function legalDeclarations(s: State, seat: number): Action[] {
  const d = declarationOf(s.hands[seat]);
  return d ? [{ type: 'declare', set: d.set, rank: d.rank }, { type: 'pass' }] : [{ type: 'pass' }];
}

/** A seat's declaration or pass; the last answer starts the play. `d` is the draft of the next state. */
export function applyDeclaration(d: State, seat: number, action: Extract<Action, { type: 'declare' | 'pass' }>): void {
  if (d.phase !== 'declaring') throw new IllegalMove('declarations are made before the first card of a deal is played');
  if (d.answers[seat] !== null) throw new IllegalMove('you have already answered for this deal');
  if (action.type === 'declare') {
    const held = declarationOf(d.hands[seat]);
    if (!held) throw new IllegalMove('you hold no pair or three of a kind to declare');
    if (held.set !== action.set || held.rank !== action.rank)
      throw new IllegalMove(`you can declare only what you hold: a ${held.set} of ${held.rank}`);
    d.answers[seat] = held;
  } else d.answers[seat] = 'pass';
  if (d.answers.every((a) => a !== null)) {
    d.phase = 'playing';
    d.turn = (d.dealer + 1) % d.seats;
  }
}
