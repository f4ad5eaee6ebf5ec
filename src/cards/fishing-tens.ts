import type { Status } from '../engine/game';
import { type Card, compareCards } from './cards';
import { highestTotalWins } from './fishing';

/**
 * Pieces Chinese Ten and Totit share: games where a seat plays one card a turn from its hand to
 * capture from a face-up table, or lays it there, and the clock plays the lowest card it may.
 */

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

/** The status of a game where one seat acts at a time (`turn`, null once it is over) and the highest total wins. */
export function turnStatus(scores: number[], turn: number | null, unit: string): Status {
  if (turn !== null) return { toAct: [turn], finished: false, scores };
  return { toAct: [], finished: true, scores, result: highestTotalWins(scores, unit) };
}
