import { type Card, shuffle } from '../../cards';
import { IllegalMove } from '../../engine';
import type { Action, Discard, Slot, State } from './state';
import { layoutTotal } from './values';

/** The table every phase works on: the stock and its rebuilds, the discard pile, the layouts. */

/** A private copy the moves may change: apply never mutates the state it is given. */
export function copy(s: State): State {
  const slots = (l: (Slot | null)[]) =>
    l.map((x) => x && { card: x.card, seen: [x.seen[0], x.seen[1]] as [boolean, boolean], shown: x.shown });
  return {
    ...s,
    stock: [...s.stock],
    discards: s.discards.map((d) => ({ ...d })),
    layouts: [slots(s.layouts[0]), slots(s.layouts[1])],
    held: s.held && { ...s.held },
  };
}

/** A rebuild needs two discards (the top one stays) and, under a house limit, a rebuild left. */
const canRebuild = (s: State) => (s.stockRebuilds === null || s.rebuilt < s.stockRebuilds) && s.discards.length >= 2;

/** When the stock is empty, the discard pile less its top card is shuffled into a new stock (if it may be rebuilt). */
function refill(s: State): void {
  if (s.stock.length > 0 || !canRebuild(s)) return;
  const top = s.discards.pop() as Discard;
  [s.stock, s.rng] = shuffle(
    s.discards.map((d) => d.card),
    s.rng,
  );
  s.discards = [top];
  s.rebuilt++;
}

/** Cards the stock can still give, counting a rebuild when it runs out. */
export function supply(s: State): number {
  return s.stock.length + (canRebuild(s) ? s.discards.length - 1 : 0);
}

export function takeFromStock(s: State): Card | undefined {
  refill(s);
  return s.stock.shift();
}

/** After every move: rebuild an empty stock; a turn that cannot begin with a draw ends the game as it lies. */
export function settle(s: State): State {
  refill(s);
  if (s.phase === 'draw' && s.stock.length === 0) {
    s.phase = 'over';
    s.end = 'stock';
  }
  return s;
}

export const occupied = (layout: readonly (Slot | null)[]) => layout.flatMap((slot, i) => (slot ? [i] : []));
export const hasCards = (layout: readonly (Slot | null)[]) => layout.some((slot) => slot !== null);
export const top = (s: State): Discard | undefined => s.discards.at(-1);

export function slotAt(layout: readonly (Slot | null)[], position: unknown, whose: string): Slot {
  const slot = Number.isInteger(position) ? layout[position as number] : undefined;
  if (!slot) throw new IllegalMove(`${whose} no card at position ${String(position)}`);
  return slot;
}

export function totals(s: State): [number, number] {
  return [layoutTotal(s.layouts[0].map((x) => x?.card ?? null)), layoutTotal(s.layouts[1].map((x) => x?.card ?? null))];
}

/** The moves that may end a turn, each also offered with the "Cactus!" call while nobody has called. */
export function ending<A extends Action>(s: State, actions: A[]): A[] {
  return s.cactus === null ? actions.flatMap((a) => [a, { ...a, cactus: true }]) : actions;
}
