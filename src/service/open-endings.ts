import type { Live } from './live';

/**
 * Which of resign, abort and rematch a seat may ask for now: the rules endings.ts enforces, written
 * once, so that each view can tell its seat which are open (a page offers only those).
 */

/**
 * A seat may abort a game that never really started: while it is young (fewer events than twice its
 * seats, whoever made them) and before the seat has moved itself. A seat that let its clock play for
 * it cannot escape a lost game by aborting it later.
 */
export function mayAbort(live: Pick<Live, 'record' | 'moved'>, seat: number): boolean {
  const { record } = live;
  // A tournament's table is played or resigned: aborting it would erase a result the standings need.
  if (record.tournament) return false;
  return record.status === 'active' && record.version < 2 * record.seatCount && !live.moved.includes(seat);
}

/** A seat may resign a running game once. */
export const mayResign = (live: Pick<Live, 'record'>, seat: number): boolean =>
  live.record.status === 'active' && !live.record.seats[seat]?.resigned;

/** A seat may ask for a rematch once the game has ended (asking again answers as the first time). */
export const mayAskRematch = (live: Pick<Live, 'record'>): boolean =>
  live.record.status === 'finished' || live.record.status === 'aborted';

export interface OpenEndings {
  resign: boolean;
  abort: boolean;
  rematch: boolean;
}

/** What the seat may ask for now; a spectator, nothing. */
export function openEndings(live: Pick<Live, 'record' | 'moved'>, seat: number | null): OpenEndings {
  if (seat === null) return { resign: false, abort: false, rematch: false };
  return { resign: mayResign(live, seat), abort: mayAbort(live, seat), rematch: mayAskRematch(live) };
}
