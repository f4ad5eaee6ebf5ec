import { type Action, canonicalAction, decide, IllegalMove, type Result, type Status, sameAction } from '../engine';
import { finishedWith } from '../engine/outcome';
import type { Append, EventBy, EventKind, EventRecord, GameRecord, GameStatus, GameStore, SeatRecord } from '../store/games';
import { VersionConflict } from '../store/games';
import type { Statement } from '../store/sql';
import type { Access } from './access';
import { afterEvent, isClockEvent } from './clock-bank';
import { ENGINE_VERSION, type Live, type LiveGames, movedAfter, type Replayed, SNAPSHOT_EVERY } from './live';
import type { GameLog } from './log';
import { gameChannel, type Notifier } from './notifier';
import { Problem } from './problem';
import { moveReceiptJson, seatViewJson, viewTag } from './projections';

export interface MoveRequest {
  id: string;
  seat: number;
  action: Action;
  expectedVersion?: number;
  idempotencyKey?: string;
  by: EventBy;
}

/** An event entering the log, before it has its position. */
export interface Entry {
  seat: number;
  kind: EventKind;
  by: EventBy;
  action: Action;
  idempotencyKey?: string | null;
}

/** One event appended: the game before and after it. */
export interface Change {
  before: Live;
  after: Live;
  event: EventRecord;
}

/** Rows another module writes in the same transaction as an event (the players' notifications). */
export type Contributor = (change: Change) => Statement[];

/**
 * Writes the append that finishes a game, for rows that need a read first (the ratings it moves): it
 * calls `commit` with them, once or again after a conflict of its own; `commit` throws as the append does.
 */
export type Finisher = (change: Change, commit: (extra: Statement[]) => Promise<void>) => Promise<void>;

/** How many times a move that lost a race to another server is checked again before giving up. */
const APPEND_ATTEMPTS = 5;

/** The seats whose clock changes: a seat that becomes due starts its clock; one that moved restarts it (service/clock-bank.ts). */
export function clockUpdates(record: GameRecord, toAct: readonly number[], mover: number | null, at: Date): Append['seats'] {
  const updates: Append['seats'] = [];
  for (const s of record.seats) {
    const next = afterEvent(record.clock, s, toAct.includes(s.seat), s.seat === mover, at);
    if (next) updates.push({ seat: s.seat, ...next });
  }
  return updates;
}

function withSeats(seats: SeatRecord[], updates: Append['seats'], resigned: readonly number[]): SeatRecord[] {
  return seats.map((s) => {
    const u = updates.find((x) => x.seat === s.seat);
    return { ...s, ...(u ?? {}), ...(resigned.includes(s.seat) ? { resigned: true } : {}) };
  });
}

/** The engine's result, with any resigned seats ranked last. */
function finalResult({ record, game }: Live, engine: Status): Result | null {
  const resigned = record.seats.filter((s) => s.resigned).map((s) => s.seat);
  const table = { game, seats: record.seatCount, options: record.options, scores: engine.scores, resigned };
  return finishedWith(table, engine.result) ?? null;
}

/**
 * The one path into the log: a seat's move, a clock's, a bot's, or a table event (resign, abort).
 * It decides the move against the rebuilt state, appends it with the game's new standing in one
 * transaction, keeps the rebuilt state, and tells whoever listens.
 */
export function moves(deps: {
  live: LiveGames;
  store: GameStore;
  log: GameLog;
  notifier: Notifier;
  access: Access;
  now: () => Date;
}) {
  const { live, store, log, notifier, access, now } = deps;
  const contributors: Contributor[] = [];
  const listeners: ((change: Change) => void)[] = [];
  let finisher: Finisher | null = null;

  /** How the game stands after an event, where the event itself does not say (a forfeit ends it). */
  interface Outcome {
    status?: GameStatus;
    result?: Result | null;
    resigned?: number[];
    /** Seats' clocks the event sets itself (a vacation, a gift), as of its time. */
    clocks?: (at: Date) => Append['seats'];
  }

  /**
   * Works out the append of one event after `before` at time `at`, the game then standing as `next`
   * says: the rows to write (the store's Append and the contributors' statements) and the game after
   * it. Nothing is written.
   */
  function prepare(before: Live, entry: Entry, next: Replayed, at: Date, outcome: Outcome = {}) {
    const { record, game } = before;
    const seq = record.version + 1;
    const finished = next.engine?.finished ?? false;
    const status: GameStatus = outcome.status ?? (finished ? 'finished' : record.status);
    const toAct = status === 'active' && next.engine ? next.engine.toAct : [];
    const result =
      outcome.result !== undefined ? outcome.result : finished && next.engine ? finalResult(before, next.engine) : record.result;
    // Each seat's reading of the move during play, kept with it: a page of the log costs the page.
    const views =
      entry.kind === 'move' && game.moveView
        ? [...record.seats.map((s) => s.seat), null].map((viewer) =>
            game.moveView?.({ before: before.state, after: next.state, seat: entry.seat, action: entry.action }, viewer),
          )
        : null;
    const event: EventRecord = {
      seq,
      seat: entry.seat,
      kind: entry.kind,
      by: entry.by,
      action: entry.action,
      views,
      createdAt: at,
    };
    const set = outcome.clocks?.(at) ?? [];
    const seats = [
      ...clockUpdates(record, toAct, entry.kind === 'move' ? entry.seat : null, at).filter(
        (u) => !set.some((c) => c.seat === u.seat),
      ),
      ...set,
    ];
    const resigned = outcome.resigned ?? [];
    // A person acting (a move, a resignation) ends the server's run; bots, clocks and the service extend it;
    // what the clocks record (a vacation, a gift) plays nothing and leaves it as it is.
    const serverRun = isClockEvent(entry.kind) ? record.serverRun : entry.by === 'seat' ? 0 : record.serverRun + 1;
    // The event's leaf joins the tree in the same transaction: one tree per game, however many servers append.
    const tree = log.grow(record, before.log, event);
    const after: Live = {
      record: {
        ...record,
        version: seq,
        revision: record.revision + 1,
        status,
        toAct,
        result,
        serverRun,
        updatedAt: at,
        seats: withSeats(record.seats, seats, resigned),
      },
      game,
      state: next.state,
      engine: next.engine,
      table: entry.kind === 'move' ? next.table : [...next.table, event],
      moved: movedAfter(next.moved, event),
      views: new Map(),
      log: tree.log,
    };
    const change: Change = { before, after, event };
    const write: Append = {
      gameId: record.id,
      event,
      idempotencyKey: entry.idempotencyKey,
      nodes: tree.nodes,
      at,
      status,
      toAct,
      result,
      seats,
      resigned,
      serverRun,
    };
    return { write, contributed: contributors.flatMap((c) => c(change)), change };
  }

  /**
   * Appends one event after `before`, the game then standing as `next` says. Throws VersionConflict
   * when another writer took the position. `outcome` overrides how the game stands (a forfeit ends it).
   */
  async function append(before: Live, entry: Entry, next: Replayed, outcome: Outcome = {}): Promise<Live> {
    const { record } = before;
    const { write, contributed, change } = prepare(before, entry, next, now(), outcome);
    const { after } = change;
    const commit = (extra: Statement[]) => store.append(write, [...contributed, ...extra]);
    // Only the append that finishes a game may pay for a read inside its write (the ratings).
    await (finisher && write.status === 'finished' && record.status !== 'finished' ? finisher(change, commit) : commit([]));
    live.remember(after);
    if (write.event.seq % SNAPSHOT_EVERY === 0 && next.state !== null) {
      void store.saveSnapshot(record.id, ENGINE_VERSION, write.event.seq, next.state).catch(() => {});
    }
    // Listeners are told once the change is committed, and only then.
    await notifier.publish(gameChannel(record.id), String(after.record.revision)).catch(() => {});
    for (const l of listeners) l(change);
    return after;
  }

  /** A retry of a move already applied: the game as it stood after it, nothing applied twice. */
  async function replayed(current: Live, earlier: EventRecord, action: Action): Promise<Live> {
    if (!sameAction(earlier.action, action)) {
      throw new Problem(422, 'idempotency-key-reused', 'this Idempotency-Key was already used for another move');
    }
    const { record, game } = current;
    const [then, tree] = await Promise.all([live.at(record, game, earlier.seq), log.at(record, earlier.seq + 1)]);
    const status: GameStatus = then.engine?.finished ? 'finished' : 'active';
    return {
      record: { ...record, version: earlier.seq, status, toAct: then.engine?.toAct ?? [], result: then.engine?.result ?? null },
      game,
      state: then.state,
      engine: then.engine,
      table: then.table,
      moved: then.moved,
      views: new Map(),
      log: tree,
    };
  }

  /** Refuses the move, or answers with what to append: checks that need the game as it stands. */
  function check(req: MoveRequest, current: Live): Entry & { next: Replayed } {
    const { record, game } = current;
    if (record.status === 'waiting') {
      throw new Problem(409, 'game-waiting', 'the table is waiting for players: nothing is dealt until every seat is taken');
    }
    if (record.status !== 'active')
      throw new Problem(409, 'game-over', `the game is ${record.status}`, { version: record.version });
    if (req.expectedVersion !== undefined && req.expectedVersion !== record.version) {
      throw new Problem(
        409,
        'version-conflict',
        `the game is at version ${record.version}, not ${req.expectedVersion}: read the view again`,
        {
          version: record.version,
        },
      );
    }
    if (record.seats[req.seat]?.resigned && req.by === 'seat') {
      throw new Problem(409, 'resigned', 'you have resigned from this game: your seat plays its default moves');
    }
    let decided: { state: unknown; action: Action };
    try {
      decided = decide(game, current.state, req.seat, req.action);
    } catch (e) {
      if (e instanceof IllegalMove) throw new Problem(422, 'illegal-move', e.reason, { version: record.version });
      throw e;
    }
    return {
      seat: req.seat,
      kind: 'move',
      by: req.by,
      action: decided.action,
      idempotencyKey: req.idempotencyKey,
      next: { state: decided.state, engine: game.status(decided.state), table: current.table, moved: current.moved },
    };
  }

  /**
   * Decides and appends. `unchecked` is the game as this process last held it (not checked against
   * the database): the first try may use it, since a stale state loses its append to the log's unique
   * position; a refusal from it is checked again against the game as it stands before it is answered.
   */
  async function attempt(req: MoveRequest, unchecked?: Live): Promise<Live> {
    for (let attempt = 1; ; attempt++) {
      const stale = attempt === 1 && unchecked !== undefined;
      const current = stale ? unchecked : await live.load(req.id);
      if (req.idempotencyKey) {
        const earlier = await store.byIdempotencyKey(req.id, req.seat, req.idempotencyKey);
        if (earlier) return replayed(current, earlier, canonicalAction(current.game, req.action));
      }
      let decided: Entry & { next: Replayed };
      try {
        decided = check(req, current);
      } catch (e) {
        if (stale && e instanceof Problem) continue;
        throw e;
      }
      const { next, ...entry } = decided;
      try {
        return await append(current, entry, next);
      } catch (e) {
        if (!(e instanceof VersionConflict)) throw e;
        // Another writer took this position: the move is checked again against the new state
        // (a pinned expectedVersion now answers 409; a reused Idempotency-Key finds its move).
        if (attempt >= APPEND_ATTEMPTS) throw new Problem(503, 'busy', 'the game is too busy right now: try again');
      }
    }
  }

  const play = (req: MoveRequest) => live.serially(req.id, () => attempt(req));

  return {
    /** Decides and appends a move; answers with the game after it (or as it stood after an earlier identical move). */
    play,

    /**
     * A move posted by the holder of a seat or player token: the seat's view after it as JSON text,
     * or only where the game stands when the client asked for a minimal answer.
     */
    async post(
      id: string,
      token: string | undefined,
      body: { action: Action; expectedVersion?: number },
      idempotencyKey?: string,
      minimal = false,
    ) {
      // The token is checked against the game as the move finds it: one load, not one for the seat and one for the move.
      let seat = -1;
      const after = await live.serially(id, async () => {
        // A running game's seats do not change hands: the game as this process holds it names the seat.
        const cached = live.cached(id);
        const current = cached?.record.status === 'active' ? cached : await live.load(id);
        seat = (await access.seatOf(current.record, token, true)) as number;
        const req: MoveRequest = {
          id,
          seat,
          action: body.action,
          expectedVersion: body.expectedVersion,
          idempotencyKey,
          by: 'seat',
        };
        return attempt(req, current === cached ? cached : undefined);
      });
      return {
        etag: viewTag(after.record.revision, seat),
        json: minimal ? moveReceiptJson(after, seat) : seatViewJson(after, seat),
      };
    },
    append,
    /** Works out an append without writing it: a run of them is written at once by the store's appendRun (the scale bench). */
    prepare,
    /** Adds rows to every append's transaction. */
    contribute(c: Contributor) {
      contributors.push(c);
    },
    /** Writes every append that finishes a game (the ratings service). */
    onFinishing(f: Finisher) {
      finisher = f;
    },
    /** Called after every append has committed. */
    onAppended(listener: (change: Change) => void) {
      listeners.push(listener);
    },
  };
}

export type Moves = ReturnType<typeof moves>;
