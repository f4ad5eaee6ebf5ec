import { totalModTen } from '../../cards/banking';
import { betTotal, roundLimit } from './betting';
import { decider } from './fields';
import type { State, View } from './state';

/** What one seat sees of the table: the second field only where it bet, the dealer's cards once he has looked. */

/** The seats the game waits for: the seat betting, the decider of the tableau asked, or the dealer. */
export function toAct(s: State): number[] {
  switch (s.phase) {
    case 'betting':
      return [s.order[s.bettor]];
    case 'thirdCards':
      return [decider(s, s.asking[0]) as number];
    case 'over':
      return [];
    default:
      return [s.dealer];
  }
}

export function view(s: State, seat: number | null): View {
  const seesAll = s.phase === 'over';
  const dealerLooked = s.dealerCards.length >= 2 && s.phase !== 'dealerSecond';
  const tableaus = s.tableaus.map((t, i) => {
    const bettor = seat !== null && t.bets[seat] > 0;
    const seen = seesAll || bettor;
    const cards = t.cards.map((c, k) => (k === 1 && !seen ? 'face-down' : c));
    return {
      cards,
      total: t.cards.length === 1 || seen ? totalModTen(t.cards) : null,
      bets: t.bets,
      decider: decider(s, i),
    };
  });
  const dealerSees = seesAll || (seat === s.dealer && dealerLooked);
  const dealerCards = s.dealerCards.map((c, k) => (k < 2 && !dealerSees ? 'face-down' : c));
  return {
    seat,
    round: s.round,
    rounds: s.options.rounds,
    phase: s.phase,
    toAct: toAct(s),
    dealer: s.dealer,
    order: s.order,
    dealerDraw: s.dealerDraw,
    options: s.options,
    chips: s.chips,
    roundLimit: roundLimit(s),
    betTotal: betTotal(s),
    privateCard: seat === null ? null : s.privateCards[seat],
    privateCards: seesAll ? s.privateCards : null,
    tableaus,
    asking: s.phase === 'thirdCards' ? s.asking[0] : null,
    dealerCards,
    dealerTotal: dealerSees && s.dealerCards.length > 0 ? totalModTen(s.dealerCards) : null,
    deckCount: s.deck.length,
    lastRound: s.lastRound,
  };
}
