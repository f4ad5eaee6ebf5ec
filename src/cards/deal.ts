import type { Card } from './cards';

export interface DealSpec {
  seats: number;
  /** Cards each seat receives in this round of dealing. */
  count: number;
  /** The seat served first; dealing goes up in seat order from it, wrapping around. */
  first?: number;
  /** Cards given to a seat at a time (3 then 3, say, with batch 3). */
  batch?: number;
  /** Hands to add to (replenishing); new empty hands when omitted. */
  hands?: readonly (readonly Card[])[];
}

/**
 * Deals from the top of `stock` (index 0) around the table, `batch` cards at a time, until each seat
 * has received `count` more cards. Returns new hands and the rest of the stock; inputs are untouched.
 */
export function deal(stock: readonly Card[], spec: DealSpec): { hands: Card[][]; stock: Card[] } {
  const { seats, count, first = 0, batch = 1 } = spec;
  const hands = Array.from({ length: seats }, (_, s) => [...(spec.hands?.[s] ?? [])]);
  if (seats * count > stock.length) throw new Error(`deal: ${seats * count} cards wanted, ${stock.length} in the stock`);
  let top = 0;
  for (let given = 0; given < count; given += batch) {
    const n = Math.min(batch, count - given);
    for (let k = 0; k < seats; k++) {
      const seat = (first + k) % seats;
      hands[seat].push(...stock.slice(top, top + n));
      top += n;
    }
  }
  return { hands, stock: stock.slice(top) };
}
