import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus registry and every instrument the service reports, created once per app, so that
 * several app instances in one process (the tests) never share or collide in a global registry.
 */
export function createMetrics(options: { pool?: pg.Pool } = {}) {
  const registry = new Registry();
  const registers = [registry];
  // Process CPU, memory, event-loop lag, GC and handles, under their standard names.
  collectDefaultMetrics({ register: registry });

  const pool = options.pool;
  if (pool) {
    new Gauge({
      name: 'card_table_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const lookups = { hit: 0, miss: 0 };
  new Counter({
    name: 'card_table_state_cache_lookups_total',
    help: 'Lookups in the cache of rebuilt game states, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers,
    // Counted in plain numbers and read at scrape: every request that reads a game looks it up.
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, lookups.hit);
      this.inc({ result: 'miss' }, lookups.miss);
    },
  });

  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and how long they took (a stream: how long it stayed open)',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    movesAppended: new Counter({
      name: 'card_table_moves_appended_total',
      help: 'Moves appended to game logs, by game kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    openStreams: new Gauge({
      name: 'card_table_open_streams',
      help: 'Server-Sent Event streams open now',
      registers,
    }),
    replayDuration: new Histogram({
      name: 'card_table_replay_duration_seconds',
      help: 'Time to rebuild a game state by replaying its log',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
    botDecision: new Histogram({
      name: 'cardtable_bot_decision_seconds',
      help: 'Time a bot thought about one decision (in its worker thread), by bot and game kind',
      labelNames: ['bot', 'kind'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    botFallbacks: new Counter({
      name: 'cardtable_bot_fallbacks_total',
      help: "Bot moves played as the seat's default action instead, by bot, game kind and why (failed, illegal)",
      labelNames: ['bot', 'kind', 'why'] as const,
      registers,
    }),
    /** Counts one lookup in the cache of rebuilt game states. */
    cacheLookup(hit: boolean) {
      if (hit) lookups.hit++;
      else lookups.miss++;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
