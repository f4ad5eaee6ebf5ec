import { EventEmitter } from 'node:events';
import type pg from 'pg';

/**
 * Tells listeners that something changed: `game:<id>` carries a game's new version, `player:<id>` a
 * player's newest notification. Payloads are tiny: listeners read what they need from the store.
 * A listener may miss messages while a connection is down: `onGap` listeners are then called, so
 * that they re-read what they follow.
 */
export interface Notifier {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, listener: (payload: string) => void): () => void;
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

export const gameChannel = (id: string) => `game:${id}`;
export const playerChannel = (id: string) => `player:${id}`;

function localHub() {
  const hub = new EventEmitter();
  hub.setMaxListeners(0);
  const gaps = new Set<() => void>();
  return {
    emit: (channel: string, payload: string) => hub.emit(channel, payload),
    subscribe(channel: string, listener: (payload: string) => void) {
      hub.on(channel, listener);
      return () => hub.off(channel, listener);
    },
    onGap(listener: () => void) {
      gaps.add(listener);
      return () => gaps.delete(listener);
    },
    gap: () => {
      for (const g of gaps) g();
    },
  };
}

/** One process: an in-memory hub (the SQLite deployment). */
export function inProcessNotifier(): Notifier {
  const hub = localHub();
  return {
    publish: async (channel, payload) => void hub.emit(channel, payload),
    subscribe: hub.subscribe,
    onGap: (listener) => {
      const off = hub.onGap(listener);
      return () => void off();
    },
    close: async () => {},
  };
}

const CHANNEL = 'card_table';

/**
 * Many servers on one PostgreSQL: every change is announced with NOTIFY, and every server LISTENs on
 * one dedicated connection, so a listener on server B hears a move appended on server A.
 */
export async function postgresNotifier(pool: pg.Pool): Promise<Notifier> {
  const hub = localHub();
  const listener = await pool.connect();
  listener.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    const at = msg.payload.indexOf('\n');
    hub.emit(msg.payload.slice(0, at), msg.payload.slice(at + 1));
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    publish: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${channel}\n${payload}`]);
    },
    subscribe: hub.subscribe,
    onGap: (listener) => {
      const off = hub.onGap(listener);
      return () => void off();
    },
    close: async () => {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      listener.release();
    },
  };
}
