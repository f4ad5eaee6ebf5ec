import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Lobby } from '../../service/lobby';
import { bearer } from '../auth';
import { problems } from '../openapi/problems';
import { PLAYER, PLAYER_OR_ANYONE } from '../openapi/security';
import { GameId, GameSummary } from '../schemas';
import { Joined, JoinRequest, LobbyPage, LobbyQuery, SeatParams } from '../schemas/tables';

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
        response: { 200: LobbyPage, ...problems({ 400: ['invalid-cursor'], 422: ['unknown-kind'] }) },
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
        body: JoinRequest,
        security: PLAYER_OR_ANYONE,
        response: {
          200: Joined,
          ...problems({
            400: ['name-required'],
            401: ['invalid-token'],
            403: ['player-token-required', 'seat-invited'],
            404: ['game-not-found', 'seat-not-found'],
            409: ['engine-version', 'not-waiting', 'seat-taken', 'already-seated'],
            503: ['busy'],
          }),
        },
      },
      // A player joins with no body at all: that is an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => lobby.join(request.params.id, request.params.seat, bearer(request), request.body),
  );
  app.post(
    '/games/:id/seats/:seat/decline',
    {
      schema: {
        operationId: 'declineSeat',
        tags: ['lobby'],
        summary: 'Decline the seat I am invited to: it becomes open to anyone',
        description:
          'Only the invited player, only while the table waits for players. The invitation is gone and the seat is open, so ' +
          'the table shows in the lobby and anyone may take it.',
        params: SeatParams,
        security: PLAYER,
        response: {
          200: GameSummary,
          ...problems({
            401: ['token-required', 'invalid-token'],
            403: ['player-token-required', 'not-invited'],
            404: ['game-not-found', 'seat-not-found'],
            409: ['engine-version', 'not-waiting'],
            503: ['busy'],
          }),
        },
      },
    },
    async (request) => lobby.decline(request.params.id, request.params.seat, bearer(request)),
  );
  app.post(
    '/games/:id/leave',
    {
      schema: {
        operationId: 'leaveGame',
        tags: ['lobby'],
        summary: 'Give my seat back while the game waits for players: the seat becomes open',
        description: 'Only while the table waits for players; once the game runs, resign instead.',
        params: GameId,
        security: PLAYER,
        response: {
          200: GameSummary,
          ...problems({
            401: ['token-required', 'invalid-token'],
            403: ['player-token-required', 'not-seated'],
            404: ['game-not-found'],
            409: ['engine-version', 'not-waiting'],
            503: ['busy'],
          }),
        },
      },
    },
    async (request) => lobby.leave(request.params.id, bearer(request)),
  );
};
