import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { leaving, playingSides, type Table } from '../engine/outcome';
import type { EndingStore } from '../store/endings';
import type { GameRecord, GameStore } from '../store/games';
import { VersionConflict } from '../store/games';
import { Conflict } from '../store/sql';
import type { Access } from './access';
import { startClock } from './clock-bank';
import { ENGINE_VERSION, type Live, type LiveGames } from './live';
import type { GameLog } from './log';
import type { Entry, Moves } from './moves';
import { type Notifications, starts } from './notifications';
import { gameChannel, type Notifier } from './notifier';
import { mayAbort } from './open-endings';
import { Problem } from './problem';
import { seatViewJson, viewTag } from './projections';
import type { Tables } from './tables';
import { newHolding, type SeatTokens } from './tokens';

/** How many times a table event that lost a race to another server is checked again. */
const APPEND_ATTEMPTS = 5;

export interface Ending {
  entry: Entry;
  outcome: Parameters<Moves['append']>[3];
}

const tableOf = ({ record, game, engine }: Live): Table => ({
  game,
  seats: record.seatCount,
  options: record.options,
  scores: engine?.scores ?? Array(record.seatCount).fill(0),
  resigned: record.seats.filter((s) => s.resigned).map((s) => s.seat),
});

function mustBeRunning(record: GameRecord) {
  if (record.status === 'waiting') {
    throw new Problem(409, 'game-waiting', 'the table is waiting for players: leave the seat instead');
  }
  if (record.status !== 'active')
    throw new Problem(409, 'game-over', `the game is ${record.status}`, { version: record.version });
}

/**
 * The ways a game ends or follows on besides its own rules: a seat resigns, the table aborts, a
 * clock forfeits a seat, everyone asks for a rematch. Resign, abort and forfeit are events in the
 * log (through the one append path, so they are notified and audited like moves); a rematch request
 * is a flag on the seat, and the rematch a new game linked both ways.
 */
export function endings(deps: {
  live: LiveGames;
  store: GameStore;
  endingStore: EndingStore;
  moves: Moves;
  access: Access;
  tokens: SeatTokens;
  notifier: Notifier;
  notifications: Notifications;
  /** Told of the rematch as it starts: its bots begin. */
  tables: Pick<Tables, 'started'>;
  /** Writes the rematch's genesis leaf with it. */
  log: Pick<GameLog, 'created'>;
  now: () => Date;
}) {
  const { live, store, endingStore, moves, access, tokens, notifier, notifications, tables, now } = deps;

  /** Appends the table event `decide` makes of the game as it stands, checked again if another server moved first. */
  function record(id: string, decide: (current: Live) => Ending | null | Promise<Ending | null>): Promise<Live> {
    return live.serially(id, async () => {
      for (let attempt = 1; ; attempt++) {
        const current = await live.load(id);
        const decided = await decide(current);
        // Nothing to record any more (a clock another server already moved on).
        if (!decided) return current;
        const { entry, outcome } = decided;
        try {
          return await moves.append(
            current,
            entry,
            { state: current.state, engine: current.engine, table: current.table, moved: current.moved },
            outcome,
          );
        } catch (e) {
          if (!(e instanceof VersionConflict)) throw e;
          if (attempt >= APPEND_ATTEMPTS) throw new Problem(503, 'busy', 'the game is too busy right now: try again');
        }
      }
    });
  }

  const answer = (after: Live, seat: number) => ({ etag: viewTag(after.record.revision, seat), json: seatViewJson(after, seat) });

  async function seatOf(id: string, token: string | undefined): Promise<number> {
    return (await access.seatOf((await live.load(id)).record, token, true)) as number;
  }

  /** Creates the rematch: same kind, options and clock, a fresh seed, everyone one seat on. */
  async function createRematch(current: Live): Promise<string> {
    const { record, game } = current;
    const seed = randomBytes(32).toString('hex');
    const toAct = game.status(game.setup({ seats: record.seatCount, options: record.options, seed })).toAct;
    const id = randomUUID();
    const at = now();
    const due = (seat: number) => toAct.includes(seat);
    const rematch: GameRecord = {
      id,
      kind: record.kind,
      options: record.options,
      clock: record.clock,
      seatCount: record.seatCount,
      engineVersion: ENGINE_VERSION,
      seed,
      seedHash: createHash('sha256').update(seed).digest('hex'),
      origin: 'server',
      deck: null,
      status: 'active',
      version: 0,
      revision: 0,
      toAct,
      result: null,
      createdBy: record.createdBy,
      rematchOf: record.id,
      rematch: null,
      serverRun: 0,
      rated: record.rated,
      createdAt: at,
      updatedAt: at,
      seats: record.seats.map((s) => {
        const seat = (s.seat + 1) % record.seatCount;
        return {
          seat,
          name: s.name,
          occupant: s.occupant,
          playerId: s.playerId,
          holding: newHolding(),
          bot: s.bot,
          joinedAt: at,
          ...startClock(record.clock, due(seat), at),
          resigned: false,
          rematch: false,
        };
      }),
    };
    // The players are told it has started (and whose turn it is), as for any table that starts.
    const notes = starts(rematch);
    await store.create(rematch, [
      deps.log.created(rematch),
      endingStore.link(record.id, id, at),
      ...notifications.statements(notes, at),
    ]);
    await notifications.announce(notes);
    tables.started(await live.load(id));
    return id;
  }

  return {
    /** Appends the event `decide` makes of the game as it stands (or nothing, when it answers null); the clocks' events come this way. */
    record,

    /**
     * The seat leaves the game. When that leaves one side playing (always, with two sides) the game
     * ends and that side wins; so it does when no person (player or guest) is left holding a seat still
     * playing: the best of the others by the scores as they stand wins, resigned seats last. Otherwise
     * the seat plays its default action from then on and ranks last.
     */
    async resign(id: string, token: string | undefined) {
      const seat = await seatOf(id, token);
      const after = await record(id, (current) => {
        mustBeRunning(current.record);
        if (current.record.seats[seat].resigned) throw new Problem(409, 'resigned', 'this seat has already resigned');
        const table = tableOf(current);
        const entry: Entry = { seat, kind: 'resign', by: 'seat', action: { type: 'resign' } };
        // Nobody makes the server play for nobody: once no person holds a seat still playing, the game ends as it stands.
        const personLeft = current.record.seats.some((s) => s.seat !== seat && !s.resigned && s.occupant !== 'bot');
        if (personLeft && playingSides(table, [...table.resigned, seat]).length > 1)
          return { entry, outcome: { resigned: [seat] } };
        return { entry, outcome: { status: 'finished', result: leaving(table, seat, 'resigned'), resigned: [seat] } };
      });
      return answer(after, seat);
    },

    /**
     * Cancels a game that never really started: while it is young (fewer events than twice the seat
     * count, whoever made them) and before the asking seat has moved itself. A seat that let its clock
     * play for it cannot escape a lost game this way. The seed is revealed.
     */
    async abort(id: string, token: string | undefined) {
      const seat = await seatOf(id, token);
      const after = await record(id, (current) => {
        mustBeRunning(current.record);
        if (!mayAbort(current, seat)) {
          throw new Problem(
            409,
            'too-late-to-abort',
            `a game may be aborted only before ${2 * current.record.seatCount} events and before the asking seat has moved: resign instead`,
          );
        }
        return {
          entry: { seat, kind: 'abort', by: 'seat', action: { type: 'abort' } },
          outcome: { status: 'aborted', result: null },
        };
      });
      return answer(after, seat);
    },

    /** The clock ran out for a seat with `onTimeout: forfeit`: its side loses. Only at the version the timeout was seen at. */
    async forfeit(id: string, seat: number, expectedVersion: number) {
      return record(id, (current) => {
        mustBeRunning(current.record);
        if (current.record.version !== expectedVersion) {
          throw new Problem(409, 'version-conflict', `the game is at version ${current.record.version}, not ${expectedVersion}`);
        }
        const result = leaving(tableOf(current), seat, 'ran out of time');
        return {
          entry: { seat, kind: 'forfeit', by: 'clock', action: { type: 'forfeit' } },
          outcome: { status: 'finished', result },
        };
      });
    },

    /**
     * The server gives up on a game nobody plays any more: its last ABANDON_AFTER_MOVES events were
     * all made by bots, clocks or for resigned seats. The table is aborted (by whoever would have
     * played next: the clock, or the service for a bot), and the seed revealed.
     */
    async abandon(id: string, seat: number, expectedVersion: number, by: 'clock' | 'service') {
      return record(id, (current) => {
        mustBeRunning(current.record);
        if (current.record.version !== expectedVersion) {
          throw new Problem(409, 'version-conflict', `the game is at version ${current.record.version}, not ${expectedVersion}`);
        }
        return {
          entry: { seat, kind: 'abort', by, action: { type: 'abort', reason: 'abandoned' } },
          outcome: { status: 'aborted', result: null },
        };
      });
    },

    /**
     * The seat asks for a rematch of an ended game. Once every seat has asked (a bot asks at once),
     * the rematch is created; each seat that asks, before or after, is told its seat and token there.
     */
    async rematch(id: string, token: string | undefined) {
      const seat = await seatOf(id, token);
      const rematchId = await live.serially(id, async () => {
        let current = await live.load(id);
        const { record } = current;
        if (record.status === 'waiting' || record.status === 'active') {
          throw new Problem(409, 'game-running', `the game is ${record.status}: a rematch follows a game that has ended`);
        }
        if (record.rematch) return record.rematch;
        if (!record.seats[seat].rematch) {
          await endingStore.askRematch(id, seat, now());
          live.forget(id);
          current = await live.load(id);
          await notifier.publish(gameChannel(id), String(current.record.revision)).catch(() => {});
        }
        if (!current.record.seats.every((s) => s.rematch || s.occupant === 'bot')) return null;
        try {
          const created = await createRematch(current);
          live.forget(id);
          await notifier.publish(gameChannel(id), String((await live.load(id)).record.revision)).catch(() => {});
          return created;
        } catch (e) {
          // Another server created it first: that one stands.
          if (!(e instanceof Conflict)) throw e;
          live.forget(id);
          return (await live.load(id)).record.rematch;
        }
      });
      const { seats, seatCount } = (await live.load(id)).record;
      const asked = seats.filter((s) => s.rematch || s.occupant === 'bot').map((s) => s.seat);
      const turned = (seat + 1) % seatCount;
      if (!rematchId) return { id, asked, rematch: null };
      const holding = (await live.load(rematchId)).record.seats[turned].holding ?? undefined;
      return {
        id,
        asked,
        rematch: { id: rematchId, seat: turned, token: tokens.sign({ game: rematchId, seat: turned, holding }) },
      };
    },
  };
}

export type Endings = ReturnType<typeof endings>;
