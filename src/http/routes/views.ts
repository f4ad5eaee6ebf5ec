import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { TableService } from '../../service/tables';
import { bearer } from '../auth';
import { GameId, Problem, SeatView } from '../schemas';

/** GET /games/{id}/view: the game as the caller's seat may know it (no token: a spectator). */
export const viewRoutes: FastifyPluginAsyncTypebox<{ tables: TableService }> = async (app, { tables }) => {
  app.get(
    '/games/:id/view',
    {
      schema: {
        tags: ['play'],
        summary: 'What this seat may see now, and its legal actions',
        description: 'The ETag is the game version; send it back as If-None-Match to get 304 while nothing has moved.',
        params: GameId,
        headers: Type.Object({ 'if-none-match': Type.Optional(Type.String()) }),
        security: [{ seatToken: [] }, {}],
        response: { 200: SeatView, 304: Type.Null({ description: 'not modified' }), 401: Problem, 403: Problem, 404: Problem },
      },
    },
    async (request, reply) => {
      const view = await tables.view(request.params.id, bearer(request));
      const etag = `"${view.version}"`;
      reply.header('etag', etag).header('vary', 'Authorization').header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return view;
    },
  );
};
