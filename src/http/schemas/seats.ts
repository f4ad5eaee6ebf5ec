import Type from 'typebox';
import { named } from '../openapi/components';

const Occupant = Type.Union(
  [Type.Literal('guest'), Type.Literal('player'), Type.Literal('invited'), Type.Literal('open'), Type.Literal('bot')],
  { description: 'guest: held by a seat token; player; invited (kept for that player); open (anyone may join); bot' },
);

/** A seat as anyone may see it: who holds it or is invited to it, or which bot plays it. */
export const PublicSeat = named(
  'PublicSeat',
  Type.Object(
    {
      seat: Type.Integer({ description: 'the seat number' }),
      name: Type.Union([Type.String(), Type.Null()], {
        description: 'the display name, if any (of the player invited, for a seat kept for one)',
      }),
      occupant: Occupant,
      player: Type.Optional(Type.String({ description: 'the player holding the seat' })),
      invited: Type.Optional(Type.String({ description: 'the player invited to the seat' })),
      bot: Type.Optional(Type.String({ description: 'the bot playing the seat' })),
    },
    { description: 'a seat as anyone sees it' },
  ),
);
