import Type, { type Static } from 'typebox';
import { named } from '../openapi/components';
import { ClockOption, Kind } from '../schemas';
import { Cursor } from './players';

/** Tournaments: creating one, joining, and what GET /tournaments/{id} shows. */

const Format = Type.Union([Type.Literal('swiss'), Type.Literal('round-robin')], {
  description: 'swiss: each round seats players by standing; round-robin: everyone meets everyone (up to 12 players)',
});
const Scoring = Type.Union([Type.Literal('games'), Type.Literal('duplicate')], {
  description:
    'games: win 1, tie 1/2, loss 0 (more seats: by place, from 1 to 0); duplicate: every table of a round plays the same deal, each seat scored in matchpoints against the same seat at the other tables',
});
export const TournamentStatus = Type.Union([Type.Literal('registering'), Type.Literal('running'), Type.Literal('finished')], {
  description: 'registering (players join and leave), running, or finished',
});

export const CreateTournament = Type.Object(
  {
    kind: Kind,
    options: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'the games’ options; omitted ones take their defaults' }),
    ),
    format: Format,
    scoring: Scoring,
    rounds: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 50, description: 'Swiss: how many rounds; a round robin’s follow from its players' }),
    ),
    tableSeats: Type.Integer({ minimum: 1, maximum: 12, description: 'the seats at each table' }),
    clock: ClockOption,
    roundHours: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 24 * 90,
        description: 'hours a round lasts: games still running then are ended by their clocks’ default play (default 168)',
      }),
    ),
    maxPlayers: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 256,
        description: 'the most players it takes (default: 12 for a round robin, 256 for Swiss)',
      }),
    ),
    minPlayers: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 256, description: 'the fewest it starts with (default: one table)' }),
    ),
    rated: Type.Optional(Type.Boolean({ description: 'whether its games are rated (default false)' })),
    startsAt: Type.Optional(
      Type.String({
        format: 'date-time',
        maxLength: 40,
        description: 'when the server starts it, if at least minPlayers have joined',
      }),
    ),
  },
  { additionalProperties: false, description: 'a tournament to create' },
);
export type CreateTournament = Static<typeof CreateTournament>;

export const TournamentParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'the tournament id' }) });

export const TournamentQuery = Type.Object({
  status: Type.Optional(TournamentStatus),
  cursor: Type.Optional(Cursor),
});

const summaryFields = {
  id: Type.String({ description: 'the tournament id' }),
  kind: Kind,
  options: Type.Object(
    {
      clock: Type.Optional(Type.Unknown({ description: 'the clock every game runs with, as given at creation (a ClockOption)' })),
    },
    { additionalProperties: true, description: 'the games’ options as resolved, and the clock their games run with' },
  ),
  format: Format,
  scoring: Scoring,
  tableSeats: Type.Integer({ description: 'the seats at each table' }),
  status: TournamentStatus,
  round: Type.Integer({ description: 'the round being played (0 before the start)' }),
  rounds: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the rounds it plays (a round robin’s are known once it starts)',
  }),
  roundHours: Type.Integer({ description: 'hours each round lasts' }),
  minPlayers: Type.Integer({ description: 'the fewest it starts with' }),
  maxPlayers: Type.Integer({ description: 'the most it takes' }),
  rated: Type.Boolean({ description: 'whether its games are rated' }),
  startsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'when the server starts it, if set' }),
  creator: Type.String({ description: 'the player who created it (it plays only if it joined)' }),
  seedHash: Type.String({ description: 'SHA-256 of the tournament’s seed, published at creation' }),
  createdAt: Type.String({ format: 'date-time', description: 'when it was created' }),
};

export const TournamentSummary = named(
  'TournamentSummary',
  Type.Object(summaryFields, { description: 'a tournament as lists show it' }),
);

export const TournamentPage = named(
  'TournamentPage',
  Type.Object(
    {
      tournaments: Type.Array(TournamentSummary, { description: 'newest first' }),
      next: Type.Union([Type.String(), Type.Null()], { description: 'the cursor of the next page, or null at the end' }),
    },
    { description: 'a page of tournaments' },
  ),
);

const Standing = Type.Object(
  {
    rank: Type.Integer({ description: 'from 1; players equal on points and every tie-break share a rank' }),
    player: Type.String({ description: 'the player id' }),
    points: Type.Number({ description: 'points so far (a bye scores a win)' }),
    tieBreaks: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()]), {
      description: 'each tie-break by name (see tieBreaks); rating is null for an unrated player',
    }),
    games: Type.Integer({ description: 'games finished (a bye is not a game)' }),
  },
  { description: 'one player’s standing' },
);

export const Tournament = named(
  'Tournament',
  Type.Object(
    {
      ...summaryFields,
      players: Type.Array(
        Type.Object({
          id: Type.String({ description: 'the player id' }),
          name: Type.String({ description: 'the player’s name' }),
          withdrawn: Type.Boolean({ description: 'true once the player has withdrawn' }),
        }),
        { description: 'the players, in the order they joined' },
      ),
      seed: Type.Optional(
        Type.String({
          description:
            'the tournament’s seed, once it has ended: each game seed is HMAC-SHA256(key: this text, `round:<r>/table:<t>`, or `round:<r>` for duplicate), lowercase hex',
        }),
      ),
      tieBreaks: Type.Array(Type.String(), {
        description: 'the tie-breaks in the order they apply: buchholz-cut1, sonneborn-berger (two seats), rating',
      }),
      schedule: Type.Array(
        Type.Object({
          round: Type.Integer({ description: 'the round, from 1' }),
          status: Type.Union([Type.Literal('running'), Type.Literal('finished')], {
            description: 'finished once every game of it has ended',
          }),
          deadline: Type.String({ format: 'date-time', description: 'when games still running are ended by default play' }),
          tables: Type.Array(
            Type.Object({
              gameId: Type.Union([Type.String(), Type.Null()], { description: 'the table’s game (null for a bye)' }),
              seats: Type.Array(Type.String(), { description: 'the players, seat by seat' }),
              bye: Type.Optional(Type.Boolean({ description: 'true: the player sits out this round, scoring a win' })),
            }),
            { description: 'the tables, numbered from 1 in this order, then the byes' },
          ),
        }),
        { description: 'the rounds started so far' },
      ),
      standings: Type.Array(Standing, { description: 'best first, from the finished games' }),
    },
    { description: 'a tournament: its players, rounds and standings' },
  ),
);
