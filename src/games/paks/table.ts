import type { Happening, State } from './state';

/** What every phase of a hand works on: a private draft of the state, and the record of what the table saw. */

/** A copy the flow may change freely, so the public functions never mutate their input. */
export const draft = (s: State): State => structuredClone(s);

/** How many happenings the state keeps (the move log keeps the rest). */
const RECENT = 16;

export function record(d: State, h: Happening): void {
  d.recent = [...d.recent.slice(1 - RECENT), h];
}
