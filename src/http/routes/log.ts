import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { LogProofs } from '../../service/log';
import { allProblems, GAME, problems } from '../openapi/problems';
import { GameId } from '../schemas';
import { ConsistencyProof, ConsistencyQuery, InclusionProof, InclusionQuery, LogKey } from '../schemas/log';

/** A proof between sizes the log has reached never changes: the log only grows. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /log/key and a game's log proofs: anyone, any time (they hold hashes only). */
export const logRoutes: FastifyPluginAsyncTypebox<{ log: LogProofs }> = async (app, { log }) => {
  app.get(
    '/log/key',
    {
      schema: {
        operationId: 'getLogKey',
        tags: ['log'],
        summary: 'The public key that signs every game’s checkpoints',
        description:
          'Every view, summary and move answer carries the game’s `checkpoint`: Ed25519 over ' +
          '`card-table/game/<id>\\n<size>\\n<root>\\n` under this key. Fetch it once and keep it.',
        response: { 200: LogKey },
      },
    },
    async () => log.publicKey(),
  );
  app.get(
    '/games/:id/log/inclusion',
    {
      schema: {
        operationId: 'getInclusionProof',
        tags: ['log'],
        summary: 'Proof that one leaf (the genesis, or an event) is in the game’s tree of a given size',
        description:
          'Leaf 0 is the genesis, leaf i the event with seq i as the record lists it (salt included: until the end the ' +
          'salts are secret, so a leaf hash tells nothing). A proof does not bind its size by itself: take `size` from a ' +
          'signed checkpoint.',
        params: GameId,
        querystring: InclusionQuery,
        response: {
          200: InclusionProof,
          ...problems(allProblems(GAME, { 422: ['beyond-log', 'index-beyond-size'] })),
        },
      },
    },
    async (request, reply) => {
      const { index, size } = request.query;
      const answer = await log.inclusion(request.params.id, index, size);
      return reply.header('cache-control', IMMUTABLE).send(answer);
    },
  );
  app.get(
    '/games/:id/log/consistency',
    {
      schema: {
        operationId: 'getConsistencyProof',
        tags: ['log'],
        summary: 'Proof that the game’s tree of `first` leaves is the beginning of its tree of `second` leaves',
        description:
          'Check every new checkpoint against the last one you kept: with this proof and the two roots, nothing before ' +
          '`first` was changed, dropped or reordered. A proof does not bind its sizes by itself: take them from signed checkpoints.',
        params: GameId,
        querystring: ConsistencyQuery,
        response: {
          200: ConsistencyProof,
          ...problems(allProblems(GAME, { 422: ['beyond-log', 'sizes-reversed'] })),
        },
      },
    },
    async (request, reply) => {
      const { first, second } = request.query;
      const answer = await log.consistency(request.params.id, first, second);
      return reply.header('cache-control', IMMUTABLE).send(answer);
    },
  );
};
