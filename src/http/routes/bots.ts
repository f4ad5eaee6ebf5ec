import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { aboutBot, type Bot } from '../../bots';
import type { AnyGame } from '../../engine';
import { BotList } from '../schemas';

/** GET /bots: the bots a seat may be given, and the kinds each plays (every bot plays every kind). */
export const botRoutes: FastifyPluginAsyncTypebox<{
  bots: ReadonlyMap<string, Bot>;
  games: ReadonlyMap<string, AnyGame>;
}> = async (app, { bots, games }) => {
  const list = { bots: [...bots.keys()].map((name) => ({ name, ...aboutBot(name), kinds: [...games.keys()] })) };
  app.get(
    '/bots',
    {
      schema: {
        operationId: 'listBots',
        tags: ['catalog'],
        summary: 'The bots a seat may be given',
        description:
          'Every bot: its name (what POST /games and a join take as `{ "bot": name }`), its title, how it plays in one line, ' +
          'and the kinds of game it plays. A bot decides from exactly what its seat may know: the seat’s view, its legal ' +
          'actions and its own reading of the log.',
        response: { 200: BotList },
      },
    },
    async () => list,
  );
};
