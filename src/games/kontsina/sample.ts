import { type Card, dealTable, type RngState, standardDeck } from '../../cards';
import { fieldsOf, movesOfDeal } from '../../cards/fishing';
import type { SeenEvent } from '../../engine';
import type { Action, State, View } from './state';

type Hidden = Pick<State, 'hands' | 'stock' | 'captured' | 'rng'>;

/**
 * A Kontsina state for `seat` from its view and its reading of the log. The captured piles lie face
 * down, but every capture named its cards as it was made: the seat remembers each one of this deal in
 * its capturer's pile. What it cannot place (the other hands, the stock, and captures older than its
 * log) is dealt from the cards it has not seen. Once the game is over everything shows.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const hidden: Hidden =
    view.hands && view.capturedCards
      ? { hands: view.hands, stock: [], captured: view.capturedCards, rng }
      : dealHidden(view, seat, rng, seen);
  return {
    ...fieldsOf(view, ['seats', 'target', 'dealer']),
    turn: view.turn ?? (view.dealer + 1) % view.seats,
    ...hidden,
    ...fieldsOf(view, ['table', 'lastCapturer', 'lastPlay', 'scores', 'deals', 'finished']),
  };
}

function dealHidden(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): Hidden {
  const plays = 48 - view.stock - view.handCounts.reduce((n, h) => n + h, 0);
  const remembered: Card[][] = view.captured.map(() => []);
  for (const { seat: by, action } of movesOfDeal<Action>(seen, plays)) {
    if (action.type === 'capture') remembered[by].push(...action.take, action.card);
  }
  const dealt = dealTable(
    standardDeck(),
    {
      seat,
      hand: view.hand ?? [],
      handSizes: view.handCounts,
      stock: view.stock,
      piles: view.captured.map((size, i) => ({ size, known: remembered[i] })),
      shown: view.table,
    },
    rng,
  );
  return { hands: dealt.hands, stock: dealt.stock, captured: dealt.piles, rng: dealt.rng };
}
