import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Tables } from '../../service/tables';
import { CreatedGame, CreateGame, GameId, GameSummary, Problem } from '../schemas';

/** POST /games, GET /games/{id}: creating a table and its public summary. */
export const gameRoutes: FastifyPluginAsyncTypebox<{ tables: Tables }> = async (app, { tables }) => {
  app.post(
    '/games',
    {
      schema: {
        tags: ['games'],
        summary: 'Create a game: one seat token per seat',
        description:
          'Without `seed` or `deck` the server draws the seed and publishes its SHA-256 now; the seed itself is revealed when the game ends.',
        body: CreateGame,
        response: { 201: CreatedGame, 400: Problem, 422: Problem },
      },
    },
    async (request, reply) => {
      const created = await tables.create(request.body);
      return reply.code(201).header('location', `/games/${created.id}`).send(created);
    },
  );
  app.get(
    '/games/:id',
    {
      schema: {
        tags: ['games'],
        summary: 'The public summary: kind, status, seats, whose turn, scores; the seed once finished',
        params: GameId,
        response: { 200: GameSummary, 404: Problem },
      },
    },
    async (request) => tables.summary(request.params.id),
  );
};
