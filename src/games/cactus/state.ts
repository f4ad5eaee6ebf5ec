import type { Card, RngState } from '../../cards';
import { CardCode, type Static, Type } from '../../engine';
import type { Power } from './values';

/** Cactus's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Type.Object(
  {
    memoryAid: Type.Boolean({
      default: false,
      description:
        'show each seat, in its view, the face-down cards it has legitimately seen and still knows (default false: it is a memory game)',
    }),
    stockRebuilds: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()], {
      default: null,
      description:
        'how many times the discard pile (less its top card) may be shuffled into a new stock: default null, as often as needed; a number is a house limit, after which an empty stock ends the game as it lies',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const Position = Type.Integer({
  minimum: 0,
  maximum: 51,
  description: 'a layout position: 0 1 / 2 3 is the grid, 4 and up penalty cards',
});
const CallCactus = Type.Optional(Type.Boolean({ description: 'call "Cactus!" as this move ends your turn' }));
const closed = { additionalProperties: false } as const;

export const actionSchema = Type.Union([
  Type.Object({ type: Type.Literal('draw') }, { ...closed, description: 'draw the top card of the stock (only you see it)' }),
  Type.Object(
    { type: Type.Literal('take') },
    { ...closed, description: 'take the top card of the discard pile (not on the first turn of the game)' },
  ),
  Type.Object(
    { type: Type.Literal('swap'), position: Position, cactus: CallCactus },
    {
      ...closed,
      description: 'put the card held face down at one of your positions; the card there goes face up on the discard pile',
    },
  ),
  Type.Object(
    { type: Type.Literal('discard'), cactus: CallCactus },
    { ...closed, description: 'discard the card drawn from the stock unused' },
  ),
  Type.Object(
    { type: Type.Literal('peek'), position: Position, cactus: CallCactus },
    { ...closed, description: 'discard an 8, 7 or 6 to look at one of your own cards' },
  ),
  Type.Object(
    { type: Type.Literal('spy'), position: Position, cactus: CallCactus },
    { ...closed, description: "discard a jack, 10 or 9 to look at one of the opponent's cards" },
  ),
  Type.Object(
    { type: Type.Literal('queen'), position: Position },
    { ...closed, description: 'discard a queen and choose the card of yours to exchange' },
  ),
  Type.Object(
    { type: Type.Literal('exchange'), position: Position, cactus: CallCactus },
    { ...closed, description: "choose the opponent's card: it and yours change places unseen" },
  ),
  Type.Object(
    { type: Type.Literal('match'), position: Position },
    { ...closed, description: 'turn up one of your cards to match the top discard (in or out of turn)' },
  ),
]);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => Type.Integer({ minimum: 0, maximum: 1, description });
const SeatOrNull = (description: string) => Type.Union([Seat(description), Type.Null()], { description });
const LayoutCard = Type.Union([CardCode, Type.Literal('face-down'), Type.Null()], {
  description: "a card you may see, 'face-down', or null where a card was matched away (positions never shift)",
});
const PowerShape = Type.Union([Type.Literal('queen'), Type.Literal('spy'), Type.Literal('peek'), Type.Null()], {
  description: 'the power the card held may still use: queen (exchange), spy, peek; null: none',
});

export const viewSchema = Type.Object(
  {
    dealer: Seat('the dealer, seat 1; seat 0 plays first'),
    turn: SeatOrNull('the seat whose turn it is; null once over'),
    phase: Type.Union([Type.Literal('draw'), Type.Literal('hold'), Type.Literal('exchange'), Type.Literal('over')], {
      description: 'draw: the turn begins; hold: a card is held; exchange: a queen exchange awaits the opponent’s card; over',
    }),
    firstTurn: Type.Boolean({ description: 'true on the first turn of the game, which must draw from the stock' }),
    layouts: Type.Array(Type.Array(LayoutCard, { description: 'one seat’s positions: 0 1 / 2 3, then penalty cards' }), {
      description: 'both layouts, by seat; every card is face down until the end, unless the memory aid shows it',
    }),
    held: Type.Union(
      [
        Type.Object(
          {
            source: Type.Union([Type.Literal('stock'), Type.Literal('discard')], {
              description: 'where the card held came from',
            }),
            card: Type.Optional(CardCode),
            power: Type.Optional(PowerShape),
          },
          {
            additionalProperties: false,
            description: 'the card held: its card and power show to its holder, and to all when taken from the discard pile',
          },
        ),
        Type.Null(),
      ],
      { description: 'the card the seat to play holds; null when none' },
    ),
    queenAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'the position of the card the queen’s player chose to exchange; null outside a queen exchange',
    }),
    discards: Type.Array(CardCode, { description: 'the discard pile, face up, bottom first: the last is the top discard' }),
    topPowerFor: SeatOrNull(
      'the seat that may take the top discard and use its power (the opponent left it unused); null: nobody',
    ),
    stock: Type.Union([Type.Integer({ minimum: 0 }), Type.Array(CardCode)], {
      description: 'the number of cards in the stock; once over, the cards themselves, top first',
    }),
    stockRebuilt: Type.Integer({ minimum: 0, description: 'times the stock has been rebuilt from the discard pile' }),
    stockRebuildsLeft: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'rebuilds left under the house limit (option stockRebuilds); null: no limit',
    }),
    cactus: SeatOrNull('the seat that called "Cactus!"; null while nobody has'),
    lastTurn: Type.Boolean({ description: 'true during the one more turn after "Cactus!"' }),
    memoryAid: Type.Boolean({ description: 'whether views show the cards each seat has seen (option memoryAid)' }),
    totals: Type.Union([Type.Tuple([Type.Integer(), Type.Integer()]), Type.Null()], {
      description: 'both layouts’ totals, by seat, once over (the lower wins); null during play',
    }),
    end: Type.Union([Type.Literal('cactus'), Type.Literal('stock'), Type.Null()], {
      description: 'how the game ended: after "Cactus!", or an empty stock that could not be rebuilt; null during play',
    }),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

/** A face-down layout card and who knows it: `seen` by seat, `shown` face up to the whole table (a wrong match). */
export interface Slot {
  card: Card;
  seen: [boolean, boolean];
  shown: boolean;
}

/** A discarded card; `from` is the seat whose layout it left (swapped out or matched), whose power the opponent may still use. */
export interface Discard {
  card: Card;
  from: number | null;
}

/** The card a seat holds during its turn; `power` is set when it may be discarded to use its power. */
export interface Held {
  card: Card;
  source: 'stock' | 'discard';
  power: Power | null;
}

export type Phase = 'draw' | 'hold' | 'exchange' | 'over';

export interface State {
  memoryAid: boolean;
  /** The house limit on rebuilds of the stock; null: as often as needed. */
  stockRebuilds: number | null;
  /** Times the stock has been rebuilt from the discard pile. */
  rebuilt: number;
  rng: RngState;
  stock: Card[];
  /** Bottom first; the last is the top discard. */
  discards: Discard[];
  /** Each seat's positions; null where a card was matched away (positions never shift). */
  layouts: [(Slot | null)[], (Slot | null)[]];
  turn: number;
  /** Turns completed: the first turn of the game (0) must draw from the stock. */
  turns: number;
  phase: Phase;
  held: Held | null;
  /** The position of the turn seat's card chosen for a queen exchange. */
  queenAt: number | null;
  /** The seat that called "Cactus!". */
  cactus: number | null;
  end: 'cactus' | 'stock' | null;
}
