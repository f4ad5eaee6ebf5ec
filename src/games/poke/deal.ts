/** Poke's deal: five cards each from the whole deck, the non-dealer first; the deal alternates. */
import { type Card, deal, type RngState } from '../../cards';
import { nextSeat } from '../../cards/tricks';
import type { State } from './state';

export const SEATS = 2;
export const HAND_SIZE = 5;

export const other = (seat: number) => nextSeat(seat, SEATS);
export const nonDealer = (s: State) => other(s.dealer);

/**
 * A new deal by `dealer` from `deck` (top first): five cards each, one at a time, the non-dealer
 * first; the non-dealer draws first. The scores and the rubber carry on.
 */
export function newDeal(s: State, dealer: number, deck: readonly Card[], rng: RngState = s.rng): State {
  const first = other(dealer);
  const { hands, stock } = deal(deck, { seats: SEATS, count: HAND_SIZE, first });
  return {
    ...s,
    rng,
    phase: 'draw',
    dealer,
    hands: [hands[0], hands[1]],
    stock,
    discards: [[], []],
    draws: [[], []],
    drawer: first,
    held: null,
    leader: first,
    lead: null,
    plays: [],
  };
}

/** The seats the game waits for: the drawer, then the leader or the seat answering its lead. */
export function toAct(s: State): number[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'draw') return [s.drawer];
  return [s.lead === null ? s.leader : other(s.leader)];
}
