import Type, { type Static } from 'typebox';
import { CheckpointSchema } from '../record/record';
import { named } from './openapi/components';

/**
 * Request and response schemas: written once, they validate, serialize, type the handlers and
 * document the API. What depends on the game's kind (its options, actions and view) is validated by
 * the engine (a refusal is a 422 with the game's reason); the document refines these shapes per kind
 * from each game's own schemas (openapi/by-kind.ts).
 */

import { MAX_INT } from './schemas/numbers';
import { RatingChanges } from './schemas/ratings';

export { ProblemRef as Problem } from './schemas/problem';

/** A game id in a path: the router refuses longer ones (414) before any schema. */
export const GameId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'the game id' }) });

export const Kind = named('Kind', Type.String({ description: 'the game’s kind, from GET /catalog' }));

export const GameStatus = named(
  'GameStatus',
  Type.Union([Type.Literal('waiting'), Type.Literal('active'), Type.Literal('finished'), Type.Literal('aborted')], {
    description: 'waiting: a seat is free and nothing is dealt; active; finished; aborted (cancelled: nobody wins)',
  }),
);

export const Result = named(
  'Result',
  Type.Object(
    {
      winners: Type.Array(Type.Integer({ description: 'a seat' }), { description: 'the seats sharing the win' }),
      summary: Type.String({ description: 'one line a person can read: "North-South win 54 to 38"' }),
    },
    { description: 'how the game ended' },
  ),
);

/** One action: its shape per kind is the game's own (the document gives each kind's). */
export const Action = named(
  'Action',
  Type.Object(
    { type: Type.String({ description: 'the kind of action' }) },
    {
      additionalProperties: true,
      description: 'one action, exactly as listed in the seat’s legalActions (GET /catalog/{kind} gives the schema)',
    },
  ),
);

/** The options of a game of any kind, as resolved at creation: the document gives each kind's. */
const Options = Type.Record(Type.String(), Type.Unknown(), { description: 'the game’s options, every one resolved' });

const OnTimeout = Type.Union([Type.Literal('auto'), Type.Literal('forfeit')], {
  description: 'auto: the seat’s default action is played for it; forfeit: its side loses',
});

const Vacation = Type.Boolean({
  description:
    'seats’ clocks freeze while their players are on vacation (POST /players/me/vacation); by default for clocks of a day or more per move, or a bank whose increment is a day or more',
});
const Bank = (limits: { minimum?: number; maximum?: number }) =>
  Type.Object(
    {
      initial: Type.Integer({ ...limits, description: 'seconds in each seat’s bank at the start' }),
      increment: Type.Integer({
        ...limits,
        minimum: 0,
        description: 'seconds the bank gains after each of the seat’s moves, never above max',
      }),
      max: Type.Integer({ ...limits, description: 'the most the bank holds after an increment (time given may go above it)' }),
    },
    { additionalProperties: false, description: 'a time bank per seat: it runs down while the seat is due' },
  );

export const Clock = named(
  'Clock',
  Type.Union(
    [
      Type.Object({
        perMove: Type.Integer({ description: 'seconds each seat has for each move' }),
        onTimeout: OnTimeout,
        vacation: Type.Optional(Vacation),
      }),
      Type.Object({ bank: Bank({}), onTimeout: OnTimeout, vacation: Vacation }),
      Type.Null(),
    ],
    { description: 'the clock of every seat, or null without one' },
  ),
);

const MAX_CLOCK = 90 * 24 * 3600;
const OnTimeoutOption = Type.Optional(
  // No `default` keyword: Ajv ignores defaults inside a union; the service fills in auto.
  Type.Union([Type.Literal('auto'), Type.Literal('forfeit')], {
    description: 'auto (the default): the seat’s default action is played for it; forfeit: its side loses',
  }),
);

/** The clock option's JSON Schema as it stands, for the catalog (the document refers to it by name). */
export const clockOptionSchema = Type.Union(
  [
    Type.Object(
      {
        perMove: Type.Integer({ minimum: 1, maximum: MAX_CLOCK, description: 'seconds each seat has for each move' }),
        onTimeout: OnTimeoutOption,
        vacation: Type.Optional(Vacation),
      },
      { additionalProperties: false, description: 'a fixed time per move' },
    ),
    Type.Object(
      { bank: Bank({ minimum: 1, maximum: MAX_CLOCK }), onTimeout: OnTimeoutOption, vacation: Type.Optional(Vacation) },
      { additionalProperties: false, description: 'a time bank per seat' },
    ),
  ],
  { description: 'a clock, for every kind: a time per move or a time bank (exactly one); none by default' },
);

export const ClockOption = named('ClockOption', clockOptionSchema);

export const Checkpoint = named('Checkpoint', CheckpointSchema);

const Seat = (description: string) => Type.Integer({ minimum: 0, maximum: 11, description });
const Seats = (description: string) => Type.Array(Seat('a seat'), { maxItems: 12, description });
const Time = (description: string) => Type.String({ format: 'date-time', description });

const Deadlines = Type.Array(Type.Union([Time('when the seat’s clock runs out'), Type.Null()]), {
  description: 'when each seat’s clock runs out, by seat; null where no clock runs',
});
const TimeLeft = Type.Array(
  Type.Union([Type.Integer({ minimum: 0, description: 'whole seconds left on the seat’s clock' }), Type.Null()]),
  {
    description:
      'each seat’s time left, by seat, as of the answer (a view in a stream or a move’s answer: as of that change); a due seat’s runs down to its deadline; null without a clock',
  },
);
const Vacations = Type.Array(Type.Union([Time('when the seat’s player is back from vacation'), Type.Null()]), {
  description: 'by seat: the end of the vacation that freezes the seat’s clock, or null',
});
const Scores = Type.Array(Type.Number({ description: 'the seat’s points, chips or money' }), {
  description: 'one number per seat, as the game counts',
});

const Occupant = Type.Union(
  [Type.Literal('guest'), Type.Literal('player'), Type.Literal('invited'), Type.Literal('open'), Type.Literal('bot')],
  { description: 'guest: held by a seat token; player; invited (kept for that player); open (anyone may join); bot' },
);
const SeatName = Type.Union([Type.String(), Type.Null()], { description: 'the display name, if any' });

export const summaryFields = {
  id: Type.String({ description: 'the game id' }),
  kind: Kind,
  title: Type.String({ description: 'the game’s title' }),
  status: GameStatus,
  version: Type.Integer({ description: 'events in the log so far' }),
  options: Options,
  clock: Clock,
  toAct: Seats('the seats the game waits for'),
  deadlines: Deadlines,
  timeLeft: TimeLeft,
  vacations: Vacations,
  scores: Scores,
  result: Type.Optional(Result),
  seedHash: Type.String({ description: 'SHA-256 of the seed, published at creation' }),
  dealtBy: Type.Union([Type.Literal('server'), Type.Literal('client-seed'), Type.Literal('client-deck')], {
    description: 'who chose the shuffles: the server (provably fair), or the creator’s seed or stacked deck',
  }),
  provablyFair: Type.Boolean({ description: 'true only when the server drew the seed and no deck was stacked' }),
  seed: Type.Optional(Type.String({ description: 'revealed when the game is over' })),
  deck: Type.Optional(
    Type.Array(Type.String({ description: 'a card code' }), { description: 'the stacked first deal, top first' }),
  ),
  rematchOf: Type.Optional(Type.String({ description: 'the game this one is a rematch of' })),
  rematch: Type.Optional(Type.String({ description: 'the rematch of this game' })),
  rated: Type.Boolean({ description: 'whether the game moves its players’ ratings when it finishes (README: Ratings)' }),
  createdAt: Time('when the game was created'),
  updatedAt: Time('the game’s last change'),
  checkpoint: Checkpoint,
};

export const GameSummary = named(
  'GameSummary',
  Type.Object(
    {
      ...summaryFields,
      seats: Type.Array(
        Type.Object({
          seat: Seat('the seat number, from 0 in turn order'),
          name: SeatName,
          occupant: Occupant,
          player: Type.Optional(Type.String({ description: 'the player holding the seat' })),
          invited: Type.Optional(Type.String({ description: 'the player invited to the seat' })),
          bot: Type.Optional(Type.String({ description: 'the bot playing the seat' })),
          resigned: Type.Optional(Type.Boolean({ description: 'the seat has resigned' })),
          rematch: Type.Optional(Type.Boolean({ description: 'the seat has asked for a rematch' })),
        }),
        { description: 'every seat, in turn order' },
      ),
      ratingChanges: Type.Optional(RatingChanges),
    },
    { description: 'the public summary of a game: anyone may read it' },
  ),
);

export const CreatedGame = named(
  'CreatedGame',
  Type.Object(
    {
      ...summaryFields,
      seats: Type.Array(
        Type.Object({
          seat: Seat('the seat number, from 0 in turn order'),
          name: SeatName,
          occupant: Occupant,
          token: Type.Optional(
            Type.String({
              description:
                'the seat token (a JWT) of a seat the creator holds (its guests’ and its own): keep it secret, it is the seat',
            }),
          ),
        }),
        { description: 'every seat, in turn order' },
      ),
    },
    { description: 'the game just created, with a seat token for each seat the creator holds' },
  ),
);

export const View = named(
  'View',
  Type.Object(
    {
      id: Type.String({ description: 'the game id' }),
      kind: Kind,
      version: Type.Integer({ description: 'events in the log so far: the ETag names it' }),
      seat: Type.Union([Seat('the seat'), Type.Null()], { description: 'the seat this view is for; null for a spectator' }),
      status: GameStatus,
      toAct: Seats('the seats the game waits for'),
      legalActions: Type.Array(Action, {
        description: 'every action this seat may post now, exactly as it is to be posted',
      }),
      scores: Scores,
      result: Type.Optional(Result),
      deadlines: Deadlines,
      timeLeft: TimeLeft,
      vacations: Vacations,
      endings: Type.Object(
        {
          resign: Type.Boolean({ description: 'POST /games/{id}/resign would be accepted now' }),
          abort: Type.Boolean({ description: 'POST /games/{id}/abort would be accepted now' }),
          rematch: Type.Boolean({ description: 'POST /games/{id}/rematch would be accepted now' }),
        },
        { description: 'which endings this seat may ask for now, by the rules the server enforces; all false for a spectator' },
      ),
      state: Type.Unknown({ description: 'the game as this seat may know it; null while the table waits' }),
      checkpoint: Checkpoint,
    },
    { description: 'the game as one seat (or a spectator) may know it, and what it may do' },
  ),
);

/** What a move answers with under `Prefer: return=minimal`: where the game stands, without the view. */
export const MoveReceipt = named(
  'MoveReceipt',
  Type.Object(
    {
      id: Type.String({ description: 'the game id' }),
      version: Type.Integer({ description: 'events in the log so far: the ETag names it' }),
      seat: Seat('the seat that moved'),
      status: GameStatus,
      toAct: Seats('the seats the game waits for'),
      result: Type.Optional(Result),
      deadlines: Deadlines,
      checkpoint: Checkpoint,
    },
    {
      additionalProperties: false,
      description:
        'the answer to a move posted with `Prefer: return=minimal` (RFC 7240): where the game stands and the signed ' +
        'checkpoint that covers the move, without the view (a client on its stream reads the view there)',
    },
  ),
);

export const MoveRequest = named(
  'MoveRequest',
  Type.Object(
    {
      action: Action,
      expectedVersion: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: MAX_INT,
          description: 'answer 409 instead of moving if the game is not at this version',
        }),
      ),
    },
    {
      additionalProperties: false,
      description: 'a move: one of the seat’s legal actions',
      examples: [{ action: { type: 'pass' }, expectedVersion: 0 }],
    },
  ),
);

export const EventsQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_INT, default: 0, description: 'list events with seq greater than this' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'at most this many events' })),
});

const EventKind = Type.Union(
  [
    Type.Literal('move'),
    Type.Literal('resign'),
    Type.Literal('forfeit'),
    Type.Literal('abort'),
    Type.Literal('vacation'),
    Type.Literal('resume'),
    Type.Literal('gift'),
  ],
  {
    description:
      'move: a game action; resign, forfeit, abort: what the table did; vacation, resume, gift: what the clocks did ' +
      '(a seat’s clock froze for its player’s vacation until `action.until`, ran again, or was given `action.seconds` by the seat that logs it)',
  },
);
const EventBy = Type.Union([Type.Literal('seat'), Type.Literal('clock'), Type.Literal('bot'), Type.Literal('service')], {
  description: 'who made it: the seat, its clock, its bot, or the service (for a resigned seat, or a bot that failed to choose)',
});
// What a seat may know of a move is the game's to say (`moveView`): the service hands it on as it is.
const LoggedAction = Type.Unsafe<unknown>(
  Type.Object(
    {
      type: Type.String({
        description: 'the action’s type; resign, forfeit, abort, vacation, resume and gift for what the table and the clocks did',
      }),
    },
    {
      additionalProperties: true,
      description:
        'the action as logged; during play, as the caller’s seat may know it (cards it may not see are left out, ' +
        'and what the move showed it is added)',
    },
  ),
);

export const Event = named(
  'Event',
  Type.Object(
    {
      seq: Type.Integer({ description: 'the position in the log: 1, 2, 3...' }),
      seat: Seat('the seat it belongs to'),
      kind: EventKind,
      by: EventBy,
      at: Time('when it was appended'),
      action: LoggedAction,
    },
    { description: 'one event of a game’s log' },
  ),
);

export const EventsPage = named(
  'EventsPage',
  Type.Object(
    {
      version: Type.Integer({ description: 'events in the log so far' }),
      status: GameStatus,
      events: Type.Array(Event, { description: 'the events after `after`, in order' }),
      next: Type.Union([Type.Integer(), Type.Null()], { description: 'the `after` for the next page, or null' }),
      seed: Type.Optional(Type.String({ description: 'the seed, once the game is over' })),
    },
    { description: 'a page of the move log' },
  ),
);

export const ReplayQuery = Type.Object({
  at: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INT, description: 'the number of moves applied (default: all)' })),
});

export const Replay = named(
  'Replay',
  Type.Object(
    {
      id: Type.String({ description: 'the game id' }),
      kind: Kind,
      at: Type.Integer({ description: 'the moves applied' }),
      version: Type.Integer({ description: 'the moves in the whole game' }),
      move: Type.Union(
        [
          Type.Object({
            seq: Type.Integer({ description: 'the position in the log' }),
            seat: Seat('the seat it belongs to'),
            kind: EventKind,
            by: EventBy,
            action: LoggedAction,
          }),
          Type.Null(),
        ],
        { description: 'the move number `at`; null at 0' },
      ),
      toAct: Seats('the seats the game waited for then'),
      scores: Scores,
      finished: Type.Boolean({ description: 'the game had ended at that point' }),
      state: Type.Unsafe<unknown>(
        Type.Record(Type.String(), Type.Unknown(), {
          description: 'the engine’s whole state after move `at`, hidden cards included (its shape is the engine’s own)',
        }),
      ),
      views: Type.Array(Type.Unknown(), { description: 'what each seat could see after move `at`, by seat' }),
      spectator: Type.Unknown({ description: 'what a spectator could see after move `at`' }),
    },
    { description: 'a finished game after move `at`, for auditing' },
  ),
);

const SeatsRange = Type.Object({
  min: Type.Integer({ description: 'the fewest seats' }),
  max: Type.Integer({ description: 'the most seats' }),
  counts: Type.Array(Type.Integer(), {
    description: 'every seat count the game can be created with (with its default options)',
  }),
});

export const CatalogEntry = named(
  'CatalogEntry',
  Type.Object(
    {
      kind: Kind,
      title: Type.String({ description: 'the game’s title' }),
      blurb: Type.String({ description: 'the game in one line, for a player choosing what to play' }),
      seats: SeatsRange,
      options: Options,
      optionsSchema: Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema of the options' }),
      clockSchema: Type.Record(Type.String(), Type.Unknown(), {
        description: 'JSON Schema of `options.clock`, common to every kind: a time per move or a time bank',
      }),
      actionSchema: Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema of one action' }),
      viewSchema: Type.Record(Type.String(), Type.Unknown(), {
        description: 'JSON Schema of the `state` of a seat’s view, every field described',
      }),
      rules: Type.String({ description: 'the rules as this service plays them' }),
      dealing: Type.String({ description: 'how cards leave the top of the deck, for stacking a deal' }),
      cards: Type.Integer({ description: 'how many cards the game uses with its fewest seats and default options' }),
    },
    { description: 'one game: seats, options with their defaults, schemas, rules and how it deals' },
  ),
);

export const Catalog = named(
  'Catalog',
  Type.Object({ games: Type.Array(CatalogEntry, { description: 'every game' }) }, { description: 'the games' }),
);

export const Health = named(
  'Health',
  Type.Object({ status: Type.String({ description: 'ok (alive) or ready (the database answers)' }) }, { description: 'health' }),
);

export const StreamTicket = named(
  'StreamTicket',
  Type.Object(
    {
      ticket: Type.String({
        description:
          'put it in the cookie card_table_token for the stream’s path (SameSite=Strict) before opening the stream with ' +
          'EventSource: it opens that one stream and nothing else',
      }),
      expiresAt: Type.String({ format: 'date-time', description: 'when the ticket stops opening its stream (a day on)' }),
    },
    { additionalProperties: false, description: 'a ticket that opens one stream' },
  ),
);

export type MoveRequest = Static<typeof MoveRequest>;

export const BotInfo = named(
  'BotInfo',
  Type.Object(
    {
      name: Type.String({ description: 'the name to give a seat: `{ "bot": name }` in POST /games or a join' }),
      title: Type.String({ description: 'the bot’s title, for people' }),
      description: Type.String({ description: 'how it plays, in one line' }),
      kinds: Type.Array(Kind, { description: 'the kinds of game it plays' }),
    },
    { description: 'one bot a seat may be given' },
  ),
);

export const BotList = named(
  'BotList',
  Type.Object({ bots: Type.Array(BotInfo, { description: 'every bot, weakest first' }) }, { description: 'the bots' }),
);
