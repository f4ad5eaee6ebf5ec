import Type from 'typebox';
import { named } from '../openapi/components';
import { GameStatus, Kind, Result } from '../schemas';
import { DisplayName } from './names';
import { MAX_INT } from './numbers';

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

export const Player = named('Player', Type.Object(playerFields, { description: 'a player' }));

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
  version: Type.Integer({ description: 'events in the game’s log so far' }),
  updated: Type.String({ format: 'date-time', description: 'the game’s last change' }),
  result: Type.Optional(Result),
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

const NotificationTypeUnion = Type.Union(
  [
    Type.Literal('turn'),
    Type.Literal('invited'),
    Type.Literal('started'),
    Type.Literal('finished'),
    Type.Literal('invitation-lapsed'),
  ],
  {
    description:
      'turn: my seat is due (again); invited: a seat is kept for me; started: a table I sit at has started; finished: a game I sat at is over; ' +
      'invitation-lapsed: a player I invited did not answer within INVITATION_TTL, and my waiting table was cancelled',
  },
);

export const NotificationType = named('NotificationType', NotificationTypeUnion);

export const Notification = named(
  'Notification',
  Type.Object(
    {
      seq: Type.Integer({ description: 'the player’s notification number: 1, 2, 3... in order; the SSE event id' }),
      type: NotificationType,
      at: Type.String({ format: 'date-time', description: 'when it happened' }),
      game: Type.String({ description: 'the game id' }),
      kind: Kind,
      seat: Type.Integer({ description: 'my seat (the one invited to, for `invited`)' }),
      status: GameStatus,
      version: Type.Integer({ description: 'events in the game’s log so far' }),
      toAct: Type.Array(Type.Integer(), { description: 'the seats the game waits for' }),
      deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'my seat’s deadline, if a clock runs',
      }),
      invitedBy: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'the player who invited me' })),
      invited: Type.Optional(Type.String({ description: 'for `invitation-lapsed`: the player whose invitation lapsed' })),
      result: Type.Optional(
        Type.Object(
          {
            winners: Type.Array(Type.Integer(), { description: 'the seats sharing the win' }),
            summary: Type.String({ description: 'one line a person can read' }),
          },
          { description: 'how the game ended' },
        ),
      ),
      scores: Type.Optional(Type.Array(Type.Number(), { description: 'the final scores' })),
    },
    { description: 'what a player is told: never a card, only what the player’s seat may know' },
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
