import { fieldsOf, handsSeenBy, shownAtEnd, sidesOf } from '../../cards/fishing';
import { needOf, ownDeclaration } from './pending';
import type { State, View } from './state';

/** What `seat` may know: its own hand, the table, the play in progress; won piles by size only. Everything at the end. */
export function viewOf(s: State, seat: number | null): View {
  return {
    ...fieldsOf(s, ['seats', 'target']),
    deal: s.finished ? s.deals.length : s.deals.length + 1,
    dealer: s.dealer,
    turn: s.finished ? null : s.turn,
    phase: s.finished ? 'over' : s.pending ? (s.pending.kind === 'capture' ? 'capturing' : 'declaring') : 'play',
    // The card being played and what it has gathered so far lie face up.
    pending: s.pending && { ...s.pending, needs: needOf(s.pending) },
    ...handsSeenBy(s.hands, seat),
    stock: s.stock.length,
    ...fieldsOf(s, ['table', 'declarations']),
    // The value this seat is obliged to capture, if it holds a declaration.
    obligation: seat === null ? null : (ownDeclaration(s, seat)?.value ?? null),
    sides: sidesOf(s.seats, s.seats === 4).map((seats, side) => ({
      seats,
      // The won piles are face down: only their sizes (and the xeris marked on them) are known.
      won: s.won[side].length,
      xeris: s.xeris[side],
      score: s.scores[side],
    })),
    ...fieldsOf(s, ['lastCapturer', 'lastPlay', 'scores']),
    // The scoresheet: each finished deal's points by side; the last deal's lines in full.
    scoresheet: s.deals.map((d) => d.points),
    lastDeal: s.deals.at(-1) ?? null,
    finished: s.finished,
    // Once the game is over every card is public.
    ...shownAtEnd(s.finished, { hands: s.hands, wonCards: s.won, stockCards: s.stock, deals: s.deals }),
  };
}
