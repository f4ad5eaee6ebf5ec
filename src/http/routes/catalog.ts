import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { type AnyGame, defaultOptions, seatCounts } from '../../engine';
import { Problem as ProblemError } from '../../service/problem';
import { problems } from '../openapi/problems';
import { Catalog, CatalogEntry } from '../schemas';

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
    seats: {
      ...game.seats,
      counts: seatCounts(game, options),
    },
    options,
    optionsSchema: optional(game.optionsSchema) as Record<string, unknown>,
    actionSchema: game.actionSchema as unknown as Record<string, unknown>,
    viewSchema: game.viewSchema as unknown as Record<string, unknown>,
    rules: game.rules,
    dealing: game.dealing,
    cards: game.cards(game.seats.min, options).length,
  };
}

/** GET /catalog, GET /catalog/{kind}: the games, their options, actions and rules. */
export const catalogRoutes: FastifyPluginAsyncTypebox<{ games: ReadonlyMap<string, AnyGame> }> = async (app, { games }) => {
  app.get(
    '/catalog',
    {
      schema: {
        operationId: 'listCatalog',
        tags: ['catalog'],
        summary: 'The games this service plays',
        description:
          'Every game: its seats, its options with their defaults, the JSON Schemas of its options, actions and views, ' +
          'its rules as this service plays them, and how it deals (to stack a deck by hand).',
        response: { 200: Catalog },
      },
    },
    async () => ({ games: [...games.values()].map(entry) }),
  );
  app.get(
    '/catalog/:kind',
    {
      schema: {
        operationId: 'getCatalogEntry',
        tags: ['catalog'],
        summary: 'One game: seats, options with defaults, action schema, rules and how it deals',
        description: 'The catalog entry of one kind of game.',
        params: Type.Object({
          kind: Type.String({ minLength: 1, maxLength: 40, description: 'the game’s kind, e.g. kaiser' }),
        }),
        response: { 200: CatalogEntry, ...problems({ 404: ['unknown-kind'] }) },
      },
    },
    async (request) => {
      const game = games.get(request.params.kind);
      if (!game) throw new ProblemError(404, 'unknown-kind', `there is no game "${request.params.kind}"`);
      return entry(game);
    },
  );
};
