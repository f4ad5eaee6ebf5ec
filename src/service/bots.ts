import { randomInt } from 'node:crypto';
import { type Bot, botInput, SEEN_WINDOW } from '../bots';
import type { Action, SeatView } from '../engine';
import type { EventBy, SeatRecord } from '../store/games';
import type { History } from './history';
import type { Live, LiveGames } from './live';
import type { Moves } from './moves';
import { Problem } from './problem';
import { seatViewJson } from './projections';

export interface Logger {
  error(detail: unknown, message: string): void;
}

/**
 * The pacing of bot moves: a delay drawn afresh for each move (from crypto, never from the game's
 * seed), and the means to wait until a moment (injected, so tests move time by hand).
 */
export interface BotDelay {
  /** The time now, in ms. */
  now(): number;
  /** A delay for the next move, in ms. */
  draw(): number;
  /** Resolves once `now()` has reached `at` (at once when it has). */
  until(at: number): Promise<void>;
}

/** A delay drawn uniformly from [min, max] ms, waited for with timers against `now()`. */
export function botDelay(range: { min: number; max: number }, now: () => Date): BotDelay | undefined {
  if (range.max <= 0) return undefined;
  const clock = () => now().getTime();
  return {
    now: clock,
    draw: () => randomInt(range.min, range.max + 1),
    until: async (at) => {
      const left = at - clock();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    },
  };
}

/** Why a bot seat's move was the seat's default action: the bot failed, or chose what it may not. */
export type Fallback = 'failed' | 'illegal';

/** The seats the server plays itself as soon as they are due: bots, and seats that resigned from a game that plays on. */
export const playedByServer = (s: SeatRecord) => s.occupant === 'bot' || s.resigned;

/**
 * The seats the server plays: a bot seat by its bot, from exactly what a client holding that seat
 * reads (its view and legal actions, and its reading of the recent log); a resigned seat by its
 * default action. Each move goes through the same path as a client's, with the version it was
 * decided at, so a move another server made first is never made twice. A bot that fails or chooses
 * an illegal action has the seat's default action played for it (`by: 'service'`), and it is counted.
 */
export function seatPlayers(deps: {
  live: LiveGames;
  moves: Moves;
  history: Pick<History, 'recent'>;
  bots: ReadonlyMap<string, Bot>;
  log: Logger;
  /** Told of each bot move that fell back to the seat's default action. */
  fellBack?: (bot: string, kind: string, why: Fallback) => void;
  /** A game whose last this-many events the server made itself is abandoned, not played on (ABANDON_AFTER_MOVES). */
  abandonAfter: number;
  abandon(id: string, seat: number, expectedVersion: number, by: 'service'): Promise<unknown>;
  /** How long a bot's move waits before it is written, counted from when the bot became due (BOT_MOVE_DELAY_MS). */
  delay?: BotDelay;
}) {
  const { live, moves, history, bots, log, abandonAfter, abandon } = deps;
  /** The games being played here now; `again` asks for one more look once the current run is done. */
  const running = new Map<string, { again: boolean; done: Promise<void> }>();
  let stopped = false;

  async function choose(current: Live, seat: number): Promise<{ action: Action; by: EventBy }> {
    const { record, game, state } = current;
    const s = record.seats[seat];
    const bot = s.bot ? bots.get(s.bot) : undefined;
    if (s.resigned || !bot) return { action: game.defaultAction(state, seat), by: 'service' };
    try {
      const view = JSON.parse(seatViewJson(current, seat)) as SeatView;
      // The bot's randomness is its own: derived from the secret seed, so it is unpredictable during play and replays after.
      const input = botInput(view, await history.recent(current, seat, SEEN_WINDOW), record.seed);
      return { action: await bot(input), by: 'bot' };
    } catch (e) {
      log.error({ err: e, game: record.id, seat, bot: s.bot }, 'bot failed: its seat plays the default action');
      deps.fellBack?.(s.bot as string, record.kind, 'failed');
      return { action: game.defaultAction(state, seat), by: 'service' };
    }
  }

  /** Plays one due seat of the game, if the server plays any; false when there is none. */
  async function step(id: string): Promise<boolean> {
    const current = await live.load(id);
    const { record, game, state, engine } = current;
    if (record.status !== 'active' || !engine) return false;
    const seat = engine.toAct.find((s) => playedByServer(record.seats[s]));
    if (seat === undefined) return false;
    if (record.serverRun >= abandonAfter) {
      // Nobody has moved for that long: bots alone would play on for ever (a Kaiser table with no losing score).
      await abandon(id, seat, record.version, 'service').catch((e) => {
        if (!(e instanceof Problem && e.status === 409)) throw e;
      });
      return true;
    }
    // The delay is drawn and counted from now, when the bot is due: its move lands as late whatever it cost to decide.
    const bot = record.seats[seat].occupant === 'bot';
    const landsAt = bot && deps.delay ? deps.delay.now() + deps.delay.draw() : 0;
    const chosen = await choose(current, seat);
    if (bot && deps.delay) await deps.delay.until(landsAt);
    /** False when a bot's action was refused as illegal. */
    const play = async (action: Action, by: EventBy) => {
      try {
        await moves.play({ id, seat, action, by, expectedVersion: record.version });
      } catch (e) {
        // Someone else moved first (another server, a client in a simultaneous phase): look again.
        if (e instanceof Problem && e.status === 409) return true;
        if (e instanceof Problem && e.status === 422 && by === 'bot') return false;
        throw e;
      }
      return true;
    };
    if (!(await play(chosen.action, chosen.by))) {
      log.error({ game: id, seat, action: chosen.action }, 'bot chose an illegal action: its seat plays the default');
      deps.fellBack?.(record.seats[seat].bot as string, record.kind, 'illegal');
      await play(game.defaultAction(state, seat), 'service');
    }
    return true;
  }

  function wake(id: string) {
    if (stopped) return;
    const busy = running.get(id);
    if (busy) {
      busy.again = true;
      return;
    }
    const run = { again: false, done: Promise.resolve() };
    running.set(id, run);
    run.done = (async () => {
      try {
        do {
          run.again = false;
          while (!stopped && (await step(id)));
        } while (run.again && !stopped);
      } catch (e) {
        // The clock's sweeper picks the seat up again later.
        log.error({ err: e, game: id }, 'playing a server seat failed');
      } finally {
        running.delete(id);
      }
    })();
  }

  moves.onAppended(({ after }) => {
    const { record, engine } = after;
    if (record.status === 'active' && engine?.toAct.some((s) => playedByServer(record.seats[s]))) wake(record.id);
  });

  return {
    /** Plays the game's due bot and resigned seats, in the background, until none is due. */
    wake,

    /** Resolves once no game is being played here (tests wait for the bots with it). */
    async settled() {
      while (running.size) await Promise.all([...running.values()].map((r) => r.done));
    },

    /** Refuses a bot name nobody registered (400 at creation). */
    check(name: string) {
      if (!bots.has(name)) {
        throw new Problem(400, 'unknown-bot', `there is no bot "${name}"; the bots are: ${[...bots.keys()].join(', ')}`);
      }
    },

    /** Stops starting moves (shutdown): runs finish the move in hand. */
    async stop() {
      stopped = true;
      while (running.size) await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}

export type SeatPlayers = ReturnType<typeof seatPlayers>;
