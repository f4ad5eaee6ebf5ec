import { type Card, SUITS, type Suit, suitOf } from '../../cards';
import { newTrick, nextSeat } from '../../cards/tricks';
import { IllegalMove } from '../../engine';
import { SEATS } from './deal';
import { ALL_BIDS, type Bid, bidName, bidRank, MAXIMUM_BID, MINIMUM_BID } from './scoring';
import type { Action, Call, Contract, State } from './state';

/** The bidding (one round, the dealer last) and the naming of trumps. */

/** The seat whose call is next: dealer's left first, the dealer last. */
export const bidder = (s: State) => nextSeat(s.dealer, SEATS, s.calls.length + 1);

/** The winning call so far: the dealer, calling last, takes it by equalling. */
export function highBid(s: State): Call | undefined {
  let best: Call | undefined;
  for (const c of s.calls) if (c.bid && (!best?.bid || bidRank(c.bid) >= bidRank(best.bid))) best = c;
  return best;
}

/** The bids open to the seat calling now: above the high bid; the dealer may equal it, and must bid when all have passed. */
export function biddable(s: State): Bid[] {
  const high = highBid(s)?.bid;
  const dealerCalls = bidder(s) === s.dealer;
  if (!high) return [...ALL_BIDS];
  return ALL_BIDS.filter((b) => bidRank(b) > bidRank(high) || (dealerCalls && bidRank(b) === bidRank(high)));
}

export const mayPass = (s: State) => !(bidder(s) === s.dealer && !highBid(s));

/** The calls open to `seat`: a pass where allowed, then the bids in rising order. */
export function legalCalls(s: State, seat: number): Action[] {
  if (seat !== bidder(s)) return [];
  const bids: Action[] = biddable(s).map((b) => ({ type: 'bid', points: b.points, noTrump: b.noTrump }));
  return mayPass(s) ? [{ type: 'pass' }, ...bids] : bids;
}

/** A pass or a bid; after the fourth call the highest bidder holds the contract. */
export function applyCall(s: State, seat: number, action: Extract<Action, { type: 'pass' | 'bid' }>): State {
  if (s.phase !== 'bidding') throw new IllegalMove('the bidding is over');
  if (seat !== bidder(s)) throw new IllegalMove(`it is seat ${bidder(s)}'s turn to bid`);
  if (action.type === 'pass') {
    if (!mayPass(s)) throw new IllegalMove('all the others passed: the dealer must bid at least 6');
  } else {
    const bid: Bid = { points: action.points, noTrump: action.noTrump };
    if (!biddable(s).some((b) => bidRank(b) === bidRank(bid))) {
      const high = highBid(s)?.bid;
      throw new IllegalMove(
        high
          ? `a bid must beat ${bidName(high)}${seat === s.dealer ? ' or equal it' : ''}`
          : `a bid is ${MINIMUM_BID} to ${MAXIMUM_BID}, with trumps or no trump`,
      );
    }
  }
  const call: Call = { seat, bid: action.type === 'bid' ? { points: action.points, noTrump: action.noTrump } : null };
  const next: State = { ...s, calls: [...s.calls, call] };
  if (next.calls.length < SEATS) return next;
  const high = highBid(next)!;
  const contract: Contract = { seat: high.seat, ...high.bid! };
  const leader = s.options.openingLead === 'bidder' ? contract.seat : nextSeat(s.dealer, SEATS);
  return { ...next, contract, phase: contract.noTrump ? 'play' : 'trump', trick: newTrick(leader) };
}

/** The highest bidder names any suit. */
export function legalTrumps(s: State, seat: number): Action[] {
  return seat === s.contract?.seat ? SUITS.map((suit) => ({ type: 'trump', suit })) : [];
}

export function applyTrump(s: State, seat: number, suit: Suit): State {
  if (s.phase !== 'trump') throw new IllegalMove('there is no trump suit to name now');
  if (seat !== s.contract!.seat) throw new IllegalMove(`seat ${s.contract!.seat}, the highest bidder, names trumps`);
  if (!SUITS.includes(suit)) throw new IllegalMove(`${suit} is not a suit`);
  return { ...s, trump: suit, phase: 'play' };
}

/** The suit a hand holds most of (ties: in the order ♠ ♥ ♦ ♣): what a clock names. */
export function longestSuit(hand: readonly Card[]): Suit {
  const count = (suit: Suit) => hand.filter((c) => suitOf(c) === suit).length;
  return SUITS.reduce((best, suit) => (count(suit) > count(best) ? suit : best));
}
