import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface RateLimitOptions {
  /** Requests a minute per identity, and per address for requests without a valid credential. */
  max: number;
  /**
   * The identity whose budget a request spends (e.g. `seat:<game>:<seat>`), or undefined for its
   * address's. Answered at once; must not throw.
   */
  identify(request: FastifyRequest): string | undefined;
}

const keyOf = (request: FastifyRequest, who: string | undefined) =>
  who === undefined ? `address:${request.clientNetwork}` : `identity:${who}`;

/**
 * One budget per verified identity, else one per client network (an IPv6 /64: see clientNetworks).
 * Keying on the raw Authorization header would give every made-up token a fresh budget: a token
 * that does not verify, or is not yet known, counts against the address it came from.
 */
export const rateLimiting = fp<RateLimitOptions>(
  async (app, { max, identify }) => {
    await app.register(rateLimit, {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request) => keyOf(request, identify(request)),
      // The limit's headers go with a 429 (with Retry-After), not with every answer: three headers
      // on each request cost the hot path a tenth of its time, and the limit is in the README.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'FST_RATE_LIMITED',
        message: `too many requests: ${context.max} a minute; retry in ${context.after}`,
      }),
    });
  },
  { name: 'card-table-rate-limit' },
);
