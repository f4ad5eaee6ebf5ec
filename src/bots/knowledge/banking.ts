import { totalModTen } from '../../cards/banking';
import type { State } from '../../games/kabu';
import type { Knowledge } from './knowledge';

/** The total a banking player stands on (the baccarat rule of thumb: draw to five or less). */
export const STAND_ON = 6;

/**
 * Kabu: the hand's total (the last digit of its sum) is all that counts; a player draws to a low
 * total and stands on a good one.
 */
export const kabuKnowledge: Knowledge = {
  horizon: 'deal',
  policy(state, seat, legal) {
    const s = state as State;
    const type = totalModTen(s.hands[seat]) >= STAND_ON ? 'stand' : 'draw';
    return legal.find((a) => a.type === type);
  },
  // Settlement pays the differences of the totals: a total over the others' is chips to come.
  material(state, seat) {
    const s = state as State;
    const totals = s.hands.map(totalModTen);
    return totals[seat] - totals.reduce((a, b) => a + b, 0) / totals.length;
  },
};
