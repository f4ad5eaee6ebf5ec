import pg from 'pg';
import { inGroups } from '../store/groups';

/**
 * Tells listeners that something changed: `game:<id>` carries a game's new version, `player:<id>` a
 * player's newest notification. Payloads are tiny: listeners read what they need from the store.
 * A listener may miss messages while a connection is down: `onGap` listeners are then called, so
 * that they re-read what they follow.
 */
export interface Notifier {
  /** Publishes after the change has committed; never rejects (a failure is logged). */
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, listener: (payload: string) => void): () => void;
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

export const gameChannel = (id: string) => `game:${id}`;
export const playerChannel = (id: string) => `player:${id}`;

/** What the notifier reports: a subset of pino's logger, so the server's own logger fits. */
export interface NotifierLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: NotifierLog = { info: () => {}, warn: () => {}, error: () => {} };

function localHub(log: NotifierLog) {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const gaps = new Set<() => void>();
  // A listener that throws must neither stop the others nor reach the publisher (whose move is committed).
  const call = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      log.error({ err }, 'a notification listener failed');
    }
  };
  return {
    emit(channel: string, payload: string) {
      for (const listener of [...(channels.get(channel) ?? [])]) call(() => listener(payload));
    },
    subscribe(channel: string, listener: (payload: string) => void) {
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
      };
    },
    onGap(listener: () => void) {
      gaps.add(listener);
      return () => void gaps.delete(listener);
    },
    gap() {
      for (const listener of [...gaps]) call(listener);
    },
  };
}

/** One process: an in-memory hub (the SQLite deployment). */
export function inProcessNotifier(options: { log?: NotifierLog } = {}): Notifier {
  const hub = localHub(options.log ?? silent);
  return {
    publish: async (channel, payload) => hub.emit(channel, payload),
    subscribe: hub.subscribe,
    onGap: hub.onGap,
    close: async () => {},
  };
}

const CHANNEL = 'card_table';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const MAX_PAYLOAD = 7_000;

/** The arguments of the `pg_notify` that carries these messages: one channel, channel and payload lines in pairs. */
export const pgNotifyArgs = (messages: readonly { channel: string; payload: string }[]): [string, string] => [
  CHANNEL,
  messages.flatMap((m) => [m.channel, m.payload]).join('\n'),
];

export interface PostgresNotifierOptions {
  log?: NotifierLog;
  /** Delay before the first reconnection attempt, doubled after each failure up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Many servers on one PostgreSQL: every change is announced with NOTIFY, and every server LISTENs on
 * one dedicated connection, so a listener on server B hears a move appended on server A.
 *
 * The LISTEN connection can drop at any time (failover, idle timeout, a terminated backend): it is
 * then opened again with capped exponential backoff, for as long as the server runs, and the gap
 * listeners are told once it listens again, since messages sent in between are lost.
 */
export async function postgresNotifier(pool: pg.Pool, options: PostgresNotifierOptions = {}): Promise<Notifier> {
  const log = options.log ?? silent;
  const minDelay = options.minDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 10_000;
  const hub = localHub(log);
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  async function listen(): Promise<pg.Client> {
    // Its own connection, not one of the pool's: it is held for the life of the server.
    const c = new pg.Client({ ...pool.options, keepAlive: true });
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      // One NOTIFY carries the messages of one tick: channel and payload lines, in pairs.
      const lines = msg.payload.split('\n');
      for (let i = 0; i + 1 < lines.length; i += 2) hub.emit(lines[i], lines[i + 1]);
    });
    // Without an 'error' listener a dropped connection is an uncaught exception that ends the process.
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      throw err;
    }
    return c;
  }

  function lost(c: pg.Client, err?: Error) {
    if (c !== client) return;
    client = undefined;
    if (closed) return;
    log.warn({ err }, 'the LISTEN connection to PostgreSQL dropped: reconnecting');
    void c.end().catch(() => {});
    retry();
  }

  function retry() {
    const delay = Math.min(maxDelay, minDelay * 2 ** failures);
    failures++;
    timer = setTimeout(async () => {
      timer = undefined;
      let c: pg.Client;
      try {
        c = await listen();
      } catch (err) {
        if (closed) return;
        log.warn({ err, attempt: failures }, 'could not LISTEN on PostgreSQL: retrying');
        retry();
        return;
      }
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      log.info({ attempts: failures }, 'listening on PostgreSQL again');
      failures = 0;
      hub.gap();
    }, delay);
    // A pending reconnection alone must not keep a closing process alive.
    timer.unref();
  }

  interface Message {
    channel: string;
    payload: string;
    sent(): void;
  }
  /** What a message takes of a NOTIFY's payload: its two lines and their line breaks. */
  const size = (m: Message) => m.channel.length + m.payload.length + 2;

  // Group commit (store/groups.ts): while one NOTIFY is on its way, what is published goes into the
  // next, in order. Each NOTIFY is a commit of its own: under load one carries many moves, not one each.
  const enqueue = inGroups<Message>(
    async (messages) => {
      try {
        await pool.query('SELECT pg_notify($1, $2)', pgNotifyArgs(messages));
      } catch (err) {
        // The changes are committed: failing the callers would report a success as an error (and a
        // retry without an Idempotency-Key would apply it twice). Listeners here still hear them;
        // other servers catch up with the next message on the channel.
        log.error({ err, messages: messages.length }, 'NOTIFY failed: other servers miss these messages');
        for (const m of messages) hub.emit(m.channel, m.payload);
      }
      for (const m of messages) m.sent();
    },
    (group, next) => group.reduce((n, m) => n + size(m), size(next)) <= MAX_PAYLOAD,
  );

  client = await listen();
  return {
    // After the commit, not inside the transaction: a NOTIFY in a transaction holds PostgreSQL's
    // notification queue lock through the commit, which ran concurrent moves one at a time (a
    // quarter of the throughput). The price: a server that dies between a commit and its NOTIFY
    // leaves the other servers' streams of that game behind until its next change (their caches
    // are checked against the stored revision, so nothing stale is served).
    publish: (channel, payload) => new Promise<void>((sent) => enqueue({ channel, payload, sent })),
    subscribe: hub.subscribe,
    onGap: hub.onGap,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
