import Type from 'typebox';
import { named } from '../openapi/components';
import { GameStatus, Kind, Result } from '../schemas';
import { DisplayName } from './names';
import { MAX_INT } from './numbers';
import { PublicSeat } from './seats';

/** Players, "my games" and the notifications they are sent. */

const Name = DisplayName('a display name');

export const NewPlayer = named(
  'NewPlayer',
  Type.Object({ name: Name }, { additionalProperties: false, description: 'a new player', examples: [{ name: 'Ann' }] }),
);

const playerFields = {
  id: Type.String({ description: 'the player id: others invite the player by it' }),
  name: Type.String({ description: 'the display name' }),
  createdAt: Type.String({ format: 'date-time', description: 'when the player registered' }),
};

export const VacationStatus = named(
  'VacationStatus',
  Type.Object(
    {
      until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'when my vacation ends (my clocks are frozen until then in games that allow it), or null',
      }),
      daysLeft: Type.Integer({ minimum: 0, description: 'vacation days left this calendar year (UTC)' }),
      daysPerYear: Type.Integer({ description: 'the yearly allowance (VACATION_DAYS_PER_YEAR)' }),
    },
    { description: 'my vacation and my allowance' },
  ),
);

export const Player = named(
  'Player',
  Type.Object(
    { ...playerFields, vacation: Type.Optional(VacationStatus) },
    { description: 'a player; GET /players/me adds `vacation`' },
  ),
);

export const NewVacation = named(
  'NewVacation',
  Type.Object(
    { days: Type.Integer({ minimum: 1, maximum: 366, description: 'whole days from now, charged to this year’s allowance' }) },
    { additionalProperties: false, description: 'a vacation starting now', examples: [{ days: 7 }] },
  ),
);

export const PlayerWithToken = named(
  'PlayerWithToken',
  Type.Object(
    {
      ...playerFields,
      token: Type.String({
        description:
          'the player token (ctp_...): shown once, kept by the server only as a hash; send it as Authorization: Bearer',
      }),
    },
    { description: 'a player and its token, shown once' },
  ),
);

export const Cursor = Type.String({ minLength: 1, maxLength: 500, description: 'the `next` of the previous page' });
const Next = Type.Union([Type.String(), Type.Null()], { description: 'the cursor of the next page, or null at the end' });

export const PlayersQuery = Type.Object({
  name: DisplayName('the exact display name to look for (as kept: NFC-normalized, without spaces around it; case counts)'),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20, description: 'at most this many players' })),
});

export const PlayersPage = named(
  'PlayersPage',
  Type.Object(
    {
      players: Type.Array(
        named(
          'PlayerFound',
          Type.Object(
            {
              id: playerFields.id,
              name: playerFields.name,
              createdAt: playerFields.createdAt,
            },
            { description: 'a player by that name: what anyone sees of it at a table, and when it registered' },
          ),
        ),
        { description: 'the players called that name, oldest first (names need not be unique)' },
      ),
      next: Next,
    },
    { description: 'a page of players found by name' },
  ),
);

export const MyGamesQuery = Type.Object({
  status: Type.Optional(GameStatus),
  myTurn: Type.Optional(Type.Boolean({ description: 'true: only games where my seat is due; false: only the others' })),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'at most this many games' })),
});

export const MyGame = Type.Object({
  id: Type.String({ description: 'the game id' }),
  kind: Kind,
  status: GameStatus,
  seat: Type.Integer({ description: 'my seat' }),
  invited: Type.Boolean({
    description:
      'the seat is kept for me and I have not taken it: take it (POST /games/{id}/seats/{seat}/join) or decline it (.../decline)',
  }),
  toAct: Type.Array(Type.Integer(), { description: 'the seats the game waits for' }),
  myTurn: Type.Boolean({ description: 'my seat is among them' }),
  deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'when my seat’s clock runs out; null without a clock or when it is not my turn',
  }),
  timeLeft: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'whole seconds left on my seat’s clock as of the answer; null without a clock or once the game is over',
  }),
  version: Type.Integer({ description: 'events in the game’s log so far' }),
  updated: Type.String({ format: 'date-time', description: 'the game’s last change' }),
  result: Type.Optional(Result),
  rated: Type.Boolean({ description: 'whether the game moves its players’ ratings when it finishes' }),
  seats: Type.Array(PublicSeat, {
    description: 'every seat, mine too, in turn order: who I play with, as the lobby shows them (nothing hidden)',
  }),
});

export const MyGamesPage = named(
  'MyGamesPage',
  Type.Object(
    {
      games: Type.Array(named('MyGame', MyGame), {
        description:
          'games where it is my turn first (soonest deadline, then longest waiting), then the others (latest change first)',
      }),
      next: Next,
    },
    { description: 'a page of my games' },
  ),
);

export const PlayerStreamQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_INT,
      description: 'send the notifications after this seq first (as Last-Event-ID does; 0: all of them); default: only new ones',
    }),
  ),
});
