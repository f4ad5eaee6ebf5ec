import compress from '@fastify/compress';
import sse from '@fastify/sse';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import underPressure from '@fastify/under-pressure';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyServerOptions,
  type onRequestHookHandler,
  type onSendHookHandler,
} from 'fastify';
import type pg from 'pg';
import type { Bot } from '../bots';
import { botPool, type PoolOptions } from '../bots/pool';
import { type Config, DEFAULT_BOT_MOVE_DELAY, DEFAULT_STREAM_LIMITS, type Limits } from '../config';
import type { AnyGame } from '../engine';
import { games as allGames } from '../games';
import { createMetrics } from '../metrics';
import { services } from '../service';
import type { BotDelay } from '../service/bots';
import type { Notifier } from '../service/notifier';
import type { WebhookOptions } from '../service/webhooks';
import type { Sql } from '../store/sql';
import { bearerTokens, identityOf } from './auth';
import { compressedCopies } from './compressed';
import { addNamedSchemas } from './openapi/components';
import { documentOptions } from './openapi/document';
import { declareTransportProblems } from './openapi/problems';
import { clientNetworks } from './plugins/client-network';
import { connectionCap } from './plugins/connections';
import { requestGate } from './plugins/gate';
import { metricsPlugin } from './plugins/metrics';
import { gracefulClose, gracefulCloseOptions } from './plugins/shutdown';
import { problemHandling } from './problem';
import { botRoutes } from './routes/bots';
import { catalogRoutes } from './routes/catalog';
import { clockRoutes } from './routes/clocks';
import { endingRoutes } from './routes/endings';
import { historyRoutes } from './routes/events';
import { gameRoutes } from './routes/games';
import { healthRoutes } from './routes/health';
import { lobbyRoutes } from './routes/lobby';
import { logRoutes } from './routes/log';
import { moveRoutes } from './routes/moves';
import { myGamesRoutes } from './routes/my-games';
import { playerStreamRoutes } from './routes/player-stream';
import { playerRoutes } from './routes/players';
import { ratingRoutes } from './routes/ratings';
import { streamRoutes } from './routes/stream';
import { tournamentRoutes } from './routes/tournaments';
import { viewRoutes } from './routes/views';
import { WEB_ROOT, webRoutes } from './routes/web';
import { webhookRoutes } from './routes/webhooks';
import { displayNameFormat, NAME_FORMAT } from './schemas/names';
import { streamSlots } from './stream-slots';
import { transportProblemOptions } from './transport-problems';
import { schemaCompilers } from './validation';

export interface AppDeps {
  config: Pick<Config, 'rateLimit' | 'bodyLimit' | 'logLevel' | 'metricsToken'> &
    Partial<
      Pick<
        Config,
        | 'overloadDelay'
        | 'streamLimits'
        | 'corsOrigins'
        | 'trustProxy'
        | 'ipv6Prefix'
        | 'connectionsPerAddress'
        | 'requestTimeout'
        | 'botMoveDelay'
      >
    > & { limits?: Partial<Limits> };
  sql: Sql;
  /** The PostgreSQL pool, whose use /metrics reports (absent on SQLite). */
  pool?: pg.Pool;
  notifier: Notifier;
  jwtSecret: string;
  /** The Ed25519 key that signs checkpoints (PEM, or the base64 of its 32-byte seed): servers sharing a database share it. */
  logKey: string;
  games?: ReadonlyMap<string, AnyGame>;
  /** The time, injected for tests that move the clock. */
  now?: () => Date;
  /** The bots seats may be given, by name (default: those of src/bots, thinking in a pool of worker threads). */
  bots?: ReadonlyMap<string, Bot>;
  /** The worker pool's options when the bots are the default ones (threads; a tap on the tasks posted; decisions). */
  botPool?: PoolOptions;
  logger?: FastifyServerOptions['logger'];
  /** A logger made outside (main.ts shares it with the notifier); otherwise one is made from `logger` or the config. */
  loggerInstance?: FastifyBaseLogger;
  /** Webhook deliveries: private targets allowed or not, the worker's poll interval, the receivers' timeout. */
  webhooks?: WebhookOptions;
  /** How often an idle stream is sent a keep-alive comment (default 15 s; tests shorten it). */
  streamHeartbeatMs?: number;
  /** Sees every answer as it leaves, and may replace it (the test suite checks each against the OpenAPI document). */
  responseCheck?: onSendHookHandler;
  /** The test suite's check of every stream message, as each request begins (tests/support/events.ts). */
  streamCheck?: onRequestHookHandler;
  /** The pacing of bot moves, injected (tests wait on their own clock); otherwise drawn from config.botMoveDelay. */
  botDelay?: BotDelay;
  /** Told each time a large answer is compressed (once per what, version and encoding: tests count them). */
  onCompress?: (key: string, encoding: string) => void;
  /** The built web table served at / (default: dist/web, where `npm run build` writes it). */
  webRoot?: string;
}

/** Bodies smaller than this many bytes are sent uncompressed: most views, every move's answer. */
export const COMPRESS_THRESHOLD = 4096;

/** Pino's options for the server's logger. */
export const loggerOptions = (level: string) => ({
  level,
  // Seat tokens are credentials: never in the logs.
  redact: ['req.headers.authorization', 'req.headers.cookie'],
});

/** TRUST_PROXY as Fastify takes it: a hop count becomes the function that trusts that many hops. */
const trusted = (t: Config['trustProxy']) => (typeof t === 'number' ? (_address: string, hop: number) => hop < t : t);

/** The HTTP app: thin routes over the table service. */
export async function buildApp(deps: AppDeps) {
  const games = deps.games ?? allGames;
  const requestTimeout = deps.config.requestTimeout ?? 30_000;
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? loggerOptions(deps.config.logLevel) }),
    bodyLimit: deps.config.bodyLimit,
    // A request's headers and body must have arrived within the timeout (408), checked every second.
    requestTimeout,
    http: { headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout) },
    trustProxy: trusted(deps.config.trustProxy ?? false),
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
        formats: { [NAME_FORMAT]: displayNameFormat },
      },
    },
    schemaController: schemaCompilers(),
    ...transportProblemOptions,
    ...gracefulCloseOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();

  problemHandling(app);
  await app.register(bearerTokens);
  await app.register(clientNetworks, { ipv6Prefix: deps.config.ipv6Prefix ?? 64 });
  await app.register(connectionCap, {
    perAddress: deps.config.connectionsPerAddress ?? 64,
    ipv6Prefix: deps.config.ipv6Prefix ?? 64,
    behindProxy: (deps.config.trustProxy ?? false) !== false,
  });
  const metrics = createMetrics({ pool: deps.pool });
  // The default bots think in worker threads, so that routes stay as fast while bots play.
  const thinking = deps.bots
    ? null
    : botPool({
        ...deps.botPool,
        onDecision(bot, kind, seconds) {
          metrics.botDecision.observe({ bot, kind }, seconds);
          deps.botPool?.onDecision?.(bot, kind, seconds);
        },
      });
  const seated = deps.bots ?? (thinking?.bots as ReadonlyMap<string, Bot>);
  const service = services({
    games,
    sql: deps.sql,
    notifier: deps.notifier,
    jwtSecret: deps.jwtSecret,
    logKey: deps.logKey,
    now: deps.now,
    bots: seated,
    botFallback: (bot, kind, why) => metrics.botFallbacks.inc({ bot, kind, why }),
    log: app.log,
    webhooks: deps.webhooks,
    limits: deps.config.limits,
    botMoveDelay: deps.config.botMoveDelay ?? DEFAULT_BOT_MOVE_DELAY,
    botDelay: deps.botDelay,
    hooks: {
      lookup: metrics.cacheLookup,
      replayed: (seconds) => metrics.replayDuration.observe(seconds),
    },
  });
  // The overload guard's first samples measure start-up (compiling every route's schemas), not load:
  // refusing requests for them turned a restart into a burst of 503s.
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    readyAt = performance.now();
  });
  // The guard's samples, read by the request gate: registered in a scope of its own, whose hook sees no route.
  let pressured = () => false;
  await app.register(async (scope) => {
    await scope.register(underPressure, { maxEventLoopDelay: deps.config.overloadDelay ?? 1000, exposeStatusRoute: false });
    pressured = () => scope.isUnderPressure();
  });
  await app.register(requestGate, {
    origins: deps.config.corsOrigins ?? '*',
    rateLimit: deps.config.rateLimit,
    identify: identityOf(service.access),
    overloaded: () => pressured() && performance.now() - readyAt >= 2_000,
  });
  // After the gate's: what a test checks is the answer as it leaves.
  if (deps.responseCheck) app.addHook('onSend', deps.responseCheck);
  if (deps.streamCheck) app.addHook('onRequest', deps.streamCheck);
  service.moves.onAppended(({ after, event }) => {
    if (event.kind === 'move') metrics.movesAppended.inc({ kind: after.record.kind });
  });
  // The clocks apply what fell due while the server was down before it serves, then keep sweeping.
  app.addHook('onReady', () => service.clocks.start());
  app.addHook('onClose', async () => {
    await service.clocks.stop();
    await service.bots.stop();
    // The moves in hand are played: no decision is waited for any more.
    await thinking?.close();
  });
  await app.register(gracefulClose, { openStreams: metrics.openStreams });
  await app.register(metricsPlugin, { metrics, token: deps.config.metricsToken });

  // Every route's problems include those the app sends around it; the named schemas come before the routes.
  app.addHook('onRoute', declareTransportProblems);
  addNamedSchemas(app);
  await app.register(swagger, documentOptions(games));
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Its own policy (scripts and styles from itself, by hash), less `upgrade-insecure-requests`,
    // which would send a plain-http server's page to fetch its assets over https.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  // Views are serialized once per revision and audience: a string is sent as it is.
  await app.register(sse, {
    heartbeatInterval: deps.streamHeartbeatMs ?? 15_000,
    serializer: (d: unknown) => (typeof d === 'string' ? d : JSON.stringify(d)),
  });

  // Webhook deliveries run with the app: from ready to close.
  app.addHook('onReady', async () => service.deliveries.start());
  app.addHook('onClose', async () => service.deliveries.stop());

  // Text answers go out compressed (brotli or gzip, as the client accepts) once past a couple of KB:
  // a small view costs more to compress than it saves. Streams stay plain (each message must leave at
  // once), and so do the web table's assets, built compressed (scripts/build-web.mjs). The hot path
  // (a view, a move's answer, whose bodies are smaller than the threshold anyway) carries no
  // compression hook at all: routes ask for it (GET routes but the view's), and no request body is
  // ever compressed by our clients, so none is decompressed.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.includes('GET') && route.url !== '/games/:id/view') route.compress ??= {};
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    global: false,
    globalDecompression: false,
  });
  const copies = compressedCopies({ threshold: COMPRESS_THRESHOLD, onCompress: deps.onCompress });
  // The document is the same from the first request to the last: serialized once, compressed once per encoding.
  let document: string | undefined;
  app.get('/openapi.json', { schema: { hide: true }, compress: false }, async (request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return copies.send(request, reply, 'openapi', document);
  });
  await app.register(healthRoutes, { sql: deps.sql });
  await app.register(catalogRoutes, { games, copies });
  await app.register(botRoutes, { bots: seated, games });
  await app.register(gameRoutes, { tables: service.tables, ratings: service.ratings });
  await app.register(viewRoutes, { tables: service.tables });
  await app.register(moveRoutes, { moves: service.moves });
  await app.register(endingRoutes, { endings: service.endings });
  await app.register(clockRoutes, { correspondence: service.correspondence, players: service.players });
  await app.register(historyRoutes, { history: service.history, ratings: service.ratings, copies });
  await app.register(logRoutes, { log: service.log });
  const slots = streamSlots(deps.config.streamLimits ?? DEFAULT_STREAM_LIMITS);
  await app.register(streamRoutes, { streams: service.streams, slots });
  await app.register(playerRoutes, { players: service.players, vacations: service.correspondence });
  await app.register(lobbyRoutes, { lobby: service.lobby });
  await app.register(tournamentRoutes, { tournaments: service.tournaments });
  await app.register(ratingRoutes, { ratings: service.ratings });
  await app.register(myGamesRoutes, { players: service.players, myGames: service.myGames });
  await app.register(playerStreamRoutes, { players: service.players, playerStreams: service.playerStreams, slots });
  await app.register(webhookRoutes, { players: service.players, webhooks: service.webhooks });
  await app.register(webRoutes, { root: deps.webRoot ?? WEB_ROOT });
  return Object.assign(app, { service });
}
