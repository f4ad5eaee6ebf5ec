import { type Card, dealTable, type RngState, removeCards, unseenCards } from '../../cards';
import { fieldsOf, movesOfDeal } from '../../cards/fishing';
import type { SeenEvent } from '../../engine';
import { type Action, handSizeFor, type State, targetsFor, totitDeck, type View } from './state';

/**
 * A Totit state for `seat` from its view and its reading of the log. The table and every captured
 * pile lie face up; the other hands and the cards set aside unseen are dealt from the rest. A seat
 * that trailed (when trailing is forced) showed that no card of its hand could capture then: the
 * table it trailed on is the table now with this deal's later moves undone, so it is dealt no card
 * that could have. The generator left after dealing shuffles the later deals.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const base = {
    ...fieldsOf(view, ['seats', 'optionalCapture', 'dealsInMatch', 'dealer']),
    turn: view.turn ?? (view.dealer + 1) % view.seats,
    handSize: handSizeFor(view.seats),
    ...fieldsOf(view, ['table', 'captured', 'deals', 'last']),
  };
  if (view.hands && view.unused) return { ...base, hands: view.hands, unused: view.unused, rng };
  const hand = view.hand ?? [];
  const shown = [...view.table, ...view.captured.flat()];
  const unseen = new Set(unseenCards(totitDeck(), [...hand, ...shown]));
  // A hand holds none of the cards that would have captured where its seat trailed (worked out once per code).
  const accepts = trailedOn(view, seat, seen).map((tables) => {
    const out = new Set([...unseen].filter((c) => tables.some((t) => targetsFor(c, t.table, t.first).length > 0)));
    return out.size > 0 ? (c: Card) => !out.has(c) : undefined;
  });
  // The cards set aside unseen are the table's stock: dealt like it, never turned.
  const dealt = dealTable(totitDeck(), { seat, hand, handSizes: view.handSizes, stock: view.unusedCount, shown, accepts }, rng);
  return { ...base, hands: dealt.hands, unused: dealt.stock, rng: dealt.rng };
}

/** A table some seat trailed on, and whether that was its own first turn of the deal. */
interface Trail {
  table: Card[];
  first: boolean;
}

/**
 * By seat, the tables each other seat trailed on this deal, oldest first, as far as the log reaches
 * back, when trailing is forced: undoing the deal's moves from the last, a trail takes its card back
 * off the table and a capture puts its target back.
 */
export function trailedOn(view: View, seat: number, seen: readonly SeenEvent[]): Trail[][] {
  const trails: Trail[][] = view.handSizes.map(() => []);
  if (view.optionalCapture || view.hands) return trails;
  // Every move of the deal is one card from a hand; earlier deals' moves lie before them in the log.
  const playedBefore = view.handSizes.map((n) => handSizeFor(view.seats) - n);
  let table = [...view.table];
  const played = playedBefore.reduce((a, b) => a + b, 0);
  for (const { seat: by, action } of movesOfDeal<Action>(seen, played).reverse()) {
    playedBefore[by]--;
    table = action.type === 'trail' ? removeCards(table, [action.card]) : [...table, action.target];
    if (action.type === 'trail' && by !== seat) trails[by].unshift({ table, first: playedBefore[by] === 0 });
  }
  return trails;
}
