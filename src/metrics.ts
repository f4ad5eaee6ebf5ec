import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One series of the request histogram: its labels, its count per bucket (not yet cumulative), sum and count. */
interface RequestSeries {
  labels: { method: string; route: string; status_code: string };
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * The requests' histogram, counted in plain numbers as each answer leaves and turned into Prometheus
 * series only when /metrics is read: a request costs a map lookup and three additions, not a
 * histogram's label hashing.
 */
function requestHistogram(registry: Registry) {
  const name = 'http_request_duration_seconds';
  const series = new Map<string, RequestSeries>();
  const help = 'HTTP requests by method, route pattern and status, and how long they took (a stream: how long it stayed open)';
  registry.registerMetric({
    name,
    async get() {
      const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
      for (const { labels, buckets, sum, count } of series.values()) {
        let below = 0;
        REQUEST_BUCKETS.forEach((le, i) => {
          below += buckets[i];
          values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: below });
        });
        values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
        values.push({ metricName: `${name}_sum`, labels, value: sum });
        values.push({ metricName: `${name}_count`, labels, value: count });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
  } as unknown as Metric);
  return {
    /** Counts one answer of `route` (its pattern), which took `seconds`. */
    observe(method: string, route: string, status: number, seconds: number) {
      const key = `${method} ${status} ${route}`;
      let s = series.get(key);
      if (!s) {
        s = {
          labels: { method, route, status_code: String(status) },
          buckets: new Float64Array(REQUEST_BUCKETS.length),
          sum: 0,
          count: 0,
        };
        series.set(key, s);
      }
      const i = REQUEST_BUCKETS.findIndex((le) => seconds <= le);
      if (i >= 0) s.buckets[i]++;
      s.sum += seconds;
      s.count++;
    },
  };
}

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
    httpRequests: requestHistogram(registry),
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
