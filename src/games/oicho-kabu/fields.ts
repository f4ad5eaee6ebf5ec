import { totalModTen } from '../../cards/banking';
import { IllegalMove } from '../../engine';
import { DRAWS, type DrawFrom, TABLEAUS, takeFrom } from './deal';
import type { Action, State } from './state';

/** The dealer's first card, the second field (face down) and the third cards (face up). */

/** The seat that decides a tableau's third card: the first of its bettors in the order of play. */
export const decider = (s: State, tableau: number): number | null =>
  s.order.find((seat) => s.tableaus[tableau].bets[seat] > 0) ?? null;

/** Third-card rule: 3 or less must draw, 7 or more may not, 4 to 6 chooses. */
export function thirdCardRule(total: number): 'must' | 'may' | 'refused' {
  if (total <= 3) return 'must';
  if (total >= 7) return 'refused';
  return 'may';
}

/** Refuses a dealer's draw by another seat or from elsewhere than the top, the bottom or the fourth card. */
export function checkDraw(s: State, seat: number, from: DrawFrom): void {
  if (seat !== s.dealer) throw new IllegalMove('only the dealer draws for his hand');
  if (!DRAWS.includes(from)) throw new IllegalMove('the dealer draws the top, the bottom or the fourth card');
}

/** The dealer's first card, face down; then the second field, four cards face down from the top, and the third cards. */
export function applyFirstDraw(s: State, seat: number, from: DrawFrom): State {
  if (s.phase !== 'dealerFirst') throw new IllegalMove('the dealer draws only before the second field and after the third cards');
  checkDraw(s, seat, from);
  const [card, deck] = takeFrom(s.deck, from);
  const next = { ...s, dealerCards: [card], deck };
  const tableaus = next.tableaus.map((t, i) => ({ ...t, cards: [...t.cards, deck[i]] }));
  const asking = TABLEAUS.filter((t) => decider(next, t) !== null).sort(
    (a, b) => next.order.indexOf(decider(next, a) as number) - next.order.indexOf(decider(next, b) as number) || a - b,
  );
  return askOn({ ...next, tableaus, deck: deck.slice(4), asking, phase: 'thirdCards' });
}

function addThird(s: State, tableau: number): State {
  return {
    ...s,
    tableaus: s.tableaus.map((t, i) => (i === tableau ? { ...t, cards: [...t.cards, s.deck[0]] } : t)),
    deck: s.deck.slice(1),
  };
}

/** Deals the compulsory third cards and passes over the refused ones, stopping at a tableau whose bettor may choose. */
function askOn(s: State): State {
  let next = s;
  while (next.asking.length > 0) {
    const [t, ...rest] = next.asking;
    const rule = thirdCardRule(totalModTen(next.tableaus[t].cards));
    if (rule === 'may') return next;
    next = { ...(rule === 'must' ? addThird(next, t) : next), asking: rest };
  }
  return { ...next, phase: 'dealerSecond' };
}

export function applyThirdCard(s: State, seat: number, waiting: number, action: Extract<Action, { type: 'thirdCard' }>): State {
  if (s.phase !== 'thirdCards') throw new IllegalMove('no third card is being asked for now');
  if (seat !== waiting) throw new IllegalMove(`seat ${waiting}, the first bettor asked, decides for tableau ${s.asking[0]}`);
  if (action.tableau !== s.asking[0]) throw new IllegalMove(`tableau ${s.asking[0]} is being asked for now`);
  return askOn({ ...(action.take ? addThird(s, action.tableau) : s), asking: s.asking.slice(1) });
}
