import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ratings } from '../../service/ratings';
import type { Tables } from '../../service/tables';
import { bearer } from '../auth';
import { GAME, problems } from '../openapi/problems';
import { PLAYER_OR_ANYONE } from '../openapi/security';
import { CreatedGame, GameId, GameSummary } from '../schemas';
import { CreateGameRequest } from '../schemas/tables';

/** POST /games, GET /games/{id}: creating a table and its public summary. */
export const gameRoutes: FastifyPluginAsyncTypebox<{ tables: Tables; ratings: Ratings }> = async (app, { tables, ratings }) => {
  app.post(
    '/games',
    {
      schema: {
        operationId: 'createGame',
        tags: ['games'],
        summary: 'Create a game: guest seats with seat tokens, or seats for players, invitations, open seats and bots',
        description:
          '`rated` (default: true when it can be) makes the game move its players’ ratings when it finishes (README: Ratings). ' +
          'Without `seed` or `deck` the server draws the seed and publishes its SHA-256 now; the seed itself is revealed when the game ends. ' +
          '`seats: N` gives N guest seats, each with its seat token in the answer. A list of seats says each one: `{ player: "me" }` ' +
          '(needs your player token), `{ player: "<id>" }` (an invitation: needs your player token; at most 20 waiting for an answer; ' +
          'one unanswered for INVITATION_TTL lapses and cancels its waiting table), `{ open: true }`, `{ bot: "<name>" }` or `{ name }` (a guest). ' +
          'With a free seat (open or invited) the game is `waiting`: nothing is dealt until the last seat is taken. ' +
          'Anyone may create a game; a player token is needed for a seat of one’s own, and for a table of bots alone (a player ' +
          'has at most BOT_GAMES_PER_PLAYER of those running; README: Configuration). Without a player token, an address creates ' +
          'at most GAMES_PER_ADDRESS_PER_HOUR games an hour (429 `too-many-games`, with Retry-After) and has at most ' +
          'BOT_GAMES_PER_ADDRESS tables with a bot seat running (429 `too-many-bot-games`). A game dealt from a client `seed` or ' +
          '`deck` cannot have open or invited seats: whoever chose the deal knows every hand.',
        body: CreateGameRequest,
        security: PLAYER_OR_ANYONE,
        response: {
          201: CreatedGame,
          ...problems({
            400: ['unknown-bot'],
            401: ['token-required', 'invalid-token'],
            422: [
              'unknown-kind',
              'invalid-setup',
              'unknown-player',
              'player-seated-twice',
              'not-provably-fair',
              'cannot-be-rated',
            ],
            429: ['too-many-bot-games', 'too-many-games', 'too-many-invitations'],
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await tables.create(request.body, bearer(request), request.clientNetwork);
      return reply.code(201).header('location', `/games/${created.id}`).send(created);
    },
  );
  app.get(
    '/games/:id',
    {
      schema: {
        operationId: 'getGame',
        tags: ['games'],
        summary: 'The public summary: kind, status, seats, whose turn, scores; the seed once finished',
        description: 'Anyone may read it: it shows no card. The seed is revealed once the game is over.',
        params: GameId,
        response: { 200: GameSummary, ...problems(GAME) },
      },
    },
    async (request) => {
      const summary = await tables.summary(request.params.id);
      return summary.rated && summary.status === 'finished'
        ? { ...summary, ratingChanges: await ratings.changesOf(summary.id) }
        : summary;
    },
  );
};
