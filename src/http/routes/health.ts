import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem as ProblemError } from '../../service/problem';
import type { Sql } from '../../store/sql';
import { Health, Problem } from '../schemas';

/** GET /health (the process is alive) and GET /ready (and its database answers). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ sql: Sql }> = async (app, { sql }) => {
  app.get(
    '/health',
    { config: { rateLimit: false }, schema: { tags: ['service'], summary: 'Liveness', response: { 200: Health } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: { tags: ['service'], summary: 'Readiness: the database answers', response: { 200: Health, 503: Problem } },
    },
    async () => {
      try {
        await sql.one('SELECT 1 AS ok');
      } catch {
        throw new ProblemError(503, 'not-ready', 'the database does not answer');
      }
      return { status: 'ready' };
    },
  );
};
