import { type Card, type RngState, standardDeck } from '../../cards';
import { fieldsOf, hiddenOfDeal, movesOfDeal } from '../../cards/fishing';
import { playedFromHands } from '../../cards/fishing-turn';
import type { SeenEvent } from '../../engine';
import type { Action, State, View } from './state';

/**
 * A Xeri state for `seat` from its view and its reading of the log. Won cards lie face down, but the
 * seat saw every card played to the pile and which card took it: replaying this hand's plays, each pile
 * taken goes, as far as it saw it built, into its taker's won cards (the four dealt to start the pile
 * it knows only while they lie face up). The xeri cards and the last pile taken show in the view. The
 * rest of the won cards, the other hand and the stock are dealt from the cards it has not seen.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  return {
    handsInGame: view.handsInGame,
    ...hiddenOfDeal(view, seat, rng, standardDeck(), view.pile, {
      key: 'won',
      sizes: view.won,
      atEnd: view.wonCards,
      known: () => rememberedWon(view, seen),
    }),
    dealer: view.dealer,
    turn: view.turn ?? 1 - view.dealer,
    ...fieldsOf(view, ['pile', 'xeris', 'lastCapturer', 'lastPlay', 'redeals', 'handsPlayed', 'finished']),
  };
}

/** The cards `seat` knows lie in each seat's won cards this hand. */
function rememberedWon(view: View, seen: readonly SeenEvent[]): Card[][] {
  const won = view.xeris.map((cards) => new Set<Card>(cards));
  if (view.lastPlay && view.lastPlay.took.length > 0) {
    for (const c of [...view.lastPlay.took, view.lastPlay.card]) won[view.lastPlay.seat].add(c);
  }
  let pile: Card[] = [];
  for (const { seat: by, action } of movesOfDeal<Action>(seen, playedFromHands(view))) {
    if (action.type === 'discard') {
      pile.push(action.card);
    } else {
      for (const c of [...pile, action.card]) won[by].add(c);
      pile = [];
    }
  }
  return won.map((cards) => [...cards]);
}
