import type { Card, RngState } from '../../cards';
import { AtEnd, Cards, CardsBySeat, Closed, Counts, Field, Nullable, Option, Seat, SeatOrNull } from '../../cards/fishing-schema';
import { CardAction, type FishingHands } from '../../cards/fishing-turn';
import { CardCode, CardSet, type Static, Type } from '../../engine';

/** Kontsina's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({
  target: Option.target(
    500,
    21,
    'the game ends after a deal in which a seat reaches this score (highest score wins; a tie plays on)',
  ),
});
export type Options = Static<typeof optionsSchema>;

const layAction = CardAction('lay', 'play a card from the hand face up to the table, capturing nothing');
const captureAction = Closed(
  {
    type: Type.Literal('capture'),
    card: CardCode,
    take: CardSet({ minItems: 1, maxItems: 52, description: 'the table cards captured, in any order' }),
  },
  'play a card and capture `take`: one table card of its rank, or two or more number cards adding up to it',
);
export const actionSchema = Type.Union([layAction, captureAction]);
export type Action = Static<typeof actionSchema>;

const PlayView = Closed(
  {
    seat: Seat('the seat that played'),
    card: CardCode,
    took: Cards('the table cards captured with it, in the order they lay; [] when the card was laid'),
  },
  'one play, as everyone saw it',
);

const DealScoreView = Closed(
  {
    dealer: Seat('the seat that dealt'),
    cards: Counts('cards captured by each seat, leftovers included, by seat'),
    clubs: Counts('clubs captured by each seat, by seat'),
    mostCards: SeatOrNull('the seat scoring 2 for the most cards; null on a tie for the most'),
    mostClubs: SeatOrNull('the seat scoring 1 for the most clubs; null on a tie for the most'),
    twoOfClubs: SeatOrNull('the seat that captured the 2 of clubs; null if nobody did'),
    tenOfDiamonds: SeatOrNull('the seat that captured the 10 of diamonds; null if nobody did'),
    leftovers: Closed(
      {
        seat: SeatOrNull('the last capturer, who took them; null if nobody captured all deal (they were not scored)'),
        cards: Cards('the cards left on the table at the end of the deal'),
      },
      'the cards left on the table at the end, and who took them',
    ),
    points: Counts("each seat's points for the deal, by seat"),
  },
  'the scoring of one deal, line by line',
);

export const viewSchema = Closed({
  seats: Field.seats(4),
  target: Field.target,
  deal: Field.deal,
  dealer: Seat('the seat that dealt this deal; the seat on its left plays first'),
  turn: Field.turn(),
  hand: Field.hand,
  handCounts: Field.handCounts,
  stock: Field.stock,
  table: Field.table,
  captured: Counts("how many cards are in each seat's face-down captured pile this deal, by seat"),
  lastCapturer: Field.lastCapturer,
  lastPlay: Nullable(PlayView, 'the last play; null at the start of a deal'),
  scores: Counts("each seat's score, by seat"),
  deals: Type.Array(DealScoreView, { description: 'the scoring of every deal played so far, in order' }),
  finished: Field.finished,
  hands: Field.hands,
  capturedCards: AtEnd(CardsBySeat('captured piles'), "each seat's captured pile of the last deal, by seat"),
});
export type View = Static<typeof viewSchema>;

/** The scoring of one deal. */
export type DealScore = Static<typeof DealScoreView>;

export interface State
  extends FishingHands,
    Pick<View, 'seats' | 'target' | 'dealer' | 'table' | 'lastCapturer' | 'lastPlay' | 'scores' | 'deals' | 'finished'> {
  rng: RngState;
  /** Each seat's face-down pile of captured cards for the current deal. */
  captured: Card[][];
}
