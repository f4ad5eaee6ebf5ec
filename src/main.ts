import pino from 'pino';
import { loadConfig } from './config';
import { buildApp, loggerOptions } from './http/app';
import { loadLogKey } from './service/log';
import { inProcessNotifier, postgresNotifier } from './service/notifier';
import { loadSecret } from './service/tokens';
import { openDatabase } from './store/database';

/** A shutdown that takes longer is cut short (exit 1): orchestrators kill at 10 s (Docker's default). */
const SHUTDOWN_DEADLINE_MS = 8_000;

/** Starts the server: opens (and migrates) the database, listens, and shuts down gracefully. */
const config = loadConfig();
const log = pino(loggerOptions(config.logLevel));
let jwtSecret: string;
try {
  jwtSecret = loadSecret(config.jwtSecret, config.dataDir);
} catch (err) {
  log.fatal((err as Error).message);
  process.exit(1);
}
const db = await openDatabase(config);
const notifierLog = log.child({ component: 'notifier' });
const notifier = db.pool ? await postgresNotifier(db.pool, { log: notifierLog }) : inProcessNotifier({ log: notifierLog });
const app = await buildApp({
  config,
  sql: db.sql,
  pool: db.pool,
  notifier,
  jwtSecret,
  logKey: loadLogKey(config.logSigningKey, config.dataDir),
  loggerInstance: log,
  webhooks: { allowPrivate: config.webhookAllowPrivate },
});

let closing = false;
async function shutdown(signal: string) {
  // A terminal's Ctrl-C reaches this process twice (directly, and forwarded by npm): once is enough.
  if (closing) return;
  closing = true;
  const started = performance.now();
  log.info({ signal }, 'shutting down: ending streams, finishing requests in flight');
  setTimeout(() => {
    log.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms: exiting`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  try {
    // Stops accepting, ends open streams, waits for requests in flight; then the database goes.
    await app.close();
    await notifier.close();
    await db.close();
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  log.info({ ms: Math.round(performance.now() - started) }, 'shut down');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
log.info(`${db.provider} database; API docs at /docs`);
