import type { RngState } from '../../cards';
import { fieldsOf } from '../../cards/fishing';
import { dealUnseenHands, seatAfter } from '../../cards/fishing-sums';
import type { State, View } from './state';

/**
 * An Escoba state for `seat` from its view: the table, the score piles and the escobas lie face up,
 * so only the other hands and the stock are hidden; they are dealt from the cards it has not seen.
 */
export function sample(view: View, seat: number, rng: RngState): State {
  const dealt = dealUnseenHands(view, seat, rng);
  return {
    seats: view.hands.length,
    ...fieldsOf(view, ['target', 'partnerships']),
    rng: dealt.rng,
    ...fieldsOf(view, ['deal', 'dealer']),
    stock: dealt.stock,
    hands: dealt.hands,
    table: view.table,
    piles: view.captured,
    ...fieldsOf(view, ['escobas', 'dealerEscobas', 'lastCapturer']),
    turn: view.turn ?? seatAfter(view, view.dealer),
    ...fieldsOf(view, ['lastPlay', 'scores', 'history', 'winner']),
  };
}
