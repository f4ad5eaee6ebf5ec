import type { ClockStore } from '../store/clocks';
import type { Logger, SeatPlayers } from './bots';
import type { Correspondence } from './correspondence';
import type { Endings } from './endings';
import type { Lapses } from './invitations';
import type { LiveGames } from './live';
import type { Moves } from './moves';
import { Problem } from './problem';

/** The sweeper never sleeps longer than this, so it sees deadlines other servers set within about a second. */
const MAX_SLEEP_MS = 1000;
/** Timeouts applied per sweep at most; the rest wait for the next, a second later at most. */
const SWEEP_LIMIT = 500;
/** A bot or resigned seat due this long is taken over: the server that should have played it did not. */
const STALLED_AFTER_MS = 2000;

/**
 * The clocks (lila's Sweeper): `tick()` applies every timeout that is due by the injected `now()`.
 * `auto` plays the seat's default action through the move path (`by: 'clock'`), `forfeit` appends
 * a forfeit that ends the game. Each is appended at the version it was seen at, so among several
 * servers sweeping one PostgreSQL exactly one applies it. `start()` sweeps once at once (deadlines
 * that passed while the server was down), then sleeps until the next deadline, a second at most.
 */
export function clocks(deps: {
  store: ClockStore;
  live: LiveGames;
  moves: Moves;
  endings: Endings;
  seatPlayers: SeatPlayers;
  now: () => Date;
  log: Logger;
  /** A game whose last this-many events the server made itself is abandoned (ABANDON_AFTER_MOVES). */
  abandonAfter: number;
  /** Resumes clocks whose vacation has ended (before any timeout is judged) and sends reminders. */
  correspondence: Pick<Correspondence, 'sweep'>;
  /** More work each sweep does after the timeouts (the tournaments' rounds). */
  alsoSweep?: () => Promise<unknown>;
  /** Invitations that lapse: swept with the clocks, so a table is cancelled within a second of its lapse. */
  lapses?: Lapses;
}) {
  const { store, live, moves, endings, seatPlayers, now, log, abandonAfter, correspondence } = deps;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /** Applies one seat's timeout if it is still due; false when someone moved first or it is not due. */
  async function timeout(id: string, seat: number): Promise<boolean> {
    const { record, game, state } = await live.load(id);
    const s = record.seats[seat];
    if (record.status !== 'active' || !s?.due || !s.deadline || s.deadline > now()) return false;
    try {
      // A resigned seat has left the game already: its clock plays for it, it does not forfeit again.
      if (record.clock?.onTimeout === 'forfeit' && !s.resigned) await endings.forfeit(id, seat, record.version);
      // Nobody plays it any more, and some games played by default actions alone never end (Cactus
      // with nobody calling, a Kontsina table where nobody captures).
      else if (record.serverRun >= abandonAfter) await endings.abandon(id, seat, record.version, 'clock');
      else await moves.play({ id, seat, action: game.defaultAction(state, seat), by: 'clock', expectedVersion: record.version });
      return true;
    } catch (e) {
      // Another server, or the seat itself, was first.
      if (e instanceof Problem && e.status === 409) return false;
      throw e;
    }
  }

  async function sweep(): Promise<number> {
    const at = now();
    let applied = 0;
    await correspondence.sweep(at);
    for (const { gameId, seat } of await store.timedOut(at, SWEEP_LIMIT)) {
      try {
        if (await timeout(gameId, seat)) applied++;
      } catch (e) {
        log.error({ err: e, game: gameId, seat }, 'applying a timeout failed; the next sweep tries again');
      }
    }
    for (const id of await store.stalled(new Date(at.getTime() - STALLED_AFTER_MS), SWEEP_LIMIT)) seatPlayers.wake(id);
    await deps.alsoSweep?.();
    await deps.lapses?.sweep();
    return applied;
  }

  /** One sweep, after any sweep already running here: answers how many timeouts it applied. */
  function tick(): Promise<number> {
    const run = chain.then(sweep);
    chain = run.catch(() => {});
    return run;
  }

  /** Sleeps until the next deadline, a second at most. */
  async function schedule() {
    const next = stopped ? null : await store.nextDeadline(now()).catch(() => null);
    if (stopped) return;
    const sleep = next ? Math.min(MAX_SLEEP_MS, next.getTime() - now().getTime()) : MAX_SLEEP_MS;
    timer = setTimeout(loop, sleep);
    timer.unref();
  }

  async function loop() {
    timer = null;
    await tick().catch((e) => log.error({ err: e }, 'clock sweep failed'));
    await schedule();
  }

  return {
    tick,

    /** Applies what fell due while the server was down, then keeps sweeping. */
    async start() {
      await loop();
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await chain;
    },
  };
}

export type Clocks = ReturnType<typeof clocks>;
