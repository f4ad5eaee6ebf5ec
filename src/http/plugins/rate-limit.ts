import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface RateLimitOptions {
  /** Requests a minute per identity, and per address for requests without a valid credential. */
  max: number;
  /**
   * The verified identity behind a request (e.g. `seat:<game>:<seat>`), or undefined when it carries
   * no valid credential. Must not throw.
   */
  identify(request: FastifyRequest): Promise<string | undefined> | string | undefined;
}

/**
 * One budget per verified identity, else one per client address. Keying on the raw Authorization
 * header would give every made-up token a fresh budget: a token that does not verify counts against
 * the address it came from.
 */
export const rateLimiting = fp<RateLimitOptions>(
  async (app, { max, identify }) => {
    await app.register(rateLimit, {
      max,
      timeWindow: '1 minute',
      keyGenerator: async (request) => {
        const who = await identify(request);
        return who === undefined ? `address:${request.ip}` : `identity:${who}`;
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'FST_RATE_LIMITED',
        message: `too many requests: ${context.max} a minute; retry in ${context.after}`,
      }),
    });
  },
  { name: 'card-table-rate-limit' },
);
