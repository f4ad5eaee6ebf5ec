import rateLimit from '@fastify/rate-limit';
import sse from '@fastify/sse';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import type { AnyGame } from '../engine';
import { games as allGames } from '../games';
import { services } from '../service';
import type { Notifier } from '../service/notifier';
import type { WebhookOptions } from '../service/webhooks';
import type { Sql } from '../store/sql';
import { problemHandling, sendProblem } from './problem';
import { catalogRoutes } from './routes/catalog';
import { historyRoutes } from './routes/events';
import { gameRoutes } from './routes/games';
import { healthRoutes } from './routes/health';
import { lobbyRoutes } from './routes/lobby';
import { moveRoutes } from './routes/moves';
import { myGamesRoutes } from './routes/my-games';
import { playerStreamRoutes } from './routes/player-stream';
import { playerRoutes } from './routes/players';
import { streamRoutes } from './routes/stream';
import { viewRoutes } from './routes/views';
import { webhookRoutes } from './routes/webhooks';
import { notificationWebhook } from './schemas/webhooks';

export interface AppDeps {
  config: Pick<Config, 'rateLimit' | 'bodyLimit' | 'logLevel'>;
  sql: Sql;
  notifier: Notifier;
  jwtSecret: string;
  games?: ReadonlyMap<string, AnyGame>;
  /** The time, injected for tests that move the clock. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Webhook deliveries: private targets allowed or not, the worker's poll interval, the receivers' timeout. */
  webhooks?: WebhookOptions;
}

export const API_INFO = {
  title: 'Card table',
  version: '1.0.0',
  description:
    'Eighteen traditional card games, played asynchronously over REST. Create a game, hand each player a seat token, ' +
    'post moves whenever you like, read a view that shows only what your seat may know, and audit the whole history afterwards.',
};

/** The HTTP app: thin routes over the table service. */
export async function buildApp(deps: AppDeps) {
  const games = deps.games ?? allGames;
  const app = Fastify({
    logger: deps.logger ?? {
      level: deps.config.logLevel,
      // Seat tokens are credentials: never in the logs.
      redact: ['req.headers.authorization'],
    },
    bodyLimit: deps.config.bodyLimit,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  problemHandling(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: API_INFO,
      tags: [
        { name: 'catalog', description: 'The games and their rules' },
        { name: 'games', description: 'Creating games and their public summaries' },
        { name: 'lobby', description: 'Tables waiting for players: listing, joining, leaving' },
        { name: 'play', description: 'Seat views, moves and live updates' },
        { name: 'players', description: 'Players, their games, notifications (a stream, webhooks)' },
        { name: 'history', description: 'The move log and replays, for auditing' },
        { name: 'service', description: 'Health' },
      ],
      // A TypeBox schema is the JSON Schema OpenAPI 3.1 takes, though the swagger types spell schemas otherwise.
      webhooks: notificationWebhook as never,
      components: {
        securitySchemes: {
          seatToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'the seat token from POST /games' },
          playerToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'the player token from POST /players (ctp_...): works wherever a seat token does, for the player’s seat',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(underPressure, {
    maxEventLoopDelay: 1000,
    retryAfter: 5,
    exposeStatusRoute: false,
    pressureHandler: (request, reply) => {
      reply.header('retry-after', '5');
      sendProblem(reply, request, 503, 'overloaded', 'the server is under pressure: retry in a few seconds');
    },
  });
  await app.register(rateLimit, {
    max: deps.config.rateLimit,
    timeWindow: '1 minute',
    // One budget per seat token where there is one, else per address.
    keyGenerator: (request) => request.headers.authorization ?? request.ip,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'FST_RATE_LIMITED',
      message: `too many requests: ${context.max} a minute; retry in ${context.after}`,
    }),
  });
  // Views are serialized once per revision and audience: a string is sent as it is.
  await app.register(sse, {
    heartbeatInterval: 15_000,
    serializer: (d: unknown) => (typeof d === 'string' ? d : JSON.stringify(d)),
  });

  const service = services({
    games,
    sql: deps.sql,
    notifier: deps.notifier,
    jwtSecret: deps.jwtSecret,
    now: deps.now,
    webhooks: deps.webhooks,
  });
  // Webhook deliveries run with the app: from ready to close.
  app.addHook('onReady', async () => service.deliveries.start());
  app.addHook('onClose', async () => service.deliveries.stop());

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes, { sql: deps.sql });
  await app.register(catalogRoutes, { games });
  await app.register(gameRoutes, { tables: service.tables });
  await app.register(viewRoutes, { tables: service.tables });
  await app.register(moveRoutes, { moves: service.moves });
  await app.register(historyRoutes, { history: service.history });
  await app.register(streamRoutes, { streams: service.streams });
  await app.register(playerRoutes, { players: service.players });
  await app.register(lobbyRoutes, { lobby: service.lobby });
  await app.register(myGamesRoutes, { players: service.players, myGames: service.myGames });
  await app.register(playerStreamRoutes, { players: service.players, playerStreams: service.playerStreams });
  await app.register(webhookRoutes, { players: service.players, webhooks: service.webhooks });
  return Object.assign(app, { service });
}
