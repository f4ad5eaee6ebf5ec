import type { Card, RngState, Suit } from '../../cards';
import { CardCode, type Static, Type } from '../../engine';
import type { Levy, Money } from './bank';
import { DEFAULT_LIMITS, type Limit, type Limits, type Stock } from './market';

/** Card Stock Market's options, actions, state and view: the types every file of the game imports, so imports run one way. */

const limitSchema = (name: string, { up, down }: Limit) =>
  Type.Object(
    {
      up: Type.Integer({ minimum: 0, maximum: 9, default: up, description: `most ${name} may rise in one play, in dollars` }),
      down: Type.Integer({ minimum: 0, maximum: 9, default: down, description: `most ${name} may fall in one play, in dollars` }),
    },
    { additionalProperties: false, default: { up, down } },
  );

export const optionsSchema = Type.Object(
  {
    limits: Type.Object(
      {
        spades: limitSchema('spades', DEFAULT_LIMITS.spades),
        hearts: limitSchema('hearts', DEFAULT_LIMITS.hearts),
        diamonds: limitSchema('diamonds', DEFAULT_LIMITS.diamonds),
        clubs: limitSchema('clubs', DEFAULT_LIMITS.clubs),
      },
      {
        additionalProperties: false,
        default: DEFAULT_LIMITS,
        description: "the information strip: how far a number card may move each suit's price in one play",
      },
    ),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('buy'), card: CardCode },
    {
      additionalProperties: false,
      description:
        "trade: lay a card from your hand as a certificate; its pips (a face card 5) are the shares, paid at its suit's price",
    },
  ),
  Type.Object(
    { type: Type.Literal('sell'), card: CardCode },
    {
      additionalProperties: false,
      description: 'trade: sell one of your certificates back to the bank at the current price; it goes to the discard pile',
    },
  ),
  Type.Object(
    {
      type: Type.Literal('market'),
      card: CardCode,
      direction: Type.Optional(Type.Union([Type.Literal('up'), Type.Literal('down')])),
    },
    {
      additionalProperties: false,
      description:
        "play a card to its suit's market pile: a number card sets the price to its pips; a face card needs direction up (11/12/13, only where that raises the price) or down (bankrupt)",
    },
  ),
  Type.Object(
    { type: Type.Literal('discard'), card: CardCode },
    { additionalProperties: false, description: 'instead of trading and the market: discard one card (up to four this turn)' },
  ),
  Type.Object(
    { type: Type.Literal('end') },
    { additionalProperties: false, description: 'end your turn (or skip it) and draw back up to eight cards' },
  ),
]);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => Type.Integer({ minimum: 0, description });
const Dollars = (description: string) => Type.Array(Type.Integer(), { description });
const Cards = (description: string) => Type.Array(CardCode, { description });
const SuitCode = Type.Union([Type.Literal('S'), Type.Literal('H'), Type.Literal('D'), Type.Literal('C')], {
  description: 'the suit: S spades, H hearts, D diamonds, C clubs',
});
const SuitCounts = Type.Object(
  {
    S: Type.Integer({ description: 'shares of spades' }),
    H: Type.Integer({ description: 'shares of hearts' }),
    D: Type.Integer({ description: 'shares of diamonds' }),
    C: Type.Integer({ description: 'shares of clubs' }),
  },
  { additionalProperties: false, description: "one seat's shares held, by suit" },
);

export const viewSchema = Type.Object(
  {
    seat: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'the seat this view is for; null for a spectator',
    }),
    banker: Seat('the banker, who dealt (seat 0)'),
    phase: Type.Union([Type.Literal('playing'), Type.Literal('finished')], {
      description: 'playing, or finished once a joker was drawn',
    }),
    turn: Type.Union(
      [
        Type.Object(
          {
            seat: Seat('the seat to play'),
            trades: Type.Integer({ description: 'trades made this turn (two at most)' }),
            plays: Type.Integer({ description: 'market plays made this turn (two at most)' }),
            discards: Type.Integer({ description: 'cards discarded this turn (four at most)' }),
            phase: Type.Union([Type.Literal('trading'), Type.Literal('market'), Type.Literal('discarding'), Type.Null()], {
              description: 'the phase of the last action this turn; null before the first',
            }),
            mayTrade: Type.Boolean({ description: 'whether a buy or a sell is still allowed this turn' }),
            mayPlayToMarket: Type.Boolean({ description: 'whether a market play is still allowed this turn' }),
            mayDiscard: Type.Boolean({ description: 'whether a discard is still allowed this turn' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'the turn being played; null once the game is over' },
    ),
    market: Type.Array(
      Type.Object(
        {
          suit: SuitCode,
          name: Type.Union([Type.Literal('spades'), Type.Literal('hearts'), Type.Literal('diamonds'), Type.Literal('clubs')], {
            description: 'the suit, named',
          }),
          price: Type.Integer({ minimum: 0, maximum: 13, description: 'the price of one share, in dollars; 0: bankrupt' }),
          limit: Type.Object(
            {
              up: Type.Integer({ description: 'most the price may rise in one play of a number card' }),
              down: Type.Integer({ description: 'most the price may fall in one play of a number card' }),
            },
            { additionalProperties: false, description: "the suit's price-change limits (option limits)" },
          ),
          pile: Cards('the market pile, face up, bottom first: its top card set the price'),
        },
        { additionalProperties: false },
      ),
      { description: 'the four stocks, spades, hearts, diamonds, clubs' },
    ),
    bank: Type.Integer({ description: "the bank's dollars" }),
    cash: Dollars("each seat's cash, by seat"),
    debt: Dollars('what each seat owes the bank from levies, by seat'),
    money: Dollars("each seat's cash minus debt, by seat: the score"),
    holdings: Type.Array(Cards('certificates'), { description: "each seat's certificates, face up, by seat" }),
    shares: Type.Array(SuitCounts, { description: 'shares held of each suit, by seat' }),
    stockValue: Dollars("what each seat's certificates are worth at the current prices, by seat"),
    hand: Type.Union([Cards("this seat's hand"), Type.Null()], { description: "this seat's own hand; null for a spectator" }),
    hands: Type.Union([Type.Array(Cards('a hand')), Type.Null()], {
      description: 'every hand, by seat, once the game is over; null during play',
    }),
    handCounts: Type.Array(Type.Integer(), { description: 'how many cards each seat holds, by seat' }),
    drawPileCount: Type.Integer({ description: 'cards left in the face-down draw pile' }),
    drawPile: Type.Union([Cards('the draw pile'), Type.Null()], {
      description: 'the draw pile left, top first, once the game is over; null during play',
    }),
    discardPile: Cards('the face-up discard pile: discards, sold and bankrupt certificates, bottom first'),
    jokersAside: Type.Integer({
      minimum: 0,
      maximum: 2,
      description: 'jokers still aside: two until the draw pile first runs out',
    }),
    reshuffled: Type.Boolean({ description: 'whether the draw pile has run out and been rebuilt (with the jokers)' }),
    levies: Type.Integer({ description: 'how many levies the bank has called so far' }),
    lastLevy: Type.Union(
      [
        Type.Object(
          {
            seller: Seat('the seat whose sale the bank could not pay'),
            paid: Dollars('what each seat deposited, by seat'),
            owed: Dollars('the debt each seat took on, by seat'),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'the last levy; null if none yet' },
    ),
    ending: Type.Union(
      [
        Type.Object(
          {
            jokerDrawnBy: Seat('the seat that drew the joker'),
            sales: Type.Array(
              Type.Object(
                {
                  seat: Seat('the seat that sold'),
                  certificates: Cards('the certificates it sold'),
                  proceeds: Type.Integer({ description: 'what they fetched at the final prices' }),
                },
                { additionalProperties: false },
              ),
              { description: 'the final sales, from the joker drawer around the table' },
            ),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'how the game ended; null during play' },
    ),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export interface State extends Money {
  limits: Limits;
  market: Record<Suit, Stock>;
  hands: Card[][];
  /** The certificates in front of each player, face up. */
  holdings: Card[][];
  drawPile: Card[];
  /** Face up: discarded cards, sold and bankrupt certificates, and at the reshuffle nothing. */
  discardPile: Card[];
  /** Jokers not yet shuffled in: two until the draw pile first runs out. */
  jokersAside: number;
  reshuffled: boolean;
  levies: number;
  lastLevy: Levy | null;
  /** The turn being played; null once the game is over. */
  turn: Turn | null;
  rng: RngState;
  ending: { jokerDrawnBy: number; sales: FinalSale[] } | null;
}

/** What a player got for all its stock when the joker ended the game. */
export interface FinalSale {
  seat: number;
  certificates: Card[];
  proceeds: number;
}

/** Where a turn is: how many trades, market plays and discards so far, and the phase of the last action. */
export interface Turn {
  seat: number;
  trades: number;
  plays: number;
  discards: number;
  phase: 'trading' | 'market' | 'discarding' | null;
}
