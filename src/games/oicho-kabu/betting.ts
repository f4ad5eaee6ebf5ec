import { IllegalMove } from '../../engine';
import { TABLEAUS } from './deal';
import { endRound } from './settlement';
import type { Action, State } from './state';
import { MAX_BET_STEP } from './state';

/** The round limit: maxBet, and never more than the dealer can cover. */
export const roundLimit = (s: State): number => Math.min(s.options.maxBet, s.chips[s.dealer]);
export const betTotal = (s: State) => s.tableaus.reduce((sum, t) => sum + t.bets.reduce((a, b) => a + b, 0), 0);
const ownBets = (s: State, seat: number) => s.tableaus.reduce((sum, t) => sum + t.bets[seat], 0);
/** What `seat` may still stake: its chips not yet bet, within what is left of the round limit. */
const canStake = (s: State, seat: number) => Math.min(roundLimit(s) - betTotal(s), s.chips[seat] - ownBets(s, seat));

/** Every bet the seat betting may make (each amount on each tableau), then done. */
export function legalBets(s: State, seat: number): Action[] {
  const most = Math.min(canStake(s, seat), MAX_BET_STEP);
  const bets = TABLEAUS.flatMap((tableau) =>
    Array.from({ length: most }, (_, i) => ({ type: 'bet' as const, tableau, amount: i + 1 })),
  );
  return [...bets, { type: 'done' }];
}

export function applyBet(s: State, seat: number, waiting: number, action: Extract<Action, { type: 'bet' }>): State {
  if (s.phase !== 'betting') throw new IllegalMove('betting is over for this round');
  if (seat === s.dealer) throw new IllegalMove('the dealer does not bet');
  if (seat !== waiting) throw new IllegalMove(`it is seat ${waiting}'s turn to bet`);
  if (!Number.isInteger(action.tableau) || action.tableau < 0 || action.tableau > 3)
    throw new IllegalMove('there are four tableaus, 0 to 3');
  if (!Number.isInteger(action.amount) || action.amount < 1 || action.amount > MAX_BET_STEP) {
    throw new IllegalMove(`a bet is 1 to ${MAX_BET_STEP} chips (bet again to stake more)`);
  }
  if (action.amount > s.chips[seat] - ownBets(s, seat)) throw new IllegalMove('you do not have that many chips left to bet');
  const left = roundLimit(s) - betTotal(s);
  if (action.amount > left) throw new IllegalMove(`only ${left} more chips may be bet this round`);
  const tableaus = s.tableaus.map((t, i) =>
    i === action.tableau ? { ...t, bets: t.bets.map((b, j) => (j === seat ? b + action.amount : b)) } : t,
  );
  const next = { ...s, tableaus };
  if (roundLimit(next) - betTotal(next) === 0) return endBetting(next);
  return canStake(next, seat) === 0 ? nextBettor(next) : next;
}

export function applyDone(s: State, seat: number, waiting: number): State {
  if (s.phase !== 'betting') throw new IllegalMove('betting is over for this round');
  if (seat !== waiting) throw new IllegalMove(`it is seat ${waiting}'s turn to bet`);
  return nextBettor(s);
}

/** After betting: the dealer's first card, unless nobody bet (then the round is over at once). */
function endBetting(s: State): State {
  return betTotal(s) === 0 ? endRound(s) : { ...s, phase: 'dealerFirst' };
}

function nextBettor(s: State): State {
  const bettor = s.bettor + 1;
  return bettor >= s.order.length ? endBetting(s) : { ...s, bettor };
}
