import type { Card, RngState } from '../../cards';
import { CardCode, type Static, Type } from '../../engine';

/** Kabu's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Type.Object(
  {
    startingChips: Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()], {
      default: null,
      description:
        "each seat's chips at the start; null: Sackson's ten plus fifteen per seat (40 for two seats, 55 for three...)",
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('draw') },
    { additionalProperties: false, description: 'take the top card of the stock, face down (at most two per deal)' },
  ),
  Type.Object(
    { type: Type.Literal('stand') },
    { additionalProperties: false, description: 'stand on this hand: final, no more cards this deal' },
  ),
]);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => Type.Integer({ minimum: 0, description });
const Seats = (description: string) => Type.Array(Type.Integer(), { description });

const PaymentView = Type.Object(
  {
    from: Seat('the seat that paid'),
    to: Seat('the seat that was paid'),
    amount: Type.Integer({ minimum: 1, description: 'chips paid: the difference of the two totals' }),
  },
  { additionalProperties: false, description: 'one payment of a settlement' },
);

const DefaultView = Type.Object(
  {
    seat: Seat('the seat that could not pay'),
    owed: Type.Integer({ description: 'what it owed in all' }),
    chips: Type.Integer({ description: 'the chips it held before the settlement' }),
  },
  { additionalProperties: false, description: 'a seat that owed more than it held: it paid nothing, and the game ended' },
);

export const viewSchema = Type.Object(
  {
    seat: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'the seat this view is for; null for a spectator',
    }),
    deal: Type.Integer({ minimum: 1, description: 'the deal being played (or the last one, once the game is over), from 1' }),
    dealer: Seat('the seat that dealt this deal; it draws last'),
    turn: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'the seat to draw or stand; null once the game is over',
    }),
    phase: Type.Union([Type.Literal('drawing'), Type.Literal('finished')], {
      description: 'drawing during play, finished at the end',
    }),
    startingChips: Type.Integer({ description: "each seat's chips at the start of the game" }),
    chips: Seats("each seat's chips now, by seat"),
    hand: Type.Union([Type.Array(CardCode), Type.Null()], {
      description:
        "this seat's own cards this deal, in the order received; null for a spectator and once the game is over (see hands)",
    }),
    hands: Type.Union([Type.Array(Type.Array(CardCode)), Type.Null()], {
      description: 'every hand of the last deal, by seat, once the game is over; null during play',
    }),
    handCounts: Seats('how many cards each seat holds this deal, by seat'),
    draws: Seats('how many cards each seat has drawn this deal (two at most), by seat'),
    stood: Type.Array(Type.Boolean(), { description: 'whether each seat has stood this deal, by seat' }),
    stockCount: Type.Integer({ description: 'cards left in the stock' }),
    lastDeal: Type.Union(
      [
        Type.Object(
          {
            deal: Type.Integer({ description: 'which deal it was, from 1' }),
            dealer: Seat('the seat that dealt it'),
            hands: Type.Array(Type.Array(CardCode), { description: 'every hand as revealed, by seat' }),
            totals: Seats("each hand's total (0 to 9), by seat"),
            payments: Type.Array(PaymentView, { description: 'the payments made, payer by payer' }),
            defaults: Type.Array(DefaultView, { description: 'the seats that could not pay (the game ended), if any' }),
            chips: Seats("each seat's chips after the settlement, by seat"),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'the previous deal as revealed and settled (public history); null during the first deal' },
    ),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export interface Payment {
  from: number;
  to: number;
  amount: number;
}

/** A seat that owed more than it held: it paid nothing, and the game ended with that deal. */
export interface Default {
  seat: number;
  owed: number;
  chips: number;
}

/** A deal as revealed at its end: public history. */
export interface DealRecord {
  deal: number;
  dealer: number;
  hands: Card[][];
  totals: number[];
  payments: Payment[];
  defaults: Default[];
  /** Each seat's chips after the settlement. */
  chips: number[];
}

export interface State {
  startingChips: number;
  chips: number[];
  /** The deal being played, from 1. */
  deal: number;
  dealer: number;
  hands: Card[][];
  /** Cards each seat has drawn this deal. */
  draws: number[];
  stood: boolean[];
  /** The seat to draw or stand; null once the game is over. */
  turn: number | null;
  stock: Card[];
  rng: RngState;
  lastDeal: DealRecord | null;
  finished: boolean;
}
