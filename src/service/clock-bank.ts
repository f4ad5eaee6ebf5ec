import { SetupError } from '../engine';
import type { Clock, ClockEventKind, EventKind, SeatClock } from '../store/games';

/**
 * A seat's clock as a small immutable value (scalachess's CorrespondenceClock), advanced by pure
 * functions of the clock option, the seat's value and the time of the log's event that moves it on.
 * Every server computes the same values from the same events, so the stored deadline (the sweeper's
 * index) is a cache of the log, never a timer.
 *
 * While a seat is due its deadline says everything: the time left at `t` is `deadline - t`, or,
 * while its player is on vacation, `deadline - frozenUntil` (a frozen clock's deadline is pushed to
 * the vacation's end plus what was left). While it is not due, a bank clock keeps its balance in `bank`.
 */

export const DAY_SECONDS = 24 * 3600;

const plus = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);
const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/** The events that only move clocks on: the engine replays them as nothing. */
export const isClockEvent = (kind: EventKind): kind is ClockEventKind =>
  kind === 'vacation' || kind === 'resume' || kind === 'gift';

/** The clock option as created: `vacation` resolved (a day or more per move, or a bank increment of a day or more). */
export interface ClockAsked {
  perMove?: number;
  bank?: { initial: number; increment: number; max: number };
  onTimeout?: 'auto' | 'forfeit';
  vacation?: boolean;
}

export function resolveClock(asked: ClockAsked): Clock {
  const onTimeout = asked.onTimeout ?? 'auto';
  if (asked.bank) {
    const { initial, increment, max } = asked.bank;
    if (initial > max) throw new SetupError(`clock: the bank starts with ${initial} s, above its max of ${max} s`);
    return { bank: { initial, increment, max }, onTimeout, vacation: asked.vacation ?? increment >= DAY_SECONDS };
  }
  const perMove = asked.perMove as number;
  // A per-move clock without vacation keeps today's shape: `vacation` shows only where it holds.
  const vacation = asked.vacation ?? perMove >= DAY_SECONDS;
  return vacation ? { perMove, onTimeout, vacation } : { perMove, onTimeout };
}

/** The seats' clocks freeze while their players are on vacation (resolved when the game was created). */
export const allowsVacation = (clock: Clock | null): boolean => clock?.vacation === true;

/** A stopped clock: nothing runs, the bank keeps its balance. */
const stopped = (bank: number | null, frozenUntil: Date | null): SeatClock => ({
  due: false,
  dueSince: null,
  deadline: null,
  bank,
  frozenUntil,
  remindAt: null,
});

/** When a seat still due is reminded: half its time gone, or a day before its deadline, whichever is later. */
export function reminderAt(start: Date, deadline: Date): Date {
  const half = start.getTime() + (deadline.getTime() - start.getTime()) / 2;
  return new Date(Math.max(half, deadline.getTime() - DAY_SECONDS * 1000));
}

/** A seat becoming due at `at` with `left` seconds: its clock runs from then, or from the end of its player's vacation. */
function running(left: number, at: Date, frozenUntil: Date | null): SeatClock {
  const start = frozenUntil && frozenUntil > at ? frozenUntil : at;
  const deadline = plus(start, left);
  return { due: true, dueSince: at, deadline, bank: null, frozenUntil, remindAt: reminderAt(start, deadline) };
}

/** The seconds a seat has when its clock starts: its whole time per move, or its bank's balance. */
const fresh = (clock: Clock, s: SeatClock) => ('bank' in clock ? (s.bank ?? clock.bank.initial) : clock.perMove);

/** The seat's seconds left at `at`, as exact as the log's times (never below zero). */
export function secondsLeft(clock: Clock, s: SeatClock, at: Date): number {
  if (!s.due || !s.deadline) return fresh(clock, s);
  const from = s.frozenUntil && s.frozenUntil > at ? s.frozenUntil : at;
  return Math.max(0, seconds(from, s.deadline));
}

/** Each seat's clock as a game starts: the seats in `toAct` run. */
export function startClock(clock: Clock | null, due: boolean, at: Date): SeatClock {
  if (!clock) return { ...stopped(null, null), due, dueSince: due ? at : null };
  const bank = 'bank' in clock ? clock.bank.initial : null;
  return due ? running(fresh(clock, stopped(bank, null)), at, null) : stopped(bank, null);
}

/**
 * The seat's clock after an event at `at` that leaves it `due` or not; `moved` when the seat itself
 * made the event's move. Null when nothing changes. A move gains the bank its increment (never above
 * `max`, though time given above it is kept) and ends the seat's vacation freeze in this game.
 */
export function afterEvent(clock: Clock | null, s: SeatClock, due: boolean, moved: boolean, at: Date): SeatClock | null {
  if (!clock) {
    if (due && (!s.due || moved)) return { ...stopped(null, null), due: true, dueSince: at };
    return !due && s.due ? stopped(null, null) : null;
  }
  if (!moved && due === s.due) return null;
  const left = secondsLeft(clock, s, at);
  const frozenUntil = moved ? null : s.frozenUntil;
  let bank: number | null = null;
  if ('bank' in clock) bank = moved ? Math.max(Math.min(clock.bank.max, left + clock.bank.increment), left) : left;
  if (!due) return stopped(bank, frozenUntil);
  return running('bank' in clock ? (bank as number) : clock.perMove, at, frozenUntil);
}

/** The seat's player goes on vacation until `until`: a running clock stops, and starts again then. */
export function freeze(s: SeatClock, until: Date, at: Date): SeatClock {
  if (!s.due || !s.deadline) return { ...s, frozenUntil: until };
  const left = seconds(s.frozenUntil && s.frozenUntil > at ? s.frozenUntil : at, s.deadline);
  const deadline = plus(until, Math.max(0, left));
  return { ...s, frozenUntil: until, deadline, remindAt: s.remindAt ? reminderAt(until, deadline) : null };
}

/** The vacation ends at `at` (early, or at its end): a frozen clock runs again with what it had left. */
export function resume(s: SeatClock, at: Date): SeatClock {
  if (!s.due || !s.deadline || !s.frozenUntil || s.frozenUntil <= at) return { ...s, frozenUntil: null };
  const deadline = plus(at, seconds(s.frozenUntil, s.deadline));
  return { ...s, frozenUntil: null, deadline, remindAt: s.remindAt ? reminderAt(at, deadline) : null };
}

/** Another seat gives a due seat `given` seconds more (a bank may go above its max this way). */
export function give(s: SeatClock, given: number): SeatClock {
  if (!s.deadline) return s;
  return { ...s, deadline: plus(s.deadline, given) };
}

/** Whole seconds left per seat as of `at`, for views, summaries and my games; null without a clock. */
export function timeLeft(clock: Clock | null, s: SeatClock, at: Date): number | null {
  return clock ? Math.floor(secondsLeft(clock, s, at)) : null;
}
