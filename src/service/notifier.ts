import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** Tells subscribers that a game has a new version. Payloads are tiny: listeners re-read what they need. */
export interface Notifier {
  publish(gameId: string, version: number): Promise<void>;
  subscribe(gameId: string, listener: (version: number) => void): () => void;
  close(): Promise<void>;
}

function localHub() {
  const hub = new EventEmitter();
  hub.setMaxListeners(0);
  return {
    emit: (gameId: string, version: number) => hub.emit(gameId, version),
    subscribe(gameId: string, listener: (version: number) => void) {
      hub.on(gameId, listener);
      return () => hub.off(gameId, listener);
    },
  };
}

/** One process: an in-memory hub (the SQLite deployment). */
export function inProcessNotifier(): Notifier {
  const hub = localHub();
  return {
    publish: async (gameId, version) => void hub.emit(gameId, version),
    subscribe: hub.subscribe,
    close: async () => {},
  };
}

const CHANNEL = 'card_table_moves';

/**
 * Many servers on one PostgreSQL: every append is announced with NOTIFY, and every server LISTENs on
 * one dedicated connection, so a subscriber on server B hears a move appended on server A.
 */
export async function postgresNotifier(pool: pg.Pool): Promise<Notifier> {
  const hub = localHub();
  const listener = await pool.connect();
  listener.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    const at = msg.payload.lastIndexOf(':');
    hub.emit(msg.payload.slice(0, at), Number(msg.payload.slice(at + 1)));
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    publish: async (gameId, version) => {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${gameId}:${version}`]);
    },
    subscribe: hub.subscribe,
    close: async () => {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      listener.release();
    },
  };
}
