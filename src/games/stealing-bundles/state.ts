import type { Card } from '../../cards';
import { CardAction, type FishingHands } from '../../cards/fishing-pairs';
import { Cards, HandCounts, Nullable, Seat } from '../../cards/fishing-schema';
import { CardCode, type Static, Type } from '../../engine';

/** Stealing Bundles's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Type.Object(
  {
    optionalCapture: Type.Boolean({
      default: false,
      description:
        'house rule: a seat may trail even when one of its cards could capture (default false: as the rules say, a seat trails only when no card in its hand can capture)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const captureAction = CardAction(
  'capture',
  "play a card and take every board card of its rank, and the opponent's bundle if its top card is of that rank",
);
const trailAction = CardAction(
  'trail',
  'discard a card face up to the board: only when no card in the hand can capture (unless option optionalCapture)',
);
export const actionSchema = Type.Union([captureAction, trailAction]);
export type Action = Static<typeof actionSchema>;

export const viewSchema = Type.Object(
  {
    hand: Nullable(Cards('your hand, in the order dealt'), "this seat's own hand; null for a spectator"),
    handCounts: HandCounts,
    dealer: Seat('the seat that dealt (seat 0); the other plays first', 2),
    optionalCapture: Type.Boolean({
      description: 'whether a seat may trail even when one of its cards could capture (option optionalCapture)',
    }),
    turn: Nullable(Seat('the seat to play', 2), 'the seat to play; null once the game is over'),
    stock: Type.Integer({ minimum: 0, description: 'how many cards are left in the stock' }),
    board: Cards('the face-up board cards, in the order they came'),
    bundles: Type.Array(
      Type.Object(
        {
          top: Nullable(CardCode, 'the top card of the bundle (the last card played to it); null when empty'),
          count: Type.Integer({ minimum: 0, description: 'how many cards the bundle holds: its score' }),
        },
        { additionalProperties: false, description: "one seat's face-up bundle" },
      ),
      { description: "each seat's bundle, by seat: only its top card and size show" },
    ),
    lastPlay: Nullable(
      Type.Object(
        {
          seat: Seat('the seat that played', 2),
          card: Type.With(CardCode, { description: 'the card played from the hand' }),
          took: Cards('the board cards it took; empty for a trail'),
          stole: Type.Integer({ minimum: 0, description: "how many cards of the opponent's bundle it stole (0: none)" }),
        },
        { additionalProperties: false },
      ),
      'the last card played and what it took; null before the first play',
    ),
    finished: Type.Boolean({ description: 'true once the game is over' }),
    hands: Nullable(Type.Array(Cards('a hand')), 'every hand, by seat, once the game is over (then empty); null during play'),
    bundleCards: Nullable(
      Type.Array(Cards('a bundle, bottom first')),
      'every card of each bundle, by seat, bottom first, once the game is over; null during play',
    ),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export const HAND = 4;

export interface State extends FishingHands, Pick<View, 'optionalCapture' | 'dealer' | 'board' | 'lastPlay' | 'finished'> {
  /** Each seat's face-up bundle, its top card last. */
  bundles: Card[][];
}
