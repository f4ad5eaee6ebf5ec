import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text built and cached by the service (a view serialized once per revision and
 * audience): Fastify sends a string with a JSON content type as it is, without serializing again.
 */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
