import type { RngState } from '../../cards';
import { fieldsOf, movesOfDeal } from '../../cards/fishing';
import { sampleTable, seatAfter } from '../../cards/fishing-sums';
import type { SeenEvent } from '../../engine';
import type { Action, State, View } from './state';

/**
 * A Scopa state for `seat` from its view: everything lies face up but the other hand and the stock,
 * which are dealt from the cards it has not seen. Its own reading of the log gives the order in which
 * this deal's scopas were made (they are counted in that order, and counting stops at the target).
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const sampled = sampleTable(view, seat, rng);
  return {
    ...fieldsOf(view, ['target', 'redealThreeKings']),
    rng: sampled.rng,
    ...fieldsOf(view, ['deal', 'dealer', 'redeals']),
    ...sampled.places,
    sweeps: sweepOrder(view, seen),
    lastCapturer: view.lastCapturer,
    turn: view.turn ?? seatAfter(view, view.dealer),
    ...fieldsOf(view, ['lastPlay', 'scores', 'history', 'winner']),
  };
}

/**
 * The seats of this deal's scopas in the order made. Walking the deal's plays back from the table as it
 * lies, the table's size before each play shows which captures swept it. Scopas the log does not reach
 * (a shorter log) are put first, seat by seat.
 */
function sweepOrder(view: View, seen: readonly SeenEvent[]): number[] {
  const inSeatOrder = view.scopas.flatMap((n, seat) => Array(n).fill(seat));
  if (view.winner !== null) return inSeatOrder;
  const plays = 36 - view.stock - view.handSizes.reduce((n, h) => n + h, 0);
  const moves = movesOfDeal<Action>(seen, plays);
  const found: number[] = [];
  let size = view.table.length;
  for (let i = moves.length - 1; i >= 0; i--) {
    const { seat, action } = moves[i];
    if (action.capture.length > 0 && size === 0) found.unshift(seat);
    size += action.capture.length > 0 ? action.capture.length : -1;
  }
  const missing = view.scopas.map((n, seat) => n - found.filter((s) => s === seat).length);
  if (missing.some((n) => n < 0)) return inSeatOrder;
  return [...missing.flatMap((n, seat) => Array(n).fill(seat)), ...found];
}
