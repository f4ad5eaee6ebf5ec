import type { AnyGame, Status } from '../engine';
import { ENGINE_VERSION } from '../games';
import type { EventRecord, GameRecord, GameStore } from '../store/games';
import type { GameLog, LogState } from './log';
import { notFound, Problem } from './problem';

export { ENGINE_VERSION };

/** A snapshot of the rebuilt state is kept every this many events, so a cold start replays at most this many. */
export const SNAPSHOT_EVERY = 200;

/** How many games stay rebuilt in memory; a miss costs a snapshot and at most SNAPSHOT_EVERY events. */
const CACHE_SIZE = 1000;

/**
 * A game as the service holds it: its record, its rebuilt state and what the log says beyond the
 * engine (resignations, a forfeit, an abort), at one revision of the record.
 */
export interface Live {
  record: GameRecord;
  game: AnyGame;
  /** The engine state after the last move (null while the table waits for players: nothing is dealt). */
  state: unknown;
  engine: Status | null;
  /** The events that are not game moves (resign, forfeit, abort), in order. */
  table: EventRecord[];
  /** The seats that have made a move themselves (their holder or their bot), in seat order: who may still abort. */
  moved: number[];
  /** Serialized views at this revision, by audience (a seat, or -1 for a spectator): built once, sent many times. */
  views: Map<number, string>;
  /** The log's Merkle tree at this version (version + 1 leaves) and its signed head. */
  log: LogState;
}

export interface Replayed {
  state: unknown;
  engine: Status | null;
  table: EventRecord[];
  moved: number[];
}

/** The seats that have moved themselves, after one more event: a move by the seat's holder counts; its clock's, bot's or the service's do not. */
export function movedAfter(moved: number[], e: Pick<EventRecord, 'seat' | 'kind' | 'by'>): number[] {
  if (e.kind !== 'move' || e.by !== 'seat' || moved.includes(e.seat)) return moved;
  return [...moved, e.seat].sort((a, b) => a - b);
}

/** Folds events into a state: moves go through the engine; the rest is the table's business. */
export function fold(game: AnyGame, from: Replayed, events: readonly EventRecord[]): Replayed {
  let { state, moved } = from;
  const table = [...from.table];
  let changed = false;
  for (const e of events) {
    if (e.kind === 'move') {
      state = game.apply(state, e.seat, e.action);
      changed = true;
    } else table.push(e);
    moved = movedAfter(moved, e);
  }
  return { state, engine: changed || !from.engine ? game.status(state) : from.engine, table, moved };
}

/** The game before its first event: the deal its seed (or its stacked deck) makes. */
export function dealt(record: GameRecord, game: AnyGame): Replayed {
  const state = game.setup({
    seats: record.seatCount,
    options: record.options,
    seed: record.seed,
    deck: record.deck ?? undefined,
  });
  return { state, engine: null, table: [], moved: [] };
}

interface Waiter {
  resolve(revision: number | null): void;
  reject(e: unknown): void;
}

export interface Hooks {
  /** A cache lookup: hit when the cached game was current. */
  lookup?(hit: boolean): void;
  /** Time spent rebuilding a state from the log, in seconds. */
  replayed?(seconds: number, events: number): void;
}

/**
 * The games in play, rebuilt once and kept current. A cached game is served only at the revision the
 * database holds: on SQLite when nothing but this process wrote (`PRAGMA data_version`), otherwise
 * after one cheap revision query, batched across the requests of one tick on PostgreSQL.
 */
export function liveGames(deps: { games: ReadonlyMap<string, AnyGame>; store: GameStore; log: GameLog; hooks?: Hooks }) {
  const { games, store, log, hooks = {} } = deps;
  const cache = new Map<string, Live>();
  /** Cached games whose revision was checked since the database last changed behind this process's back. */
  const trusted = new Set<string>();
  const queues = new Map<string, Promise<unknown>>();
  let pending: Map<string, Waiter[]> | null = null;

  function gameOf(kind: string): AnyGame {
    const game = games.get(kind);
    if (!game) throw new Problem(422, 'unknown-kind', `there is no game "${kind}"; GET /catalog lists them`);
    return game;
  }

  function remember(live: Live) {
    const id = live.record.id;
    cache.delete(id);
    cache.set(id, live);
    trusted.add(id);
    if (cache.size > CACHE_SIZE) {
      const oldest = cache.keys().next().value as string;
      cache.delete(oldest);
      trusted.delete(oldest);
    }
  }

  /** The stored revision, asked together with the other games asked about in this tick. */
  function revision(id: string): Promise<number | null> {
    if (store.sql.provider === 'sqlite') return store.revision(id);
    return new Promise((resolve, reject) => {
      if (!pending) {
        const batch = new Map<string, Waiter[]>();
        pending = batch;
        setImmediate(() => {
          pending = null;
          store.revisions([...batch.keys()]).then(
            (found) => {
              for (const [gid, waiters] of batch) for (const w of waiters) w.resolve(found.get(gid) ?? null);
            },
            (e) => {
              for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
            },
          );
        });
      }
      const waiters = pending.get(id) ?? [];
      waiters.push({ resolve, reject });
      pending.set(id, waiters);
    });
  }

  /** The state after event `seq` (a cold start, a retried move's answer, an audit): from the nearest snapshot. */
  async function at(record: GameRecord, game: AnyGame, seq: number): Promise<Replayed & { replayed: number }> {
    const snap = await store.snapshot(record.id, ENGINE_VERSION, seq);
    const base: Replayed = snap
      ? {
          state: snap.state,
          engine: null,
          table: await store.tableEvents(record.id, snap.seq),
          moved: await store.selfMovedSeats(record.id, snap.seq),
        }
      : dealt(record, game);
    const events = await store.events(record.id, snap?.seq ?? 0, seq);
    return { ...fold(game, base, events), replayed: events.length };
  }

  async function rebuild(record: GameRecord, game: AnyGame, from?: Live): Promise<Live> {
    if (record.status === 'waiting') {
      return { record, game, state: null, engine: null, table: [], moved: [], views: new Map(), log: await log.at(record) };
    }
    const started = performance.now();
    let replayed: Replayed;
    let count: number;
    let tree: LogState;
    if (from && from.state !== null && from.record.version <= record.version) {
      // Another server appended since: only the events after the cached version are replayed, and hashed into the tree.
      const events = await store.events(record.id, from.record.version, record.version);
      replayed = fold(game, from, events);
      tree = log.extend(record, from.log, events);
      count = events.length;
    } else {
      const [stored, rebuilt] = await Promise.all([log.at(record), at(record, game, record.version)]);
      tree = stored;
      replayed = rebuilt;
      count = rebuilt.replayed;
      // A long replay is kept as a snapshot, so the next cold start is short.
      if (count >= SNAPSHOT_EVERY)
        void store.saveSnapshot(record.id, ENGINE_VERSION, record.version, rebuilt.state).catch(() => {});
    }
    if (count > 0) hooks.replayed?.((performance.now() - started) / 1000, count);
    const { state, engine, table, moved } = replayed;
    return { record, game, state, engine, table, moved, views: new Map(), log: tree };
  }

  async function fetch(id: string, from?: Live): Promise<Live> {
    const record = await store.get(id);
    if (!record) throw notFound(id);
    const game = gameOf(record.kind);
    if (record.engineVersion !== ENGINE_VERSION) {
      throw new Problem(
        409,
        'engine-version',
        `game ${id} was created by engine version ${record.engineVersion}; this server runs ${ENGINE_VERSION}`,
      );
    }
    const live = await rebuild(record, game, from);
    remember(live);
    return live;
  }

  return {
    gameOf,
    at,

    /** The game at the revision the database holds now. */
    async load(id: string): Promise<Live> {
      if (!store.sql.quiet()) trusted.clear();
      const hit = cache.get(id);
      if (hit && trusted.has(id)) {
        hooks.lookup?.(true);
        return hit;
      }
      if (hit) {
        const stored = await revision(id);
        if (stored === hit.record.revision) {
          trusted.add(id);
          hooks.lookup?.(true);
          return hit;
        }
        if (stored === null) throw notFound(id);
      }
      hooks.lookup?.(false);
      return fetch(id, hit);
    },

    /**
     * The game as this process last held it, unchecked: for a move, whose append is checked by the
     * log's unique position anyway (a stale state loses the race, and the move is decided again).
     */
    cached(id: string): Live | undefined {
      const hit = cache.get(id);
      hooks.lookup?.(hit !== undefined);
      return hit;
    },

    /** The game as this process last held it, if it does, without counting a cache lookup (the rate limit peeks). */
    peek(id: string): Live | undefined {
      return cache.get(id);
    },

    /** Keeps a game this process has just changed: its new revision is the stored one. */
    remember,

    /** Forgets a cached game (after a write whose effect is easier to read back than to rebuild). */
    forget(id: string) {
      cache.delete(id);
      trusted.delete(id);
    },

    /**
     * Runs `work` for one game at a time within this process, so its own requests never race each
     * other; races between servers are settled by the log's unique (gameId, seq).
     */
    serially<T>(id: string, work: () => Promise<T>): Promise<T> {
      const run = (queues.get(id) ?? Promise.resolve()).then(work, work);
      const tail = run.catch(() => {});
      queues.set(id, tail);
      void tail.then(() => {
        if (queues.get(id) === tail) queues.delete(id);
      });
      return run;
    },
  };
}

export type LiveGames = ReturnType<typeof liveGames>;
