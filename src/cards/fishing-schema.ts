import { CardCode, type TSchema, Type } from '../engine/schema';

/**
 * The words the fishing games' schemas share: closed objects, seats, counts and card lists, each described
 * in the game's own terms, and whole fields (`Option`, `Field`) where several games mean the same thing.
 * A fishing view shows the table, the seat's own hand, and the hidden places (other hands, the stock,
 * face-down piles) as counts only.
 */

/** An object schema with exactly these fields. */
export const Closed = <T extends Record<string, TSchema>>(fields: T, description?: string) =>
  Type.Object(fields, description === undefined ? { additionalProperties: false } : { additionalProperties: false, description });

/** One of the strings `values`, as `description` names them (typed as the union of them, which is what a view holds). */
export const Literals = <const T extends string>(values: readonly T[], description: string) =>
  Type.Union(values.map((v) => Type.Literal(v)) as [ReturnType<typeof Type.Literal<T>>], { description });

/** The schema of a move: `{ type, ...fields }` and nothing else, `type` naming it and `description` saying what it does. */
export const Move = <T extends string, P extends Record<string, TSchema> = Record<never, never>>(
  type: T,
  description: string,
  fields: P = {} as P,
) => Closed({ type: Type.Literal(type), ...fields }, description);

const seatBounds = (seats?: number) => (seats === undefined ? { minimum: 0 } : { minimum: 0, maximum: seats - 1 });
/** A seat number; `seats` bounds it where the game has a fixed number of seats. */
export const Seat = (description: string, seats?: number) => Type.Integer({ ...seatBounds(seats), description });
export const Count = (description: string) => Type.Integer({ minimum: 0, description });
export const Cards = (description: string) => Type.Array(CardCode, { description });
export const Nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
/** A field shown only once the game is over, when every card is public: null during play. */
export const AtEnd = <T extends TSchema>(schema: T, description: string) =>
  Nullable(schema, `${description}, once the game is over; null during play`);
/** A seat number or null, the description saying what null means. */
export const SeatOrNull = (description: string, seats?: number) => Nullable(Type.Integer(seatBounds(seats)), description);
/** A number per seat (or per side). */
export const Counts = (description: string) => Type.Array(Type.Integer({ minimum: 0 }), { description });
/** A list of cards per seat (or per side). */
export const CardsBySeat = (description: string) => Type.Array(Type.Array(CardCode), { description });

/** A whole-number option from `minimum` to `maximum`, `byDefault` when not given. */
export const Bounded = (minimum: number, maximum: number, byDefault: number, description: string) =>
  Type.Integer({ minimum, maximum, default: byDefault, description });

/** Options several fishing games take alike, by option name. */
export const Option = {
  /** The score that ends the game; the game says when it is checked and who wins. */
  target: (maximum: number, byDefault: number, description: string) =>
    Type.Integer({ minimum: 1, maximum, default: byDefault, description }),
  optionalCapture: Type.Boolean({
    default: false,
    description:
      'house rule: a seat may trail even when one of its cards could capture (default false: as the rules say, a seat trails only when no card in its hand can capture)',
  }),
};

/** View fields several fishing games declare alike, by field name. */
export const Field = {
  /** How many seats play, from 2 to `maximum`. */
  seats: (maximum: number) => Type.Integer({ minimum: 2, maximum, description: 'how many seats play' }),
  target: Type.Integer({ description: 'the score that ends the game after a deal (option target)' }),
  deal: Type.Integer({ minimum: 1, description: 'the deal being played (the last one once the game is over), from 1' }),
  dealer: Seat('the seat that dealt this deal'),
  turn: (seats?: number) => Nullable(Seat('the seat to play', seats), 'the seat to play; null once the game is over'),
  stock: Count('how many cards are left in the stock'),
  table: Cards('the face-up table cards, in the order they came'),
  lastCapturer: Nullable(
    Seat('the last seat to capture'),
    'the last seat to capture this deal (it takes the leftovers); null before any capture',
  ),
  optionalCapture: Type.Boolean({
    description: 'whether a seat may trail even when one of its cards could capture (option optionalCapture)',
  }),
  finished: Type.Boolean({ description: 'whether the game is over' }),
  /** The seat's own hand; null for a spectator. */
  hand: Nullable(Cards('your hand'), "this seat's own hand; null for a spectator"),
  /** Hands as counts, by seat. */
  handCounts: Counts('how many cards each seat holds, by seat'),
  /** The whole of each hand once the game is over, when every card is public. */
  hands: AtEnd(CardsBySeat('every hand'), 'every hand, by seat'),
};
