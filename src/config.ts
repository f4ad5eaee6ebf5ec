import { resolve } from 'node:path';

/** Everything the server reads from its environment, in one place (README: "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  logLevel: string;
  /** Requests per minute allowed per seat token, and per address for calls without one. */
  rateLimit: number;
  /** The largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Let webhooks target private, loopback and link-local addresses (local use and tests). */
  webhookAllowPrivate: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimit: Number(env.RATE_LIMIT_PER_MINUTE ?? 20_000),
    bodyLimit: Number(env.BODY_LIMIT_BYTES ?? 64 * 1024),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
  };
}
