import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Lobby } from '../../service/lobby';
import { bearer } from '../auth';
import { GameId, GameSummary, Problem } from '../schemas';
import { JoinBody, Joined, LobbyPage, LobbyQuery, SeatParams } from '../schemas/tables';

/** GET /games (the lobby), POST /games/{id}/seats/{seat}/join, POST /games/{id}/leave. */
export const lobbyRoutes: FastifyPluginAsyncTypebox<{ lobby: Lobby }> = async (app, { lobby }) => {
  app.get(
    '/games',
    {
      schema: {
        operationId: 'listGames',
        tags: ['lobby'],
        summary: 'The lobby: games with a seat open to anyone, newest first',
        description:
          'status=waiting (the default) lists the tables with an open seat; another status lists those games. ' +
          'Cursor-paged: pass the answer’s `next` as `cursor` for the next page.',
        querystring: LobbyQuery,
        response: { 200: LobbyPage, 400: Problem },
      },
    },
    async (request) => lobby.list(request.query),
  );
  app.post(
    '/games/:id/seats/:seat/join',
    {
      schema: {
        operationId: 'joinSeat',
        tags: ['lobby'],
        summary: 'Take a free seat: an open one, or the one I am invited to',
        description:
          'With a player token: an open seat, or the seat kept for me. Without a token: an open seat, under the `name` given. ' +
          'The answer holds a seat token for the seat. When the last seat is taken the game starts: the cards are dealt and ' +
          'the seated players are told (`started`, `turn`).',
        params: SeatParams,
        body: JoinBody,
        security: [{ playerToken: [] }, {}],
        response: { 200: Joined, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
      },
      // A player joins with no body at all: that is an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => lobby.join(request.params.id, request.params.seat, bearer(request), request.body),
  );
  app.post(
    '/games/:id/leave',
    {
      schema: {
        operationId: 'leaveGame',
        tags: ['lobby'],
        summary: 'Give my seat back while the game waits for players: the seat becomes open',
        params: GameId,
        security: [{ playerToken: [] }],
        response: { 200: GameSummary, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
      },
    },
    async (request) => lobby.leave(request.params.id, bearer(request)),
  );
};
