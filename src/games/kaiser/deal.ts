import { buildDeck, type Card, deal, isFace, rankOf, shuffle } from '../../cards';
import { newTrick, nextSeat } from '../../cards/tricks';
import { FIVE_OF_HEARTS, THREE_OF_SPADES } from './scoring';
import type { State } from './state';

/** The deal: the 32 cards, eight to each seat, and the misdeal a poor hand may declare. */

export const SEATS = 4;
export const HAND_SIZE = 8;

/** The 32 cards: A K Q J T 9 8 7 of each suit, less the 7♥ and 7♠, with the 5♥ and 3♠ in their place. */
export function kaiserDeck(): Card[] {
  return buildDeck({
    ranks: ['A', 'K', 'Q', 'J', 'T', '9', '8', '7'],
    without: ['7H', '7S'],
    with: [FIVE_OF_HEARTS, THREE_OF_SPADES],
  });
}

/** A hand with no ace, no face card, neither 5♥ nor 3♠ may be thrown in. */
export function misdealHand(hand: readonly Card[]): boolean {
  return !hand.some((c) => rankOf(c) === 'A' || isFace(c) || c === FIVE_OF_HEARTS || c === THREE_OF_SPADES);
}

/** What a deal starts from: the match so far, without the cards and calls of a deal. */
export type Match = Omit<State, 'hands' | 'phase' | 'calls' | 'contract' | 'trump' | 'trick' | 'lastTrick' | 'taken' | 'tricks'>;

/** A new deal by `dealer`: eight cards each, one at a time from the dealer's left. */
export function dealt(s: Match, deck: Card[]): State {
  const { hands } = deal(deck, { seats: SEATS, count: HAND_SIZE, first: nextSeat(s.dealer, SEATS) });
  return {
    ...s,
    phase: 'bidding',
    hands,
    calls: [],
    contract: null,
    trump: null,
    trick: newTrick(nextSeat(s.dealer, SEATS)),
    lastTrick: null,
    taken: [[], []],
    tricks: [0, 0],
  };
}

/** A deal from a new shuffle by `dealer`. */
export function shuffled(s: State, dealer: number): State {
  const [deck, rng] = shuffle(kaiserDeck(), s.rng);
  return dealt({ ...s, dealer, rng }, deck);
}

/** The whole deal is thrown in; the same dealer deals again from a new shuffle. */
export function misdealt(s: State): State {
  return shuffled({ ...s, misdeals: s.misdeals + 1 }, s.dealer);
}
