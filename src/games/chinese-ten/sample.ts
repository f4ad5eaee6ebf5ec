import { buildDeck, fillHidden, type RngState } from '../../cards';
import type { State, View } from '.';

/**
 * A Chinese Ten state for `seat` from its view: every capture was made face up, so only the other hands
 * and the stock (its order too: it is turned from the top) are hidden; they are dealt from the cards
 * it has not seen. One deal and no later shuffle: the state keeps no generator.
 */
export function sample(view: View, seat: number, rng: RngState): State {
  const others = view.handSizes.flatMap((_, i) => (i === seat || view.hands ? [] : [i]));
  const own = view.hand ?? [];
  const shown = [...(view.hands?.flat() ?? own), ...view.table, ...view.won.flat(), ...(view.turned ? [view.turned] : [])];
  const [places] = fillHidden(
    buildDeck(),
    shown,
    [...others.map((i) => ({ size: view.handSizes[i] })), { size: view.stockSize }],
    rng,
  );
  return {
    seats: view.seats,
    dealer: view.dealer,
    turn: view.turn ?? (view.dealer + 1) % view.seats,
    hands: view.hands ?? view.handSizes.map((_, i) => (i === seat ? own : places[others.indexOf(i)])),
    stock: places[others.length],
    table: view.table,
    won: view.won,
    layoutCapture: view.layoutCapture,
    turned: view.turned,
    last: view.last,
  };
}
