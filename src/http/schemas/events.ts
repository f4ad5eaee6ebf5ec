import Type, { type TSchema } from 'typebox';
import { named } from '../openapi/components';
import { GameStatus, Kind, Result, View } from '../schemas';

/**
 * Every event the service sends outside an HTTP answer, one schema per type: the messages of the
 * game stream and of the player stream (Server-Sent Events), and the bodies POSTed to webhooks. The
 * routes, the OpenAPI document (its `webhooks`, each stream's text/event-stream), the AsyncAPI
 * document and the suite's contract check all read them from here.
 */

const COMPONENT = '#/components/schemas/';

const seq = Type.Integer({ description: 'the player’s notification number: 1, 2, 3... in order; the SSE event id' });
const at = Type.String({ format: 'date-time', description: 'when it happened' });
const game = Type.String({ description: 'the game id' });
const seat = Type.Integer({ description: 'my seat (the one invited to, for `invited`)' });
const tournament = Type.String({ description: 'the tournament id' });
const round = Type.Integer({ description: 'the round' });

/** A seat's standing in a game, as every notification about one game carries it. */
const standing = {
  game,
  kind: Kind,
  seat,
  status: GameStatus,
  version: Type.Integer({ description: 'events in the game’s log so far' }),
  toAct: Type.Array(Type.Integer(), { description: 'the seats the game waits for' }),
  deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'my seat’s deadline, if a clock runs',
  }),
};

const rating = (description: string) =>
  Type.Object(
    {
      rating: Type.Number({ description: 'the rating shown: the conservative estimate' }),
      mu: Type.Number({ description: 'the estimated skill' }),
      sigma: Type.Number({ description: 'the uncertainty of the estimate' }),
    },
    { description },
  );

const ending = {
  result: Type.Optional(Result),
  scores: Type.Array(Type.Number(), { description: 'the final scores, by seat' }),
};

/** Each notification type: what it means, and its fields besides `seq`, `type` and `at`. */
const NOTIFICATIONS = {
  turn: { meaning: 'my seat is due (again)', fields: standing },
  invited: {
    meaning: 'a seat is kept for me',
    fields: { ...standing, invitedBy: Type.Union([Type.String(), Type.Null()], { description: 'the player who invited me' }) },
  },
  started: { meaning: 'a table I sit at has started', fields: standing },
  finished: { meaning: 'a game I sat at is over', fields: { ...standing, ...ending } },
  'turn-reminder': {
    meaning: 'my seat is still due and its deadline nears',
    fields: { ...standing, gameId: Type.String({ description: 'the game id (the same as `game`)' }) },
  },
  'rating.changed': {
    meaning: 'a rated game I sat at changed my rating',
    fields: {
      game,
      kind: Kind,
      seat,
      before: rating('my rating before the game'),
      after: rating('my rating after it'),
    },
  },
  'invitation-lapsed': {
    meaning: 'an invitation I sent lapsed, and its waiting table was cancelled',
    fields: {
      ...standing,
      result: Type.Optional(Result),
      scores: Type.Optional(ending.scores),
      invited: Type.String({ description: 'the invited player' }),
    },
  },
  'tournament.started': { meaning: 'a tournament I entered has started', fields: { tournament, kind: Kind, round } },
  'tournament.round': {
    meaning: 'a round of my tournament is paired: my game in it, or a bye',
    fields: {
      tournament,
      kind: Kind,
      round,
      game: Type.Union([Type.String(), Type.Null()], { description: 'my game in this round; null for a bye' }),
      seat: Type.Union([Type.Integer(), Type.Null()], { description: 'my seat in it; null for a bye' }),
      bye: Type.Boolean({ description: 'I sit this round out (and score for it)' }),
    },
  },
  'tournament.finished': {
    meaning: 'a tournament I played is over',
    fields: {
      tournament,
      kind: Kind,
      rank: Type.Integer({ minimum: 1, description: 'my place: 1 for the winner; equal points share a place' }),
      points: Type.Number({ description: 'my points' }),
    },
  },
} satisfies Record<string, { meaning: string; fields: Record<string, TSchema> }>;

export type NotificationName = keyof typeof NOTIFICATIONS;
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATIONS) as NotificationName[];

/** One value per key, as a record. */
const each = <K extends string>(keys: readonly K[], value: (key: K) => TSchema) =>
  Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, TSchema>;

/** `rating.changed` is `RatingChanged`: a schema's name. */
const pascal = (type: string) => type.replace(/(^|[-.])([a-z])/g, (_, _sep, c: string) => c.toUpperCase());

/** The component name of each notification type's schema: `TurnNotification`... */
export const notificationSchemaName = (type: NotificationName) => `${pascal(type)}Notification`;

/** One named schema per notification type. */
export const notificationSchemas = each(NOTIFICATION_TYPES, (type) =>
  named(
    notificationSchemaName(type),
    Type.Object(
      { seq, type: Type.Literal(type, { description: 'the notification type' }), at, ...NOTIFICATIONS[type].fields },
      {
        additionalProperties: false,
        description: `\`${type}\`: ${NOTIFICATIONS[type].meaning}; only what my seat may know, never a card`,
      },
    ),
  ),
);

/** Why a stream ended: the data of its closing `end` event. */
const endReasons = {
  'game-over': 'the game is over: the last view was sent',
  shutdown: 'the server is closing: reconnect',
  'token-revoked':
    'the seat changed hands or the player token was rotated: the token that opened the stream speaks for nobody now',
};
type EndReason = keyof typeof endReasons;

const streamEnd = (name: string, reasons: EndReason[]) =>
  named(
    name,
    Type.Object(
      {
        reason: Type.Union(
          reasons.map((r) => Type.Literal(r)),
          { description: reasons.map((r) => `${r}: ${endReasons[r]}`).join('; ') },
        ),
      },
      { additionalProperties: false, description: 'the data of the `end` event that closes a stream' },
    ),
  );

export const GameStreamEnd = streamEnd('GameStreamEnd', ['game-over', 'shutdown', 'token-revoked']);
export const PlayerStreamEnd = streamEnd('PlayerStreamEnd', ['shutdown', 'token-revoked']);

/**
 * One Server-Sent Events message, as OpenAPI 3.2 spells a stream's items: its `event` name, its `id`,
 * and its `data` (one line of JSON, given here as the value it parses to).
 */
function message(name: string, event: string, data: TSchema, id: { description: string } | null, description: string) {
  return named(
    name,
    Type.Object(
      {
        event: Type.Literal(event, { description: 'the SSE event name' }),
        ...(id
          ? { id: Type.String({ pattern: '^[0-9]+$', ...id }) }
          : { id: Type.Optional(Type.String({ pattern: '^[0-9]+$' })) }),
        data,
      },
      { additionalProperties: false, description },
    ),
  );
}

/** The messages of GET /games/{id}/stream, by event name. */
export const gameStreamMessages = {
  view: message(
    'GameStreamView',
    'view',
    View,
    { description: 'the game’s revision (send it back as Last-Event-ID)' },
    '`view`: the caller’s view, whole, after a change (the first is the current view)',
  ),
  end: message(
    'GameStreamEndMessage',
    'end',
    GameStreamEnd,
    null,
    '`end`: the stream closes (its id, when the game is over, the last revision)',
  ),
};

/** The messages of GET /players/me/stream, by event name: one per notification type, and `end`. */
export const playerStreamMessages: Record<NotificationName | 'end', TSchema> = {
  ...each(NOTIFICATION_TYPES, (t) =>
    message(
      `${pascal(t)}Message`,
      t,
      notificationSchemas[t],
      { description: 'the notification’s seq (send it back as Last-Event-ID)' },
      `\`${t}\`: ${NOTIFICATIONS[t].meaning}`,
    ),
  ),
  end: message('PlayerStreamEndMessage', 'end', PlayerStreamEnd, null, '`end`: the stream closes'),
};

const byEvent = (messages: Record<string, TSchema>) => ({
  propertyName: 'event',
  mapping: Object.fromEntries(
    Object.entries(messages).map(([event, s]) => [event, `${COMPONENT}${(s as { $ref: string }).$ref}`]),
  ),
});

/** A stream's messages as one schema: a union on the event name (each SSE route's text/event-stream). */
const streamOf = (name: string, messages: Record<string, TSchema>, description: string) =>
  named(name, Type.Union(Object.values(messages), { description, discriminator: byEvent(messages) }));

export const GameStreamMessage = streamOf(
  'GameStreamMessage',
  gameStreamMessages,
  'one message of a game’s stream: `view` after every change, then `end`',
);
export const PlayerStreamMessage = streamOf(
  'PlayerStreamMessage',
  playerStreamMessages,
  'one message of my stream: a notification, named by its type, or `end`',
);

/** The component name of the webhook body of each notification type: `TurnWebhook`... */
export const webhookSchemaName = (type: NotificationName) => `${pascal(type)}Webhook`;

/** What a webhook is sent for each notification type: Standard Webhooks' envelope around the notification. */
export const webhookBodies = each(NOTIFICATION_TYPES, (type) =>
  named(
    webhookSchemaName(type),
    Type.Object(
      {
        type: Type.Literal(type, { description: 'the notification type' }),
        timestamp: Type.String({ format: 'date-time', maxLength: 40, description: 'when this attempt was sent' }),
        data: notificationSchemas[type],
      },
      { additionalProperties: false, description: `a \`${type}\` notification as POSTed to a webhook` },
    ),
  ),
);
