import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { type AnyGame, defaultOptions } from '../../engine';
import { Problem as ProblemError } from '../../service/problem';
import { Catalog, CatalogEntry, Problem } from '../schemas';

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
      // Some games skip a count inside their range (Paks cannot be played by five).
      counts: Array.from({ length: game.seats.max - game.seats.min + 1 }, (_, i) => game.seats.min + i).filter(
        (n) => !game.checkSetup?.(n, options),
      ),
    },
    options,
    optionsSchema: optional(game.optionsSchema),
    actionSchema: game.actionSchema,
    viewSchema: game.viewSchema,
    rules: game.rules,
    dealing: game.dealing,
    cards: game.cards(game.seats.min, options).length,
  };
}

/** GET /catalog, GET /catalog/{kind}: the games, their options, actions and rules. */
export const catalogRoutes: FastifyPluginAsyncTypebox<{ games: ReadonlyMap<string, AnyGame> }> = async (app, { games }) => {
  app.get(
    '/catalog',
    { schema: { tags: ['catalog'], summary: 'The games this service plays', response: { 200: Catalog } } },
    async () => ({ games: [...games.values()].map(entry) }),
  );
  app.get(
    '/catalog/:kind',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One game: seats, options with defaults, action schema, rules and how it deals',
        params: Type.Object({ kind: Type.String() }),
        response: { 200: CatalogEntry, 404: Problem },
      },
    },
    async (request) => {
      const game = games.get(request.params.kind);
      if (!game) throw new ProblemError(404, 'unknown-kind', `there is no game "${request.params.kind}"`);
      return entry(game);
    },
  );
};
