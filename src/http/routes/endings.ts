import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Endings } from '../../service/endings';
import { bearer } from '../auth';
import { sendJson } from '../json';
import { allProblems, GAME, problems, SEAT } from '../openapi/problems';
import { SEAT as SEAT_SECURITY } from '../openapi/security';
import { GameId, View } from '../schemas';
import { RematchAnswer } from '../schemas/endings';

const errors = allProblems(GAME, SEAT);

/** POST /games/{id}/resign, /abort, /rematch: leaving a game, cancelling one, and playing again. */
export const endingRoutes: FastifyPluginAsyncTypebox<{ endings: Endings }> = async (app, { endings }) => {
  app.post(
    '/games/:id/resign',
    {
      schema: {
        operationId: 'resignGame',
        tags: ['play'],
        summary: 'Resign: leave a running game; answers with the seat’s view',
        description:
          'When the resignation leaves one side playing (always in a game of two sides, seats or teams), the game ends and that ' +
          'side wins. So it does when no person is left holding a seat still playing (bots alone do not play on): the best of ' +
          'the others by the scores as they stand wins, resigned seats last. Otherwise the game plays on: the server plays the seat’s default action whenever it is due, and ' +
          'the seat ranks last. 409 `game-over` for a game that has ended, `resigned` for a seat that already has.',
        params: GameId,
        security: SEAT_SECURITY,
        response: {
          200: View,
          ...problems(allProblems(errors, { 409: ['game-waiting', 'game-over', 'resigned'], 503: ['busy'] })),
        },
      },
    },
    async (request, reply) => {
      const { etag, json } = await endings.resign(request.params.id, bearer(request));
      return sendJson(reply.header('etag', etag), json);
    },
  );
  app.post(
    '/games/:id/abort',
    {
      schema: {
        operationId: 'abortGame',
        tags: ['play'],
        summary: 'Abort: cancel a game before every seat has moved; the seed is revealed',
        description:
          'Any seated player may abort a running game until every seat has made a move itself (moves the clock or the ' +
          'server made for a seat do not count, so a table can cancel a game whose player never came). Nobody wins; the ' +
          'status becomes `aborted`. 409 `too-late-to-abort` once every seat has moved.',
        params: GameId,
        security: SEAT_SECURITY,
        response: {
          200: View,
          ...problems(allProblems(errors, { 409: ['game-waiting', 'game-over', 'too-late-to-abort'], 503: ['busy'] })),
        },
      },
    },
    async (request, reply) => {
      const { etag, json } = await endings.abort(request.params.id, bearer(request));
      return sendJson(reply.header('etag', etag), json);
    },
  );
  app.post(
    '/games/:id/rematch',
    {
      schema: {
        operationId: 'requestRematch',
        tags: ['play'],
        summary: 'Ask for a rematch of an ended game: the same kind, options and clock, seats turned by one',
        description:
          'Once every seat has asked (bots ask at once), a new game starts with the same players, each one seat on (seat 0 ' +
          'goes to seat 1, the last seat to seat 0), and the two games link (`rematch`, `rematchOf` in their summaries). ' +
          'Asking again is harmless: once the rematch exists, each seat that asks gets its seat and a token there. ' +
          '409 `game-running` while the game is on.',
        params: GameId,
        security: SEAT_SECURITY,
        response: { 200: RematchAnswer, ...problems(allProblems(errors, { 409: ['game-running'] })) },
      },
    },
    async (request) => endings.rematch(request.params.id, bearer(request)),
  );
};
