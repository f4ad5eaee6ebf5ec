import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Tournaments } from '../../service/tournaments';
import { bearer } from '../auth';
import { type ProblemsByStatus, problems } from '../openapi/problems';
import { PLAYER } from '../openapi/security';
import { CreateTournament, Tournament, TournamentPage, TournamentParams, TournamentQuery } from '../schemas/tournaments';

const TOKEN: ProblemsByStatus = { 401: ['token-required', 'invalid-token'], 403: ['player-token-required'] };

/** POST /tournaments, its join, leave, start and withdraw; GET /tournaments and /tournaments/{id}. */
export const tournamentRoutes: FastifyPluginAsyncTypebox<{ tournaments: Tournaments }> = async (app, { tournaments }) => {
  app.post(
    '/tournaments',
    {
      schema: {
        operationId: 'createTournament',
        tags: ['tournaments'],
        summary: 'Create a tournament (its creator plays only if it joins)',
        description:
          'The server draws the tournament’s seed and publishes its SHA-256 at once; each game seed derives from it. ' +
          '422 when the kind cannot seat `tableSeats` or the format cannot fit the players.',
        body: CreateTournament,
        security: PLAYER,
        response: {
          201: Tournament,
          ...problems({ ...TOKEN, 422: ['unknown-kind', 'cannot-seat', 'format-cannot-fit'] }),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await tournaments.create(request.body, bearer(request))),
  );
  app.get(
    '/tournaments',
    {
      schema: {
        operationId: 'listTournaments',
        tags: ['tournaments'],
        summary: 'Tournaments, newest first',
        description: 'Cursor-paged: pass the answer’s `next` as `cursor` for the next page.',
        querystring: TournamentQuery,
        response: { 200: TournamentPage, ...problems({ 400: ['invalid-cursor'] }) },
      },
    },
    async (request) => tournaments.list(request.query),
  );
  app.get(
    '/tournaments/:id',
    {
      schema: {
        operationId: 'getTournament',
        tags: ['tournaments'],
        summary: 'A tournament: players, rounds, standings with tie-breaks; its seed once it has ended',
        description:
          'Standings are computed from the finished games alone (points, then Buchholz cut-1, Sonneborn-Berger for two seats, rating). ' +
          'Once it has ended, `seed` lets anyone check every game seed: HMAC-SHA256 keyed by the seed’s text of `round:<r>/table:<t>` (or `round:<r>` for duplicate).',
        params: TournamentParams,
        response: { 200: Tournament, ...problems({ 404: ['tournament-not-found'] }) },
      },
    },
    async (request) => tournaments.get(request.params.id),
  );
  const verbs = [
    [
      'join',
      'joinTournament',
      'Join a tournament that has not started',
      'With a player token, while it registers players and has room.',
      { 409: ['tournament-started', 'already-entered', 'tournament-full', 'busy'] },
    ],
    [
      'leave',
      'leaveTournament',
      'Leave a tournament that has not started',
      'With the player token that joined it.',
      { 409: ['tournament-started', 'not-entered', 'busy'] },
    ],
    [
      'start',
      'startTournament',
      'Start a tournament now (its creator): the first round is seated and its games begin',
      'Needs at least minPlayers. Players are told `tournament.started`, then `tournament.round` with their table or bye.',
      { 403: ['player-token-required', 'not-creator'], 409: ['tournament-started', 'too-few-players', 'busy'] },
    ],
    [
      'withdraw',
      'withdrawFromTournament',
      'Withdraw from a running tournament: the remaining games are lost (a game still running is resigned)',
      'The player stays in the standings with the points it has, and is seated in no later round.',
      { 409: ['tournament-not-running', 'not-entered', 'withdrawn', 'busy'] },
    ],
  ] as const;
  for (const [verb, operationId, summary, description, codes] of verbs) {
    app.post(
      `/tournaments/:id/${verb}`,
      {
        schema: {
          operationId,
          tags: ['tournaments'],
          summary,
          description,
          params: TournamentParams,
          security: PLAYER,
          response: { 200: Tournament, ...problems({ ...TOKEN, 404: ['tournament-not-found'], ...codes }) },
        },
      },
      async (request) => tournaments[verb](request.params.id, bearer(request)),
    );
  }
};
