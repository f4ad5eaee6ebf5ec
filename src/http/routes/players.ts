import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Correspondence } from '../../service/correspondence';
import type { Players } from '../../service/players';
import { allProblems, PLAYER as PLAYER_PROBLEMS, problems } from '../openapi/problems';
import { PLAYER } from '../openapi/security';
import { playerOf } from '../player-auth';
import { NewPlayer, Player, PlayersPage, PlayersQuery, PlayerWithToken } from '../schemas/players';

/** Name look-ups a player may make a minute: enough to invite friends, too few to list the players by guessing. */
export const NAME_LOOKUPS_PER_MINUTE = 30;

/** POST /players, GET /players?name=, GET /players/me, POST /players/me/token: one identity across games. */
export const playerRoutes: FastifyPluginAsyncTypebox<{ players: Players; vacations: Pick<Correspondence, 'status'> }> = async (
  app,
  { players, vacations },
) => {
  app.post(
    '/players',
    {
      schema: {
        operationId: 'createPlayer',
        tags: ['players'],
        summary: 'Register a player: the answer holds its token, shown once',
        description:
          'Anyone may register. The player token is random (not a JWT) and kept by the server only as a SHA-256 hash: keep it, ' +
          'it cannot be shown again (rotate it with POST /players/me/token). It works wherever a seat token does, for the seat ' +
          'the player holds. One client address registers a limited number of players an hour (README: ' +
          'PLAYERS_PER_ADDRESS_PER_HOUR, default 20): more answer 429 too-many-players with Retry-After.',
        body: NewPlayer,
        response: { 201: PlayerWithToken, ...problems({ 429: ['too-many-players'] }) },
      },
    },
    async (request, reply) => {
      const created = await players.register(request.body, request.clientNetwork);
      return reply.code(201).header('location', '/players/me').send(created);
    },
  );
  app.get(
    '/players',
    {
      config: { rateLimit: { max: NAME_LOOKUPS_PER_MINUTE } },
      schema: {
        operationId: 'findPlayers',
        tags: ['players'],
        summary: 'Find players by their exact display name, to invite them',
        description:
          'Players only. Names are not unique: the answer lists every player by that name, oldest first, cursor-paged ' +
          '(pass `next` as `cursor`). No partial match, so the players cannot be listed by guessing a letter; and a ' +
          `player makes at most ${NAME_LOOKUPS_PER_MINUTE} look-ups a minute (429 rate-limited with Retry-After).`,
        querystring: PlayersQuery,
        security: PLAYER,
        response: { 200: PlayersPage, ...problems(allProblems(PLAYER_PROBLEMS, { 400: ['invalid-cursor'] })) },
      },
    },
    async (request) => {
      await playerOf(request, players);
      return players.named(request.query);
    },
  );
  app.get(
    '/players/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['players'],
        summary: 'Who my player token names',
        description: 'The player the token speaks for, with its vacation and the vacation days left this year.',
        security: PLAYER,
        response: { 200: Player, ...problems(PLAYER_PROBLEMS) },
      },
    },
    async (request) => {
      const { id } = await playerOf(request, players);
      return { ...(await players.me(id)), vacation: await vacations.status(id) };
    },
  );
  app.post(
    '/players/me/token',
    {
      schema: {
        operationId: 'rotatePlayerToken',
        tags: ['players'],
        summary: 'Rotate my token: the answer holds the new one; the old one stops at once',
        description: 'Every server refuses the old token from now on, and player streams opened with it end.',
        security: PLAYER,
        response: { 200: PlayerWithToken, ...problems(PLAYER_PROBLEMS) },
      },
    },
    async (request) => {
      const { id, token } = await playerOf(request, players);
      return players.rotate(id, token);
    },
  );
};
