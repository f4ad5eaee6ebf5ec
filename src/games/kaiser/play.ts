import { type Card, compareCards, rankNumberAceHigh, teamOf } from '../../cards';
import {
  cardsAllowed,
  ledSuit,
  newTrick,
  nextDealer,
  refusal,
  seatToPlay,
  type Trick,
  trickComplete,
  trickWinner,
} from '../../cards/tricks';
import { IllegalMove } from '../../engine';
import { SEATS, shuffled } from './deal';
import { scoreDeal, trickValue } from './scoring';
import type { Action, DealRecord, State } from './state';

/** The play of the eight tricks, and the scoring that ends each deal. */

export const sideOf = (seat: number) => teamOf(seat, 2);

/** The defenders' limit is 45 when playing to 52: seven below the target. */
const DEFENDER_MARGIN = 7;

export function legalPlays(s: State, seat: number): Action[] {
  if (seat !== seatToPlay(s.trick, SEATS)) return [];
  return cardsAllowed(s.hands[seat], ledSuit(s.trick)).map((card) => ({ type: 'play', card }));
}

/** The lowest card a seat may play (aces high; of equal ranks the first in ♠ ♥ ♦ ♣ order): what a clock plays. */
export function lowestPlay(s: State, seat: number): Card {
  const allowed = cardsAllowed(s.hands[seat], ledSuit(s.trick));
  return allowed.reduce((low, c) => {
    const by = rankNumberAceHigh(c) - rankNumberAceHigh(low) || compareCards(c, low);
    return by < 0 ? c : low;
  });
}

export function applyPlay(s: State, seat: number, card: Card): State {
  if (s.phase !== 'play') throw new IllegalMove('no card may be played before the bidding ends');
  const turn = seatToPlay(s.trick, SEATS);
  if (seat !== turn) throw new IllegalMove(`it is seat ${turn}'s turn to play`);
  const why = refusal(s.hands[seat], card, ledSuit(s.trick));
  if (why) throw new IllegalMove(why);
  return played(s, seat, card);
}

function played(s: State, seat: number, card: Card): State {
  const hands = s.hands.map((h, i) => (i === seat ? h.filter((c) => c !== card) : h));
  const trick: Trick = { leader: s.trick.leader, plays: [...s.trick.plays, { seat, card }] };
  if (!trickComplete(trick, SEATS)) return { ...s, hands, trick };
  const winner = trickWinner(trick.plays, { trump: s.trump }).seat;
  const side = sideOf(winner);
  const taken: [Card[], Card[]] = [...s.taken];
  taken[side] = [...taken[side], ...trick.plays.map((p) => p.card)];
  const tricks: [number, number] = [...s.tricks];
  tricks[side]++;
  const after: State = { ...s, hands, trick: newTrick(winner), lastTrick: { plays: trick.plays, winner }, taken, tricks };
  return hands.every((h) => h.length === 0) ? scored(after) : after;
}

/** After the last trick: score the deal, then end the match or deal again from the next dealer. */
function scored(s: State): State {
  const contract = s.contract!;
  const declaring = sideOf(contract.seat);
  const defending = 1 - declaring;
  const values: [number, number] = [trickValue(s.tricks[0], s.taken[0]), trickValue(s.tricks[1], s.taken[1])];
  const result = scoreDeal({
    contract,
    declarers: values[declaring],
    defenders: values[defending],
    defendersScore: s.scores[defending],
    failedContract: s.options.failedContract,
    defenderLimit: s.options.target - DEFENDER_MARGIN,
  });
  const changes: [number, number] = [0, 0];
  changes[declaring] = result.declarers;
  changes[defending] = result.defenders;
  const scores: [number, number] = [s.scores[0] + changes[0], s.scores[1] + changes[1]];
  const record: DealRecord = {
    dealer: s.dealer,
    contract,
    trump: s.trump,
    tricks: s.tricks,
    values,
    made: result.made,
    changes,
    scores,
  };
  const next = { ...s, scores, dealsPlayed: s.dealsPlayed + 1, lastDeal: record };
  // Ends after a deal at which a side has reached the target (or, with the house rule loseAt, fallen
  // to that floor); equal scores play on.
  const { target, loseAt } = s.options;
  const reached = Math.max(...scores) >= target || (loseAt !== null && Math.min(...scores) <= loseAt);
  const over = reached && scores[0] !== scores[1];
  return over ? { ...next, phase: 'over' } : shuffled(next, nextDealer(s.dealer, SEATS));
}
