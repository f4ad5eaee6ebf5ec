import { Cards, Closed, Count, Counts, Field, Literals, Nullable, Option, Seat as SeatOf } from '../../cards/fishing-schema';
import { lastPlayFields, playActionSchema, type SumsTable, tableFields } from '../../cards/fishing-sums';
import { type Static, Type } from '../../engine';

/** Scopa's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({
  target: Option.target(99, 11, 'points to win; counting stops the moment a seat reaches them'),
  redealThreeKings: Type.Boolean({
    default: true,
    description: 'throw the cards in and deal again when three or four kings are dealt to the table',
  }),
});
export type Options = Static<typeof optionsSchema>;

export const actionSchema = playActionSchema(
  10,
  'the table cards taken, in any order: one card of the same rank, or cards adding up to its value; [] to trail',
  'play one card from the hand, capturing or trailing it',
);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => SeatOf(description, 2);
/** A primiera count per seat, null for a pile lacking a suit. */
const Primiera = (description: string) => Type.Array(Type.Union([Type.Integer(), Type.Null()]), { description });
const PointView = Closed(
  {
    line: Literals(
      ['cards', 'diamonds', 'settebello', 'primiera', 'scopa'],
      'the scoring line: most cards, most diamonds, the settebello, the primiera, or one scopa',
    ),
    seat: Seat('the seat it went to'),
  },
  'one point of a deal',
);

export const viewSchema = Closed({
  deal: Field.deal,
  dealer: Seat('the seat that dealt this deal; the other plays first'),
  turn: Field.turn(2),
  target: Type.Integer({ description: 'the points that win (option target)' }),
  redealThreeKings: Type.Boolean({
    description: 'whether three or four kings dealt to the table throw the deal in (option redealThreeKings)',
  }),
  ...tableFields,
  redeals: Count('how many times this deal was thrown in for three or four kings on the table'),
  captured: Type.Array(Cards("a seat's score pile, in the order taken"), {
    description: "each seat's score pile this deal, by seat (captures are made face up)",
  }),
  capturedCounts: Counts('how many cards each score pile holds, by seat'),
  primiera: Primiera("each seat's primiera count so far, by seat; null while its pile lacks a suit"),
  scopas: Counts('the scopas each seat has made this deal, by seat'),
  ...lastPlayFields(
    'it takes the leftovers',
    'for a trail',
    { scopa: Type.Boolean({ description: 'true when it swept the table for a scopa' }) },
    2,
  ),
  scores: Counts('match points, by seat'),
  history: Type.Array(
    Closed({
      deal: Type.Integer({ minimum: 1, description: 'which deal, from 1' }),
      dealer: Seat('the seat that dealt it'),
      cards: Counts('cards in each score pile, by seat'),
      diamonds: Counts('diamonds in each score pile, by seat'),
      settebello: Nullable(
        Seat('the seat that took the 7 of diamonds'),
        'the seat that took the settebello (7D); null when it was not captured',
      ),
      primiera: Primiera("each seat's primiera count, by seat; null when its pile lacked a suit"),
      scopas: Counts('scopas made, by seat'),
      awarded: Type.Array(PointView, { description: 'the points counted, in the order counted' }),
      unscored: Type.Array(PointView, { description: 'the points left uncounted because a seat reached the target first' }),
      scoresAfter: Counts('match points after this deal, by seat'),
    }),
    { description: 'every finished deal and its count, in order' },
  ),
  winner: Nullable(Seat('the seat that won'), 'the seat that won; null during play'),
});
export type View = Static<typeof viewSchema>;

/** What a deal's score piles held and what they scored (no card codes: the cards are shuffled again). */
export type DealScore = View['history'][number];
export type Point = DealScore['awarded'][number];
/** The scoring lines of a deal, in the order the text counts them. */
export type Line = Point['line'];

export interface State
  extends SumsTable,
    Pick<View, 'target' | 'redealThreeKings' | 'redeals' | 'lastPlay' | 'scores' | 'history'> {
  /** The seat of each scopa of this deal, in the order made. */
  sweeps: number[];
}
