import { totalModTen } from '../../cards/banking';
import type { State } from '../../games/kabu';
import type { State as OichoState } from '../../games/oicho-kabu';
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

/**
 * Oicho-Kabu: whoever decides a third card (a tableau's first bettor, or the dealer) takes one on a
 * total under STAND_ON, as Kabu's players do; in a rollout a bettor stops betting (the search decides
 * the seat's own bets).
 */
export const oichoKabuKnowledge: Knowledge = {
  horizon: 'deal',
  policy(state, _seat, legal) {
    const s = state as OichoState;
    const first = legal[0];
    if (first?.type === 'thirdCard') {
      const take = totalModTen(s.tableaus[first.tableau as number].cards) < STAND_ON;
      return legal.find((a) => a.take === take);
    }
    if (first?.type === 'dealerThirdCard') return legal.find((a) => a.take === totalModTen(s.dealerCards) < STAND_ON);
    return legal.find((a) => a.type === 'done');
  },
};
