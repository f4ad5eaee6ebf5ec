import { IllegalMove } from '../engine/game';
import { CardCode, Type } from '../engine/schema';
import type { Card } from './cards';
import { replenishHands, withoutCard } from './fishing';
import type { RngState } from './rng';
import { dealTable } from './unseen';

/**
 * The turn of a fishing game where a seat plays one card from its hand (to capture, or to lay it on the
 * table), the hands are refilled from the stock once all are empty, and the deal ends when the hands and
 * the stock are: what Kontsina, Xeri and Stealing Bundles do alike, and what a seat's view and a sampler see of it.
 */

/** What a fishing state holds besides its own fields: the seat to play, the hands and the stock. */
export interface FishingHands {
  /** The seat to play. */
  turn: number;
  hands: Card[][];
  stock: Card[];
}

type Turn = FishingHands & { dealer: number; finished: boolean };

/**
 * The card `seat` plays with `action`, once the game is on, it is that seat's turn, the action is of one
 * of the game's two `types` and the card is in its hand; otherwise the move is refused.
 */
export function playedCard(s: Turn, seat: number, action: { type: string; card: Card }, types: readonly [string, string]): Card {
  if (s.finished) throw new IllegalMove('the game is over');
  if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn`);
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

/** The schema of an action that plays one card from the hand: `{ type, card }`, the `type` naming what the play does. */
export const CardAction = <T extends string>(type: T, description: string) =>
  Type.Object({ type: Type.Literal(type), card: CardCode }, { additionalProperties: false, description });

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
