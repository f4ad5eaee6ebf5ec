import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ratings } from '../../service/ratings';
import { problems } from '../openapi/problems';
import { KindParams, Leaderboard, PageQuery, PlayerKindParams, PlayerParams, Profile, RatingHistory } from '../schemas/ratings';

/** GET /ratings/{kind}, GET /players/{id}, GET /players/{id}/ratings/{kind}/history: public, no token. */
export const ratingRoutes: FastifyPluginAsyncTypebox<{ ratings: Ratings }> = async (app, { ratings }) => {
  app.get(
    '/ratings/:kind',
    {
      schema: {
        operationId: 'getLeaderboard',
        tags: ['ratings'],
        summary: 'A kind’s leaderboard: settled ratings first, then provisional ones, each by rating',
        description:
          'Every player and bot with a rating of this kind. Cursor-paged: pass the answer’s `next` as `cursor` for the next page.',
        params: KindParams,
        querystring: PageQuery,
        response: { 200: Leaderboard, ...problems({ 400: ['invalid-cursor'], 422: ['unknown-kind'] }) },
      },
    },
    async (request) => ratings.leaderboard(request.params.kind, request.query),
  );
  app.get(
    '/players/:id',
    {
      schema: {
        operationId: 'getProfile',
        tags: ['ratings'],
        summary: 'A public profile: a player’s or a bot’s ratings per kind and newest finished games',
        description: 'Anyone may read it. Bots are `bot:random`, `bot:greedy`, `bot:expert`.',
        params: PlayerParams,
        response: { 200: Profile, ...problems({ 404: ['player-not-found'] }) },
      },
    },
    async (request) => ratings.profile(request.params.id),
  );
  app.get(
    '/players/:id/ratings/:kind/history',
    {
      schema: {
        operationId: 'getRatingHistory',
        tags: ['ratings'],
        summary: 'A player’s or bot’s rating changes in one kind, oldest first',
        description: 'One item per rated game, in the order they finished. Cursor-paged.',
        params: PlayerKindParams,
        querystring: PageQuery,
        response: {
          200: RatingHistory,
          ...problems({ 400: ['invalid-cursor'], 404: ['player-not-found'], 422: ['unknown-kind'] }),
        },
      },
    },
    async (request) => ratings.history(request.params.id, request.params.kind, request.query),
  );
};
