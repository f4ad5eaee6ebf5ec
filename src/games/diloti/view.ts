import { fieldsOf } from '../../cards/fishing';
import { needOf, ownDeclaration } from './pending';
import { sideOf } from './plays';
import type { State, View } from './state';

/** What a seat sees, and who plays for which side. */

export function seatsOfSide(s: State, side: number): number[] {
  return [...Array(s.seats).keys()].filter((seat) => sideOf(seat) === side);
}

/** What `seat` may know: its own hand, the table, the play in progress; won piles by size only. Everything at the end. */
export function viewOf(s: State, seat: number | null): View {
  const own = seat === null ? undefined : ownDeclaration(s, seat);
  return {
    seats: s.seats,
    target: s.target,
    deal: s.finished ? s.deals.length : s.deals.length + 1,
    dealer: s.dealer,
    turn: s.finished ? null : s.turn,
    phase: s.finished ? 'over' : s.pending ? (s.pending.kind === 'capture' ? 'capturing' : 'declaring') : 'play',
    // The card being played and what it has gathered so far lie face up.
    pending: s.pending && { ...s.pending, needs: needOf(s.pending) },
    hand: seat === null ? null : s.hands[seat],
    handCounts: s.hands.map((h) => h.length),
    stock: s.stock.length,
    table: s.table,
    declarations: s.declarations,
    // The value this seat is obliged to capture, if it holds a declaration.
    obligation: own ? own.value : null,
    sides: [0, 1].map((side) => ({
      seats: seatsOfSide(s, side),
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
    hands: s.finished ? s.hands : null,
    wonCards: s.finished ? s.won : null,
    stockCards: s.finished ? s.stock : null,
    deals: s.finished ? s.deals : null,
  };
}
