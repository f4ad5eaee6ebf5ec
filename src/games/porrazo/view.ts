import { fieldsOf, handsSeenBy } from '../../cards/fishing';
import { dealsPerHand } from './deal';
import { seatsOfSide, sideOf } from './scoring';
import type { State, View } from './state';

/** Who is to act, and what each seat sees. */

export function toAct(s: State): number[] {
  if (s.winner !== null) return [];
  if (s.phase === 'tendido') return [s.dealer];
  if (s.phase === 'declaring') return [...Array(s.seats).keys()].filter((seat) => s.answers[seat] === null);
  return [s.turn];
}

/** What `seat` sees: its own hand, public cards, counts of the rest; declarations show their set, not their rank. Everything at the end. */
export function viewOf(s: State, seat: number | null): View {
  const over = s.winner !== null;
  const own = (who: number) => over || who === seat;
  return {
    phase: over ? 'over' : s.phase,
    toAct: toAct(s),
    ...fieldsOf(s, ['handNo', 'deal']),
    dealsPerHand: dealsPerHand(s.seats),
    dealer: s.dealer,
    turn: s.phase === 'playing' && !over ? s.turn : null,
    ...fieldsOf(s, ['partners', 'target']),
    sideOf: [...Array(s.seats).keys()].map((who) => sideOf(s, who)),
    scores: s.scores,
    ...handsSeenBy(s.hands, seat),
    hands: over ? s.hands : null,
    stockCount: s.stock.length,
    stock: over ? s.stock : null,
    table: s.table,
    capturedCounts: s.captured.map((p) => p.length),
    ...fieldsOf(s, ['tendidoDealt', 'tendido', 'leftover']),
    declarations: s.answers.map((a, who) => (a === null || a === 'pass' || own(who) ? a : { set: a.set })),
    laid: s.laid,
    porrazo: s.pending && { stage: s.pending.stage, seat: s.pending.seat, rank: s.pending.rank },
    plays: s.plays,
    scored: s.notes,
    lastHand: s.lastHand,
    winner: over ? seatsOfSide(s, s.winner as number) : null,
  };
}
