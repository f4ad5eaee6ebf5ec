import type { Card } from './cards';
import { deal } from './deal';

/**
 * Bookkeeping shared by the fishing games (Kontsina, Xeri, Stealing Bundles, Escoba, Scopa, Diloti...):
 * hands run out together and are refilled from the stock while the table stays, and whatever is left
 * on the table at the end goes to the last seat (or side) to have captured.
 */

/** True when no seat holds a card. */
export function allHandsEmpty(hands: readonly (readonly Card[])[]): boolean {
  return hands.every((h) => h.length === 0);
}

/**
 * Once every hand is empty, deals `count` more cards to each seat from the top of the stock, one at a
 * time from `first`. Returns the given hands and stock themselves while someone still holds a card (no
 * copy: the caller is building a new state from them anyway), and undefined when every hand and the
 * stock are empty: the deal is over.
 */
export function replenishHands(
  hands: Card[][],
  stock: Card[],
  count: number,
  first: number,
): { hands: Card[][]; stock: Card[] } | undefined {
  if (!allHandsEmpty(hands)) return { hands, stock };
  if (stock.length === 0) return undefined;
  return deal(stock, { seats: hands.length, count, first });
}

/**
 * The cards left on the table at the end of a deal go to the pile of the last capturer (a seat or a
 * side); when nobody captured anything they stay on the table. Inputs are untouched.
 */
export function takeLeftovers(
  table: readonly Card[],
  piles: readonly (readonly Card[])[],
  lastCapturer: number | null,
): { table: Card[]; piles: Card[][] } {
  const out = piles.map((p) => [...p]);
  if (lastCapturer === null) return { table: [...table], piles: out };
  out[lastCapturer].push(...table);
  return { table: [], piles: out };
}
