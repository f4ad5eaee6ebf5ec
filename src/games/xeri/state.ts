import type { Card, RngState } from '../../cards';
import { AtEnd, Bounded, Cards, Closed, Field, Nullable, Seat, SeatOrNull } from '../../cards/fishing-schema';
import { CardAction, type FishingHands } from '../../cards/fishing-turn';
import { CardCode, type Static, Type } from '../../engine';

/** Xeri's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({
  hands: Bounded(1, 99, 5, 'the number of hands in the game; whoever wins more hands wins the game'),
});
export type Options = Static<typeof optionsSchema>;

const discardAction = CardAction('discard', 'discard a card onto the pile (it matches nothing, or the pile is empty)');
const captureAction = CardAction('capture', 'play a card of the rank on top of the pile, or a jack, and take the whole pile');
export const actionSchema = Type.Union([discardAction, captureAction]);
export type Action = Static<typeof actionSchema>;

const Pair = (description: string) => Type.Array(Type.Integer(), { minItems: 2, maxItems: 2, description });
const CardsBySeat = (description: string) => Type.Array(Type.Array(CardCode), { minItems: 2, maxItems: 2, description });

const PlayView = Closed(
  {
    seat: Seat('the seat that played', 2),
    card: CardCode,
    took: Cards('the pile it took, bottom card first; [] for a discard'),
    xeri: Type.Boolean({ description: 'whether the capture was a xeri' }),
  },
  'one play, as both seats saw it',
);

const HandScoreView = Closed(
  {
    dealer: Seat('the seat that dealt the hand', 2),
    cards: Pair('cards won by each seat, leftovers included, by seat'),
    xeris: Pair('xeris made by each seat, by seat'),
    honours: Pair('aces, kings, queens, jacks and tens won by each seat, by seat'),
    moreCards: SeatOrNull('the seat scoring 3 for more cards; null when the counts are equal', 2),
    tenOfDiamonds: SeatOrNull('the seat that won the 10 of diamonds; null if nobody did', 2),
    twoOfClubs: SeatOrNull('the seat that won the 2 of clubs; null if nobody did', 2),
    leftovers: Closed(
      {
        seat: SeatOrNull('the last capturer, who took them; null if nobody captured', 2),
        cards: Cards('the cards left in the pile at the end of the hand'),
      },
      'what was left in the pile at the end, and who took it',
    ),
    points: Pair("each seat's points for the hand, by seat"),
    winner: SeatOrNull('the seat with more points, which wins the hand; null when the points are equal', 2),
  },
  'the scoring of one hand, line by line',
);

export const viewSchema = Closed({
  hand: Field.hand,
  handCounts: Pair('how many cards each seat holds, by seat'),
  handNumber: Type.Integer({ minimum: 1, description: 'the hand being played, from 1 (the last one, once the game is over)' }),
  handsInGame: Type.Integer({ description: 'how many hands the game lasts (option hands)' }),
  dealer: Seat('the seat that dealt this hand; the other plays first', 2),
  turn: Field.turn(2),
  stock: Field.stock,
  pile: Cards('the discard pile, face up, bottom card first'),
  top: Nullable(CardCode, 'the card on top of the pile; null when it is empty'),
  redeals: Type.Integer({ description: "how many times this hand's first pile was shuffled back and dealt again" }),
  won: Pair('how many cards each seat has won this hand, by seat (won cards lie face down)'),
  xeris: CardsBySeat('the cards each seat captured xeri this hand, by seat, kept face up'),
  lastCapturer: SeatOrNull('the last seat to take the pile this hand; null if nobody has', 2),
  lastPlay: Nullable(PlayView, 'the last play; null at the start of a hand'),
  handsPlayed: Type.Array(HandScoreView, { description: 'the scoring of every hand played so far, in order' }),
  handsWon: Pair('hands won by each seat, by seat: the score'),
  finished: Field.finished,
  hands: Field.hands,
  wonCards: AtEnd(CardsBySeat('won cards'), "each seat's won cards of the last hand, by seat"),
});
export type View = Static<typeof viewSchema>;

/** The scoring of one hand. */
export type HandScore = Static<typeof HandScoreView>;

export interface State
  extends FishingHands,
    Pick<
      View,
      'handsInGame' | 'dealer' | 'pile' | 'xeris' | 'lastCapturer' | 'lastPlay' | 'redeals' | 'handsPlayed' | 'finished'
    > {
  rng: RngState;
  /** Each seat's won cards this hand (xeri cards included). */
  won: Card[][];
}
