import { describe, expect, it } from 'vitest';
import { notOlder, type SeatView } from '../web/src/api';

const view = (status: SeatView['status'], version: number): SeatView => ({
  id: 'g',
  kind: 'divide-and-conquer',
  version,
  seat: 0,
  status,
  toAct: [],
  legalActions: [],
  scores: [],
  deadlines: [],
  timeLeft: [],
  vacations: [],
  endings: { resign: false, abort: false, rematch: false },
  state: null,
  checkpoint: { size: version + 1, root: '', signature: '' },
});

/** The table page keeps the newest view it was given, whichever came first: its own read or the stream. */
describe('which of two views of a game the web table shows', () => {
  it('the dealt table replaces the waiting one at the same version, never the other way round', () => {
    expect(notOlder(view('active', 0), view('waiting', 0))).toBe(true);
    expect(notOlder(view('waiting', 0), view('active', 0))).toBe(false);
  });

  it('a later move replaces an earlier one, and a view of the same move replaces its twin', () => {
    expect(notOlder(view('active', 4), view('active', 3))).toBe(true);
    expect(notOlder(view('active', 3), view('active', 4))).toBe(false);
    expect(notOlder(view('active', 3), view('active', 3))).toBe(true);
  });

  it('the end replaces play, and play does not come back after it', () => {
    expect(notOlder(view('finished', 9), view('active', 8))).toBe(true);
    expect(notOlder(view('aborted', 2), view('active', 2))).toBe(true);
    expect(notOlder(view('active', 8), view('finished', 9))).toBe(false);
  });
});
