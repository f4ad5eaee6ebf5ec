import { containsCards, removeCards, suitOf } from '../../cards';
import type { Action, State, Turn } from './state';
import { draft, record } from './table';
import { afterTaking, pendingTarget, type Target } from './turn';
import { bestValue, ofSuit, setValue, sumOfSingles } from './values';

/**
 * The set being made, for a capture or a steal: cards played into it one at a time (more paks may
 * join a steal), then done once it wins. It stays in the hand, private, until done.
 */

/** The steps open while a set is being made: each card that can join it, each pak that can join the steal, done once it wins. */
export function makingActions(s: State, t: Turn): Action[] {
  const target = pendingTarget(s, t) as Target;
  const available = ofSuit(s.hands[t.seat], target.suit);
  const best = bestValue(available);
  const out: Action[] = [];
  // Best readings only grow as cards join: while the whole suit in hand wins, any card may join.
  if (best > target.beat) for (const card of new Set(removeCards(available, t.chosen))) out.push({ type: 'play', card });
  if (t.steal) {
    const steal = t.steal;
    s.paks[steal.from].forEach((p, i) => {
      if (p.suit === steal.suit && !steal.paks.includes(i) && best > target.beat + sumOfSingles(p.cards))
        out.push({ type: 'steal', from: steal.from, pak: i });
    });
  }
  if (t.chosen.length > 0 && setValue(t.chosen) > target.beat) out.push({ type: 'done' });
  return out;
}

export function playRefusal(s: State, t: Turn, card: string): string | undefined {
  const target = pendingTarget(s, t);
  if (!target) return 'choose a board card to capture or a pak to steal first';
  if (suitOf(card) !== target.suit) return 'the set must be all of the suit of what it takes';
  // The cards chosen are in the hand: the card must be a copy of it not chosen yet.
  if (!containsCards(s.hands[t.seat], [...t.chosen, card])) return `${card} is not in your hand`;
  return undefined;
}

export function doneRefusal(s: State, t: Turn): string | undefined {
  const target = pendingTarget(s, t);
  if (!target) return 'there is no capture or steal to make';
  const value = setValue(t.chosen);
  if (value <= target.beat) return `the set is worth ${value}: it must beat ${target.beat}`;
  return undefined;
}

/** A capture or steal in the making goes on by itself while it has one way only: one card to play, or done. */
export function settle(s: State): State {
  let st = s;
  for (;;) {
    const t = st.turn as Turn;
    const ways = makingActions(st, t);
    if (ways.length !== 1) return st;
    const [only] = ways;
    if (only.type === 'done') return take(st);
    if (only.type !== 'play') return st;
    st = { ...st, turn: { ...t, chosen: [...t.chosen, only.card] } };
  }
}

/** Makes the capture or steal: the chosen cards leave the hand and a new pak is formed. */
export function take(s: State): State {
  const d = draft(s);
  const t = d.turn as Turn;
  const seat = t.seat;
  d.hands[seat] = removeCards(d.hands[seat], t.chosen);
  if (t.capture) {
    const captured = t.capture;
    d.board.splice(d.board.indexOf(captured), 1);
    d.paks[seat].push({ suit: suitOf(captured), cards: [captured, ...t.chosen] });
    record(d, { seat, type: 'pak', captured, with: [...t.chosen] });
    t.formed = suitOf(captured);
  } else {
    const { from, suit, paks } = t.steal as NonNullable<Turn['steal']>;
    const taken = paks.map((i) => d.paks[from][i].cards);
    d.paks[from] = d.paks[from].filter((_, i) => !paks.includes(i));
    // Stolen paks and the cards that stole them make one new pak; the stealer's older paks stay apart.
    d.paks[seat].push({ suit, cards: [...taken.flat(), ...t.chosen] });
    record(d, { seat, type: 'steal', from, paks: taken, with: [...t.chosen] });
    t.stolen.push(suit);
  }
  afterTaking(d);
  return d;
}
