import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { CorsOrigins } from '../../config';
import { sendProblem } from '../problem';
import { asProblem } from '../transport-problems';
import { crossOrigin } from './cors';
import { budgets } from './rate-limit';
import { saneBody, saneRequest } from './sane-input';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route spends no rate limit (liveness, metrics). `{ max }`: a budget of its own too,
     * `max` requests a minute per identity (or address), spent beside the server's.
     */
    rateLimit?: false | { max: number };
  }
}

export interface GateOptions {
  origins: CorsOrigins;
  /** Requests a minute per identity, and per address for requests without a valid credential. */
  rateLimit: number;
  /**
   * The identity whose budget a request to `route` (its pattern) spends, e.g. `seat:<game>:<seat>`,
   * or undefined for its address's. Answered at once; must not throw.
   */
  identify(request: FastifyRequest, route: string | undefined): string | undefined;
  /** The server is under pressure now: requests but to liveness and metrics are refused with 503. */
  overloaded(): boolean;
}

/**
 * Everything the server decides about a request before its route runs, in one onRequest hook that
 * reads the route once: CORS (a preflight is answered here, before any limit looks at it), the
 * `nosniff` header, the refusal while the server drains or is overloaded, the rate limit, and the
 * check of the path, query and headers for text no column can store. Each used to be a hook of its
 * own (six, with the route's options rebuilt by several): a third of a 304's CPU. One onSend does
 * what every answer needs on its way out.
 */
export const requestGate = fp<GateOptions>(
  async (app, { origins, rateLimit, identify, overloaded }) => {
    const cors = crossOrigin(origins);
    const spend = budgets(rateLimit);
    // The routes' own budgets, by their config: made on a route's first request.
    const routeBudgets = new WeakMap<{ max: number }, ReturnType<typeof budgets>>();
    let closing = false;

    // A callback, not a promise: it runs on every request.
    const gate: onRequestHookHandler = (request, reply, done) => {
      // No answer is ever sniffed into another type than it declares (a JSON body as HTML, say).
      reply.header('x-content-type-options', 'nosniff');
      if (cors(request, reply)) return;
      if (closing) return refuse(request, reply, 1, 'shutting-down', 'the server is shutting down: retry in a moment');
      const route = request.routeOptions;
      // Liveness answers under load (a busy server is not a dead one: restarting it would not help).
      // Metrics too: overload is when operators look.
      if (overloaded() && route.url !== '/health' && route.url !== '/metrics') {
        return refuse(request, reply, 5, 'overloaded', 'the server is under pressure: retry in a few seconds');
      }
      const own = route.config.rateLimit;
      if (own !== false) {
        const who = identify(request, route.url);
        const key = who === undefined ? `address:${request.clientNetwork}` : `identity:${who}`;
        const now = Date.now();
        const wait = spend(key, now);
        if (wait > 0) return limited(request, reply, rateLimit, wait);
        if (own !== undefined) {
          if (!routeBudgets.has(own)) routeBudgets.set(own, budgets(own.max));
          const waitHere = (routeBudgets.get(own) as ReturnType<typeof budgets>)(key, now);
          if (waitHere > 0) return limited(request, reply, own.max, waitHere);
        }
      }
      try {
        saneRequest(request);
      } catch (e) {
        return done(e as Error);
      }
      done();
    };
    app.addHook('onRequest', gate);

    // A request body is parsed only for methods that carry one: only their routes check it.
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) return;
      route.preValidation = [saneBody, ...(route.preValidation ? [route.preValidation].flat() : [])];
    });

    // A preflight whose origin is refused reaches no route of its own: it is a 404 like any unknown path.
    app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());

    const out: onSendHookHandler = (request, reply, payload, done) => {
      // Answers to the requests in flight while the server drains close their connection.
      if (closing) reply.header('connection', 'close');
      done(null, asProblem(request, reply, payload));
    };
    app.addHook('onSend', out);
    app.addHook('preClose', async () => {
      closing = true;
    });
  },
  { name: 'card-table-request-gate', dependencies: ['card-table-client-networks'] },
);

function refuse(request: FastifyRequest, reply: FastifyReply, retryAfter: number, code: string, detail: string) {
  reply.header('retry-after', String(retryAfter));
  sendProblem(reply, request, 503, code, detail);
}

/** The 429, with the limit's headers: they go with it, not with every answer (three headers cost the hot path a tenth of its time). */
function limited(request: FastifyRequest, reply: FastifyReply, max: number, waitMs: number) {
  const seconds = String(Math.ceil(waitMs / 1000));
  reply
    .header('x-ratelimit-limit', String(max))
    .header('x-ratelimit-remaining', '0')
    .header('x-ratelimit-reset', seconds)
    .header('retry-after', seconds);
  sendProblem(reply, request, 429, 'rate-limited', `too many requests: ${max} a minute; retry in ${seconds} s`);
}
