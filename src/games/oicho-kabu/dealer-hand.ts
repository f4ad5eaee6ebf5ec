import { totalModTen } from '../../cards/banking';
import { IllegalMove } from '../../engine';
import { type DrawFrom, takeFrom } from './deal';
import { checkDraw, thirdCardRule } from './fields';
import { dealerSpecial, endRound } from './settlement';
import type { State } from './state';

/** The dealer's hand: his second card, his look at both, and his third card or not. */

/** The dealer's second card (top, bottom or fourth), and his look at both. */
export function applySecondDraw(s: State, seat: number, from: DrawFrom): State {
  checkDraw(s, seat, from);
  const [card, deck] = takeFrom(s.deck, from);
  return dealerLooks({ ...s, dealerCards: [...s.dealerCards, card], deck });
}

/** After the dealer looks at his two cards: shippin or kuppin ends the round; otherwise his third card. */
function dealerLooks(s: State): State {
  if (dealerSpecial(s.dealerCards)) return endRound(s);
  if (!s.options.dealerDrawRule) return { ...s, phase: 'dealerThird' };
  const rule = thirdCardRule(totalModTen(s.dealerCards));
  if (rule === 'may') return { ...s, phase: 'dealerThird' };
  return endRound(rule === 'must' ? dealerThird(s) : s);
}

function dealerThird(s: State): State {
  return { ...s, dealerCards: [...s.dealerCards, s.deck[0]], deck: s.deck.slice(1) };
}

export function applyDealerThird(s: State, seat: number, take: boolean): State {
  if (s.phase !== 'dealerThird') throw new IllegalMove('the dealer decides on a third card only after looking at his two cards');
  if (seat !== s.dealer) throw new IllegalMove('only the dealer decides on his third card');
  return endRound(take ? dealerThird(s) : s);
}
