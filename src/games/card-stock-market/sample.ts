import { type Card, dealUnseen, JOKER, type RngState, SUITS, type Suit, shuffle, unseenCards } from '../../cards';
import { openingCards } from './deal';
import { type Limits, type Stock, SUIT_NAMES } from './market';
import type { State, View } from './state';

/**
 * A Card Stock Market state for `seat` from its view. Everything lies face up but the other hands
 * and the draw pile: the market piles, every certificate, the discard pile, the money and the turn
 * all show. The other hands and the draw pile are dealt from the rest of the two decks; the jokers no
 * longer aside lie in the draw pile, since one drawn ends the game. The generator left over shuffles
 * the pile again when it runs out.
 */
export function sample(view: View, seat: number, rng: RngState): State {
  const market = Object.fromEntries(view.market.map((m) => [m.suit, { pile: m.pile, price: m.price }])) as Record<Suit, Stock>;
  const limits = Object.fromEntries(view.market.map((m) => [SUIT_NAMES[m.suit], m.limit])) as Limits;
  const table = {
    limits,
    market,
    holdings: view.holdings,
    discardPile: view.discardPile,
    jokersAside: view.jokersAside,
    reshuffled: view.reshuffled,
    bank: view.bank,
    cash: view.cash,
    debt: view.debt,
    levies: view.levies,
    lastLevy: view.lastLevy,
    turn: view.turn && {
      seat: view.turn.seat,
      trades: view.turn.trades,
      plays: view.turn.plays,
      discards: view.turn.discards,
      phase: view.turn.phase,
    },
    ending: view.ending,
  };
  if (view.hands && view.drawPile) return { ...table, hands: view.hands, drawPile: view.drawPile, rng };
  const hand = view.hand ?? [];
  const others = view.handCounts.flatMap((_, i) => (i === seat ? [] : [i]));
  const jokers: Card[] = Array(2 - view.jokersAside).fill(JOKER);
  const shown = [...hand, ...SUITS.flatMap((suit) => market[suit].pile), ...view.holdings.flat(), ...view.discardPile];
  const [places, dealt] = dealUnseen(
    unseenCards(openingCards(), shown),
    [...others.map((i) => ({ size: view.handCounts[i] })), { size: view.drawPileCount - jokers.length }],
    rng,
  );
  const [drawPile, next] = shuffle([...places[others.length], ...jokers], dealt);
  return {
    ...table,
    hands: view.handCounts.map((_, i) => (i === seat ? hand : places[others.indexOf(i)])),
    drawPile,
    rng: next,
  };
}
