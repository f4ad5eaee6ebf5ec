import { type Card, suitOf } from '../../cards';
import type { Action, State, Turn } from './state';
import { bestBySuit, bestValue, ofSuit, singleValue } from './values';

/** Forming a pak: capture one board card with hand cards of its suit worth more than it. */

/** Board cards (one per code) that some set of the hand's cards of their suit beats. */
export function capturable(hand: readonly Card[], board: readonly Card[]): Card[] {
  const best = bestBySuit(hand);
  return [...new Set(board)].filter((c) => best[suitOf(c)] > singleValue(c));
}

/** Every capture the seat may start (each board card it can take, with each first card of that suit), and pass unless the table is full. */
export function formActions(s: State, t: Turn): Action[] {
  const hand = s.hands[t.seat];
  const out: Action[] = [];
  for (const card of capturable(hand, s.board)) {
    for (const first of new Set(ofSuit(hand, suitOf(card)))) out.push({ type: 'capture', card, with: first });
  }
  if (!t.fullTable) out.push({ type: 'pass' });
  return out;
}

export function captureRefusal(s: State, t: Turn, action: Extract<Action, { type: 'capture' }>): string | undefined {
  if (t.capture || t.steal) return 'finish the capture or steal you are making first';
  if (t.formed) return 'you have formed your pak this turn: you may only steal now';
  const hand = s.hands[t.seat];
  if (!s.board.includes(action.card)) return `${action.card} is not on the board`;
  if (!hand.includes(action.with)) return `${action.with} is not in your hand`;
  if (suitOf(action.with) !== suitOf(action.card)) return 'a board card is captured with cards of its own suit';
  const best = bestValue(ofSuit(hand, suitOf(action.card)));
  if (best <= singleValue(action.card))
    return `your cards of its suit can make at most ${best}: they cannot beat ${action.card} (${singleValue(action.card)})`;
  return undefined;
}
