/** The end of a turn: drawing back up to eight, the reshuffle, and the joker that ends the game. */
import { type Card, JOKER, SUITS, type Suit, shuffle } from '../../cards';
import { HAND_SIZE } from './deal';
import { type Stock, stockValue } from './market';
import type { FinalSale, State } from './state';
import { collect, replaceAt } from './turn';

/** The draw pile is gone: the market piles but their top cards, the discard pile and the jokers aside make the new one. */
function reshuffle(s: State): State {
  const under = SUITS.flatMap((suit) => s.market[suit].pile.slice(0, -1));
  const market = Object.fromEntries(
    SUITS.map((suit) => [suit, { ...s.market[suit], pile: s.market[suit].pile.slice(-1) }]),
  ) as Record<Suit, Stock>;
  const jokers: Card[] = Array(s.jokersAside).fill(JOKER);
  const [drawPile, rng] = shuffle([...s.discardPile, ...under, ...jokers], s.rng);
  return { ...s, market, drawPile, discardPile: [], jokersAside: 0, reshuffled: true, rng };
}

/** The joker ends the game: from its drawer around the table, each player sells all its stock at the current prices. */
function finalSale(s: State, drawer: number): State {
  const seats = s.hands.length;
  let out: State = { ...s, turn: null };
  const sales: FinalSale[] = [];
  for (let k = 0; k < seats; k++) {
    const seat = (drawer + k) % seats;
    const certificates = out.holdings[seat];
    const proceeds = stockValue(out, certificates);
    out = collect(out, seat, proceeds);
    out = { ...out, holdings: replaceAt(out.holdings, seat, []), discardPile: [...out.discardPile, ...certificates] };
    sales.push({ seat, certificates, proceeds });
  }
  return { ...out, ending: { jokerDrawnBy: drawer, sales } };
}

/** The player draws back up to eight; the pile is rebuilt the moment it runs out; a joker drawn ends the game. */
export function endTurn(s: State, seat: number): State {
  let out = s;
  let hand = [...s.hands[seat]];
  while (hand.length < HAND_SIZE) {
    const [c, ...rest] = out.drawPile;
    hand = [...hand, c];
    out = { ...out, drawPile: rest, hands: replaceAt(out.hands, seat, hand) };
    if (c === JOKER) return finalSale(out, seat);
    // The second pile holds both jokers, so the game ends before it can run out.
    if (rest.length === 0) out = reshuffle(out);
  }
  const next = (seat + 1) % s.hands.length;
  return { ...out, turn: { seat: next, trades: 0, plays: 0, discards: 0, phase: null } };
}
