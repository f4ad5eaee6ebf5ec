import type { Card } from '../../cards';
import { Cards, CardsBySeat, Closed, Field, Move, Nullable, Seat, SeatOrNull } from '../../cards/fishing-schema';
import { CardAction } from '../../cards/fishing-turn';
import { CardCode, CardSet, type Static, Type } from '../../engine';

/** Chinese Ten's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({});
export type Options = Static<typeof optionsSchema>;

const playAction = Move('play', 'play a card from the hand; then the top stock card is turned', {
  card: CardCode,
  capture: CardSet({
    maxItems: 3,
    description:
      'the table cards the played card captures, in any order: [] to lay it on the table, one card, or the three of a kind',
  }),
});
const captureAction = CardAction('capture', 'choose the table card the turned stock card captures');
export const actionSchema = Type.Union([playAction, captureAction]);
export type Action = Static<typeof actionSchema>;

const TurnView = Closed(
  {
    seat: Seat('the seat that played'),
    played: CardCode,
    captured: Cards('the table cards the played card captured ([] if it was laid on the table)'),
    turned: Nullable(CardCode, 'the stock card turned after the play; null until it is turned'),
    turnedCaptured: Nullable(
      Cards('the table cards it captured'),
      'what the turned card captured ([] if nothing); null while the seat is still choosing',
    ),
  },
  'the last turn, for the table to show',
);

export const viewSchema = Closed({
  seats: Field.seats(4),
  dealer: Seat('the seat that dealt (seat 0); the seat on its left plays first'),
  turn: SeatOrNull('the seat to act; null once the game is over'),
  phase: Type.Union([Type.Literal('play'), Type.Literal('choose-capture'), Type.Literal('over')], {
    description:
      'play: the seat to act plays a card; choose-capture: it chooses what the turned stock card takes; over: the game has ended',
  }),
  hand: Field.hand,
  handSizes: Field.handCounts,
  hands: Field.hands,
  stockSize: Field.stock,
  table: Field.table,
  turned: Nullable(CardCode, 'a turned stock card waiting for its seat to choose which table card it captures; null otherwise'),
  layoutCapture: Cards('the four of a kind the dealer took from the layout before the first turn; [] if none'),
  won: CardsBySeat("each seat's captured cards, by seat, in the order taken (every capture was made face up)"),
  points: Type.Array(Type.Integer(), { description: "each seat's points from its captured cards so far, by seat" }),
  last: Nullable(TurnView, 'the last turn played; null before the first'),
});
export type View = Static<typeof viewSchema>;

export interface State extends Pick<View, 'seats' | 'dealer' | 'table' | 'won' | 'layoutCapture' | 'turned' | 'last'> {
  turn: number;
  hands: Card[][];
  /** Face down, top first. */
  stock: Card[];
}
