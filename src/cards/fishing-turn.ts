import { IllegalMove, type Status } from '../engine/game';
import { CardCode } from '../engine/schema';
import { type Card, compareCards } from './cards';
import { highestTotalWins, holderOf, replenishHands, withoutCard } from './fishing';
import { Move } from './fishing-schema';
import { allMost, strictlyMost } from './scoring';

/**
 * The turn of a fishing game where one seat at a time plays one card from its hand (to capture, or to
 * lay it on the table): who may move, the card played, the turn passing on and the hands refilled from
 * the stock, the clock's lowest play and the status of a game where the highest total wins.
 */

/** What a fishing state holds besides its own fields: the seat to play, the hands and the stock. */
export interface FishingHands {
  /** The seat to play. */
  turn: number;
  hands: Card[][];
  stock: Card[];
}

type Turn = FishingHands & { dealer: number; finished: boolean };

/** Refuses a move once the game is over (`over`), or from a seat whose turn it is not. */
export function refuseOffTurn(over: boolean, turn: number, seat: number): void {
  if (over) throw new IllegalMove('the game is over');
  if (seat !== turn) throw new IllegalMove(`it is seat ${turn}'s turn`);
}

/**
 * The card `seat` plays with `action`, once the game is on, it is that seat's turn, the action is of one
 * of the game's two `types` and the card is in its hand; otherwise the move is refused.
 */
export function playedCard(s: Turn, seat: number, action: { type: string; card: Card }, types: readonly [string, string]): Card {
  refuseOffTurn(s.finished, s.turn, seat);
  if (!types.includes(action.type)) throw new IllegalMove(`unknown action ${action.type}: ${types.join(' or ')}`);
  if (!s.hands[seat].includes(action.card)) throw new IllegalMove(`${action.card} is not in your hand`);
  return action.card;
}

/**
 * The state after `seat` played `card` and `play` changed what it names: the turn passes to the left,
 * and once every hand is empty each seat gets `count` more cards from the stock, from the dealer's left.
 * When the hands and the stock are empty the deal is over: `end` goes on from there.
 */
export function afterPlay<S extends Turn>(s: S, seat: number, card: Card, play: Partial<S>, count: number, end: (s: S) => S): S {
  const seats = s.hands.length;
  const hands = withoutCard(s.hands, seat, card);
  const turn = (seat + 1) % seats;
  const refilled = replenishHands(hands, s.stock, count, (s.dealer + 1) % seats);
  return refilled ? { ...s, ...play, ...refilled, turn } : end({ ...s, ...play, hands, turn });
}

/** Cards played from the hands this deal by a view's counts: the 48 not turned up to the table, less the stock and the hands. */
export const playedFromHands = (view: { stock: number; handCounts: readonly number[] }): number =>
  48 - view.stock - view.handCounts.reduce((n, h) => n + h, 0);

/** The schema of an action that plays one card from the hand: `{ type, card }`, the `type` naming what the play does. */
export const CardAction = <T extends string>(type: T, description: string) => Move(type, description, { card: CardCode });

/**
 * The clock's choice among `actions`: the one whose cards (`cardsOf`, most telling first) come lowest in
 * the canonical order, compared card by card; of equals, the first listed.
 */
export function lowestAction<A>(actions: readonly A[], cardsOf: (a: A) => readonly Card[]): A {
  const earlier = (x: readonly Card[], y: readonly Card[]) => {
    const k = x.findIndex((c, i) => i < y.length && c !== y[i]);
    return k >= 0 && compareCards(x[k], y[k]) < 0;
  };
  return actions.reduce((best, a) => (earlier(cardsOf(a), cardsOf(best)) ? a : best));
}

/** The clock's play where capturing comes first: the capture with the lowest card (first of equals), else trail the lowest. */
export function lowestCaptureOrTrail<A extends { card: Card }>(captures: readonly A[], hand: readonly Card[]) {
  if (captures.length > 0) return lowestAction(captures, (a) => [a.card]);
  return { type: 'trail' as const, card: lowestAction(hand, (c) => [c]) };
}

/** A deal's score lines that several fishing games count alike: pile sizes, strictly the most cards (or null), the 10♦ and 2♣. */
export function cardsAndBigCards(piles: readonly (readonly Card[])[]) {
  const cards = piles.map((p) => p.length);
  const mostCards = strictlyMost(cards) ?? null;
  return { cards, mostCards, tenOfDiamonds: holderOf(piles, 'TD'), twoOfClubs: holderOf(piles, '2C') };
}

/** The status of a game where one seat acts at a time (`turn`, null once it is over) and the highest total wins. */
export function turnStatus(scores: number[], turn: number | null, unit: string): Status {
  return turnStatusSaying(scores, turn, () => highestTotalWins(scores, unit).summary);
}

/** The status of turnStatus, the highest scores winning (all of them when equal), with the game's own `summary` for them. */
export function turnStatusSaying(scores: number[], turn: number | null, summary: (winners: number[]) => string): Status {
  if (turn !== null) return { toAct: [turn], finished: false, scores };
  const winners = allMost(scores);
  return { toAct: [], finished: true, scores, result: { winners, summary: summary(winners) } };
}
