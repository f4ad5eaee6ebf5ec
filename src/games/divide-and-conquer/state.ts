import type { Card } from '../../cards';
import { CardCode, type Static, Type } from '../../engine';

/** Divide And Conquer's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Type.Object(
  {
    variant: Type.Union([Type.Literal('standard'), Type.Literal('long')], {
      default: 'standard',
      description: 'standard: ten cards 2-10 and a queen; long: fourteen cards, 2-10 black and 2-4-5-6-8 red',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

export const actionSchema = Type.Object(
  { type: Type.Literal('play'), card: CardCode },
  { additionalProperties: false, description: 'lay one card face down; both seats choose at the same time' },
);
export type Action = Static<typeof actionSchema>;
const Match = Type.Object({
  cards: Type.Tuple([CardCode, CardCode], { description: 'the card each seat played, by seat' }),
  winner: Type.Integer({ minimum: 0, maximum: 1, description: 'the seat that won the match' }),
});
export type Match = Static<typeof Match>;

export const viewSchema = Type.Object(
  {
    variant: Type.Union([Type.Literal('standard'), Type.Literal('long')], { description: 'the cards in play (option variant)' }),
    hands: Type.Tuple([Type.Array(CardCode), Type.Array(CardCode)], {
      description: 'both hands, by seat: each seat knows the other holds the rest of the cards',
    }),
    laid: Type.Tuple(
      [
        Type.Union([CardCode, Type.Literal('face-down'), Type.Null()]),
        Type.Union([CardCode, Type.Literal('face-down'), Type.Null()]),
      ],
      { description: "the card each seat has laid for this match: your own, 'face-down' for the other's, null if none yet" },
    ),
    matches: Type.Array(Match, { description: 'the matches played so far, in order' }),
    matchesWon: Type.Tuple([Type.Integer(), Type.Integer()], { description: 'matches won, by seat' }),
    half: Type.Union([Type.Literal(1), Type.Literal(2)], {
      description: 'the half being played (the hands change sides after the first)',
    }),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export interface State {
  variant: Options['variant'];
  /** The hands dealt, kept to swap them after the first half. */
  dealt: [Card[], Card[]];
  hands: [Card[], Card[]];
  /** The card each seat has laid face down for the current match; it stays in the hand until both are revealed. */
  laid: [Card | null, Card | null];
  matches: Match[];
}

/** The spade 2-10 and the queen; the long game adds red 2-4-5-6-8 (hearts) and has no queen. */
export function cardsFor(variant: Options['variant']): Card[] {
  const black = ['2', '3', '4', '5', '6', '7', '8', '9', 'T'].map((r) => `${r}S`);
  return variant === 'long' ? [...black, '2H', '4H', '5H', '6H', '8H'] : [...black, 'QS'];
}
