import { type Suit, suitOf } from '../../cards';
import { capturable } from './forming';
import { endHand } from './scoring';
import type { State, Turn, View } from './state';
import { record } from './table';
import { singleValue, sumOfSingles } from './values';

/** A turn: the draw (which may feed the table), the pak formed, the steals, and the turn's end. */

export function phaseOf(t: Turn): NonNullable<View['turn']>['phase'] {
  if (t.capture || t.steal) return 'choosing';
  return t.formed ? 'steal' : 'form';
}

/** The value the set being made must beat, and its suit. */
export type Target = { suit: Suit; beat: number };

export function pendingTarget(s: State, t: Turn): Target | undefined {
  if (t.capture) return { suit: suitOf(t.capture), beat: singleValue(t.capture) };
  if (!t.steal) return undefined;
  const { from, suit, paks } = t.steal;
  return { suit, beat: sumOfSingles(paks.flatMap((i) => s.paks[from][i].cards)) };
}

/** Whether the paks of another seat may be stolen this turn: not the suit formed, not a suit already stolen. */
export const stealableSuit = (t: Turn, suit: Suit): boolean => suit !== t.formed && !t.stolen.includes(suit);

function anyStealablePak(s: State, t: Turn): boolean {
  return s.paks.some((held, seat) => seat !== t.seat && held.some((p) => stealableSuit(t, p.suit)));
}

/**
 * Starts the turn of `seat` and plays on by itself while nobody has a choice: a drawn card of a suit
 * missing from the board feeds the table and ends the turn; on a full table a seat that cannot form a
 * pak shows its hand and its turn ends. A turn begun on an empty stock ends the hand instead.
 */
export function beginTurn(d: State, first: number): void {
  let seat = first;
  for (;;) {
    if (d.stock.length === 0) {
      if (!endHand(d)) return;
      seat = (d.dealer + 1) % d.seats;
      continue;
    }
    const card = d.stock[0];
    d.stock = d.stock.slice(1);
    const suits = new Set(d.board.map(suitOf));
    const next = (seat + 1) % d.seats;
    if (!suits.has(suitOf(card))) {
      d.board.push(card);
      record(d, { seat, type: 'feed', card });
      seat = next;
      continue;
    }
    const fullTable = suits.size === 4;
    d.hands[seat].push(card);
    record(d, { seat, type: 'draw', card, shown: !fullTable });
    if (fullTable && capturable(d.hands[seat], d.board).length === 0) {
      record(d, { seat, type: 'reveal', hand: [...d.hands[seat]] });
      seat = next;
      continue;
    }
    d.turn = { seat, drawn: card, fullTable, formed: null, stolen: [], capture: null, steal: null, chosen: [] };
    return;
  }
}

export function endTurn(d: State): void {
  const seat = (d.turn as Turn).seat;
  d.turn = null;
  beginTurn(d, (seat + 1) % d.seats);
}

/** After a pak or a steal: the turn ends by itself once nothing could be stolen whatever the hand held. */
export function afterTaking(d: State): void {
  const t = d.turn as Turn;
  t.capture = null;
  t.steal = null;
  t.chosen = [];
  if (d.hands[t.seat].length === 0 || !anyStealablePak(d, t)) endTurn(d);
}
