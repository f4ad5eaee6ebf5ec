import Type from 'typebox';
import { CreatedGame, CreateGame, GameStatus } from '../schemas';
import { Cursor } from './players';

/** Tables with seats for players, invitations, open seats and bots, and the lobby. */

const Name = Type.String({ minLength: 1, maxLength: 60, description: 'the seat’s display name' });

export const SeatSpec = Type.Union(
  [
    Type.Object(
      {
        player: Type.String({
          minLength: 1,
          maxLength: 100,
          description: '"me" (needs your player token) or a player id to invite',
        }),
        name: Type.Optional(Name),
      },
      { additionalProperties: false, title: 'player seat' },
    ),
    Type.Object(
      { open: Type.Literal(true, { description: 'anyone may join this seat' }), name: Type.Optional(Name) },
      { additionalProperties: false, title: 'open seat' },
    ),
    Type.Object(
      {
        bot: Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$', description: 'the bot that plays this seat, by name' }),
        name: Type.Optional(Name),
      },
      { additionalProperties: false, title: 'bot seat' },
    ),
    Type.Object({ name: Type.Optional(Name) }, { additionalProperties: false, title: 'guest seat (a seat token in the answer)' }),
  ],
  { description: 'one seat: a player ("me" or an invited id), open, a bot, or a guest held by a seat token' },
);

export const CreateTable = Type.Object(
  {
    ...CreateGame.properties,
    seats: Type.Union(
      [
        Type.Integer({ minimum: 1, maximum: 12, description: 'this many guest seats, one seat token each', examples: [2] }),
        Type.Array(SeatSpec, { minItems: 1, maxItems: 12, description: 'one entry per seat, in seat order' }),
      ],
      {
        description:
          'a number of guest seats, or each seat said: with a free seat (open or invited) the game waits, dealing nothing, until the last is taken',
      },
    ),
  },
  { additionalProperties: false },
);

const Occupant = Type.Union(
  [Type.Literal('guest'), Type.Literal('player'), Type.Literal('invited'), Type.Literal('open'), Type.Literal('bot')],
  { description: 'guest: held by a seat token; player; invited (kept for that player); open (anyone may join); bot' },
);

export const CreatedTable = Type.Object({
  ...CreatedGame.properties,
  seats: Type.Array(
    Type.Object({
      seat: Type.Integer(),
      name: Type.Union([Type.String(), Type.Null()]),
      occupant: Occupant,
      token: Type.Optional(
        Type.String({
          description:
            'the seat token (a JWT) of a seat the creator holds (its guests’ and its own): keep it secret, it is the seat',
        }),
      ),
    }),
  ),
});

export const SeatParams = Type.Object({
  id: Type.String({ description: 'game id' }),
  seat: Type.Integer({ minimum: 0, maximum: 11, description: 'seat number' }),
});

export const JoinBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 60, description: 'the name to sit under (required without a player token)' }),
    ),
  },
  { additionalProperties: false },
);

export const Joined = Type.Object({
  seat: Type.Integer(),
  token: Type.String({ description: 'a seat token for this seat (a player’s own token works as well)' }),
});

export const LobbyQuery = Type.Object({
  status: Type.Optional(GameStatus),
  kind: Type.Optional(Type.String({ description: 'only games of this kind' })),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const LobbySeat = Type.Object({
  seat: Type.Integer(),
  name: Type.Union([Type.String(), Type.Null()]),
  occupant: Occupant,
  player: Type.Optional(Type.String()),
  invited: Type.Optional(Type.String()),
  bot: Type.Optional(Type.String()),
});

export const LobbyPage = Type.Object({
  games: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      title: Type.String(),
      status: GameStatus,
      options: Type.Record(Type.String(), Type.Unknown()),
      clock: Type.Unknown({ description: 'the clock, or null' }),
      seats: Type.Array(LobbySeat),
      openSeats: Type.Array(Type.Integer(), { description: 'the seats anyone may join' }),
      createdBy: Type.Union([Type.String(), Type.Null()], { description: 'the player who created the table' }),
      createdAt: Type.String({ format: 'date-time' }),
    }),
    { description: 'newest first' },
  ),
  next: Type.Union([Type.String(), Type.Null()], { description: 'the cursor of the next page, or null at the end' }),
});
