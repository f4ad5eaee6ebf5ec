import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Moves } from '../../service/moves';
import { bearer } from '../auth';
import { sendJson } from '../json';
import { allProblems, GAME, problems, SEAT } from '../openapi/problems';
import { SEAT as SEAT_SECURITY } from '../openapi/security';
import { GameId, MoveRequest, View } from '../schemas';

/** POST /games/{id}/moves: a seat posts one of its legal actions. */
export const moveRoutes: FastifyPluginAsyncTypebox<{ moves: Moves }> = async (app, { moves }) => {
  app.post(
    '/games/:id/moves',
    {
      schema: {
        operationId: 'makeMove',
        tags: ['play'],
        summary: 'Make a move; answers with the seat’s new view',
        description:
          'The action must be one of the seat’s legalActions (the game checks it: anything else is 422 `illegal-move` with ' +
          'the reason). `expectedVersion` turns a move made on a stale view into 409. A retry with the same Idempotency-Key ' +
          'gets the same answer and applies nothing twice.',
        params: GameId,
        headers: Type.Object({
          'idempotency-key': Type.Optional(
            Type.String({ minLength: 1, maxLength: 200, description: 'a retry with the same key applies nothing twice' }),
          ),
        }),
        body: MoveRequest,
        security: SEAT_SECURITY,
        response: {
          200: View,
          ...problems(
            allProblems(GAME, SEAT, {
              409: ['game-waiting', 'game-over', 'version-conflict', 'resigned'],
              422: ['illegal-move', 'idempotency-key-reused'],
              503: ['busy'],
            }),
          ),
        },
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
