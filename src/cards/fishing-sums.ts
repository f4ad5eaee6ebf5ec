import { IllegalMove } from '../engine/game';
import { CardCode, CardSet, type TSchema, Type } from '../engine/schema';
import { type Card, fortyCardDeck, removeCards, sortCards } from './cards';
import { dealHandsAndTable, type FishingDeal, replenishHands, takeLeftovers, withoutCard } from './fishing';
import { Cards, Count, Counts, HandCounts, Nullable, Seat } from './fishing-schema';
import { type RngState, shuffle } from './rng';
import { dealTable } from './unseen';

/**
 * The steps of the 40-card fishing games that capture by sums (Scopa, Escoba): three cards each and
 * four to the table, a turn that plays one card to capture or trail it, hands refilled by three from
 * the stock, the leftovers to the last capturer, and deals counted until the match is decided. The
 * games name what is their own: what a card may capture, the sweeps, the deal's count, the end.
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
export interface SumsPlay {
  type: string;
  card: Card;
  capture: Card[];
}

/** The seat after `seat`: the next seat number, wrapping. */
export const seatAfter = (s: Pick<SumsTable, 'hands'>, seat: number): number => (seat + 1) % s.hands.length;

/** The play action's schema: `capture` lists at most `maxItems` table cards, as `capture` describes them. */
export const playActionSchema = (maxItems: number, capture: string, description: string) =>
  Type.Object(
    { type: Type.Literal('play'), card: CardCode, capture: CardSet({ maxItems, description: capture }) },
    { additionalProperties: false, description },
  );

/** The view's opening fields: the deal, its dealer (`dealer` says who plays first) and the seat to play. */
export const dealFields = (dealer: string, seats?: number) => ({
  deal: Type.Integer({ minimum: 1, description: 'the deal being played (the last one once the game is over), from 1' }),
  dealer: Seat(dealer, seats),
  turn: Nullable(Seat('the seat to play', seats), 'the seat to play; null once the game is over'),
});

/** The view's fields for the hands, the table and the stock. */
export const tableFields = {
  hands: Type.Array(Type.Union([Cards('a hand, in the order dealt'), Type.Null()]), {
    description: 'the hands by seat: your own (every hand once the game is over); null for a hand you may not see',
  }),
  handSizes: HandCounts,
  table: Cards('the face-up table cards, in the order they came'),
  stock: Count('how many cards are left in the stock'),
};

/** The view's fields for the score piles, each kept by a `holder` (a seat or a side). */
export const pileFields = (holder: 'seat' | 'side') => ({
  captured: Type.Array(Cards(`a ${holder}'s score pile, in the order taken`), {
    description: `each ${holder}'s score pile this deal, by ${holder} (captures are made face up)`,
  }),
  capturedCounts: Counts(`how many cards each score pile holds, by ${holder}`),
});

/** The view's fields for the last capturer (`leftovers` says who takes them) and the last play, `sweep` its sweep flag. */
export const lastPlayFields = <Sweep extends Record<string, TSchema>>(
  leftovers: string,
  trail: string,
  sweep: Sweep,
  seats?: number,
) => ({
  lastCapturer: Nullable(
    Seat('the last seat to capture', seats),
    `the last seat to capture this deal (${leftovers}); null before any capture`,
  ),
  lastPlay: Nullable(
    Type.Object(
      {
        seat: Seat('the seat that played', seats),
        card: Type.With(CardCode, { description: 'the card played from the hand' }),
        capture: Cards(`the table cards it took; empty ${trail}`),
        ...sweep,
      },
      { additionalProperties: false },
    ),
    'the last card played this deal and what it took; null before the first',
  ),
});

/** Every play open to `seat`: each card of its hand with each capture `capturesOf` allows it (sorted). */
export function playsOf(
  hand: readonly Card[],
  capturesOf: (card: Card) => Card[][],
): { type: 'play'; card: Card; capture: Card[] }[] {
  return hand.flatMap((card) =>
    capturesOf(card).map((capture) => ({ type: 'play' as const, card, capture: sortCards(capture) })),
  );
}

/** Refuses a play that is not `seat`'s to make: an unknown action, a finished game, another's turn, a card not held. */
export function refuseOutOfTurn(s: SumsTable, seat: number, action: SumsPlay): void {
  if (action.type !== 'play') throw new IllegalMove(`unknown action ${action.type}`);
  if (s.winner !== null) throw new IllegalMove('the game is over');
  if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn`);
  if (!s.hands[seat].includes(action.card)) throw new IllegalMove(`${action.card} is not in your hand`);
}

/**
 * Deals a fresh deal from `deck` to `seats` seats: three cards each one at a time from the seat after
 * the dealer, then four face up to the table; empty score piles for `sides` sides, no play yet, the
 * seat after the dealer to play.
 */
export function startSumsDeal<S extends Omit<SumsTable, 'rng' | keyof FishingDeal> & { lastPlay: unknown }>(
  s: S,
  deck: readonly Card[],
  rng: RngState,
  seats: number,
  sides: number,
): S & FishingDeal & { rng: RngState } {
  const first = (s.dealer + 1) % seats;
  const { hands, table, stock } = dealHandsAndTable(deck, { seats, count: 3, first }, 4);
  const piles: Card[][] = Array.from({ length: sides }, () => []);
  return { ...s, rng, stock, hands, table, piles, lastCapturer: null, lastPlay: null, turn: first };
}

/**
 * `seat` plays `card`: taking `capture` from the table into its side's pile, or trailing the card to
 * the table when `capture` is empty. The next seat is to play.
 */
export function captureOrTrail<S extends SumsTable>(s: S, seat: number, side: number, card: Card, capture: readonly Card[]): S {
  const captured = capture.length > 0;
  return {
    ...s,
    hands: withoutCard(s.hands, seat, card),
    table: captured ? removeCards(s.table, capture) : [...s.table, card],
    piles: s.piles.map((p, i) => (i === side && captured ? [...p, card, ...capture] : p)),
    lastCapturer: captured ? seat : s.lastCapturer,
    turn: seatAfter(s, seat),
  };
}

/** After a play: three more cards each once every hand is empty, or, with the stock empty too, the deal's end. */
export function refillOr<S extends SumsTable>(s: S, endDeal: (s: S) => S): S {
  const refill = replenishHands(s.hands, s.stock, 3, seatAfter(s, s.dealer));
  return refill ? { ...s, ...refill } : endDeal(s);
}

/**
 * Ends a deal: the side of the last capturer takes what is left on the table (never a sweep), `count`
 * scores the piles, and unless that decides the match the next seat deals from a new shuffle.
 */
export function endSumsDeal<S extends SumsTable>(
  s: S,
  sideOf: (seat: number) => number,
  count: (piles: Card[][]) => Partial<S> & Pick<S, 'winner'>,
  start: (s: S, deck: Card[], rng: RngState) => S,
): S {
  const { table, piles } = takeLeftovers(s.table, s.piles, s.lastCapturer === null ? null : sideOf(s.lastCapturer));
  const counted: S = { ...s, ...count(piles) };
  if (counted.winner !== null) return { ...counted, table, piles };
  const [deck, rng] = shuffle(fortyCardDeck(), s.rng);
  return start({ ...counted, deal: s.deal + 1, dealer: seatAfter(s, s.dealer) }, deck, rng);
}

/** What a seat sees of the hands (its own; every hand once the game is over), the table and the stock. */
export function tableView(s: SumsTable, seat: number | null) {
  const finished = s.winner !== null;
  return {
    hands: s.hands.map((h, i) => (finished || i === seat ? h : null)),
    handSizes: s.hands.map((h) => h.length),
    table: s.table,
    stock: s.stock.length,
  };
}

/** The score piles as the view shows them. */
export const pilesView = (piles: Card[][]) => ({ captured: piles, capturedCounts: piles.map((p) => p.length) });

/** The hidden hands and stock of a sums game dealt for `seat` from the cards it has not seen: all else lies face up. */
export function dealUnseenHands(
  view: { hands: (Card[] | null)[]; handSizes: number[]; stock: number; table: Card[]; captured: Card[][] },
  seat: number,
  rng: RngState,
) {
  const hand = view.hands[seat] ?? [];
  const shown = [...view.table, ...view.captured.flat()];
  return dealTable(fortyCardDeck(), { seat, hand, handSizes: view.handSizes, stock: view.stock, shown }, rng);
}
