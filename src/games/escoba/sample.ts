import type { RngState } from '../../cards';
import { fieldsOf } from '../../cards/fishing';
import { sampleTable, seatAfter } from '../../cards/fishing-sums';
import type { State, View } from './state';

/**
 * An Escoba state for `seat` from its view: the table, the score piles and the escobas lie face up,
 * so only the other hands and the stock are hidden; they are dealt from the cards it has not seen.
 */
export function sample(view: View, seat: number, rng: RngState): State {
  const sampled = sampleTable(view, seat, rng);
  return {
    seats: view.hands.length,
    ...fieldsOf(view, ['target', 'partnerships']),
    rng: sampled.rng,
    ...fieldsOf(view, ['deal', 'dealer']),
    ...sampled.places,
    ...fieldsOf(view, ['escobas', 'dealerEscobas', 'lastCapturer']),
    turn: view.turn ?? seatAfter(view, view.dealer),
    ...fieldsOf(view, ['lastPlay', 'scores', 'history', 'winner']),
  };
}
