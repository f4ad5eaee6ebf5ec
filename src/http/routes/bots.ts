import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { aboutBot, type Bot } from '../../bots';
import { named } from '../openapi/components';

const BotList = named(
  'BotList',
  Type.Object(
    {
      bots: Type.Array(
        Type.Object({
          name: Type.String({ description: 'the bot’s name, as given in a seat: { "bot": "<name>" }' }),
          title: Type.String({ description: 'what a person calls it at the table: "Random bot"' }),
          description: Type.String({ description: 'how it plays, in a sentence' }),
          kinds: Type.Array(Type.String({ description: 'a game’s kind' }), { description: 'the kinds it plays' }),
        }),
        { description: 'every bot a seat may be given' },
      ),
    },
    { description: 'the bots' },
  ),
);

/** GET /bots: the bots a seat may be given, with what they are called and how they play. */
export const botRoutes: FastifyPluginAsyncTypebox<{ bots: ReadonlyMap<string, Bot>; kinds: string[] }> = async (
  app,
  { bots, kinds },
) => {
  const answer = { bots: [...bots.keys()].map((name) => ({ name, ...aboutBot(name), kinds })) };
  app.get(
    '/bots',
    {
      schema: {
        operationId: 'listBots',
        tags: ['catalog'],
        summary: 'The bots a seat may be given',
        description:
          'Each bot’s name (for `{ "bot": "<name>" }` in a seat), what it is called at the table, how it plays and the kinds it plays.',
        response: { 200: BotList },
      },
    },
    async () => answer,
  );
};
