import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem as ProblemError } from '../../service/problem';
import type { Sql } from '../../store/sql';
import { problems } from '../openapi/problems';
import { Health } from '../schemas';

/** GET /health (the process is alive) and GET /ready (and its database answers). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ sql: Sql }> = async (app, { sql }) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'getHealth',
        tags: ['service'],
        summary: 'Liveness',
        description: 'The process is alive (it answers even under load: a busy server is not a dead one).',
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'getReadiness',
        tags: ['service'],
        summary: 'Readiness: the database answers',
        description: 'The process is alive and its database answers.',
        response: { 200: Health, ...problems({ 503: ['not-ready'] }) },
      },
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
