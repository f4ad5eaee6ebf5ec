import type { Card } from '../../cards';
import { AtEnd, Cards, Closed, Field, Nullable, Option, Seat } from '../../cards/fishing-schema';
import { CardAction, type FishingHands } from '../../cards/fishing-turn';
import { CardCode, type Static, Type } from '../../engine';

/** Stealing Bundles's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({ optionalCapture: Option.optionalCapture });
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

export const viewSchema = Closed({
  hand: Nullable(Cards('your hand, in the order dealt'), "this seat's own hand; null for a spectator"),
  handCounts: Field.handCounts,
  dealer: Seat('the seat that dealt (seat 0); the other plays first', 2),
  optionalCapture: Field.optionalCapture,
  turn: Field.turn(2),
  stock: Field.stock,
  board: Cards('the face-up board cards, in the order they came'),
  bundles: Type.Array(
    Closed(
      {
        top: Nullable(CardCode, 'the top card of the bundle (the last card played to it); null when empty'),
        count: Type.Integer({ minimum: 0, description: 'how many cards the bundle holds: its score' }),
      },
      "one seat's face-up bundle",
    ),
    { description: "each seat's bundle, by seat: only its top card and size show" },
  ),
  lastPlay: Nullable(
    Closed({
      seat: Seat('the seat that played', 2),
      card: Type.With(CardCode, { description: 'the card played from the hand' }),
      took: Cards('the board cards it took; empty for a trail'),
      stole: Type.Integer({ minimum: 0, description: "how many cards of the opponent's bundle it stole (0: none)" }),
    }),
    'the last card played and what it took; null before the first play',
  ),
  finished: Field.finished,
  hands: Nullable(Type.Array(Cards('a hand')), 'every hand, by seat, once the game is over (then empty); null during play'),
  bundleCards: AtEnd(Type.Array(Cards('a bundle, bottom first')), 'every card of each bundle, by seat, bottom first'),
});
export type View = Static<typeof viewSchema>;

export const HAND = 4;

export interface State extends FishingHands, Pick<View, 'optionalCapture' | 'dealer' | 'board' | 'lastPlay' | 'finished'> {
  /** Each seat's face-up bundle, its top card last. */
  bundles: Card[][];
}
