import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MyGames } from '../../service/my-games';
import type { Players } from '../../service/players';
import { allProblems, PLAYER as PLAYER_PROBLEMS, problems } from '../openapi/problems';
import { PLAYER } from '../openapi/security';
import { playerOf } from '../player-auth';
import { MyGamesPage, MyGamesQuery } from '../schemas/players';

/** GET /players/me/games: the games where I hold a seat, my turns first. */
export const myGamesRoutes: FastifyPluginAsyncTypebox<{ players: Players; myGames: MyGames }> = async (
  app,
  { players, myGames },
) => {
  app.get(
    '/players/me/games',
    {
      schema: {
        operationId: 'listMyGames',
        tags: ['players'],
        summary: 'My games: where it is my turn first, soonest deadline first; then the rest',
        description: 'Cursor-paged: pass the answer’s `next` as `cursor` for the next page.',
        querystring: MyGamesQuery,
        security: PLAYER,
        response: { 200: MyGamesPage, ...problems(allProblems(PLAYER_PROBLEMS, { 400: ['invalid-cursor'] })) },
      },
    },
    async (request) => myGames.list((await playerOf(request, players)).id, request.query),
  );
};
