import type { Card } from '../../cards';
import { IllegalMove } from '../../engine';
import type { Action, Held, Slot, State } from './state';
import { copy, ending, hasCards, occupied, settle, slotAt, takeFromStock, top } from './table';
import { powerOf } from './values';

/** A turn: draw from the stock or take the top discard, then swap the card in or discard it; "Cactus!" ends it. */

/** Ends the turn; the seat may call "Cactus!", and the turn after a call is the last. */
export function endTurn(s: State, seat: number, cactus: boolean | undefined): State {
  s.held = null;
  s.queenAt = null;
  s.turns++;
  if (s.cactus !== null) {
    // Only the opponent of the caller can be ending a turn now: its one more turn is over.
    s.phase = 'over';
    s.end = 'cactus';
    return s;
  }
  if (cactus) s.cactus = seat;
  s.turn = 1 - seat;
  s.phase = 'draw';
  return settle(s);
}

/** The card held, or why there is none to play. */
export function holding(state: State): Held {
  if (state.phase !== 'hold' || !state.held)
    throw new IllegalMove(state.phase === 'draw' ? 'draw a card first' : 'finish the queen exchange');
  return state.held;
}

/** The draw: the top card of the stock, or (after the first turn of the game) the top discard. */
export function drawActions(s: State, seat: number): Action[] {
  const take = s.turns > 0 && s.discards.length > 0 && hasCards(s.layouts[seat]);
  return take ? [{ type: 'draw' }, { type: 'take' }] : [{ type: 'draw' }];
}

export function applyDraw(state: State, seat: number, type: 'draw' | 'take'): State {
  if (state.phase !== 'draw') throw new IllegalMove('you have already drawn this turn');
  const s = copy(state);
  if (type === 'draw') {
    const card = takeFromStock(s) as Card;
    s.held = { card, source: 'stock', power: powerOf(card) };
  } else {
    if (state.turns === 0) throw new IllegalMove('the first turn of the game must draw from the stock');
    const upcard = top(state);
    if (!upcard) throw new IllegalMove('the discard pile is empty');
    if (!hasCards(state.layouts[seat])) throw new IllegalMove('you have no layout card to swap a discard with');
    s.discards.pop();
    // A power card the opponent discarded from its layout has not been used: its taker may use it.
    const reusable = upcard.from === 1 - seat ? powerOf(upcard.card) : null;
    s.held = { card: upcard.card, source: 'discard', power: reusable };
  }
  s.phase = 'hold';
  return settle(s);
}

/** With a card held: a swap at any own position, and the discard where allowed (powers are in powers.ts). */
export function holdActions(s: State, seat: number): Action[] {
  const own = occupied(s.layouts[seat]);
  const held = s.held as Held;
  const out: Action[] = ending(
    s,
    own.map((position) => ({ type: 'swap' as const, position })),
  );
  if (held.source === 'stock' || own.length === 0) out.push(...ending(s, [{ type: 'discard' as const }]));
  return out;
}

export function applySwap(state: State, seat: number, position: number, cactus: boolean | undefined): State {
  const h = holding(state);
  slotAt(state.layouts[seat], position, 'you have');
  const s = copy(state);
  const old = s.layouts[seat][position] as Slot;
  s.discards.push({ card: old.card, from: seat });
  // A card taken from the discard pile was seen by both seats; a card from the stock only by its drawer.
  const fromPile = h.source === 'discard';
  s.layouts[seat][position] = { card: h.card, seen: [fromPile || seat === 0, fromPile || seat === 1], shown: fromPile };
  return endTurn(s, seat, cactus);
}

export function applyDiscard(state: State, seat: number, cactus: boolean | undefined): State {
  const h = holding(state);
  if (h.source === 'discard' && hasCards(state.layouts[seat])) {
    throw new IllegalMove(
      h.power ? `swap ${h.card} in, or discard it by using its power` : 'a card taken from the discard pile must be swapped in',
    );
  }
  const s = copy(state);
  discardHeld(s);
  return endTurn(s, seat, cactus);
}

/** The held card goes face up on the pile, its power spent or given up. */
export function discardHeld(s: State): void {
  s.discards.push({ card: (s.held as Held).card, from: null });
}
