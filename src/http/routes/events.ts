import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GameRecordDocument } from '../../record/record';
import type { History } from '../../service/history';
import { bearer } from '../auth';
import { EventsPage, EventsQuery, GameId, Problem, Replay, ReplayQuery } from '../schemas';

/** GET /games/{id}/events and /replay: the history, redacted per seat during play, whole afterwards. */
export const historyRoutes: FastifyPluginAsyncTypebox<{ history: History }> = async (app, { history }) => {
  app.get(
    '/games/:id/events',
    {
      schema: {
        tags: ['history'],
        summary: 'The move log, paged',
        description:
          'During play each caller sees only what its seat may know of each move; after the end, everything, and the seed.',
        params: GameId,
        querystring: EventsQuery,
        security: [{ seatToken: [] }, {}],
        response: { 200: EventsPage, 401: Problem, 403: Problem, 404: Problem },
      },
    },
    async (request) => history.events(request.params.id, bearer(request), request.query.after, request.query.limit),
  );
  app.get(
    '/games/:id/record',
    {
      schema: {
        tags: ['history'],
        summary: 'The whole record of a finished game, to keep and to check offline',
        description:
          'One JSON document: kind, engine version, options, seats and names, the seed and its hash, every event with its time, ' +
          'and the result. `npm run verify -- record.json` replays it with the engine and says what does not match.',
        params: GameId,
        response: { 200: GameRecordDocument, 404: Problem, 409: Problem },
      },
    },
    async (request, reply) => {
      const doc = await history.record(request.params.id);
      return reply.header('content-disposition', `attachment; filename="${doc.kind}-${doc.id}.json"`).send(doc);
    },
  );
  app.get(
    '/games/:id/replay',
    {
      schema: {
        tags: ['history'],
        summary: 'The full state after move N of a finished game, for auditing',
        params: GameId,
        querystring: ReplayQuery,
        response: { 200: Replay, 404: Problem, 409: Problem, 422: Problem },
      },
    },
    async (request) => history.replayAt(request.params.id, request.query.at),
  );
};
