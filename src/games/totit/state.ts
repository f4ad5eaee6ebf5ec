import { buildDeck, type Card, countCards, RANKS, type RngState, rankOf } from '../../cards';
import { AtEnd, Bounded, Cards, Closed, Counts, Field, Nullable, Option, Seat } from '../../cards/fishing-schema';
import { CardAction } from '../../cards/fishing-turn';
import { CardCode, type Static, Type } from '../../engine';

/** Totit's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({
  rounds: Bounded(1, 5, 1, 'how many times each seat deals (default 1: every seat deals once)'),
  optionalCapture: Option.optionalCapture,
});
export type Options = Static<typeof optionsSchema>;

const captureAction = Closed(
  { type: Type.Literal('capture'), card: CardCode, target: CardCode },
  'capture the table card `target` with the hand card `card`',
);
const trailAction = CardAction(
  'trail',
  'lay a hand card face up on the table: only when no hand card can capture (unless option optionalCapture)',
);
export const actionSchema = Type.Union([captureAction, trailAction]);
export type Action = Static<typeof actionSchema>;

const PairsBySeat = (description: string) => Type.Array(Cards('one code per identical pair'), { description });

export const viewSchema = Closed({
  seats: Field.seats(6),
  deal: Field.deal,
  dealsInMatch: Type.Integer({ minimum: 1, description: 'how many deals the match lasts: seats × option rounds' }),
  dealer: Field.dealer,
  optionalCapture: Field.optionalCapture,
  turn: Field.turn(),
  firstTurn: Type.Array(Type.Boolean(), {
    description: 'by seat: true while that seat has not yet played this deal (it may then capture only an identical card)',
  }),
  hand: Nullable(Cards('your hand, in the order dealt'), "this seat's own hand; null for a spectator"),
  handSizes: Field.handCounts,
  hands: Field.hands,
  unused: AtEnd(Cards('the cards set aside'), 'the cards set aside unseen in the last deal'),
  unusedCount: Type.Integer({ minimum: 0, description: 'how many cards were set aside unseen this deal' }),
  table: Field.table,
  captured: Type.Array(Cards("a seat's captured cards, two by two in the order taken"), {
    description: "each seat's captured cards this deal, by seat (captures are made face up)",
  }),
  pairs: PairsBySeat('the identical pairs each seat has captured this deal, by seat: one point each'),
  deals: Type.Array(
    Closed({
      dealer: Seat('the seat that dealt it'),
      pairs: PairsBySeat('the pairs each seat scored, by seat'),
    }),
    { description: 'the deals played so far, in order' },
  ),
  scores: Counts("each seat's pairs in the match so far, the deal in progress included, by seat"),
  last: Nullable(
    Closed({
      seat: Seat('the seat that played'),
      card: Type.With(CardCode, { description: 'the hand card played' }),
      target: Nullable(CardCode, 'the table card captured; null for a trail'),
    }),
    'the last move of this deal; null before the first',
  ),
});
export type View = Static<typeof viewSchema>;

export interface State
  extends Pick<View, 'seats' | 'optionalCapture' | 'dealsInMatch' | 'dealer' | 'table' | 'captured' | 'deals' | 'last'> {
  turn: number;
  /** Cards dealt to each seat this deal (7, or 11 with two seats). */
  handSize: number;
  hands: Card[][];
  /** Cards set aside unseen this deal. */
  unused: Card[];
  rng: RngState;
}

/** Per copy: A-9 of spades, hearts and diamonds, and the J Q K of clubs; two copies make 60 cards. */
export function totitDeck(): Card[] {
  const copy = [...buildDeck({ ranks: RANKS.slice(0, 9), suits: ['S', 'H', 'D'] }), 'JC', 'QC', 'KC'];
  return [...copy, ...copy];
}
export const handSizeFor = (seats: number) => (seats === 2 ? 11 : 7);

/** What counts as a rank for capturing: aces and face cards are all one rank. */
export const captureRank = (c: Card): string => ('AJQK'.includes(rankOf(c)) ? 'honour' : rankOf(c));

/**
 * The table cards (distinct codes, table order) a hand card may capture. On the seat's own first turn
 * of the deal only an identical card; later any card of the same capture rank, except that while a
 * card of that rank lies on the table once only, the cards lying there as identical pairs must wait.
 */
export function targetsFor(card: Card, table: readonly Card[], firstTurn: boolean): Card[] {
  if (firstTurn) return table.includes(card) ? [card] : [];
  const same = table.filter((t) => captureRank(t) === captureRank(card));
  const copies = countCards(same);
  const odd = same.filter((t) => copies.get(t) === 1);
  return [...new Set(odd.length > 0 ? odd : same)];
}
