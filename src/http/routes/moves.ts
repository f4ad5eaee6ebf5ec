import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Moves } from '../../service/moves';
import { bearer } from '../auth';
import { sendJson } from '../json';
import { allProblems, GAME, problems, SEAT } from '../openapi/problems';
import { SEAT as SEAT_SECURITY } from '../openapi/security';
import { prefersMinimal } from '../prefer';
import { GameId, MoveReceipt, MoveRequest, View } from '../schemas';

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
          'gets the same answer and applies nothing twice; once the game has ended, its keys are let go but the last ' +
          'move’s, and a retry of an earlier move is 409 `game-over` (nothing applied either way). With `Prefer: return=minimal` (RFC 7240) the answer is a ' +
          'MoveReceipt (version, toAct, checkpoint: no view) and `Preference-Applied: return=minimal` says so; any other ' +
          'preference is ignored.',
        params: GameId,
        headers: Type.Object({
          'idempotency-key': Type.Optional(
            Type.String({ minLength: 1, maxLength: 200, description: 'a retry with the same key applies nothing twice' }),
          ),
          prefer: Type.Optional(
            Type.String({
              maxLength: 1000,
              description: 'RFC 7240 preferences: `return=minimal` answers without the view; others are ignored',
            }),
          ),
        }),
        body: MoveRequest,
        security: SEAT_SECURITY,
        response: {
          200: Type.Union([View, MoveReceipt], {
            description: 'the seat’s new view, or with `Prefer: return=minimal` a MoveReceipt',
            headers: {
              'Preference-Applied': Type.String({
                description: '`return=minimal` when the answer is a MoveReceipt; absent otherwise',
              }),
            },
          }),
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
      const minimal = prefersMinimal(request.headers.prefer);
      const { etag, json } = await moves.post(
        request.params.id,
        bearer(request),
        request.body,
        request.headers['idempotency-key'],
        minimal,
      );
      if (minimal) reply.header('preference-applied', 'return=minimal');
      return sendJson(reply.header('etag', etag), json);
    },
  );
};
