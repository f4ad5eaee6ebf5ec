import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Tables } from '../../service/tables';
import { bearer } from '../auth';
import { GameId, GameSummary, Problem } from '../schemas';
import { CreatedTable, CreateTable } from '../schemas/tables';

/** POST /games, GET /games/{id}: creating a table and its public summary. */
export const gameRoutes: FastifyPluginAsyncTypebox<{ tables: Tables }> = async (app, { tables }) => {
  app.post(
    '/games',
    {
      schema: {
        tags: ['games'],
        operationId: 'createGame',
        summary: 'Create a game: guest seats with seat tokens, or seats for players, invitations, open seats and bots',
        description:
          'Without `seed` or `deck` the server draws the seed and publishes its SHA-256 now; the seed itself is revealed when the game ends. ' +
          '`seats: N` gives N guest seats, each with its seat token in the answer. A list of seats says each one: `{ player: "me" }` ' +
          '(needs your player token), `{ player: "<id>" }` (an invitation), `{ open: true }`, `{ bot: "<name>" }` or `{ name }` (a guest). ' +
          'With a free seat (open or invited) the game is `waiting`: nothing is dealt until the last seat is taken.',
        body: CreateTable,
        security: [{ playerToken: [] }, {}],
        response: { 201: CreatedTable, 400: Problem, 401: Problem, 422: Problem },
      },
    },
    async (request, reply) => {
      const created = await tables.create(request.body, bearer(request));
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
