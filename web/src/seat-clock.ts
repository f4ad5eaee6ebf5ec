import { timeLeft } from './seats';

/** What a view or a summary says of the seats' clocks, by seat; `bank` when the clock is a time bank. */
export interface SeatClocks {
  bank: boolean;
  deadlines: (string | null)[];
  timeLeft: (number | null)[];
  vacations: (string | null)[];
}

/**
 * A seat's clock in words: "on vacation until 3 May" while its player is away, the time left to a
 * running deadline, or what a stopped bank holds ("2 days in the bank"); null without a clock.
 */
export function seatClockText(clocks: SeatClocks, seat: number, now: number): string | null {
  const away = clocks.vacations[seat];
  if (away) return `on vacation until ${new Date(away).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}`;
  const deadline = clocks.deadlines[seat];
  if (deadline) return timeLeft(deadline, now);
  // A per-move clock that is not running holds nothing worth saying; a bank holds what the seat has saved.
  const banked = clocks.timeLeft[seat];
  return !clocks.bank || banked === null || banked === undefined ? null : bankText(banked, now);
}

/** A stopped clock's seconds in words: "2 days in the bank". */
export const bankText = (seconds: number, now: number) =>
  timeLeft(new Date(now + seconds * 1000).toISOString(), now).replace(/ left$/, ' in the bank');
