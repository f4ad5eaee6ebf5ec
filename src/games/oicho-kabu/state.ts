import type { Card, RngState } from '../../cards';
import { CardCode, type Static, Type } from '../../engine';
import type { DrawnCard } from './dealer-draw';

/** Oicho Kabu's options, actions, state and view: the types every file of the game imports, so imports run one way. */

/** Most chips one bet action stakes; a seat bets again (on the same tableau or another) to stake more. */
export const MAX_BET_STEP = 50;

export const optionsSchema = Type.Object(
  {
    startingChips: Type.Integer({
      minimum: 1,
      maximum: 100_000,
      default: 100,
      description: "each seat's chips at the start (default 100)",
    }),
    maxBet: Type.Integer({
      minimum: 1,
      maximum: 100_000,
      default: 50,
      description: "the round limit on all bets of a round together (default 50); never more than the dealer's chips can cover",
    }),
    rounds: Type.Integer({ minimum: 1, maximum: 100, default: 6, description: 'rounds in the game (default 6)' }),
    ties: Type.Union([Type.Literal('dealer'), Type.Literal('push')], {
      default: 'dealer',
      description: 'a tableau equal to the dealer: the dealer wins the bets (dealer, the default), or they are returned (push)',
    }),
    dealerDrawRule: Type.Boolean({
      default: true,
      description:
        "the dealer's third card follows the players' rule, compulsory at 3 or less and refused at 7 or more (default true); false: the dealer's free choice",
    }),
    firstDealer: Type.Union([Type.Integer({ minimum: 0, maximum: 6 }), Type.Null()], {
      default: null,
      description:
        'the seat that deals the first round, without a draw, for stacked decks (the others play in seat order from its right); null (the default): the first dealer is drawn like every later one, lowest card, ties drawing again',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const TableauIndex = Type.Integer({ minimum: 0, maximum: 3, description: 'the tableau, 0 to 3 from left to right' });
const DrawSource = Type.Union([Type.Literal('top'), Type.Literal('bottom'), Type.Literal('fourth')], {
  description: 'the top card of the deck, the bottom card, or the fourth from the top',
});

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('bet'), tableau: TableauIndex, amount: Type.Integer({ minimum: 1, maximum: MAX_BET_STEP }) },
    { additionalProperties: false, description: 'stake chips on a tableau (adds to what this seat already bet on it)' },
  ),
  Type.Object({ type: Type.Literal('done') }, { additionalProperties: false, description: 'finish betting for this round' }),
  Type.Object(
    { type: Type.Literal('draw'), from: DrawSource },
    {
      additionalProperties: false,
      description: 'the dealer takes a card for his hand: the top, the bottom or the fourth from the top',
    },
  ),
  Type.Object(
    { type: Type.Literal('thirdCard'), tableau: TableauIndex, take: Type.Boolean() },
    { additionalProperties: false, description: 'the first bettor asked takes a third card for the tableau, or not' },
  ),
  Type.Object(
    { type: Type.Literal('dealerThirdCard'), take: Type.Boolean() },
    { additionalProperties: false, description: 'the dealer takes a third card, or not' },
  ),
]);
export type Action = Static<typeof actionSchema>;

export type Phase = 'betting' | 'dealerFirst' | 'thirdCards' | 'dealerSecond' | 'dealerThird' | 'over';

const Seat = (description: string) => Type.Integer({ minimum: 0, maximum: 6, description });
const PerSeat = (description: string) => Type.Array(Type.Integer({ minimum: 0 }), { description });
const HiddenOrCard = Type.Union([CardCode, Type.Literal('face-down')], {
  description: "a card, or 'face-down' where this seat may not see it",
});
const OutcomeShape = Type.Union(
  [Type.Literal('dealer'), Type.Literal('push'), Type.Literal('win'), Type.Literal('arashi'), Type.Literal('none')],
  {
    description:
      'dealer: the dealer took the bets; push: returned; win: paid even money; arashi: paid twice the bet; none: no bets',
  },
);

export const viewSchema = Type.Object(
  {
    seat: Type.Union([Seat('your seat'), Type.Null()], { description: 'the seat this view is for; null for a spectator' }),
    round: Type.Integer({ minimum: 1, description: 'the round being played, from 1' }),
    rounds: Type.Integer({ minimum: 1, description: 'rounds in the game (option rounds)' }),
    phase: Type.Union(
      [
        Type.Literal('betting'),
        Type.Literal('dealerFirst'),
        Type.Literal('thirdCards'),
        Type.Literal('dealerSecond'),
        Type.Literal('dealerThird'),
        Type.Literal('over'),
      ],
      {
        description:
          "betting; dealerFirst: the dealer's first card; thirdCards: a bettor decides a third card; dealerSecond: the dealer's second card; dealerThird: the dealer decides his third card; over",
      },
    ),
    toAct: Type.Array(Seat('a seat to act'), { description: 'the seat the game waits for (empty once over)' }),
    dealer: Seat('the dealer (the bank) of this round'),
    order: Type.Array(Seat('a bettor'), {
      description: "the other seats in order of play, from the dealer's right: bets and third-card questions go this way",
    }),
    dealerDraw: Type.Array(
      Type.Array(
        Type.Object(
          { seat: Seat('the seat that drew'), card: CardCode },
          { additionalProperties: false, description: 'one card drawn by one seat' },
        ),
        { description: 'one pass of the draw' },
      ),
      {
        description:
          "how this round's dealer was drawn: all seats, then those tied for the lowest card again; empty only in round 1 when option firstDealer fixed the dealer",
      },
    ),
    options: Type.Object(
      {
        startingChips: Type.Integer({ description: "each seat's chips at the start (option startingChips)" }),
        maxBet: Type.Integer({ description: 'the round limit on all bets together (option maxBet)' }),
        rounds: Type.Integer({ description: 'rounds in the game (option rounds)' }),
        ties: Type.Union([Type.Literal('dealer'), Type.Literal('push')], { description: 'how ties go (option ties)' }),
        dealerDrawRule: Type.Boolean({
          description: "whether the dealer's third card follows the players' rule (option dealerDrawRule)",
        }),
        firstDealer: Type.Union([Type.Integer(), Type.Null()], {
          description: "the first round's dealer fixed by option firstDealer; null when it was drawn",
        }),
      },
      { additionalProperties: false, description: 'the options of this game' },
    ),
    chips: PerSeat('chips held, by seat (bets of this round not yet taken off)'),
    roundLimit: Type.Integer({
      minimum: 0,
      description: "what all bets of this round together may come to: maxBet, at most the dealer's chips",
    }),
    betTotal: Type.Integer({ minimum: 0, description: 'all bets of this round so far' }),
    privateCard: Type.Union([CardCode, Type.Null()], {
      description: 'the card dealt face down to you alone this round (not used in play); null for the dealer and a spectator',
    }),
    privateCards: Type.Union([Type.Array(Type.Union([CardCode, Type.Null()])), Type.Null()], {
      description: "every seat's private card, by seat (null for the dealer); null until the game is over",
    }),
    tableaus: Type.Array(
      Type.Object(
        {
          cards: Type.Array(HiddenOrCard, {
            description: "first field face up, second field face down (seen only by the tableau's bettors), third card face up",
          }),
          total: Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.Null()], {
            description: 'the last digit of its sum, as far as you see it; null while its second card is hidden from you',
          }),
          bets: PerSeat('chips bet on it this round, by seat'),
          decider: Type.Union([Seat('the first bettor in the order of play'), Type.Null()], {
            description: 'the seat that decides its third card; null while nobody bet on it',
          }),
        },
        { additionalProperties: false, description: 'one tableau' },
      ),
      { description: 'the four tableaus, 0 to 3 from left to right' },
    ),
    asking: Type.Union([TableauIndex, Type.Null()], {
      description: 'the tableau whose third card is being decided; null otherwise',
    }),
    dealerCards: Type.Array(HiddenOrCard, {
      description:
        "the dealer's cards in the order drawn: the first two face down until the end (the dealer sees them once he has looked), the third face up",
    }),
    dealerTotal: Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.Null()], {
      description: "the dealer's total, for the dealer once he has looked and for everyone at the end; null otherwise",
    }),
    deckCount: Type.Integer({ minimum: 0, description: 'cards left in the deck' }),
    lastRound: Type.Union(
      [
        Type.Object(
          {
            round: Type.Integer({ minimum: 1, description: 'which round it was' }),
            dealer: Seat('its dealer'),
            order: Type.Array(Seat('a bettor'), { description: 'its order of play' }),
            tableaus: Type.Array(
              Type.Object(
                {
                  cards: Type.Array(CardCode, { description: 'its cards, all turned up' }),
                  total: Type.Integer({ minimum: 0, maximum: 9, description: 'the last digit of its sum' }),
                  arashi: Type.Boolean({ description: 'three cards of the same number: wins triple' }),
                  bets: PerSeat('chips bet on it, by seat'),
                  outcome: OutcomeShape,
                },
                { additionalProperties: false, description: 'one tableau as revealed' },
              ),
              { description: 'the four tableaus as revealed' },
            ),
            dealerCards: Type.Array(CardCode, { description: "the dealer's cards, all turned up (none if nobody bet)" }),
            dealerTotal: Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.Null()], {
              description: "the dealer's total; null if nobody bet",
            }),
            special: Type.Union([Type.Literal('shippin'), Type.Literal('kuppin'), Type.Null()], {
              description: 'shippin (4 then ace) or kuppin (9 then ace): the dealer won every bet; null otherwise',
            }),
            payouts: Type.Array(
              Type.Object(
                {
                  seat: Seat('the bettor'),
                  tableau: TableauIndex,
                  bet: Type.Integer({ minimum: 1, description: 'the chips bet' }),
                  outcome: OutcomeShape,
                  net: Type.Integer({ description: 'what the bettor gained (negative: lost to the dealer)' }),
                },
                { additionalProperties: false, description: 'one bet as settled' },
              ),
              { description: 'every bet as settled, losses first' },
            ),
            chips: PerSeat('chips after the settlement, by seat'),
          },
          { additionalProperties: false, description: 'the last round, revealed and settled' },
        ),
        Type.Null(),
      ],
      { description: 'the last round as revealed at its end (public history); null in round 1' },
    ),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export interface Tableau {
  /** The first field card, face up; the second (face down) and the third (face up) as they come. */
  cards: Card[];
  /** Chips bet on it this round, by seat. */
  bets: number[];
}

/** A round as revealed at its end: public history. */
export interface RoundRecord {
  round: number;
  dealer: number;
  order: number[];
  tableaus: { cards: Card[]; total: number; arashi: boolean; bets: number[]; outcome: Outcome }[];
  dealerCards: Card[];
  dealerTotal: number | null;
  special: Special | null;
  payouts: Payout[];
  /** Each seat's chips after the settlement. */
  chips: number[];
}

export interface State {
  options: Options;
  chips: number[];
  /** The round being played, from 1. */
  round: number;
  dealer: number;
  /** The other seats in order of play: bets, and the third-card questions, go this way. */
  order: number[];
  /** How this round's dealer was drawn (none in the first round when option firstDealer fixed it). */
  dealerDraw: DrawnCard[][];
  /** The card dealt face down to each seat but the dealer, seen by its holder only. */
  privateCards: (Card | null)[];
  tableaus: Tableau[];
  dealerCards: Card[];
  phase: Phase;
  /** While betting: the position in `order` of the seat betting. */
  bettor: number;
  /** While asking for third cards: the tableaus still to be asked, in the order asked. */
  asking: number[];
  deck: Card[];
  rng: RngState;
  lastRound: RoundRecord | null;
  /** Seats a round left with no chips: they cannot bet, so the game ended there. */
  broke: number[];
}

/** Betting: once around in the order of play, all bets together within the round limit. */

/** The dealer's two special hands, checked on the first two cards in the order drawn. */
export type Special = 'shippin' | 'kuppin';

/**
 * What happened to the bets on one tableau: `dealer` the dealer takes them, `push` they come back,
 * `win` the dealer pays even money, `arashi` the dealer pays twice the bet (triple back), `none` no bets.
 */
export type Outcome = 'dealer' | 'push' | 'win' | 'arashi' | 'none';

/** One bet as settled: `net` is what the bettor gained (negative: lost to the dealer). */
export interface Payout {
  seat: number;
  tableau: number;
  bet: number;
  outcome: Outcome;
  net: number;
}
