import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Action, AnyGame, SetupContext, Status } from '../engine';
import { IllegalMove, playMove, resolveOptions, SetupError, sameAction } from '../engine';
import type { EventRecord, GameRecord, GameStore } from '../store/games';
import { VersionConflict } from '../store/games';
import { gameChannel, type Notifier } from './notifier';
import { notFound, Problem } from './problem';
import type { SeatTokens } from './tokens';

/** Bumped when a rules change would replay old logs differently; stored with every game. */
export const ENGINE_VERSION = 1;

export interface CreateRequest {
  kind: string;
  seats: number;
  options?: Record<string, unknown>;
  names?: string[];
  seed?: string;
  deck?: string[];
}

/** What a seat (or a spectator, seat null) reads: the game as that seat may know it. */
export interface SeatView {
  id: string;
  kind: string;
  version: number;
  seat: number | null;
  status: GameRecord['status'];
  toAct: number[];
  legalActions: Action[];
  scores: number[];
  result?: Status['result'];
  state: unknown;
}

interface Loaded<S = unknown> {
  record: GameRecord;
  game: AnyGame;
  state: S;
}

interface Cached {
  version: number;
  state: unknown;
}

/** How many rebuilt states stay in memory; a miss costs one replay from the log. */
const CACHE_SIZE = 1000;
/** How many times a move that lost a race to another server is re-validated before giving up. */
const APPEND_ATTEMPTS = 5;

/**
 * The service decides: it loads a game's log, rebuilds the state through the pure engine, checks
 * the caller's rights and the move, appends, and tells subscribers. The store only stores.
 */
export function tableService(deps: {
  games: ReadonlyMap<string, AnyGame>;
  store: GameStore;
  tokens: SeatTokens;
  notifier: Notifier;
}) {
  const { games, store, tokens, notifier } = deps;
  const cache = new Map<string, Cached>();
  const queues = new Map<string, Promise<unknown>>();

  /**
   * Moves on one game are taken one at a time within this process, so its own requests never race
   * each other; races between servers are settled by the log's unique (gameId, seq).
   */
  function serially<T>(id: string, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(id) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => {});
    queues.set(id, tail);
    void tail.then(() => {
      if (queues.get(id) === tail) queues.delete(id);
    });
    return run;
  }

  const gameOf = (kind: string) => {
    const game = games.get(kind);
    if (!game) throw new Problem(422, 'unknown-kind', `there is no game "${kind}"; GET /catalog lists them`);
    return game;
  };

  const setupContext = (r: GameRecord): SetupContext<unknown> => ({
    seats: r.seatCount,
    options: r.options,
    seed: r.seed,
    deck: r.deck ?? undefined,
  });

  function remember(id: string, entry: Cached) {
    cache.delete(id);
    cache.set(id, entry);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }

  /** The game and its state at its stored version: from the cache when current, else rebuilt from the log. */
  async function load(id: string): Promise<Loaded> {
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
    const hit = cache.get(id);
    // Another server may have appended since: only the moves after the cached version are replayed.
    let state = hit && hit.version <= record.version ? hit.state : game.setup(setupContext(record));
    const from = hit && hit.version <= record.version ? hit.version : 0;
    if (from < record.version) {
      for (const e of await store.events(id, from, record.version)) state = game.apply(state, e.seat, e.action);
    }
    remember(id, { version: record.version, state });
    return { record, game, state };
  }

  /** States after each move in (from, to], for redacting the log: one replay, no more. */
  async function statesThrough(record: GameRecord, game: AnyGame, to: number) {
    const events = await store.events(record.id, 0, to);
    const states: unknown[] = [game.setup(setupContext(record))];
    for (const e of events) states.push(game.apply(states.at(-1), e.seat, e.action));
    return { events, states };
  }

  function seatView({ record, game, state }: Loaded, seat: number | null): SeatView {
    const status = game.status(state);
    return {
      id: record.id,
      kind: record.kind,
      version: record.version,
      seat,
      status: status.finished ? 'finished' : 'active',
      toAct: status.toAct,
      legalActions: seat === null || status.finished ? [] : game.legalActions(state, seat),
      scores: status.scores,
      ...(status.result ? { result: status.result } : {}),
      state: game.view(state, seat),
    };
  }

  function summary({ record, game, state }: Loaded) {
    const status = game.status(state);
    const finished = status.finished;
    return {
      id: record.id,
      kind: record.kind,
      title: game.title,
      status: record.status,
      version: record.version,
      seats: record.names.map((name, seat) => ({ seat, name })),
      options: record.options,
      toAct: status.toAct,
      scores: status.scores,
      ...(status.result ? { result: status.result } : {}),
      seedHash: record.seedHash,
      // Only a seed drawn by the server, with no stacked deck, proves the shuffles fair.
      dealtBy: record.origin,
      provablyFair: record.origin === 'server',
      ...(finished ? { seed: record.seed, ...(record.deck ? { deck: record.deck } : {}) } : {}),
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
    };
  }

  /** The seat a token speaks for in this game; a token for another game is refused. */
  function seatOf(id: string, token: string | undefined, required: boolean): number | null {
    if (!token) {
      if (required) throw new Problem(401, 'token-required', 'this call needs a seat token: Authorization: Bearer <token>');
      return null;
    }
    const claim = tokens.verify(token);
    if (claim.game !== id) throw new Problem(403, 'wrong-game', 'this seat token belongs to another game');
    return claim.seat;
  }

  return {
    async create(req: CreateRequest) {
      const game = gameOf(req.kind);
      if (req.names && req.names.length !== req.seats) {
        throw new Problem(422, 'invalid-setup', `names: give one name per seat (${req.seats}), or none`);
      }
      const seed = req.seed ?? randomBytes(32).toString('hex');
      let options: Record<string, unknown>;
      try {
        options = resolveOptions(game, req.options, req.seats);
        // Setting the game up once proves the options and any stacked deck are playable.
        game.setup({ seats: req.seats, options, seed, deck: req.deck });
      } catch (e) {
        if (e instanceof SetupError) throw new Problem(422, 'invalid-setup', e.reason);
        throw e;
      }
      const record = await store.create({
        id: randomUUID(),
        kind: game.kind,
        options,
        seatCount: req.seats,
        engineVersion: ENGINE_VERSION,
        seed,
        seedHash: createHash('sha256').update(seed).digest('hex'),
        origin: req.deck ? 'client-deck' : req.seed !== undefined ? 'client-seed' : 'server',
        deck: req.deck ?? null,
        status: 'active',
        names: req.names ?? Array(req.seats).fill(null),
      });
      const loaded = await load(record.id);
      return {
        ...summary(loaded),
        seats: record.names.map((name, seat) => ({ seat, name, token: tokens.sign({ game: record.id, seat }) })),
      };
    },

    async summary(id: string) {
      return summary(await load(id));
    },

    async view(id: string, token: string | undefined): Promise<SeatView> {
      const seat = seatOf(id, token, false);
      const loaded = await load(id);
      assertSeat(loaded.record, seat);
      return seatView(loaded, seat);
    },

    async move(
      id: string,
      token: string | undefined,
      body: { action: Action; expectedVersion?: number },
      idempotencyKey?: string,
    ): Promise<SeatView> {
      const seat = seatOf(id, token, true) as number;
      return serially(id, () => attemptMove(id, seat, body, idempotencyKey));
    },

    async events(id: string, token: string | undefined, after = 0, limit = 100) {
      const seat = seatOf(id, token, false);
      const loaded = await load(id);
      assertSeat(loaded.record, seat);
      const { record, game } = loaded;
      const finished = record.status === 'finished';
      const upTo = Math.min(record.version, after + limit);
      const page = async () => {
        if (finished || !game.moveView) return { events: await store.events(id, after, upTo), states: null };
        return statesThrough(record, game, upTo);
      };
      const { events, states } = await page();
      const shown = events
        .filter((e) => e.seq > after)
        .map((e) => ({
          seq: e.seq,
          seat: e.seat,
          at: e.createdAt.toISOString(),
          action:
            states && game.moveView
              ? game.moveView({ before: states[e.seq - 1], after: states[e.seq], seat: e.seat, action: e.action }, seat)
              : e.action,
        }));
      return {
        version: record.version,
        status: record.status,
        events: shown,
        next: upTo < record.version ? upTo : null,
        ...(finished ? { seed: record.seed } : {}),
      };
    },

    async replayAt(id: string, at: number | undefined) {
      const { record, game } = await load(id);
      if (record.status !== 'finished') {
        throw new Problem(
          409,
          'game-not-finished',
          'a replay is for auditing a finished game; during play each seat reads its own view',
        );
      }
      const n = at ?? record.version;
      if (n < 0 || n > record.version) throw new Problem(422, 'out-of-range', `at must be between 0 and ${record.version}`);
      const { events, states } = await statesThrough(record, game, n);
      const state = states[n];
      const status = game.status(state);
      return {
        id,
        at: n,
        version: record.version,
        move: n > 0 ? { seq: n, seat: events[n - 1].seat, action: events[n - 1].action } : null,
        toAct: status.toAct,
        scores: status.scores,
        finished: status.finished,
        state,
      };
    },

    /** Calls `listener` with the seat's new view after every move, until the returned function is called. */
    async subscribe(id: string, token: string | undefined, listener: (view: SeatView) => void) {
      const seat = seatOf(id, token, false);
      const loaded = await load(id);
      assertSeat(loaded.record, seat);
      let last = loaded.record.version;
      let chain = Promise.resolve();
      const unsubscribe = notifier.subscribe(gameChannel(id), (payload) => {
        if (Number(payload) <= last) return;
        chain = chain
          .then(async () => {
            const next = await load(id);
            if (next.record.version <= last) return;
            last = next.record.version;
            listener(seatView(next, seat));
          })
          .catch(() => {});
      });
      return { initial: seatView(loaded, seat), unsubscribe };
    },
  };

  /** Checks and appends one move; a move that lost the race for its position is checked again. */
  async function attemptMove(
    id: string,
    seat: number,
    body: { action: Action; expectedVersion?: number },
    idempotencyKey: string | undefined,
  ): Promise<SeatView> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await load(id);
      assertSeat(loaded.record, seat);
      if (idempotencyKey) {
        const earlier = await store.byIdempotencyKey(id, seat, idempotencyKey);
        if (earlier) return replayed(loaded, seat, earlier, body.action);
      }
      const { record, game, state } = loaded;
      if (body.expectedVersion !== undefined && body.expectedVersion !== record.version) {
        throw new Problem(
          409,
          'version-conflict',
          `the game is at version ${record.version}, not ${body.expectedVersion}: read the view again`,
          {
            version: record.version,
          },
        );
      }
      let next: unknown;
      try {
        next = playMove(game, state, seat, body.action);
      } catch (e) {
        if (e instanceof IllegalMove) throw new Problem(422, 'illegal-move', e.reason, { version: record.version });
        throw e;
      }
      const seq = record.version + 1;
      const finished = game.status(next).finished;
      try {
        await store.append(
          id,
          { seq, seat, action: body.action, idempotencyKey: idempotencyKey ?? null },
          finished ? 'finished' : 'active',
        );
      } catch (e) {
        if (!(e instanceof VersionConflict)) throw e;
        // Another writer took this position: the move is checked again against the new state
        // (a pinned expectedVersion now answers 409; a reused Idempotency-Key finds its move).
        if (attempt >= APPEND_ATTEMPTS) throw new Problem(503, 'busy', 'the game is too busy right now: try again');
        continue;
      }
      const updated = { ...record, version: seq, status: finished ? ('finished' as const) : ('active' as const) };
      remember(id, { version: seq, state: next });
      await notifier.publish(gameChannel(id), String(seq));
      return seatView({ record: updated, game, state: next }, seat);
    }
  }

  function assertSeat(record: GameRecord, seat: number | null) {
    if (seat !== null && (seat < 0 || seat >= record.seatCount))
      throw new Problem(403, 'wrong-seat', `game ${record.id} has no seat ${seat}`);
  }

  /** A retry of a move already applied: the same response, nothing applied twice. */
  async function replayed(loaded: Loaded, seat: number, earlier: EventRecord, action: Action): Promise<SeatView> {
    if (!sameAction(earlier.action, action)) {
      throw new Problem(422, 'idempotency-key-reused', 'this Idempotency-Key was already used for another move');
    }
    const { record, game } = loaded;
    const { states } = await statesThrough(record, game, earlier.seq);
    const status = game.status(states[earlier.seq]);
    return seatView(
      {
        record: { ...record, version: earlier.seq, status: status.finished ? 'finished' : 'active' },
        game,
        state: states[earlier.seq],
      },
      seat,
    );
  }
}

export type TableService = ReturnType<typeof tableService>;
