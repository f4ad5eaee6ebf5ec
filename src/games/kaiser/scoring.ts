import type { Card } from '../../cards';

/** A bid: a number of points, in a trump suit (named after the bidding) or at no trump. */
export interface Bid {
  points: number;
  noTrump: boolean;
}

export const MINIMUM_BID = 6;
export const MAXIMUM_BID = 12;
export const FIVE_OF_HEARTS = '5H';
export const THREE_OF_SPADES = '3S';

/** Bids in ascending order: 6, 6 no, 7, 7 no, ... 12, 12 no. A no-trump bid outranks the same number. */
export function bidRank(bid: Bid): number {
  return bid.points * 2 + (bid.noTrump ? 1 : 0);
}

export const ALL_BIDS: readonly Bid[] = Array.from({ length: MAXIMUM_BID - MINIMUM_BID + 1 }, (_, k) => [
  { points: MINIMUM_BID + k, noTrump: false },
  { points: MINIMUM_BID + k, noTrump: true },
]).flat();

export function bidName(bid: Bid): string {
  return bid.noTrump ? `${bid.points} no` : `${bid.points}`;
}

/** The value of a side's tricks: one point a trick, five for the 5♥, minus three for the 3♠. */
export function trickValue(tricks: number, taken: readonly Card[]): number {
  return tricks + (taken.includes(FIVE_OF_HEARTS) ? 5 : 0) - (taken.includes(THREE_OF_SPADES) ? 3 : 0);
}

export interface DealScoring {
  contract: Bid;
  /** The value of the declarers' tricks and of the defenders' tricks. */
  declarers: number;
  defenders: number;
  /** The defenders' game score before this deal. */
  defendersScore: number;
  failedContract: 'tricks' | 'bid';
  /** Above this game score the defenders only lose a negative hand (45 to 52). */
  defenderLimit: number;
}

/**
 * What each side adds to its game score after a deal. Declarers who make the contract add the
 * value of their tricks; otherwise they lose it (failedContract "tricks") or the bid ("bid"). A
 * failed contract never gains: tricks worth less than nothing are lost as they stand. No trump
 * doubles what the declarers add or lose. Defenders add their tricks' value while at or below the
 * limit; above it only a negative hand counts.
 */
export function scoreDeal(d: DealScoring): { made: boolean; declarers: number; defenders: number } {
  const times = d.contract.noTrump ? 2 : 1;
  const made = d.declarers >= d.contract.points;
  const lost = d.failedContract === 'bid' ? d.contract.points : Math.abs(d.declarers);
  // 0 - x, not -x: a plain-JSON state has no negative zero.
  const declarers = made ? d.declarers * times : 0 - lost * times;
  const defenders = d.defendersScore <= d.defenderLimit ? d.defenders : Math.min(d.defenders, 0);
  return { made, declarers, defenders };
}
