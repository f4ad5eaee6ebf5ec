import type { Card, RngState, Suit } from '../../cards';
import type { Trick, TrickPlay } from '../../cards/tricks';
import { CardCode, type Static, Type } from '../../engine';
import { type Bid, MAXIMUM_BID, MINIMUM_BID } from './scoring';

/** Kaiser's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 10,
      maximum: 500,
      default: 52,
      description: 'the game ends after a deal at which a side has this many points or more (default 52)',
    }),
    loseAt: Type.Union([Type.Integer({ minimum: -500, maximum: -1 }), Type.Null()], {
      default: null,
      description:
        'a house rule: a side at this score or below after a deal loses (-52, say); default null, off: a side far below zero plays on',
    }),
    failedContract: Type.Union([Type.Literal('tricks'), Type.Literal('bid')], {
      default: 'tricks',
      description: 'declarers who fail lose the value of their tricks (tricks, the default) or the amount of the bid (bid)',
    }),
    openingLead: Type.Union([Type.Literal('dealer-left'), Type.Literal('bidder')], {
      default: 'dealer-left',
      description: 'who leads to the first trick: the seat on the dealer’s left (dealer-left, the default) or the highest bidder',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const SuitCode = Type.Union([Type.Literal('S'), Type.Literal('H'), Type.Literal('D'), Type.Literal('C')], {
  description: 'S spades, H hearts, D diamonds, C clubs',
});

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('misdeal') },
    { additionalProperties: false, description: 'throw in a hand with no ace, no face card, neither 5♥ nor 3♠, before any bid' },
  ),
  Type.Object({ type: Type.Literal('pass') }, { additionalProperties: false, description: 'pass in the bidding' }),
  Type.Object(
    {
      type: Type.Literal('bid'),
      points: Type.Integer({ minimum: MINIMUM_BID, maximum: MAXIMUM_BID }),
      noTrump: Type.Boolean({ description: 'a no-trump bid ("seven no") outranks the same number' }),
    },
    { additionalProperties: false, description: 'bid a number of points, with trumps or at no trump' },
  ),
  Type.Object(
    { type: Type.Literal('trump'), suit: SuitCode },
    { additionalProperties: false, description: 'the highest bidder names the trump suit' },
  ),
  Type.Object(
    { type: Type.Literal('play'), card: CardCode },
    { additionalProperties: false, description: 'play a card to the trick' },
  ),
]);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => Type.Integer({ minimum: 0, maximum: 3, description });
const Pair = (description: string) => Type.Tuple([Type.Integer(), Type.Integer()], { description });
const BidShape = (description: string) =>
  Type.Object(
    {
      points: Type.Integer({ minimum: MINIMUM_BID, maximum: MAXIMUM_BID, description: 'the points bid, 6 to 12' }),
      noTrump: Type.Boolean({ description: 'true for a no-trump bid, which outranks the same number with trumps' }),
    },
    { additionalProperties: false, description },
  );
const CallShape = Type.Object(
  {
    seat: Seat('the seat that called'),
    bid: Type.Union([BidShape('the bid made'), Type.Null()], { description: 'the bid, or null for a pass' }),
  },
  { additionalProperties: false, description: 'one call of the bidding' },
);
const ContractShape = Type.Object(
  {
    seat: Seat('the highest bidder, who named trumps'),
    points: Type.Integer({ minimum: MINIMUM_BID, maximum: MAXIMUM_BID, description: 'the points the declarers must reach' }),
    noTrump: Type.Boolean({ description: 'true when played at no trump (what the declarers add or lose is doubled)' }),
  },
  { additionalProperties: false, description: 'the contract of this deal' },
);
const TrumpShape = Type.Union([SuitCode, Type.Null()], {
  description: 'the trump suit; null before it is named and at no trump',
});
const PlayShape = Type.Object(
  { seat: Seat('the seat that played the card'), card: CardCode },
  { additionalProperties: false, description: 'one card played to a trick' },
);

export const viewSchema = Type.Object(
  {
    phase: Type.Union([Type.Literal('bidding'), Type.Literal('trump'), Type.Literal('play'), Type.Literal('over')], {
      description: 'bidding, naming trumps, playing the tricks, or over (the match has ended)',
    }),
    toAct: Type.Array(Seat('a seat to act'), { description: 'the seat the game waits for (empty once over)' }),
    dealer: Seat('the dealer of this deal'),
    dealsPlayed: Type.Integer({ minimum: 0, description: 'deals scored so far in the match' }),
    sides: Type.Array(Type.Array(Seat('a seat of the side')), {
      description: 'the two partnerships, by side: side 0 is seats 0 and 2, side 1 seats 1 and 3',
    }),
    hand: Type.Union([Type.Array(CardCode), Type.Null()], {
      description: 'your own hand, as dealt less the cards played; null for a spectator',
    }),
    handCounts: Type.Array(Type.Integer({ minimum: 0 }), { description: 'the number of cards in each hand, by seat' }),
    calls: Type.Array(CallShape, { description: 'the calls of this deal so far, in order from the dealer’s left' }),
    highBid: Type.Union([CallShape, Type.Null()], { description: 'the winning call so far; null while nobody has bid' }),
    contract: Type.Union([ContractShape, Type.Null()], { description: 'the contract, once the bidding is over; null before' }),
    trump: TrumpShape,
    trick: Type.Object(
      {
        leader: Seat('the seat that leads (or led) this trick'),
        plays: Type.Array(PlayShape, { description: 'the cards played to it so far, in order' }),
      },
      { additionalProperties: false, description: 'the trick being played' },
    ),
    lastTrick: Type.Union(
      [
        Type.Object(
          {
            plays: Type.Array(PlayShape, { description: 'the four cards, in the order played' }),
            winner: Seat('the seat that won it'),
          },
          { additionalProperties: false, description: 'the last trick completed' },
        ),
        Type.Null(),
      ],
      { description: 'the last trick completed this deal; null before the first' },
    ),
    tricks: Pair('tricks taken this deal, by side'),
    trickValues: Pair('what the tricks taken this deal are worth so far, by side: 1 a trick, +5 the 5♥, -3 the 3♠'),
    taken: Type.Union([Type.Tuple([Type.Array(CardCode), Type.Array(CardCode)]), Type.Null()], {
      description: 'the cards each side has taken this deal; null until the match is over (won tricks lie face down)',
    }),
    scores: Pair('the match score, by side'),
    options: Type.Object(
      {
        target: Type.Integer({ description: 'the score that ends the match (option target)' }),
        loseAt: Type.Union([Type.Integer(), Type.Null()], { description: 'the house losing score; null: off (option loseAt)' }),
        failedContract: Type.Union([Type.Literal('tricks'), Type.Literal('bid')], {
          description: 'what a failed contract loses (option failedContract)',
        }),
        openingLead: Type.Union([Type.Literal('dealer-left'), Type.Literal('bidder')], {
          description: 'who leads to the first trick (option openingLead)',
        }),
      },
      { additionalProperties: false, description: 'the options of this match' },
    ),
    lastDeal: Type.Union(
      [
        Type.Object(
          {
            dealer: Seat('who dealt it'),
            contract: ContractShape,
            trump: TrumpShape,
            tricks: Pair('tricks taken, by side'),
            values: Pair('what the tricks were worth, by side'),
            made: Type.Boolean({ description: 'whether the declarers reached their bid' }),
            changes: Pair('what each side added to its score (negative: lost)'),
            scores: Pair('the match score after it, by side'),
          },
          { additionalProperties: false, description: 'the last deal scored' },
        ),
        Type.Null(),
      ],
      { description: 'how the last deal scored; null before the first is over' },
    ),
    misdeals: Type.Integer({ minimum: 0, description: 'misdeals declared in the whole match' }),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

/** One call of the bidding: a bid, or null for a pass. */
export interface Call {
  seat: number;
  bid: Bid | null;
}

export interface Contract extends Bid {
  seat: number;
}

/** What a finished deal came to, kept for the score sheet. */
export interface DealRecord {
  dealer: number;
  contract: Contract;
  trump: Suit | null;
  tricks: [number, number];
  values: [number, number];
  made: boolean;
  /** What each side added to its score (negative: lost). */
  changes: [number, number];
  scores: [number, number];
}

export interface State {
  options: Options;
  phase: 'bidding' | 'trump' | 'play' | 'over';
  dealer: number;
  hands: Card[][];
  calls: Call[];
  contract: Contract | null;
  trump: Suit | null;
  trick: Trick;
  lastTrick: { plays: TrickPlay[]; winner: number } | null;
  /** The cards each side has taken this deal (side 0: seats 0 and 2). */
  taken: [Card[], Card[]];
  tricks: [number, number];
  scores: [number, number];
  /** Deals scored so far, and how the last one went (the move log keeps the whole score sheet). */
  dealsPlayed: number;
  lastDeal: DealRecord | null;
  /** Misdeals declared in the whole match, for the record. */
  misdeals: number;
  rng: RngState;
}
