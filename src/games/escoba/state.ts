import { Cards, Closed, Counts, Field, Nullable, Option, Seat } from '../../cards/fishing-schema';
import { lastPlayFields, playActionSchema, type SumsTable, tableFields } from '../../cards/fishing-sums';
import { type Static, Type } from '../../engine';

/** Escoba's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({
  target: Option.target(
    99,
    21,
    'points that end the match after a deal; the highest score then wins (an equal highest plays on)',
  ),
  partnerships: Type.Boolean({
    default: false,
    description: 'four seats only: seats 0 and 2 against 1 and 3, each partnership sharing one score pile',
  }),
});
export type Options = Static<typeof optionsSchema>;

export const actionSchema = playActionSchema(
  14,
  'the table cards taken, in any order, which with the card played make fifteen; [] to lay the card on the table',
  'play one card from the hand, capturing a fifteen or laying it down',
);
export type Action = Static<typeof actionSchema>;

const Side = Seat;

export const viewSchema = Closed({
  deal: Field.deal,
  dealer: Seat('the seat that dealt this deal; the next seat plays first'),
  turn: Field.turn(),
  target: Type.Integer({ description: 'the points that end the match (option target)' }),
  partnerships: Type.Boolean({ description: 'true when four seats play as partners 0+2 against 1+3' }),
  sides: Type.Array(Type.Array(Seat('a seat of the side')), {
    description: 'the seats of each side, by side: a seat alone, or a partnership; piles and scores are by side',
  }),
  ...tableFields,
  captured: Type.Array(Cards("a side's score pile, in the order taken"), {
    description: "each side's score pile this deal, by side (captures are made face up)",
  }),
  capturedCounts: Counts('how many cards each score pile holds, by side'),
  escobas: Counts("each side's escobas this deal, by side, the dealer's from the four table cards included"),
  dealerEscobas: Type.Integer({
    minimum: 0,
    maximum: 2,
    description: 'escobas the dealer took this deal from the four table cards: 1 for 15, 2 for 30, else 0',
  }),
  ...lastPlayFields('its side takes the leftovers', 'when it was laid down', {
    escoba: Type.Boolean({ description: 'true when it swept the table for an escoba' }),
  }),
  scores: Counts('match points, by side'),
  history: Type.Array(
    Closed({
      deal: Type.Integer({ minimum: 1, description: 'which deal, from 1' }),
      dealer: Seat('the seat that dealt it'),
      cards: Counts('cards in each score pile, by side'),
      diamonds: Counts('diamonds in each score pile, by side'),
      sieteDeVelo: Nullable(
        Side('the side that took the 7 of diamonds'),
        'the side that took the siete de velo (7D); null when nobody did',
      ),
      setenta: Type.Array(Type.Union([Type.Array(Type.Integer()), Type.Null()]), {
        description:
          "each side's setenta by side: its four best cards' points, highest first (7 21, 6 18, A 16, 5 15 ... face 10); null without all four suits",
      }),
      escobas: Counts('escobas made, by side'),
      points: Counts('points scored this deal, by side'),
      lines: Closed(
        {
          cards: Nullable(Side('the side with the most cards'), 'the side scoring most cards; null on a tie'),
          diamonds: Nullable(Side('the side with the most diamonds'), 'the side scoring most diamonds; null on a tie'),
          sieteDeVelo: Nullable(
            Side('the side with the 7 of diamonds'),
            'the side scoring the siete de velo; null when nobody took it',
          ),
          setenta: Nullable(
            Side('the side with the best setenta'),
            'the side scoring la setenta; null on a tie or when nobody holds all four suits',
          ),
        },
        'the side that scored each one-point line',
      ),
      scoresAfter: Counts('match points after this deal, by side'),
    }),
    { description: 'every finished deal and its count, in order' },
  ),
  winner: Nullable(Side('the side that won'), 'the side that won (see sides); null during play'),
});
export type View = Static<typeof viewSchema>;

/** What a deal's score piles held and scored, side by side (no card codes: the cards are shuffled again). */
export type DealScore = View['history'][number];

export interface State
  extends SumsTable,
    Pick<View, 'target' | 'partnerships' | 'escobas' | 'dealerEscobas' | 'lastPlay' | 'scores' | 'history'> {
  seats: number;
}
