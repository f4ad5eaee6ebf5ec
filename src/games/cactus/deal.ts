import type { Card } from '../../cards';
import type { Options, Slot, State } from './state';

/** The deal: four cards face down to each seat, one at a time, the non-dealer first; the rest is the stock. */

/** The dealer; the non-dealer, seat 0, plays first. */
export const DEALER = 1;

export function dealt(deck: readonly Card[], options: Options, rng: State['rng']): State {
  const layout = (seat: number): Slot[] =>
    [0, 1, 2, 3].map((i) => ({ card: deck[2 * i + seat], seen: [false, false], shown: false }));
  return {
    memoryAid: options.memoryAid,
    stockRebuilds: options.stockRebuilds,
    rebuilt: 0,
    rng,
    stock: deck.slice(8),
    discards: [],
    layouts: [layout(0), layout(1)],
    turn: 1 - DEALER,
    turns: 0,
    phase: 'draw',
    held: null,
    queenAt: null,
    cactus: null,
    end: null,
  };
}
