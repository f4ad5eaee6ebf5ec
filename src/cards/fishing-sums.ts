import { IllegalMove, type Status } from '../engine/game';
import { CardCode, CardSet, type TSchema, Type } from '../engine/schema';
import { type Card, containsCards, fortyCardDeck, removeCards, sortCards, suitOf } from './cards';
import { dealHandsAndTable, type FishingDeal, replenishHands, withoutCard } from './fishing';
import { Cards, Closed, Field, Move, Nullable, Seat } from './fishing-schema';
import { refuseOffTurn, turnStatusSaying } from './fishing-turn';
import { type RngState, shuffle } from './rng';
import { dealTable } from './unseen';

/**
 * The steps of the 40-card fishing games that capture by sums (Scopa, Escoba): three cards each and
 * four to the table, a turn that plays one card to capture or trail it, hands refilled by three from
 * the stock, and deal after deal from new shuffles until a side wins the match. The games name what
 * is their own: what a card may capture, the sweeps, the deal's count, when the match is won.
 */

/** The places and turn of a sums game's deal, as the steps below read and write them. */
export interface SumsTable {
  /** The deal being played, from 1, and the seat that dealt it. */
  deal: number;
  dealer: number;
  rng: RngState;
  stock: Card[];
  hands: Card[][];
  table: Card[];
  /** Each side's score pile this deal (a side is a seat, or a partnership). */
  piles: Card[][];
  lastCapturer: number | null;
  turn: number;
  winner: number | null;
}

/** A play: the card from the hand and the table cards it takes ([] trails it). */
export type SumsPlay = { card: Card; capture: readonly Card[] };

/** How many diamonds (the coins: denari, oros) a score pile holds; most diamonds is a point of the count. */
export const diamondsIn = (pile: readonly Card[]) => pile.filter((c) => suitOf(c) === 'D').length;

/** The seat after `seat`: the next seat number, wrapping. */
export const seatAfter = (s: { hands: readonly unknown[] }, seat: number): number => (seat + 1) % s.hands.length;

/** The play action's schema: `capture` lists at most `maxItems` table cards, as `capture` describes them. */
export const playActionSchema = (maxItems: number, capture: string, description: string) =>
  Move('play', description, { card: CardCode, capture: CardSet({ maxItems, description: capture }) });

/** The view's fields for the hands, the table and the stock. */
export const tableFields = {
  hands: Type.Array(Type.Union([Cards('a hand, in the order dealt'), Type.Null()]), {
    description: 'the hands by seat: your own (every hand once the game is over); null for a hand you may not see',
  }),
  handSizes: Field.handCounts,
  table: Field.table,
  stock: Field.stock,
};

type Fields = Record<string, TSchema>;

/** The view's fields for the last capturer (`leftovers` says who takes them) and the last play, `sweep` its sweep flag. */
export const lastPlayFields = <S extends Fields>(leftovers: string, trail: string, sweep: S, seats?: number) => ({
  lastCapturer: Nullable(
    Seat('the last seat to capture', seats),
    `the last seat to capture this deal (${leftovers}); null before any capture`,
  ),
  lastPlay: Nullable(
    Closed({
      seat: Seat('the seat that played', seats),
      card: Type.With(CardCode, { description: 'the card played from the hand' }),
      capture: Cards(`the table cards it took; empty ${trail}`),
      ...sweep,
    }),
    'the last card played this deal and what it took; null before the first',
  ),
});

/** The plays open to `seat`: none off its turn, else each card of its hand with each capture `capturesOf` allows it. */
export function playsOf(s: SumsTable, seat: number, capturesOf: (card: Card) => Card[][]) {
  if (s.winner !== null || seat !== s.turn) return [];
  return s.hands[seat].flatMap((card) =>
    capturesOf(card).map((capture) => ({ type: 'play' as const, card, capture: sortCards(capture) })),
  );
}

/** Refuses a play `seat` may not make: an unknown action, a game over, another's turn, a card not held, cards off the table. */
export function checkTurn(s: SumsTable, seat: number, { type, card, capture }: { type: string } & SumsPlay): void {
  if (type !== 'play') throw new IllegalMove(`unknown action ${type}`);
  refuseOffTurn(s.winner !== null, s.turn, seat);
  if (!s.hands[seat].includes(card)) throw new IllegalMove(`${card} is not in your hand`);
  if (!containsCards(s.table, capture)) throw new IllegalMove(`${capture.join(' ')}: not all of these are on the table`);
}

/**
 * Deals a fresh deal from `deck` to `seats` seats: three cards each one at a time from the seat after
 * the dealer, then four face up to the table; empty score piles for `sides` sides, no play yet, the
 * seat after the dealer to play. While the text's `redeal` rule holds for the table the cards are
 * thrown in and the same dealer deals again from a new shuffle. Returns the deal and how often it was thrown in.
 */
export function startSumsDeal<S extends Omit<SumsTable, 'rng' | keyof FishingDeal> & { lastPlay: unknown }>(
  s: S,
  deck: readonly Card[],
  rng: RngState,
  { seats, sides, redeal = () => false }: { seats: number; sides: number; redeal?: (table: readonly Card[]) => boolean },
): [S & FishingDeal & { rng: RngState }, number] {
  const first = (s.dealer + 1) % seats;
  let dealt = dealHandsAndTable(deck, { seats, count: 3, first }, 4);
  let redeals = 0;
  for (; redeal(dealt.table); redeals++) {
    [deck, rng] = shuffle(fortyCardDeck(), rng);
    dealt = dealHandsAndTable(deck, { seats, count: 3, first }, 4);
  }
  const piles: Card[][] = Array.from({ length: sides }, () => []);
  const { hands, table, stock } = dealt;
  return [{ ...s, rng, stock, hands, table, piles, lastCapturer: null, lastPlay: null, turn: first }, redeals];
}

/**
 * `seat` plays `card`: taking `capture` from the table into its side's pile, or trailing the card to the table when
 * `capture` is empty; the next seat is to play. Once every hand is empty, three more cards each come from the stock.
 * Returns the state, whether the deal is over (hands and stock exhausted) and whether the play swept the table.
 */
export function captureOrTrail<S extends SumsTable>(s: S, seat: number, side: number, { card, capture }: SumsPlay) {
  const captured = capture.length > 0;
  const hands = withoutCard(s.hands, seat, card);
  const refill = replenishHands(hands, s.stock, 3, seatAfter(s, s.dealer));
  const played: S = {
    ...s,
    hands,
    table: captured ? removeCards(s.table, capture) : [...s.table, card],
    piles: s.piles.map((p, i) => (i === side && captured ? [...p, card, ...capture] : p)),
    lastCapturer: captured ? seat : s.lastCapturer,
    turn: seatAfter(s, seat),
    ...refill,
  };
  return [played, refill === undefined, captured && played.table.length === 0] as const;
}

/** The match goes on: the next seat deals the next deal, from a new shuffle, as `start` deals. */
export function nextDeal<S extends SumsTable>(s: S, start: (s: S, deck: Card[], rng: RngState) => S): S {
  const [deck, rng] = shuffle(fortyCardDeck(), s.rng);
  return start({ ...s, deal: s.deal + 1, dealer: seatAfter(s, s.dealer) }, deck, rng);
}

/** What a seat sees of the hands (its own; every hand once the game is over), the table and the stock. */
export function tableView(s: SumsTable, seat: number | null) {
  return {
    hands: s.hands.map((h, i) => (s.winner !== null || i === seat ? h : null)),
    handSizes: s.hands.map((h) => h.length),
    table: s.table,
    stock: s.stock.length,
  };
}

/**
 * The places of a sums game sampled for `seat`: the other hands and the stock dealt from the cards it
 * has not seen, its own hand, the table and the score piles as its view shows them; with the RNG after.
 */
export function sampleTable(view: ReturnType<typeof tableView> & { captured: Card[][] }, seat: number, rng: RngState) {
  const hand = view.hands[seat] ?? [];
  const shown = [...view.table, ...view.captured.flat()];
  const dealt = dealTable(fortyCardDeck(), { seat, hand, handSizes: view.handSizes, stock: view.stock, shown }, rng);
  return { rng: dealt.rng, places: { stock: dealt.stock, hands: dealt.hands, table: view.table, piles: view.captured } };
}

/**
 * The engine's status of a match of sides to a target: each seat shows its side's score, and the end
 * names the winning side's seats (the seats with the highest score) and the score, the others' highest first.
 */
export function matchStatus(s: SumsTable & { scores: number[] }, sides: number[][]): Status {
  const scores = s.hands.map((_, seat) => s.scores[sides.findIndex((side) => side.includes(seat))]);
  return turnStatusSaying(scores, s.winner === null ? s.turn : null, (winners) => {
    const others = s.scores.filter((_, side) => side !== s.winner).sort((a, b) => b - a);
    const who = winners.length > 1 ? `seats ${winners.join(' and ')} win` : `seat ${winners[0]} wins`;
    return `${who} ${Math.max(...s.scores)} to ${others.join(' to ')}`;
  });
}
