import type { Suit } from '../../cards';
import type { Action, State, Turn } from './state';
import { ofSuit } from './table';
import { pendingTarget, stealableSuit } from './turn';
import { bestValue, sumOfSingles } from './values';

/** Stealing paks, after forming one: one or several paks of one suit from one seat, against their total value. */

/** The paks the seat may start to steal (its hand's best set of their suit beats them), then end. */
export function stealActions(s: State, t: Turn): Action[] {
  const hand = s.hands[t.seat];
  const out: Action[] = [];
  const best = new Map<Suit, number>();
  s.paks.forEach((held, from) => {
    if (from === t.seat) return;
    held.forEach((p, pak) => {
      if (!stealableSuit(t, p.suit)) return;
      let b = best.get(p.suit);
      if (b === undefined) {
        b = bestValue(ofSuit(hand, p.suit));
        best.set(p.suit, b);
      }
      if (b > sumOfSingles(p.cards)) out.push({ type: 'steal', from, pak });
    });
  });
  out.push({ type: 'end' });
  return out;
}

export function stealRefusal(s: State, t: Turn, action: Extract<Action, { type: 'steal' }>): string | undefined {
  if (!t.formed) return 'you may steal only after forming a pak this turn';
  if (t.capture) return 'finish the capture you are making first';
  const victim = s.paks[action.from];
  if (action.from === t.seat || !victim) return 'steal from another seat';
  const pak = victim[action.pak];
  if (!pak) return `seat ${action.from} has no pak number ${action.pak}`;
  if (pak.suit === t.formed) return 'you may not steal paks of the suit of the pak you formed this turn';
  if (t.stolen.includes(pak.suit)) return 'you have already stolen paks of that suit this turn';
  let beat = sumOfSingles(pak.cards);
  if (t.steal) {
    if (t.steal.from !== action.from || t.steal.suit !== pak.suit) {
      return 'several paks are stolen together only when they are of one suit and belong to one seat';
    }
    if (t.steal.paks.includes(action.pak)) return 'that pak is already part of the steal';
    beat += (pendingTarget(s, t) as { beat: number }).beat;
  }
  if (bestValue(ofSuit(s.hands[t.seat], pak.suit)) <= beat) return `your cards cannot beat ${beat}, the value to steal`;
  return undefined;
}
