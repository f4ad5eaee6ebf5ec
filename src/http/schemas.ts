import Type, { type Static } from 'typebox';

/** Request and response schemas: written once, they validate, serialize, type the handlers and document the API. */

export const Problem = Type.Object(
  {
    type: Type.String({ description: 'a stable URI naming the kind of problem' }),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String({ description: 'a stable machine-readable code, e.g. illegal-move, version-conflict' }),
    detail: Type.String({ description: 'what went wrong, for a person' }),
    instance: Type.Optional(Type.String()),
    version: Type.Optional(Type.Integer({ description: 'the game version when the problem concerns a move' })),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { description: 'RFC 9457 problem details (application/problem+json)' },
);

export const GameId = Type.Object({ id: Type.String({ description: 'game id' }) });

export const Action = Type.Object(
  { type: Type.String({ description: 'the kind of action; the game’s catalog entry gives its full schema' }) },
  {
    additionalProperties: true,
    description: 'one action, exactly as listed in the seat’s legalActions (GET /catalog/{kind} gives the schema)',
    examples: [{ type: 'play', card: 'QS' }],
  },
);

export const Result = Type.Object({
  winners: Type.Array(Type.Integer(), { description: 'seats sharing the win' }),
  summary: Type.String(),
});

export const SeatsRange = Type.Object({
  min: Type.Integer(),
  max: Type.Integer(),
  counts: Type.Array(Type.Integer(), { description: 'every seat count the game can be created with (with its default options)' }),
});

export const CatalogEntry = Type.Object({
  kind: Type.String(),
  title: Type.String(),
  seats: SeatsRange,
  options: Type.Record(Type.String(), Type.Unknown(), { description: 'every option with its default value' }),
  optionsSchema: Type.Unknown({ description: 'JSON Schema of the options' }),
  actionSchema: Type.Unknown({ description: 'JSON Schema of one action' }),
  viewSchema: Type.Unknown({ description: 'JSON Schema of the `state` of a seat’s view, every field described' }),
  rules: Type.String({ description: 'the rules as this service plays them' }),
  dealing: Type.String({ description: 'how cards leave the top of the deck, for stacking a deal' }),
  cards: Type.Integer({ description: 'how many cards the game uses with its fewest seats and default options' }),
});

export const Catalog = Type.Object({ games: Type.Array(CatalogEntry) });

export const CreateGame = Type.Object(
  {
    kind: Type.String({ description: 'a kind from GET /catalog', examples: ['divide-and-conquer'] }),
    seats: Type.Integer({ minimum: 1, maximum: 12, examples: [2] }),
    options: Type.Optional(
      Type.Object(
        {
          clock: Type.Optional(
            Type.Object(
              {
                perMove: Type.Integer({
                  minimum: 1,
                  maximum: 90 * 24 * 3600,
                  description: 'seconds each seat has for each move',
                }),
                onTimeout: Type.Optional(
                  Type.Union([Type.Literal('auto'), Type.Literal('forfeit')], {
                    default: 'auto',
                    description: 'auto: the seat’s default action is played for it; forfeit: its side loses',
                  }),
                ),
              },
              { additionalProperties: false, description: 'a clock for every kind: none by default' },
            ),
          ),
        },
        { additionalProperties: true, description: 'the game’s options, and the clock; omitted ones take their defaults' },
      ),
    ),
    names: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { description: 'one display name per seat' })),
    seed: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'fixes the shuffles (tests, duplicate play); the game is then not provably fair',
      }),
    ),
    deck: Type.Optional(
      Type.Array(Type.String({ pattern: '^(?:[A2-9TJQK][SHDC]|JK)$' }), {
        maxItems: 200,
        description: 'stacks the first deal: the full order of the game’s cards, top first',
      }),
    ),
  },
  { additionalProperties: false },
);

export const GameStatus = Type.Union(
  [Type.Literal('waiting'), Type.Literal('active'), Type.Literal('finished'), Type.Literal('aborted')],
  { description: 'waiting: a seat is free and nothing is dealt; active; finished; aborted' },
);

const Deadlines = Type.Array(Type.Union([Type.String({ format: 'date-time' }), Type.Null()]), {
  description: 'when each seat’s clock runs out, by seat; null where no clock runs',
});

const Clock = Type.Union([
  Type.Object({
    perMove: Type.Integer({ description: 'seconds each seat has for each move' }),
    onTimeout: Type.Union([Type.Literal('auto'), Type.Literal('forfeit')], {
      description: 'auto: the seat’s default action is played for it; forfeit: its side loses',
    }),
  }),
  Type.Null(),
]);

const summaryFields = {
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  status: GameStatus,
  version: Type.Integer({ description: 'events in the log so far' }),
  options: Type.Record(Type.String(), Type.Unknown()),
  clock: Clock,
  toAct: Type.Array(Type.Integer()),
  deadlines: Deadlines,
  scores: Type.Array(Type.Number()),
  result: Type.Optional(Result),
  seedHash: Type.String({ description: 'SHA-256 of the seed, published at creation' }),
  dealtBy: Type.Union([Type.Literal('server'), Type.Literal('client-seed'), Type.Literal('client-deck')]),
  provablyFair: Type.Boolean({ description: 'true only when the server drew the seed and no deck was stacked' }),
  seed: Type.Optional(Type.String({ description: 'revealed when the game is finished' })),
  deck: Type.Optional(Type.Array(Type.String())),
  rematchOf: Type.Optional(Type.String({ description: 'the game this one is a rematch of' })),
  rematch: Type.Optional(Type.String({ description: 'the rematch of this game' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

export const GameSummary = Type.Object({
  ...summaryFields,
  seats: Type.Array(
    Type.Object({
      seat: Type.Integer(),
      name: Type.Union([Type.String(), Type.Null()]),
      occupant: Type.Union(
        [Type.Literal('guest'), Type.Literal('player'), Type.Literal('invited'), Type.Literal('open'), Type.Literal('bot')],
        { description: 'guest: held by a seat token; player; invited (waiting for that player); open (anyone may join); bot' },
      ),
      player: Type.Optional(Type.String({ description: 'the player holding the seat' })),
      invited: Type.Optional(Type.String({ description: 'the player invited to the seat' })),
      bot: Type.Optional(Type.String({ description: 'the bot playing the seat' })),
      resigned: Type.Optional(Type.Boolean({ description: 'the seat has resigned' })),
      rematch: Type.Optional(Type.Boolean({ description: 'the seat has asked for a rematch' })),
    }),
  ),
});

export const CreatedGame = Type.Object({
  ...summaryFields,
  seats: Type.Array(
    Type.Object({
      seat: Type.Integer(),
      name: Type.Union([Type.String(), Type.Null()]),
      token: Type.String({ description: 'the seat token (a JWT): keep it secret, it is the seat' }),
    }),
  ),
});

export const SeatView = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  version: Type.Integer(),
  seat: Type.Union([Type.Integer(), Type.Null()], { description: 'null for a spectator' }),
  status: GameStatus,
  toAct: Type.Array(Type.Integer(), { description: 'seats the game is waiting for' }),
  legalActions: Type.Array(Action, { description: 'every action this seat may post now' }),
  scores: Type.Array(Type.Number()),
  result: Type.Optional(Result),
  deadlines: Deadlines,
  state: Type.Unknown({ description: 'the game as this seat may know it (game-specific); null while the table waits' }),
});

export const MoveBody = Type.Object(
  {
    action: Action,
    expectedVersion: Type.Optional(
      Type.Integer({ minimum: 0, description: 'answer 409 instead of moving if the game is not at this version' }),
    ),
  },
  { additionalProperties: false },
);

export const EventsQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1, default: 0, description: 'list events with seq greater than this' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

const EventKind = Type.Union([Type.Literal('move'), Type.Literal('resign'), Type.Literal('forfeit'), Type.Literal('abort')], {
  description: 'move: a game action; the others are what the table did',
});
const EventBy = Type.Union([Type.Literal('seat'), Type.Literal('clock'), Type.Literal('bot'), Type.Literal('service')], {
  description: 'who made it: the seat, its clock, its bot, or the service (for a resigned seat, or a bot that failed to choose)',
});

export const EventsPage = Type.Object({
  version: Type.Integer(),
  status: GameStatus,
  events: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      seat: Type.Integer(),
      kind: EventKind,
      by: EventBy,
      at: Type.String({ format: 'date-time' }),
      action: Type.Unknown({ description: 'the move; during play, as the caller’s seat may know it' }),
    }),
  ),
  next: Type.Union([Type.Integer(), Type.Null()], { description: 'the `after` for the next page, or null' }),
  seed: Type.Optional(Type.String()),
});

export const ReplayQuery = Type.Object({
  at: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1, description: 'the number of moves applied (default: all)' }),
  ),
});

export const Replay = Type.Object({
  id: Type.String(),
  at: Type.Integer(),
  version: Type.Integer(),
  move: Type.Union([
    Type.Object({ seq: Type.Integer(), seat: Type.Integer(), kind: EventKind, by: EventBy, action: Action }),
    Type.Null(),
  ]),
  toAct: Type.Array(Type.Integer()),
  scores: Type.Array(Type.Number()),
  finished: Type.Boolean(),
  state: Type.Unknown({ description: 'the full state after move `at`, hidden cards included' }),
  views: Type.Array(Type.Unknown(), { description: 'what each seat could see after move `at`, by seat' }),
  spectator: Type.Unknown({ description: 'what a spectator could see after move `at`' }),
});

export const Health = Type.Object({ status: Type.String() });

export type CreateGame = Static<typeof CreateGame>;
export type MoveBody = Static<typeof MoveBody>;
