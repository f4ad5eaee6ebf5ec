import { IllegalMove } from '../../engine';
import type { Action, Held, Slot, State } from './state';
import { copy, ending, hasCards, occupied, settle, slotAt } from './table';
import { discardHeld, endTurn, holding } from './turn';
import { type Power, powerOf } from './values';

/** Power cards: a queen to six drawn from the stock (or left unused by the opponent) discarded to use its power. */

function usingPower(state: State, power: Power): Held {
  const h = holding(state);
  if (powerOf(h.card) !== power) throw new IllegalMove(`${h.card} has no ${power} power`);
  if (h.power === null) {
    throw new IllegalMove(
      h.source === 'discard'
        ? `${h.card} has no power left: only a power card the opponent discarded from its layout may be used again`
        : `${h.card} has no power`,
    );
  }
  return h;
}

/** The powers the card held offers: a peek at an own card, a spy on the opponent's, or a queen naming an own card. */
export function powerActions(s: State, seat: number): Action[] {
  const own = occupied(s.layouts[seat]);
  const theirs = occupied(s.layouts[1 - seat]);
  const power = (s.held as Held).power;
  if (power === 'peek')
    return ending(
      s,
      own.map((position) => ({ type: 'peek' as const, position })),
    );
  if (power === 'spy')
    return ending(
      s,
      theirs.map((position) => ({ type: 'spy' as const, position })),
    );
  if (power === 'queen' && theirs.length > 0) return own.map((position) => ({ type: 'queen' as const, position }));
  return [];
}

/** An 8, 7 or 6 looks at one of its own cards; a jack, 10 or 9 at one of the opponent's. */
export function applyLook(
  state: State,
  seat: number,
  type: 'peek' | 'spy',
  position: number,
  cactus: boolean | undefined,
): State {
  usingPower(state, type);
  const owner = type === 'peek' ? seat : 1 - seat;
  slotAt(state.layouts[owner], position, type === 'peek' ? 'you have' : 'the opponent has');
  const s = copy(state);
  discardHeld(s);
  (s.layouts[owner][position] as Slot).seen[seat] = true;
  return endTurn(s, seat, cactus);
}

/** A queen: first the seat names its own card, then the opponent's (`exchange`). */
export function applyQueen(state: State, seat: number, position: number): State {
  usingPower(state, 'queen');
  slotAt(state.layouts[seat], position, 'you have');
  if (!hasCards(state.layouts[1 - seat])) throw new IllegalMove('the opponent has no card to exchange with');
  const s = copy(state);
  discardHeld(s);
  s.held = null;
  s.queenAt = position;
  s.phase = 'exchange';
  return settle(s);
}

export function exchangeActions(s: State, seat: number): Action[] {
  return ending(
    s,
    occupied(s.layouts[1 - seat]).map((position) => ({ type: 'exchange' as const, position })),
  );
}

export function applyExchange(state: State, seat: number, position: number, cactus: boolean | undefined): State {
  if (state.phase !== 'exchange') throw new IllegalMove('discard a queen and choose your card first');
  const opponent = 1 - seat;
  slotAt(state.layouts[opponent], position, 'the opponent has');
  const s = copy(state);
  const mine = state.queenAt as number;
  // The cards change places with what each seat knows of them: both watched where they went.
  [s.layouts[seat][mine], s.layouts[opponent][position]] = [s.layouts[opponent][position], s.layouts[seat][mine]];
  return endTurn(s, seat, cactus);
}
