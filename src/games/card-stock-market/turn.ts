/**
 * A turn, step by step: a trading phase and a market phase (each of up to two actions, each at most
 * once, in either order), or discarding up to four cards instead.
 */
import { type Card, removeCards, type Suit, suitOf } from '../../cards';
import { IllegalMove } from '../../engine';
import { bankPays, payBank } from './bank';
import { type Direction, priceAfter, SUIT_NAMES, sharesHeld, sharesOf } from './market';
import type { State, Turn } from './state';

export const MAX_SHARES = 12;
export const MAX_TRADES = 2;
export const MAX_PLAYS = 2;
export const MAX_DISCARDS = 4;

export const distinct = (cards: readonly Card[]): Card[] => [...new Set(cards)];
const without = (cards: readonly Card[], c: Card): Card[] => removeCards(cards, [c]);
export const replaceAt = <T>(list: readonly T[], at: number, value: T): T[] => list.map((v, i) => (i === at ? value : v));

/** Trades are done together: a trading phase left for the market is over, and discarding replaces both phases. */
export function tradeRefusal(t: Turn): string | undefined {
  if (t.phase === 'discarding') return 'you are discarding this turn: no trading';
  if (t.trades >= MAX_TRADES) return 'you have made two trades this turn';
  if (t.trades > 0 && t.phase !== 'trading') return 'your trades this turn are over: both trades must be made together';
  return undefined;
}

export function playRefusal(t: Turn): string | undefined {
  if (t.phase === 'discarding') return 'you are discarding this turn: no market plays';
  if (t.plays >= MAX_PLAYS) return 'you have played to the market twice this turn';
  if (t.plays > 0 && t.phase !== 'market') return 'your market plays this turn are over: both must be made together';
  return undefined;
}

export function discardRefusal(t: Turn): string | undefined {
  if (t.trades > 0 || t.plays > 0)
    return 'discarding replaces trading and the market: you have already traded or played this turn';
  if (t.discards >= MAX_DISCARDS) return 'you have discarded four cards, the most in one turn';
  return undefined;
}

export function buyRefusal(s: State, seat: number, c: Card): string | undefined {
  const suit = suitOf(c) as Suit;
  const { price } = s.market[suit];
  if (price === 0) return `${SUIT_NAMES[suit]} stand at $0: a stock at $0 cannot be bought`;
  const shares = sharesOf(c);
  const held = sharesHeld(s.holdings[seat], suit);
  if (held + shares > MAX_SHARES)
    return `you hold ${held} shares of ${SUIT_NAMES[suit]}: ${shares} more would pass the limit of ${MAX_SHARES}`;
  const cost = shares * price;
  if (cost > s.cash[seat]) return `${shares} shares of ${SUIT_NAMES[suit]} at $${price} cost $${cost}; you have $${s.cash[seat]}`;
  return undefined;
}

function refuse(why: string | undefined): void {
  if (why) throw new IllegalMove(why);
}

function holdCard(cards: readonly Card[], c: Card, where: string): void {
  if (!cards.includes(c)) throw new IllegalMove(`you have no ${c} ${where}`);
}

export function buy(s: State, seat: number, t: Turn, c: Card): State {
  refuse(tradeRefusal(t));
  holdCard(s.hands[seat], c, 'in your hand');
  refuse(buyRefusal(s, seat, c));
  const cost = sharesOf(c) * s.market[suitOf(c) as Suit].price;
  return {
    ...s,
    ...payBank(s, seat, cost),
    hands: replaceAt(s.hands, seat, without(s.hands[seat], c)),
    holdings: replaceAt(s.holdings, seat, [...s.holdings[seat], c]),
    turn: { ...t, trades: t.trades + 1, phase: 'trading' },
  };
}

/** The bank pays a seller, with a levy first when it is short; the levies are public. */
export function collect(s: State, seat: number, amount: number): State {
  const { money, levies } = bankPays(s, seat, amount);
  return { ...s, ...money, levies: s.levies + levies.length, lastLevy: levies.at(-1) ?? s.lastLevy };
}

export function sell(s: State, seat: number, t: Turn, c: Card): State {
  refuse(tradeRefusal(t));
  holdCard(s.holdings[seat], c, 'among your certificates');
  const paid = collect(s, seat, sharesOf(c) * s.market[suitOf(c) as Suit].price);
  return {
    ...paid,
    holdings: replaceAt(s.holdings, seat, without(s.holdings[seat], c)),
    discardPile: [...s.discardPile, c],
    turn: { ...t, trades: t.trades + 1, phase: 'trading' },
  };
}

export function playToMarket(s: State, seat: number, t: Turn, c: Card, direction: Direction | undefined): State {
  refuse(playRefusal(t));
  holdCard(s.hands[seat], c, 'in your hand');
  const suit = suitOf(c) as Suit;
  const stock = s.market[suit];
  const price = priceAfter(stock, c, direction, s.limits[SUIT_NAMES[suit]], SUIT_NAMES[suit]);
  if (typeof price === 'string') throw new IllegalMove(price);
  const next: State = {
    ...s,
    market: { ...s.market, [suit]: { pile: [...stock.pile, c], price } },
    hands: replaceAt(s.hands, seat, without(s.hands[seat], c)),
    turn: { ...t, plays: t.plays + 1, phase: 'market' },
  };
  if (price > 0) return next;
  // A face card played down bankrupts the company: every certificate of the suit is discarded, unpaid.
  const wiped = s.holdings.flatMap((h) => h.filter((x) => suitOf(x) === suit));
  return {
    ...next,
    holdings: s.holdings.map((h) => h.filter((x) => suitOf(x) !== suit)),
    discardPile: [...s.discardPile, ...wiped],
  };
}

export function discard(s: State, seat: number, t: Turn, c: Card): State {
  refuse(discardRefusal(t));
  holdCard(s.hands[seat], c, 'in your hand');
  return {
    ...s,
    hands: replaceAt(s.hands, seat, without(s.hands[seat], c)),
    discardPile: [...s.discardPile, c],
    turn: { ...t, discards: t.discards + 1, phase: 'discarding' },
  };
}

/** Nothing but ending is left when both phases are over, or four cards are discarded. */
export function turnOver(t: Turn): boolean {
  return tradeRefusal(t) !== undefined && playRefusal(t) !== undefined && discardRefusal(t) !== undefined;
}
