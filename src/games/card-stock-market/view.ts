/** What each seat sees of the table: everything but the hands of others and the draw pile, until the end. */
import { SUITS, type Suit } from '../../cards';
import { BANKER } from './deal';
import { SUIT_NAMES, sharesHeld, stockValue } from './market';
import type { State, View } from './state';
import { discardRefusal, playRefusal, tradeRefusal } from './turn';

export function view(s: State, seat: number | null): View {
  const over = s.turn === null;
  const t = s.turn;
  return {
    seat,
    banker: BANKER,
    phase: over ? 'finished' : 'playing',
    turn: t && {
      ...t,
      mayTrade: !tradeRefusal(t),
      mayPlayToMarket: !playRefusal(t),
      mayDiscard: !discardRefusal(t),
    },
    market: SUITS.map((suit) => ({
      suit,
      name: SUIT_NAMES[suit],
      price: s.market[suit].price,
      limit: s.limits[SUIT_NAMES[suit]],
      pile: s.market[suit].pile,
    })),
    bank: s.bank,
    cash: s.cash,
    debt: s.debt,
    money: s.cash.map((c, i) => c - s.debt[i]),
    holdings: s.holdings,
    shares: s.holdings.map((h) => Object.fromEntries(SUITS.map((suit) => [suit, sharesHeld(h, suit)])) as Record<Suit, number>),
    stockValue: s.holdings.map((h) => stockValue(s, h)),
    hand: seat === null ? null : s.hands[seat],
    // Once the game is over every card is public.
    hands: over ? s.hands : null,
    handCounts: s.hands.map((h) => h.length),
    drawPileCount: s.drawPile.length,
    drawPile: over ? s.drawPile : null,
    discardPile: s.discardPile,
    jokersAside: s.jokersAside,
    reshuffled: s.reshuffled,
    levies: s.levies,
    lastLevy: s.lastLevy,
    ending: s.ending,
  };
}
