import { type Card, rankOf, shuffle } from '../../cards';
import { aceToTenDeck, totalModTen } from '../../cards/banking';
import { startRound } from './deal';
import { drawForDealer } from './dealer-draw';
import type { Outcome, Payout, RoundRecord, Special, State } from './state';

/** The end of a round: the special hands, the outcome of each tableau, the payments, then the next round. */

/** How a tie between a tableau and the dealer goes: the dealer wins it, or the bets come back. */
export type Ties = 'dealer' | 'push';

/** Shippin: the dealer's first card a 4 and the second an ace; kuppin: a 9 then an ace. The reverse order is nothing. */
export function dealerSpecial(dealerCards: readonly Card[]): Special | null {
  if (dealerCards.length < 2 || rankOf(dealerCards[1]) !== 'A') return null;
  if (rankOf(dealerCards[0]) === '4') return 'shippin';
  if (rankOf(dealerCards[0]) === '9') return 'kuppin';
  return null;
}

/** Arashi: the first, second and third field of a tableau are all the same number. */
export function isArashi(cards: readonly Card[]): boolean {
  return cards.length === 3 && cards.every((c) => rankOf(c) === rankOf(cards[0]));
}

/** The outcome of a tableau against the dealer: shippin and kuppin beat everything, arashi beats any total, then totals. */
export function outcome(tableau: readonly Card[], dealerCards: readonly Card[], ties: Ties, betOn: boolean): Outcome {
  if (!betOn) return 'none';
  if (dealerSpecial(dealerCards)) return 'dealer';
  if (isArashi(tableau)) return 'arashi';
  const mine = totalModTen(tableau);
  const bank = totalModTen(dealerCards);
  if (mine > bank) return 'win';
  if (mine < bank) return 'dealer';
  return ties;
}

/**
 * Settles every bet against the dealer. Lost bets are collected first; then winners are paid tableau by
 * tableau, each in the order of play, from the dealer's chips. Bets never total more than the dealer held,
 * so only arashi payments can find the bank short: a winner then gets what is left.
 */
export function settleBets(
  bets: readonly (readonly number[])[],
  outcomes: readonly Outcome[],
  order: readonly number[],
  dealer: number,
  chips: readonly number[],
): { payouts: Payout[]; chips: number[] } {
  const after = [...chips];
  const payouts: Payout[] = [];
  const each = (fn: (seat: number, tableau: number, bet: number, o: Outcome) => void) =>
    outcomes.forEach((o, tableau) => {
      for (const seat of order) if (bets[tableau][seat] > 0) fn(seat, tableau, bets[tableau][seat], o);
    });
  each((seat, tableau, bet, o) => {
    if (o !== 'dealer') return;
    after[seat] -= bet;
    after[dealer] += bet;
    payouts.push({ seat, tableau, bet, outcome: o, net: -bet });
  });
  each((seat, tableau, bet, o) => {
    if (o === 'dealer') return;
    const owed = o === 'arashi' ? 2 * bet : o === 'win' ? bet : 0;
    const paid = Math.min(owed, after[dealer]);
    after[seat] += paid;
    after[dealer] -= paid;
    payouts.push({ seat, tableau, bet, outcome: o, net: paid });
  });
  return { payouts, chips: after };
}

/** Reveals and settles the round, then ends the game or draws for the next dealer and deals again. */
export function endRound(s: State): State {
  const played = s.dealerCards.length > 0;
  const outcomes = s.tableaus.map((t) => outcome(t.cards, s.dealerCards, s.options.ties, played && t.bets.some((b) => b > 0)));
  const { payouts, chips } = settleBets(
    s.tableaus.map((t) => t.bets),
    outcomes,
    s.order,
    s.dealer,
    s.chips,
  );
  const lastRound: RoundRecord = {
    round: s.round,
    dealer: s.dealer,
    order: s.order,
    tableaus: s.tableaus.map((t, i) => ({
      cards: t.cards,
      total: totalModTen(t.cards),
      arashi: isArashi(t.cards),
      bets: t.bets,
      outcome: outcomes[i],
    })),
    dealerCards: s.dealerCards,
    dealerTotal: played ? totalModTen(s.dealerCards) : null,
    special: dealerSpecial(s.dealerCards),
    payouts,
    chips,
  };
  // A seat with no chips cannot bet (nor bank): the game ends.
  const broke = chips.flatMap((c, seat) => (c === 0 ? [seat] : []));
  if (s.round >= s.options.rounds || broke.length > 0) return { ...s, chips, lastRound, broke, phase: 'over' };
  const choice = drawForDealer(s.chips.length, s.rng);
  const [deck, rng] = shuffle(aceToTenDeck(), choice.rng);
  const base = {
    ...s,
    chips,
    lastRound,
    round: s.round + 1,
    dealer: choice.dealer,
    order: choice.order,
    dealerDraw: choice.passes,
    rng,
  };
  return startRound(base, deck);
}
