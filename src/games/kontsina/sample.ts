import { type Card, type RngState, standardDeck } from '../../cards';
import { fieldsOf, hiddenOfDeal, movesOfDeal } from '../../cards/fishing';
import { playedFromHands } from '../../cards/fishing-turn';
import type { SeenEvent } from '../../engine';
import type { Action, State, View } from './state';

/**
 * A Kontsina state for `seat` from its view and its reading of the log. The captured piles lie face
 * down, but every capture named its cards as it was made: the seat remembers each one of this deal in
 * its capturer's pile. What it cannot place (the other hands, the stock, and captures older than its
 * log) is dealt from the cards it has not seen. Once the game is over everything shows.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const remembered = () => {
    const piles: Card[][] = view.captured.map(() => []);
    for (const { seat: by, action } of movesOfDeal<Action>(seen, playedFromHands(view))) {
      if (action.type === 'capture') piles[by].push(...action.take, action.card);
    }
    return piles;
  };
  return {
    ...fieldsOf(view, ['seats', 'target', 'dealer']),
    turn: view.turn ?? (view.dealer + 1) % view.seats,
    ...hiddenOfDeal(view, seat, rng, standardDeck(), view.table, {
      key: 'captured',
      sizes: view.captured,
      atEnd: view.capturedCards,
      known: remembered,
    }),
    ...fieldsOf(view, ['table', 'lastCapturer', 'lastPlay', 'scores', 'deals', 'finished']),
  };
}
