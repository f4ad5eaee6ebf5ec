import Type, { type Static } from 'typebox';
import { named } from '../openapi/components';
import { Clock, ClockOption, GameStatus, Kind } from '../schemas';
import { DisplayName } from './names';
import { Cursor } from './players';
import { PublicSeat } from './seats';

/** Creating tables (guest seats, players, invitations, open seats, bots), and the lobby. */

const Name = DisplayName('the seat’s display name');

export const SeatSpec = named(
  'SeatSpec',
  Type.Union(
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
          bot: Type.String({
            minLength: 1,
            maxLength: 40,
            pattern: '^[a-z][a-z0-9-]{0,39}$',
            description:
              'the bot that plays this seat, by name: GET /bots lists them (random, greedy, expert), and each plays every kind',
          }),
          name: Type.Optional(Name),
        },
        { additionalProperties: false, title: 'bot seat' },
      ),
      Type.Object(
        { name: Type.Optional(Name) },
        { additionalProperties: false, title: 'guest seat (a seat token in the answer)' },
      ),
    ],
    { description: 'one seat: a player ("me" or an invited id), open, a bot, or a guest held by a seat token' },
  ),
);

export const CreateGameRequest = named(
  'CreateGameRequest',
  Type.Object(
    {
      kind: Kind,
      seats: Type.Union(
        [
          Type.Integer({ minimum: 1, maximum: 12, description: 'this many guest seats, one seat token each' }),
          Type.Array(SeatSpec, { minItems: 1, maxItems: 12, description: 'one entry per seat, in seat order' }),
        ],
        {
          description:
            'a number of guest seats, or each seat said: with a free seat (open or invited) the game waits, dealing nothing, until the last is taken',
        },
      ),
      options: Type.Optional(
        Type.Object(
          { clock: Type.Optional(ClockOption) },
          { additionalProperties: true, description: 'the game’s options, and the clock; omitted ones take their defaults' },
        ),
      ),
      names: Type.Optional(
        Type.Array(DisplayName('a display name'), {
          maxItems: 12,
          description: 'one display name per seat (with a number of seats)',
        }),
      ),
      seed: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 200,
          description: 'fixes the shuffles (tests, duplicate play); the game is then not provably fair',
        }),
      ),
      deck: Type.Optional(
        Type.Array(
          Type.String({ minLength: 2, maxLength: 2, pattern: '^(?:[A2-9TJQK][SHDC]|JK)$', description: 'a card code' }),
          {
            maxItems: 200,
            description: 'stacks the first deal: the full order of the game’s cards, top first',
          },
        ),
      ),
      rated: Type.Optional(
        Type.Boolean({
          description:
            'whether the game moves its players’ ratings when it finishes (README: Ratings). Default: rated when every seat is a player (me or invited) or a bot, at least one is a player, and the server deals. true may also rate a table with open seats (a guest who takes a seat makes it unrated); true for a guest seat, a client seed or deck, or bots alone is 422 cannot-be-rated',
        }),
      ),
    },
    {
      additionalProperties: false,
      description: 'a new game: its kind, its seats, and optionally its options, names, seed or stacked deck',
      examples: [
        { kind: 'divide-and-conquer', seats: 2, names: ['Ann', 'Ben'] },
        { kind: 'kaiser', seats: 4, options: { target: 32, clock: { perMove: 86400, onTimeout: 'auto' } } },
        { kind: 'scopa', seats: [{ name: 'Ann' }, { bot: 'random' }] },
      ],
    },
  ),
);
export type CreateGameRequest = Static<typeof CreateGameRequest>;

export const SeatParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, description: 'the game id' }),
  seat: Type.Integer({ minimum: 0, maximum: 11, description: 'the seat number' }),
});

export const JoinRequest = named(
  'JoinRequest',
  Type.Object(
    {
      name: Type.Optional(DisplayName('the name to sit under (required without a player token)')),
    },
    {
      additionalProperties: false,
      description: 'how to sit: a name, needed without a player token',
      examples: [{ name: 'Ann' }],
    },
  ),
);

export const Joined = named(
  'Joined',
  Type.Object(
    {
      seat: Type.Integer({ description: 'the seat taken' }),
      token: Type.String({ description: 'a seat token for this seat (a player’s own token works as well)' }),
    },
    { description: 'the seat taken, and its token' },
  ),
);

export const LobbyQuery = Type.Object({
  status: Type.Optional(GameStatus),
  kind: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'only games of this kind' })),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'at most this many games' })),
});

export const LobbyGame = named(
  'LobbyGame',
  Type.Object(
    {
      id: Type.String({ description: 'the game id' }),
      kind: Kind,
      title: Type.String({ description: 'the game’s title' }),
      status: GameStatus,
      options: Type.Record(Type.String(), Type.Unknown(), { description: 'the game’s options' }),
      clock: Clock,
      seats: Type.Array(PublicSeat, { description: 'every seat, in turn order' }),
      openSeats: Type.Array(Type.Integer(), { description: 'the seats anyone may join' }),
      createdBy: Type.Union([Type.String(), Type.Null()], { description: 'the player who created the table' }),
      createdAt: Type.String({ format: 'date-time', description: 'when the table was created' }),
      rated: Type.Boolean({ description: 'whether the game moves its players’ ratings when it finishes' }),
    },
    { description: 'a table in the lobby' },
  ),
);

export const LobbyPage = named(
  'LobbyPage',
  Type.Object(
    {
      games: Type.Array(LobbyGame, { description: 'newest first' }),
      next: Type.Union([Type.String(), Type.Null()], { description: 'the cursor of the next page, or null at the end' }),
    },
    { description: 'a page of the lobby' },
  ),
);
