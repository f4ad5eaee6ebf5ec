import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { type AnyGame, defaultOptions, seatCounts } from '../../engine';
import { Problem as ProblemError } from '../../service/problem';
import type { CompressedCopies } from '../compressed';
import { problems } from '../openapi/problems';
import { Catalog, CatalogEntry, clockOptionSchema } from '../schemas';

/** Every option has a default (tests/games.test.ts checks it), so a creator may leave any of them out. */
function optional(schema: object): object {
  const { required: _, ...rest } = schema as { required?: string[] };
  return rest;
}

function entry(game: AnyGame) {
  const options = defaultOptions(game);
  return {
    kind: game.kind,
    title: game.title,
    blurb: game.blurb,
    seats: {
      ...game.seats,
      counts: seatCounts(game, options),
    },
    options,
    optionsSchema: optional(game.optionsSchema) as Record<string, unknown>,
    clockSchema: JSON.parse(JSON.stringify(clockOptionSchema)) as Record<string, unknown>,
    actionSchema: game.actionSchema as unknown as Record<string, unknown>,
    viewSchema: game.viewSchema as unknown as Record<string, unknown>,
    rules: game.rules,
    dealing: game.dealing,
    cards: game.cards(game.seats.min, options).length,
  };
}

/** An answer that never changes while this server runs: its JSON and a tag naming its content. */
interface Fixed {
  json: string;
  etag: string;
}

const fixed = (value: unknown): Fixed => {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
};

/**
 * The catalog changes only with a new build: a client keeps it a few minutes, then asks again with
 * its tag and gets a bodiless 304 while it is the same.
 */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

const IfNoneMatch = Type.Object({
  'if-none-match': Type.Optional(
    Type.String({ maxLength: 1000, description: 'the ETag of the catalog the client holds: 304 while it is current' }),
  ),
});
const NotModified = Type.Null({ description: 'not modified: the copy the client holds is current' });

function sendFixed(request: FastifyRequest, reply: FastifyReply, copies: CompressedCopies, key: string, answer: Fixed) {
  reply.header('etag', answer.etag).header('cache-control', CACHE_CONTROL);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) {
    return reply.code(304).send(undefined as never);
  }
  return copies.send(request, reply, `${key}@${answer.etag}`, answer.json);
}

/** GET /catalog, GET /catalog/{kind}: the games, their options, actions and rules. Built once, tagged, cacheable. */
export const catalogRoutes: FastifyPluginAsyncTypebox<{ games: ReadonlyMap<string, AnyGame>; copies: CompressedCopies }> = async (
  app,
  { games, copies },
) => {
  const entries = new Map([...games.values()].map((g) => [g.kind, fixed(entry(g))]));
  const all = fixed({ games: [...games.values()].map(entry) });
  app.get(
    '/catalog',
    {
      // Compressed once, served from the copy (compressed.ts).
      compress: false,
      schema: {
        operationId: 'listCatalog',
        tags: ['catalog'],
        summary: 'The games this service plays',
        description:
          'Every game: its seats, its options with their defaults, the JSON Schemas of its options, actions and views, ' +
          'its rules as this service plays them, and how it deals (to stack a deck by hand). Cacheable: send the ETag back ' +
          'as If-None-Match to get 304 while it is the same.',
        headers: IfNoneMatch,
        response: { 200: Catalog, 304: NotModified },
      },
    },
    async (request, reply) => sendFixed(request, reply, copies, 'catalog', all),
  );
  app.get(
    '/catalog/:kind',
    {
      compress: false,
      schema: {
        operationId: 'getCatalogEntry',
        tags: ['catalog'],
        summary: 'One game: seats, options with defaults, action schema, rules and how it deals',
        description:
          'The catalog entry of one kind of game. Cacheable: send the ETag back as If-None-Match to get 304 while it is the same.',
        params: Type.Object({
          kind: Type.String({ minLength: 1, maxLength: 40, description: 'the game’s kind, e.g. kaiser' }),
        }),
        headers: IfNoneMatch,
        response: { 200: CatalogEntry, 304: NotModified, ...problems({ 404: ['unknown-kind'] }) },
      },
    },
    async (request, reply) => {
      const answer = entries.get(request.params.kind);
      if (!answer) throw new ProblemError(404, 'unknown-kind', `there is no game "${request.params.kind}"`);
      return sendFixed(request, reply, copies, `catalog/${request.params.kind}`, answer);
    },
  );
};
