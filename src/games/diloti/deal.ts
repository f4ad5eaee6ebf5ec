import { type Card, type RngState, rankOf, shuffle, standardDeck } from '../../cards';
import { dealHandsAndTable, redealTable, replenishHands } from '../../cards/fishing';
import { cardsOf, sideOf } from './plays';
import { scoreDeal } from './scoring';
import type { State } from './state';

/** The deal: six cards to each seat and four to the table, six more each when the hands run out, and the end of a deal. */

/** Cards dealt to each seat at a time, and face up to the table at the start of a deal. */
const HAND = 6;
const TABLE = 4;
/** Two sides always: two seats alone, or partners 0+2 and 1+3. */
export const SIDES = 2;

const threeOfARank = (cards: readonly Card[]): boolean =>
  cards.some((c) => cards.filter((o) => rankOf(o) === rankOf(c)).length >= 3);

/**
 * A new deal: six cards to each seat one at a time from the dealer's left, then four face up to the table (three
 * or more of one rank among them: they go back, the stock is shuffled and four more are dealt); the rest is the stock.
 */
export function freshDeal(seats: number, dealer: number, deck: readonly Card[], rng: RngState) {
  const dealt = dealHandsAndTable(deck, { seats, count: HAND, first: (dealer + 1) % seats }, TABLE);
  const { redeals: _, ...fresh } = redealTable(dealt, rng, threeOfARank, 'on top');
  return {
    ...fresh,
    dealer,
    turn: (dealer + 1) % seats,
    declarations: [],
    pending: null,
    won: Array.from({ length: SIDES }, () => []),
    xeris: Array.from({ length: SIDES }, () => 0),
    lastCapturer: null,
    plays: 0,
    lastPlay: null,
  };
}

export function endTurn(s: State, seat: number): State {
  const next = { ...s, plays: s.plays + 1, turn: (seat + 1) % s.seats };
  const refilled = replenishHands(next.hands, next.stock, HAND, (s.dealer + 1) % s.seats);
  return refilled ? { ...next, ...refilled } : endDeal(next);
}

function endDeal(s: State): State {
  const leftovers = [...s.table, ...s.declarations.flatMap(cardsOf)];
  const side = s.lastCapturer === null ? null : sideOf(s.lastCapturer);
  const won = s.won.map((pile, i) => (i === side ? [...pile, ...leftovers] : pile));
  const score = scoreDeal(won, s.xeris);
  const deals = [...s.deals, { dealer: s.dealer, leftovers: { side, cards: leftovers }, ...score }];
  const scores = s.scores.map((n, i) => n + score.points[i]);
  if (Math.max(...scores) >= s.target) {
    // Leftovers nobody captured stay on the table, so every card is still somewhere.
    const table = side === null ? s.table : [];
    const declarations = side === null ? s.declarations : [];
    return { ...s, won, table, declarations, scores, deals, finished: true };
  }
  const [deck, rng] = shuffle(standardDeck(), s.rng);
  return { ...s, ...freshDeal(s.seats, (s.dealer + 1) % s.seats, deck, rng), scores, deals };
}
