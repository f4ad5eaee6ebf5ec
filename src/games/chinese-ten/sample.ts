import { buildDeck, dealTable, type RngState } from '../../cards';
import { fieldsOf } from '../../cards/fishing';
import type { State, View } from './state';

/**
 * A Chinese Ten state for `seat` from its view: every capture was made face up, so only the other hands
 * and the stock (its order too: it is turned from the top) are hidden; they are dealt from the cards
 * it has not seen. One deal and no later shuffle: the state keeps no generator.
 */
export function sample(view: View, seat: number, rng: RngState): State {
  const hand = view.hand ?? [];
  const shown = [...view.table, ...view.won.flat(), ...(view.turned ? [view.turned] : [])];
  const dealt = dealTable(buildDeck(), { seat, hand, handSizes: view.handSizes, stock: view.stockSize, shown }, rng);
  return {
    ...fieldsOf(view, ['seats', 'dealer']),
    turn: view.turn ?? (view.dealer + 1) % view.seats,
    ...fieldsOf(dealt, ['hands', 'stock']),
    ...fieldsOf(view, ['table', 'won', 'layoutCapture', 'turned', 'last']),
  };
}
