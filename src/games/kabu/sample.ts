import { type Card, dealUnseen, type RngState, unseenCards } from '../../cards';
import { aceToTenDeck } from '../../cards/banking';
import type { SeenEvent } from '../../engine';
import type { State, View } from './state';

/**
 * Determinization: every card is drawn face down, so a seat knows its own hand and the counts of the
 * others: their hands and the stock are dealt from the rest of the forty cards. Once the game is over
 * every hand is shown, and only the order of the stock stays unknown.
 */
export function sample(view: View, seat: number, rng: RngState, _seen: readonly SeenEvent[]): State {
  const seats = view.handCounts.length;
  let hands: Card[][];
  let stock: Card[];
  let next: RngState;
  if (view.hands) {
    hands = view.hands;
    [[stock], next] = dealUnseen(unseenCards(aceToTenDeck(), hands.flat()), [{ size: view.stockCount }], rng);
  } else {
    const others = [...Array(seats).keys()].filter((s) => s !== seat);
    const places = [...others.map((s) => ({ size: view.handCounts[s] })), { size: view.stockCount }];
    let dealt: Card[][];
    [dealt, next] = dealUnseen(unseenCards(aceToTenDeck(), view.hand ?? []), places, rng);
    hands = view.handCounts.map(() => []);
    hands[seat] = [...(view.hand ?? [])];
    others.forEach((s, i) => {
      hands[s] = dealt[i];
    });
    stock = dealt[others.length];
  }
  return {
    startingChips: view.startingChips,
    chips: view.chips,
    deal: view.deal,
    dealer: view.dealer,
    hands,
    draws: view.draws,
    stood: view.stood,
    turn: view.turn,
    stock,
    rng: next,
    lastDeal: view.lastDeal,
    finished: view.phase === 'finished',
  };
}
