import { CardCode, type TSchema, Type } from '../engine/schema';

/**
 * The words the fishing games' view schemas share: seats, counts and card lists, each described in
 * the game's own terms. A fishing view shows the table, the seat's own hand, and the hidden places
 * (other hands, the stock, face-down piles) as counts only.
 */

/** A seat number; `seats` bounds it where the game has a fixed number of seats. */
export const Seat = (description: string, seats?: number) =>
  Type.Integer(seats === undefined ? { minimum: 0, description } : { minimum: 0, maximum: seats - 1, description });
export const Count = (description: string) => Type.Integer({ minimum: 0, description });
export const Cards = (description: string) => Type.Array(CardCode, { description });
export const Nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
/** A number per seat (or per side). */
export const Counts = (description: string) => Type.Array(Type.Integer({ minimum: 0 }), { description });
/** A list of cards per seat (or per side). */
export const CardsBySeat = (description: string) => Type.Array(Type.Array(CardCode), { description });

/** The seat's own hand; null for a spectator. */
export const OwnHand = Nullable(Cards('your hand'), "this seat's own hand; null for a spectator");
/** Hands as counts, by seat. */
export const HandCounts = Counts('how many cards each seat holds, by seat');
/** The whole of each hand once the game is over, when every card is public. */
export const HandsAtEnd = Nullable(CardsBySeat('every hand'), 'every hand, by seat, once the game is over; null during play');
