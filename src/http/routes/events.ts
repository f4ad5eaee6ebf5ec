import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GameRecordDocument } from '../../record/record';
import type { History } from '../../service/history';
import type { Ratings } from '../../service/ratings';
import { bearer } from '../auth';
import type { CompressedCopies } from '../compressed';
import { named } from '../openapi/components';
import { allProblems, GAME, problems, SEAT_IF_ANY, TOURNAMENT_PRIVATE } from '../openapi/problems';
import { SEAT_OR_SPECTATOR } from '../openapi/security';
import { EventsPage, EventsQuery, GameId, Replay, ReplayQuery } from '../schemas';

const GameRecord = named('GameRecord', GameRecordDocument);

/** GET /games/{id}/events and /replay: the history, redacted per seat during play, whole afterwards. */
export const historyRoutes: FastifyPluginAsyncTypebox<{ history: History; ratings: Ratings; copies: CompressedCopies }> = async (
  app,
  { history, ratings, copies },
) => {
  app.get(
    '/games/:id/events',
    {
      schema: {
        operationId: 'listEvents',
        tags: ['history'],
        summary: 'The move log, paged',
        description:
          'During play each caller sees only what its seat may know of each move; after the end, everything, and the seed.',
        params: GameId,
        querystring: EventsQuery,
        security: SEAT_OR_SPECTATOR,
        response: { 200: EventsPage, ...problems(allProblems(GAME, SEAT_IF_ANY, TOURNAMENT_PRIVATE)) },
      },
    },
    async (request) => history.events(request.params.id, bearer(request), request.query.after, request.query.limit),
  );
  app.get(
    '/games/:id/record',
    {
      compress: false,
      schema: {
        operationId: 'getRecord',
        tags: ['history'],
        summary: 'The whole record of a finished game, to keep and to check offline',
        description:
          'One JSON document: kind, engine version, options, seats and names, the seed and its hash, every event with its time, ' +
          'and the result. `npm run verify -- record.json` replays it with the engine and says what does not match.',
        params: GameId,
        response: { 200: GameRecord, ...problems(allProblems(GAME, { 409: ['game-not-finished'] }, TOURNAMENT_PRIVATE)) },
      },
    },
    async (request, reply) => {
      const recorded = await history.record(request.params.id);
      const changes = recorded.status === 'finished' ? await ratings.changesOf(recorded.id) : [];
      const doc = changes.length > 0 ? { ...recorded, ratingChanges: changes } : recorded;
      reply.header('content-disposition', `attachment; filename="${doc.kind}-${doc.id}.json"`);
      // A finished game's record never changes: compressed once, served from the copy.
      return copies.send(request, reply, `record/${doc.id}@${doc.events.length}`, String(reply.serialize(doc)));
    },
  );
  app.get(
    '/games/:id/replay',
    {
      schema: {
        operationId: 'getReplay',
        tags: ['history'],
        summary: 'The full state after move N of a finished game, for auditing',
        description:
          'The whole state after move `at` (hidden cards included), the move that led to it, and what each seat and a ' +
          'spectator could see then. Only once the game is over.',
        params: GameId,
        querystring: ReplayQuery,
        response: {
          200: Replay,
          ...problems(allProblems(GAME, { 409: ['game-not-finished'], 422: ['out-of-range'] }, TOURNAMENT_PRIVATE)),
        },
      },
    },
    async (request) => history.replayAt(request.params.id, request.query.at),
  );
};
