import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Tables } from '../../service/tables';
import { bearer } from '../auth';
import { sendJson } from '../json';
import { allProblems, GAME, problems, SEAT_IF_ANY, TOURNAMENT_PRIVATE } from '../openapi/problems';
import { SEAT_OR_SPECTATOR } from '../openapi/security';
import { GameId, View } from '../schemas';

/** GET /games/{id}/view: the game as the caller's seat may know it (no token: a spectator). */
export const viewRoutes: FastifyPluginAsyncTypebox<{ tables: Tables }> = async (app, { tables }) => {
  app.get(
    '/games/:id/view',
    {
      schema: {
        operationId: 'getView',
        tags: ['play'],
        summary: 'What this seat may see now, and its legal actions',
        description:
          'The ETag names the game’s revision and the audience (this seat, or spectators); send it back as If-None-Match ' +
          'to get 304 while nothing has changed. It is compared before anything is built. Without a token: what a spectator sees.',
        params: GameId,
        headers: Type.Object({
          'if-none-match': Type.Optional(
            Type.String({ maxLength: 200, description: 'the ETag of the view the client holds: 304 while it is current' }),
          ),
        }),
        security: SEAT_OR_SPECTATOR,
        response: {
          200: View,
          304: Type.Null({ description: 'not modified: the view the client holds is current' }),
          ...problems(allProblems(GAME, SEAT_IF_ANY, TOURNAMENT_PRIVATE)),
        },
      },
    },
    async (request, reply) => {
      const { etag, json } = await tables.view(request.params.id, bearer(request), request.headers['if-none-match']);
      // Added to, not replacing, what the CORS hook varies on (Origin).
      const vary = reply.getHeader('vary');
      reply
        .header('etag', etag)
        .header('vary', vary ? `${vary}, Authorization` : 'Authorization')
        .header('cache-control', 'private, no-cache');
      // No payload at all: a serialized null would announce a body that a 304 never has.
      if (json === null) return reply.code(304).send(undefined as never);
      return sendJson(reply, json);
    },
  );
};
