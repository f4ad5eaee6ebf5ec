import { loadConfig } from './config';
import { buildApp } from './http/app';
import { inProcessNotifier, postgresNotifier } from './service/notifier';
import { loadSecret } from './service/tokens';
import { openDatabase } from './store/database';

/** Starts the server: opens (and migrates) the database, listens, and shuts down gracefully. */
const config = loadConfig();
const db = await openDatabase(config);
const notifier = db.pool ? await postgresNotifier(db.pool) : inProcessNotifier();
const app = await buildApp({
  config,
  sql: db.sql,
  notifier,
  jwtSecret: loadSecret(config.jwtSecret, config.dataDir),
  webhooks: { allowPrivate: config.webhookAllowPrivate },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // close() stops accepting connections and waits for requests in flight; then the pool goes.
  await app.close();
  await notifier.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`${db.provider} database; API docs at /docs`);
