import { type Card, rankNumber, removeCards } from './cards';
import { type DealSpec, deal } from './deal';
import { type RngState, shuffle } from './rng';
import { allMost, teamOf } from './scoring';
import { dealTable } from './unseen';

/**
 * Bookkeeping shared by the fishing games (Kontsina, Xeri, Stealing Bundles, Escoba, Scopa, Diloti...):
 * hands run out together and are refilled from the stock while the table stays, and whatever is left
 * on the table at the end goes to the last seat (or side) to have captured.
 */

/** Hands, the face-up table and the stock of a fishing deal. */
export interface FishingDeal {
  hands: Card[][];
  table: Card[];
  stock: Card[];
}

/** From the top of `deck`: the hands as `spec` deals them, then `table` cards face up; the rest is the stock. */
export function dealHandsAndTable(deck: readonly Card[], spec: DealSpec, table: number): FishingDeal {
  const { hands, stock } = deal(deck, spec);
  return { hands, table: stock.slice(0, table), stock: stock.slice(table) };
}

/**
 * Deals the table again while the text's redeal rule (`redeal`) holds for it: its cards go back to the
 * stock (on top of it or under it, as the text gathers them), the stock is shuffled and as many cards
 * are turned up again. Returns the deal, the RNG state after it and how many times the table was dealt again.
 */
export function redealTable(
  dealt: FishingDeal,
  rng: RngState,
  redeal: (table: readonly Card[]) => boolean,
  back: 'on top' | 'under',
): FishingDeal & { rng: RngState; redeals: number } {
  let { table, stock } = dealt;
  let redeals = 0;
  while (redeal(table)) {
    let mixed: Card[];
    [mixed, rng] = shuffle(back === 'on top' ? [...table, ...stock] : [...stock, ...table], rng);
    table = mixed.slice(0, table.length);
    stock = mixed.slice(table.length);
    redeals++;
  }
  return { hands: dealt.hands, table, stock, rng, redeals };
}

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

/** One event of a seat's reading of the log (the engine's `SeenEvent`), as far as a sampler needs it. */
export interface LoggedEvent {
  kind: string;
  seat: number;
  action: unknown;
}

/**
 * The moves of the deal in progress, oldest first, from a seat's reading of the log: the moves back to
 * the `plays`-th card played from a hand (a move `isPlay` counts), where `plays` is what the view shows
 * (a fishing deal is dealt out whole: the cards dealt less those still in the hands). With a log that
 * holds fewer plays, all its moves.
 */
export function movesOfDeal<A>(
  seen: readonly LoggedEvent[],
  plays: number,
  isPlay: (action: A) => boolean = () => true,
): { seat: number; action: A }[] {
  const moves: { seat: number; action: A }[] = [];
  let counted = 0;
  for (let i = seen.length - 1; i >= 0 && counted < plays; i--) {
    const { kind, seat, action } = seen[i];
    if (kind !== 'move') continue;
    moves.push({ seat, action: action as A });
    if (isPlay(action as A)) counted++;
  }
  return moves.reverse();
}

/**
 * The end of a one-deal (or fixed-length) match where the highest total wins and equal highest totals
 * share the win: the result the engine's status reports, its summary counting totals in `unit`.
 */
export function highestTotalWins(scores: number[], unit: string): { winners: number[]; summary: string } {
  const winners = allMost(scores);
  const best = Math.max(...scores);
  const summary =
    winners.length > 1
      ? `seats ${winners.join(' and ')} share the win with ${best} ${unit}`
      : `seat ${winners[0]} wins with ${best} ${unit} (${scores.join(' / ')})`;
  return { winners, summary };
}

/** The hands after `seat` plays `card` from its own. */
export function withoutCard(hands: readonly Card[][], seat: number, card: Card): Card[][] {
  return hands.map((h, i) => (i === seat ? removeCards(h, [card]) : h));
}

/** The seat (or side) whose pile holds `card`; null when no pile does. */
export function holderOf(piles: readonly (readonly Card[])[], card: Card): number | null {
  const i = piles.findIndex((p) => p.includes(card));
  return i < 0 ? null : i;
}

/** The side a seat plays for: itself alone, or with `teams` its team of alternate seats (0+2 and 1+3). */
export const sideOfSeat = (seat: number, teams: boolean): number => (teams ? teamOf(seat, 2) : seat);

/** The seats of each side, by side: every seat alone, or with `teams` two teams of alternate seats. */
export function sidesOf(seats: number, teams: boolean): number[][] {
  const all = [...Array(seats).keys()];
  return teams ? [0, 1].map((side) => all.filter((seat) => teamOf(seat, 2) === side)) : all.map((seat) => [seat]);
}

/**
 * The named fields of an object as they are, in the order given (a state's or view's key order is part
 * of its bytes): what a view shows of the state, a sampler copies from the view, or a copy shares.
 */
export function fieldsOf<V, K extends keyof V>(from: V, keys: readonly K[]): Pick<V, K> {
  return Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<V, K>;
}

/** Capture values of the Italian and Spanish 40-card deck: A 1, 2-7 their pips, J 8, Q 9, K 10 (Scopa, Escoba). */
export function fortyCardValue(c: Card): number {
  const n = rankNumber(c);
  return n <= 7 ? n : n - 3;
}

/** A view's hands as a seat may see them: its own hand (null for a spectator) and how many cards each seat holds. */
export function handsSeenBy(hands: readonly Card[][], seat: number | null): { hand: Card[] | null; handCounts: number[] } {
  return { hand: seat === null ? null : hands[seat], handCounts: hands.map((h) => h.length) };
}

/** Fields of a view that show only once the game is over, when every card is public: null for each during play. */
export function shownAtEnd<T extends object>(finished: boolean, fields: T): { [K in keyof T]: T[K] | null } {
  return finished ? fields : (Object.fromEntries(Object.keys(fields).map((k) => [k, null])) as { [K in keyof T]: null });
}

type Hidden<K extends string> = { hands: Card[][]; stock: Card[]; rng: RngState } & Record<K, Card[][]>;

/**
 * The hidden places of a fishing deal of the game's `cards` filled for `seat`: the hands, the stock and
 * the face-down piles, named `piles.key`. Once the game is over the view shows every hand and pile
 * (`piles.atEnd`; the stock is empty). During play the other hands, the stock and the piles (of the
 * view's `sizes`, each with the cards the seat remembers in it) are dealt from the cards it has not seen.
 */
export function hiddenOfDeal<K extends string>(
  view: { hand: Card[] | null; handCounts: number[]; stock: number; hands: Card[][] | null },
  seat: number,
  rng: RngState,
  cards: readonly Card[],
  shown: readonly Card[],
  piles: { key: K; sizes: readonly number[]; atEnd: Card[][] | null; known: () => readonly (readonly Card[])[] },
): Hidden<K> {
  if (view.hands && piles.atEnd) return { hands: view.hands, stock: [], [piles.key]: piles.atEnd, rng } as Hidden<K>;
  const known = piles.known();
  const places = piles.sizes.map((size, i) => ({ size, known: known[i] }));
  const { hand, handCounts: handSizes, stock } = view;
  const dealt = dealTable(cards, { seat, hand: hand ?? [], handSizes, stock, piles: places, shown }, rng);
  return { hands: dealt.hands, stock: dealt.stock, [piles.key]: dealt.piles, rng: dealt.rng } as Hidden<K>;
}
