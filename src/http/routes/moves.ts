import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Moves } from '../../service/moves';
import { bearer } from '../auth';
import { sendJson } from '../json';
import { GameId, MoveBody, Problem, SeatView } from '../schemas';

/** POST /games/{id}/moves: a seat posts one of its legal actions. */
export const moveRoutes: FastifyPluginAsyncTypebox<{ moves: Moves }> = async (app, { moves }) => {
  app.post(
    '/games/:id/moves',
    {
      schema: {
        tags: ['play'],
        summary: 'Make a move; answers with the seat’s new view',
        description:
          'The action must be one of the seat’s legalActions. `expectedVersion` turns a move made on a stale view into 409. ' +
          'A retry with the same Idempotency-Key gets the same answer and applies nothing twice.',
        params: GameId,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
        body: MoveBody,
        security: [{ seatToken: [] }],
        response: { 200: SeatView, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem, 422: Problem },
      },
    },
    async (request, reply) => {
      const { etag, json } = await moves.post(
        request.params.id,
        bearer(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return sendJson(reply.header('etag', etag), json);
    },
  );
};
