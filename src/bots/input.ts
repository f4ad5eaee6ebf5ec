import { createHmac } from 'node:crypto';
import type { Action, SeatView, SeenEvent } from '../engine';

/**
 * How much of the log a bot is given: the seat's reading of the last this-many events. Every deal of
 * every game here fits in it (a Canadian Salad deal, the longest, is 52 plays), so a sampler sees
 * the whole current deal; a game of thousands of moves does not make the input grow.
 */
export const SEEN_WINDOW = 256;

/**
 * What a bot is given, and all it is given (DESIGN.md, "Bots that play well"): exactly what a client
 * holding the seat reads (the seat's view as GET /games/{id}/view answers it, its legal actions, and
 * the seat's own reading of the recent log, as GET /games/{id}/events answers it), and the seed of its
 * own randomness. Never the state. Plain JSON: it is what crosses into a worker thread.
 */
export interface BotInput {
  view: SeatView;
  legalActions: Action[];
  seat: number;
  /** The seat's reading of the last SEEN_WINDOW events at most, oldest first. */
  seen: SeenEvent[];
  /**
   * The seed of the bot's randomness: its choices replay from it. A keyed hash of the game's seed,
   * never the seed itself (which would deal every hand).
   */
  seed: string;
}

/** One event as a seat reads it in GET /games/{id}/events (its time aside: a bot's choice does not depend on the clock). */
export interface LoggedEvent extends SeenEvent {
  at?: string;
}

/**
 * The one place a bot's input is made, for the service's bot seats and for the arena alike: the
 * seat's view, its legal actions (those the view lists), the window of its reading of the log, and
 * the seed, derived from the game's secret seed, the seat and the version (unpredictable during
 * play, and the same when the game is replayed after it): HMAC-SHA256 keyed by the game's seed, so
 * that the input carries nothing from which the deal could be worked out.
 */
export function botInput(view: SeatView, log: readonly LoggedEvent[], gameSeed: string): BotInput {
  const seat = view.seat;
  if (seat === null) throw new Error('a bot plays a seat: a spectator’s view is no bot input');
  const seen = log
    .slice(-SEEN_WINDOW)
    .map(({ seq, seat: by, kind, by: how, action }) => ({ seq, seat: by, kind, by: how, action }));
  const seed = createHmac('sha256', gameSeed).update(`bot/${seat}/${view.version}`).digest('hex');
  return { view, legalActions: view.legalActions, seat, seen, seed };
}
