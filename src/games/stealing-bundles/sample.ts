import { type Card, dealTable, type RngState, rankOf, standardDeck } from '../../cards';
import { fieldsOf, movesOfDeal } from '../../cards/fishing';
import { playedFromHands } from '../../cards/fishing-turn';
import type { SeenEvent } from '../../engine';
import { type Action, HAND, type State, type View } from './state';

type Move = { seat: number; action: Action };

/**
 * A Stealing Bundles state for `seat` from its view and its reading of the log. The board, each
 * bundle's top and size and the last play show; every card played since its log began lies on the
 * board or in a bundle, and a seat that trailed (when trailing is forced) showed it held nothing that
 * captured. What it cannot place (the other hand, the stock, the bundles' cards it did not see come in)
 * is dealt from the cards it has not seen. Below its top a bundle shows nothing until the end and is
 * only ever taken whole, so which bundle a buried card lies in changes nothing.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const base = {
    ...fieldsOf(view, ['optionalCapture', 'dealer']),
    turn: view.turn ?? 1 - view.dealer,
    ...fieldsOf(view, ['board', 'lastPlay', 'finished']),
  };
  if (view.hands && view.bundleCards) return { ...base, hands: view.hands, stock: [], bundles: view.bundleCards };
  const hand = view.hand ?? [];
  const { moves } = movesOfGame(view, seen);
  const tops = view.bundles.flatMap((b) => (b.top ? [b.top] : []));
  const played = [...moves.map((m) => m.action.card), ...(view.lastPlay ? [view.lastPlay.card, ...view.lastPlay.took] : [])];
  const buriedKnown = [...new Set(played)].filter((c) => !view.board.includes(c) && !tops.includes(c));
  const beneath = view.bundles.map((b) => b.count - (b.top ? 1 : 0));
  const ruledOut = ranksNotHeld(view, seat, seen);
  const accepts = view.handCounts.map(() => (c: Card) => !ruledOut.has(rankOf(c)));
  const shown = [...view.board, ...tops, ...buriedKnown];
  const piles = [{ size: beneath.reduce((a, b) => a + b, 0) - buriedKnown.length }];
  const table = { seat, hand, handSizes: view.handCounts, stock: view.stock, shown, accepts, piles };
  const dealt = dealTable(standardDeck(), table, rng);
  // The last capture's cards went under its card; the rest fill the bundles in any order.
  const lastTook = view.lastPlay?.took ?? [];
  const rest = [...buriedKnown.filter((c) => !lastTook.includes(c)), ...dealt.piles[0]];
  const bundles = view.bundles.map((b, i) => {
    const took = view.lastPlay?.seat === i ? lastTook : [];
    return b.top ? [...rest.splice(0, beneath[i] - took.length), ...took, b.top] : [];
  });
  return { ...base, hands: dealt.hands, stock: dealt.stock, bundles };
}

/**
 * The moves of the game in a seat's log (its last ones, as many as cards were played from the hands),
 * oldest first; whether they reach back to the first; and where this round's begin (hands are
 * refilled four cards each once both are empty).
 */
function movesOfGame(view: View, seen: readonly SeenEvent[]): { moves: Move[]; complete: boolean; roundStart: number } {
  // Every move is a card from a hand.
  const plays = playedFromHands(view);
  const moves = movesOfDeal<Action>(seen, plays);
  const held = view.handCounts.reduce((a, b) => a + b, 0);
  return { moves, complete: moves.length === plays, roundStart: Math.max(0, moves.length - (2 * HAND - held)) };
}

/**
 * The ranks the other seat's hand cannot hold, as far as `seat` saw: each time the other seat trailed
 * this round (hands only shrink until both are empty), with trailing forced, no card of its hand
 * matched the board or the top of the seat's bundle. The board then held at least the cards on it now
 * and those the last play took, less those trailed since.
 */
export function ranksNotHeld(view: View, seat: number, seen: readonly SeenEvent[]): Set<string> {
  const ranks = new Set<string>();
  if (view.optionalCapture || view.finished) return ranks;
  const { moves, complete, roundStart } = movesOfGame(view, seen);
  const boardSince = [...view.board, ...(view.lastPlay?.took ?? [])];
  for (let k = roundStart; k < moves.length; k++) {
    if (moves[k].seat === seat || moves[k].action.type !== 'trail') continue;
    const trailedSince = new Set(moves.slice(k).flatMap((m) => (m.action.type === 'trail' ? [m.action.card] : [])));
    for (const c of boardSince) if (!trailedSince.has(c)) ranks.add(rankOf(c));
    const top = topBefore(view, seat, moves, k, complete);
    if (top) ranks.add(rankOf(top));
  }
  return ranks;
}

/**
 * The top of the seat's own bundle just before move `k`, where it is certain: its last capture before
 * then unless the other seat stole the bundle since; or, when it has captured nothing since, the top it
 * shows now (a bundle stolen since would show none). Undefined when empty or not known.
 */
function topBefore(view: View, seat: number, moves: readonly Move[], k: number, complete: boolean): Card | undefined {
  let top: Card | null | undefined = complete ? null : undefined;
  for (const { seat: by, action } of moves.slice(0, k)) {
    if (action.type !== 'capture') continue;
    if (by === seat) top = action.card;
    else if (top && rankOf(top) === rankOf(action.card)) top = null;
  }
  if (top !== undefined) return top ?? undefined;
  const capturedSince = moves.slice(k).some((m) => m.seat === seat && m.action.type === 'capture');
  return capturedSince ? undefined : (view.bundles[seat].top ?? undefined);
}
