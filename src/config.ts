import { resolve } from 'node:path';

/** The most Server-Sent Event streams open at once (README: "Configuration"). */
export interface StreamLimits {
  /** Per seat of a game (a seat token, or the player holding the seat), and per player for player streams. */
  perSeat: number;
  /** Per client address, whoever is asking. */
  perAddress: number;
  /** On this server, in all. */
  total: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perSeat: 5, perAddress: 100, total: 5000 };

/** What nobody may make the server do (README: "Configuration"; DESIGN: "Trust"). */
export interface Limits {
  /** Tables whose every seat is a bot that one player may have running at once. */
  botGamesPerPlayer: number;
  /** A game is abandoned after this many events in a row made by the server (bots, clocks playing for any seat, resigned seats). */
  abandonAfterMoves: number;
  /** New players one client address may register in an hour. */
  playersPerAddressPerHour: number;
  /** Vacation days each player may spend in a calendar year (DESIGN: "Correspondence clocks"). */
  vacationDaysPerYear: number;
  /** Games one client address may create in an hour without a player token. */
  gamesPerAddressPerHour: number;
  /** Tables with a bot seat, created without a player token, that one client address may have running at once. */
  botGamesPerAddress: number;
  /** Seconds an invitation waits for its answer before it lapses and its waiting table is cancelled. */
  invitationTtl: number;
}

export const DEFAULT_LIMITS: Limits = {
  botGamesPerPlayer: 10,
  abandonAfterMoves: 500,
  playersPerAddressPerHour: 20,
  gamesPerAddressPerHour: 60,
  botGamesPerAddress: 10,
  invitationTtl: 7 * 24 * 3600,
  vacationDaysPerYear: 30,
};

/** How long a bot waits before its move is written: a delay drawn uniformly from this range (ms), whatever it thought. */
export interface DelayRange {
  min: number;
  max: number;
}

export const DEFAULT_BOT_MOVE_DELAY: DelayRange = { min: 300, max: 900 };

/** BOT_MOVE_DELAY_MS: `300-900` (a range), `500` (always that), `0` (none); the default when unset or not one. */
export function delayRange(value: string | undefined): DelayRange {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(value ?? '');
  if (!match) return DEFAULT_BOT_MOVE_DELAY;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return max >= min ? { min, max } : DEFAULT_BOT_MOVE_DELAY;
}

/** Which origins may call the API from a browser: any (`*`), none, or these. */
export type CorsOrigins = '*' | 'none' | string[];

/** Everything the server reads from its environment, in one place (README: "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  /** The Ed25519 key that signs the games' checkpoints (PEM, or the base64 of its 32-byte seed). */
  logSigningKey?: string;
  logLevel: string;
  /** Requests per minute allowed per seat token, and per address for calls without one. */
  rateLimit: number;
  /** Requests are refused with 503 while the event loop lags more than this (ms); 0 turns the guard off. */
  overloadDelay: number;
  /** The largest request body accepted, in bytes. */
  bodyLimit: number;
  /** PostgreSQL: the most connections the pool opens. */
  poolSize: number;
  /** SQLite: NORMAL (durable across process crashes) or FULL (also across power loss, slower). */
  synchronous: 'NORMAL' | 'FULL';
  /** When set, GET /metrics requires it as a bearer token. */
  metricsToken?: string;
  /** Let webhooks target private, loopback and link-local addresses (local use and tests). */
  webhookAllowPrivate: boolean;
  /** The most Server-Sent Event streams open at once: per seat, per address, in all. */
  streamLimits: StreamLimits;
  /** The origins browsers may call the API from. */
  corsOrigins: CorsOrigins;
  /** What nobody may make the server do: bot tables per player, server-played runs, new players per address. */
  limits: Limits;
  /**
   * Which proxies' X-Forwarded-For to believe, so per-address limits see the client behind them
   * (Fastify's trustProxy: false, true, a hop count, or addresses and CIDR ranges).
   */
  trustProxy: boolean | number | string[];
  /** Per-address limits count an IPv6 client by its network of this prefix length (an IPv4 one by its address). */
  ipv6Prefix: number;
  /** Connections one client network may hold open at once. */
  connectionsPerAddress: number;
  /** A request's headers and body must have arrived within this many ms. */
  requestTimeout: number;
  /** How long a bot's move waits before it is written, drawn from this range (ms). */
  botMoveDelay: DelayRange;
}

/** TRUST_PROXY: unset or `false`, trust none; `true`, any; a whole number, that many hops; else a comma-separated list of addresses or CIDR ranges. */
export function trustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

/** CORS_ORIGINS: unset or `*`, any origin; `none`, no cross-origin access; else a comma-separated list of origins. */
function corsOrigins(value: string | undefined): CorsOrigins {
  const text = value?.trim() ?? '';
  if (text === '' || text === '*') return '*';
  if (text === 'none') return 'none';
  return text
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => o !== '');
}

/** A positive whole number from the environment, or the default when unset or not one. */
function count(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    // Set but empty is a mistake to refuse at start (loadSecret), not a reason to make a secret.
    jwtSecret: env.JWT_SECRET,
    logSigningKey: env.LOG_SIGNING_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimit: Number(env.RATE_LIMIT_PER_MINUTE ?? 20_000),
    overloadDelay: Number(env.OVERLOAD_EVENT_LOOP_DELAY_MS ?? 1000),
    bodyLimit: Number(env.BODY_LIMIT_BYTES ?? 64 * 1024),
    poolSize: Number(env.PG_POOL_SIZE ?? 20),
    synchronous: env.SQLITE_SYNCHRONOUS?.toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL',
    metricsToken: env.METRICS_TOKEN || undefined,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
    streamLimits: {
      perSeat: count(env.STREAM_LIMIT_PER_SEAT, DEFAULT_STREAM_LIMITS.perSeat),
      perAddress: count(env.STREAM_LIMIT_PER_ADDRESS, DEFAULT_STREAM_LIMITS.perAddress),
      total: count(env.STREAM_LIMIT_TOTAL, DEFAULT_STREAM_LIMITS.total),
    },
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    limits: {
      botGamesPerPlayer: count(env.BOT_GAMES_PER_PLAYER, DEFAULT_LIMITS.botGamesPerPlayer),
      abandonAfterMoves: count(env.ABANDON_AFTER_MOVES, DEFAULT_LIMITS.abandonAfterMoves),
      vacationDaysPerYear: count(env.VACATION_DAYS_PER_YEAR, DEFAULT_LIMITS.vacationDaysPerYear),
      playersPerAddressPerHour: count(env.PLAYERS_PER_ADDRESS_PER_HOUR, DEFAULT_LIMITS.playersPerAddressPerHour),
      gamesPerAddressPerHour: count(env.GAMES_PER_ADDRESS_PER_HOUR, DEFAULT_LIMITS.gamesPerAddressPerHour),
      botGamesPerAddress: count(env.BOT_GAMES_PER_ADDRESS, DEFAULT_LIMITS.botGamesPerAddress),
      invitationTtl: count(env.INVITATION_TTL, DEFAULT_LIMITS.invitationTtl),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    ipv6Prefix: Math.min(128, count(env.IPV6_PREFIX, 64)),
    connectionsPerAddress: count(env.CONNECTIONS_PER_ADDRESS, 64),
    requestTimeout: count(env.REQUEST_TIMEOUT_MS, 30_000),
    botMoveDelay: delayRange(env.BOT_MOVE_DELAY_MS),
  };
}
