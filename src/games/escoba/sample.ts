import { fillHidden, fortyCardDeck, type RngState } from '../../cards';
import type { State, View } from '.';

/**
 * An Escoba state for `seat` from its view: the table, the score piles and the escobas lie face up,
 * so only the other hands and the stock are hidden; they are dealt from the cards it has not seen.
 */
export function sample(view: View, _seat: number, rng: RngState): State {
  const hidden = view.hands.flatMap((h, i) => (h === null ? [i] : []));
  const shown = [...view.hands.flatMap((h) => h ?? []), ...view.table, ...view.captured.flat()];
  const [places, next] = fillHidden(
    fortyCardDeck(),
    shown,
    [...hidden.map((i) => ({ size: view.handSizes[i] })), { size: view.stock }],
    rng,
  );
  const seats = view.hands.length;
  return {
    seats,
    target: view.target,
    partnerships: view.partnerships,
    rng: next,
    deal: view.deal,
    dealer: view.dealer,
    stock: places[hidden.length],
    hands: view.hands.map((h, i) => h ?? places[hidden.indexOf(i)]),
    table: view.table,
    piles: view.captured,
    escobas: view.escobas,
    dealerEscobas: view.dealerEscobas,
    lastCapturer: view.lastCapturer,
    turn: view.turn ?? (view.dealer + 1) % seats,
    lastPlay: view.lastPlay,
    scores: view.scores,
    history: view.history,
    winner: view.winner,
  };
}
