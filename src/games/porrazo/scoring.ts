import type { Rank } from '../../cards';
import { sideOfSeat, sidesOf } from '../../cards/fishing';
import type { Pending, ScoreReason, State } from './state';
import { rondaValue } from './values';

/** Who scores: a seat alone, or a partnership (0+2 and 1+3), and how every score reaches the target. */

export const sideOf = (s: Pick<State, 'partners'>, seat: number): number => sideOfSeat(seat, s.partners);
export const seatsOfSide = (s: State, side: number): number[] => sidesOf(s.seats, s.partners)[side];

/** Scores for a side; the game ends the moment a side reaches the target, and nothing scores after. */
export function award(s: State, side: number, seat: number | null, points: number, reason: ScoreReason, rank?: Rank): void {
  if (s.winner !== null || points <= 0) return;
  s.scores[side] += points;
  s.notes.push(rank ? { side, seat, points, for: reason, rank } : { side, seat, points, for: reason });
  if (s.scores[side] >= s.target) s.winner = side;
}

export const awardSeat = (s: State, seat: number, points: number, reason: ScoreReason, rank?: Rank) =>
  award(s, sideOf(s, seat), seat, points, reason, rank);

/** A porrazo nobody countered scores a ronda of its rank. */
export const porrazoStands = (s: State, p: Pending) => awardSeat(s, p.seat, rondaValue(p.rank), 'porrazo', p.rank);
