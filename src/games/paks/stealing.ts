import type { Action, State, Turn } from './state';
import { pendingTarget, stealableSuit, type Target } from './turn';
import { bestBySuit, bestValue, ofSuit, sumOfSingles } from './values';

/** Stealing paks, after forming one: one or several paks of one suit from one seat, against their total value. */

/** The paks the seat may start to steal (its hand's best set of their suit beats them), then end. */
export function stealActions(s: State, t: Turn): Action[] {
  const best = bestBySuit(s.hands[t.seat]);
  const steals = s.paks.flatMap((held, from) =>
    held.flatMap((p, pak): Action[] =>
      from !== t.seat && stealableSuit(t, p.suit) && best[p.suit] > sumOfSingles(p.cards) ? [{ type: 'steal', from, pak }] : [],
    ),
  );
  return [...steals, { type: 'end' }];
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
    if (t.steal.from !== action.from || t.steal.suit !== pak.suit)
      return 'several paks are stolen together only when they are of one suit and belong to one seat';
    if (t.steal.paks.includes(action.pak)) return 'that pak is already part of the steal';
    beat += (pendingTarget(s, t) as Target).beat;
  }
  if (bestValue(ofSuit(s.hands[t.seat], pak.suit)) <= beat) return `your cards cannot beat ${beat}, the value to steal`;
  return undefined;
}
