import type { Card, RngState } from '../../cards';
import { CardAction, type FishingHands } from '../../cards/fishing-pairs';
import { Cards, CardsBySeat, Counts, HandCounts, HandsAtEnd, Nullable, OwnHand, Seat } from '../../cards/fishing-schema';
import { CardCode, CardSet, type Static, Type } from '../../engine';

/** Kontsina's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 1,
      maximum: 500,
      default: 21,
      description: 'the game ends after a deal in which a seat reaches this score (highest score wins; a tie plays on)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const layAction = CardAction('lay', 'play a card from the hand face up to the table, capturing nothing');
const captureAction = Type.Object(
  {
    type: Type.Literal('capture'),
    card: CardCode,
    take: CardSet({ minItems: 1, maxItems: 52, description: 'the table cards captured, in any order' }),
  },
  {
    additionalProperties: false,
    description: 'play a card and capture `take`: one table card of its rank, or two or more number cards adding up to it',
  },
);
export const actionSchema = Type.Union([layAction, captureAction]);
export type Action = Static<typeof actionSchema>;

const SeatOrNull = (description: string) => Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description });

const PlayView = Type.Object(
  {
    seat: Seat('the seat that played'),
    card: CardCode,
    took: Cards('the table cards captured with it, in the order they lay; [] when the card was laid'),
  },
  { additionalProperties: false, description: 'one play, as everyone saw it' },
);

const DealScoreView = Type.Object(
  {
    dealer: Seat('the seat that dealt'),
    cards: Counts('cards captured by each seat, leftovers included, by seat'),
    clubs: Counts('clubs captured by each seat, by seat'),
    mostCards: SeatOrNull('the seat scoring 2 for the most cards; null on a tie for the most'),
    mostClubs: SeatOrNull('the seat scoring 1 for the most clubs; null on a tie for the most'),
    twoOfClubs: SeatOrNull('the seat that captured the 2 of clubs; null if nobody did'),
    tenOfDiamonds: SeatOrNull('the seat that captured the 10 of diamonds; null if nobody did'),
    leftovers: Type.Object(
      {
        seat: SeatOrNull('the last capturer, who took them; null if nobody captured all deal (they were not scored)'),
        cards: Cards('the cards left on the table at the end of the deal'),
      },
      { additionalProperties: false, description: 'the cards left on the table at the end, and who took them' },
    ),
    points: Counts("each seat's points for the deal, by seat"),
  },
  { additionalProperties: false, description: 'the scoring of one deal, line by line' },
);

export const viewSchema = Type.Object(
  {
    seats: Type.Integer({ minimum: 2, maximum: 4, description: 'how many seats play' }),
    target: Type.Integer({ description: 'the score that ends the game (option target)' }),
    deal: Type.Integer({ minimum: 1, description: 'the deal being played, from 1 (the last one, once the game is over)' }),
    dealer: Seat('the seat that dealt this deal; the seat on its left plays first'),
    turn: SeatOrNull('the seat to play; null once the game is over'),
    hand: OwnHand,
    handCounts: HandCounts,
    stock: Type.Integer({ description: 'cards left in the face-down stock' }),
    table: Cards('the face-up cards on the table, in the order they arrived'),
    captured: Counts("how many cards are in each seat's face-down captured pile this deal, by seat"),
    lastCapturer: SeatOrNull('the last seat to capture this deal; null if nobody has'),
    lastPlay: Nullable(PlayView, 'the last play; null at the start of a deal'),
    scores: Counts("each seat's score, by seat"),
    deals: Type.Array(DealScoreView, { description: 'the scoring of every deal played so far, in order' }),
    finished: Type.Boolean({ description: 'whether the game is over' }),
    hands: HandsAtEnd,
    capturedCards: Nullable(
      CardsBySeat('captured piles'),
      "each seat's captured pile of the last deal, by seat, once the game is over; null during play",
    ),
  },
  { additionalProperties: false },
);
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
