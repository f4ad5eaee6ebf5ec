import { type Card, SUITS, type Suit, suitOf } from '../../cards';
import { partnerOf, type Trick, trickWinner } from '../../cards/tricks';
import type { Action } from '../../engine';
import { DEALS, dealPoints, type State as SaladState } from '../../games/canadian-salad';
import { FIVE_OF_HEARTS, type State as KaiserState, THREE_OF_SPADES, trickValue } from '../../games/kaiser';
import type { BotRng } from '../rng';
import type { Knowledge } from './knowledge';

/**
 * Trick-taking, as a decent player plays a card without thinking: cash a sure trick when leading,
 * win a trick as cheaply as possible, never overtake a partner who holds it, give the partner what
 * scores and the opponents what costs; and in a game where tricks are bad, duck under the winning
 * card and shed the dangerous ones when void. Each game says how its table reads (`TrickTable`).
 */
export interface TrickTable {
  hands: readonly (readonly Card[])[];
  trick: Trick;
  trump: string | null;
  /** The seat's partner, or null when every seat plays alone. */
  partner: number | null;
  /** What a card is worth to whoever takes it (Kaiser: the 5♥ +5, the 3♠ -3; Canadian Salad: what it costs this deal, negative). */
  worth(card: Card): number;
  /** True where taking tricks is bad (Canadian Salad): the player ducks. */
  avoid: boolean;
}

/** Aces high: 2 is 2, the ace 14 (a string lookup: rollouts ask it millions of times). */
const rank = (c: Card) => '..23456789TJQKA'.indexOf(c[0]);
const cardOf = (a: Action) => a.card as Card;

/** The highest rank of each suit held by the seats other than `but` (0: none). */
function tops(table: TrickTable, but: number): Map<string, number> {
  const top = new Map<string, number>();
  table.hands.forEach((h, s) => {
    if (s === but) return;
    for (const c of h) if (rank(c) > (top.get(c[1]) ?? 0)) top.set(c[1], rank(c));
  });
  return top;
}

const lowest = (cards: readonly Card[]) => cards.reduce((a, b) => (rank(b) < rank(a) ? b : a));
const highest = (cards: readonly Card[]) => cards.reduce((a, b) => (rank(b) > rank(a) ? b : a));

/** The quick card for `seat` among its legal plays (actions `{ type: 'play', card }`). */
export function trickPlay(table: TrickTable, seat: number, legal: readonly Action[], rng: BotRng): Action | undefined {
  if (legal.length === 0 || legal.some((a) => a.type !== 'play' || typeof a.card !== 'string')) return undefined;
  const cards = legal.map(cardOf);
  const pick = (card: Card) => legal[cards.indexOf(card)];
  const { trick, trump } = table;
  if (table.avoid) return pick(duck(table, cards));
  const others = tops(table, seat);
  // A master: no other hand holds a higher card of its suit.
  const master = (c: Card) => rank(c) > (others.get(c[1]) ?? 0);

  if (trick.plays.length === 0) {
    // A sure trick: a master that no opponent can trump (each still holds the suit, or holds no trump).
    const ruffable = (suit: string) =>
      trump !== null &&
      suit !== trump &&
      table.hands.some(
        (h, s) => s !== seat && s !== table.partner && !h.some((c) => c[1] === suit) && h.some((c) => c[1] === trump),
      );
    const sure = cards.filter((c) => master(c) && !ruffable(c[1]));
    if (sure.length) return pick(rng.pick(sure));
    // No sure trick: something low, never a card that scores for whoever takes it.
    const plain = cards.filter((c) => table.worth(c) <= 0);
    return pick(lowest(plain.length ? plain : cards));
  }
  const winning = trickWinner(trick.plays, { trump });
  const led = trick.plays[0].card[1];
  const top = winning.card;
  const beats = (c: Card) =>
    c[1] === top[1] ? rank(c) > rank(top) : trump !== null && c[1] === trump && (top[1] !== trump || rank(c) > rank(top));
  const last = trick.plays.length === table.hands.length - 1;
  const scoring = cards.filter((c) => table.worth(c) > 0);
  const costly = cards.filter((c) => table.worth(c) < 0);
  const plain = cards.filter((c) => table.worth(c) === 0);
  const partnerHolds =
    table.partner !== null &&
    winning.seat === table.partner &&
    (last || rank(top) > (tops(table, table.partner).get(top[1]) ?? 0) || (top[1] !== led && top[1] === trump));
  if (partnerHolds) {
    // The partner holds the trick: give it what scores, else the least.
    return pick(scoring.length ? scoring[0] : lowest(plain.length ? plain : cards));
  }
  const winners = cards.filter(beats);
  if (winners.length && (last || winners.some(master) || rng.float() < 0.5)) return pick(lowest(winners));
  // The trick is lost: what costs goes to the opponents, otherwise the least.
  if (costly.length) return pick(costly[0]);
  return pick(lowest(plain.length ? plain : cards));
}

/** Where tricks are bad: follow under the winning card, the highest that stays under; when void, shed the costliest card. */
function duck(table: TrickTable, cards: Card[]): Card {
  const { trick } = table;
  if (trick.plays.length === 0) return lowest(cards);
  const led = suitOf(trick.plays[0].card);
  const following = cards.filter((c) => suitOf(c) === led);
  if (following.length === 0) {
    return cards.reduce((a, b) =>
      table.worth(b) < table.worth(a) || (table.worth(b) === table.worth(a) && rank(b) > rank(a)) ? b : a,
    );
  }
  const top = trickWinner(trick.plays).card;
  const under = following.filter((c) => rank(c) < rank(top));
  if (under.length) return highest(under);
  // Every card wins: the last to play sheds its highest, the others their lowest.
  return trick.plays.length === table.hands.length - 1 ? highest(following) : lowest(following);
}

/** The partner opposite, at a table of two partnerships. */
export const opposite = (seat: number, seats: number) => partnerOf(seat, seats);

/** Kaiser: bids what the hand and an average partner should make, names its longest suit, then plays the tricks. */
export const kaiserKnowledge: Knowledge = {
  horizon: 'deal',
  policy(state, seat, legal, rng) {
    const s = state as KaiserState;
    if (s.phase === 'play') {
      const table: TrickTable = {
        hands: s.hands,
        trick: s.trick,
        trump: s.trump,
        partner: opposite(seat, 4),
        worth: (c) => (c === FIVE_OF_HEARTS ? 5 : c === THREE_OF_SPADES ? -3 : 0),
        avoid: false,
      };
      return trickPlay(table, seat, legal, rng);
    }
    if (s.phase === 'trump') return { type: 'trump', suit: trumpSuit(s.hands[seat]) };
    if (s.phase === 'bidding') return kaiserCall(s.hands[seat], legal);
    return undefined;
  },
  material(state, seat) {
    const s = state as KaiserState;
    const side = seat % 2;
    return trickValue(s.tricks[side], s.taken[side]) - trickValue(s.tricks[1 - side], s.taken[1 - side]);
  },
};

/** The suit with the most cards, the higher cards breaking ties. */
function trumpSuit(hand: readonly Card[]): Suit {
  const strength = (suit: Suit) => hand.filter((c) => suitOf(c) === suit).reduce((n, c) => n + 10 + rank(c), 0);
  return SUITS.reduce((best, suit) => (strength(suit) > strength(best) ? suit : best));
}

/** What a hand should make with its longest suit trumps: aces, kings, length, and the 5♥ (its 3♠ costs). */
export function kaiserEstimate(hand: readonly Card[]): number {
  const trump = trumpSuit(hand);
  const length = hand.filter((c) => suitOf(c) === trump).length;
  let points = Math.max(0, length - 3) * 0.8;
  for (const c of hand) {
    if (c[0] === 'A') points += 1;
    else if (c[0] === 'K') points += 0.6;
    else if (c[0] === 'Q') points += 0.3;
  }
  if (hand.includes(FIVE_OF_HEARTS)) points += 3;
  if (hand.includes(THREE_OF_SPADES)) points -= 1;
  return points;
}

/** Throws in a hand that may be, else bids the lowest trump bid its estimate and an average partner reach, else passes. */
function kaiserCall(hand: readonly Card[], legal: readonly Action[]): Action | undefined {
  const misdeal = legal.find((a) => a.type === 'misdeal');
  if (misdeal) return misdeal;
  const reach = kaiserEstimate(hand) + 2.5;
  const bids = legal.filter((a) => a.type === 'bid' && a.noTrump === false);
  const bid = bids.find((a) => (a.points as number) <= reach);
  return bid ?? legal.find((a) => a.type === 'pass') ?? bids[0];
}

/** Canadian Salad: every trick and every card it scores are bad; what each card costs depends on the deal. */
export const saladKnowledge: Knowledge = {
  horizon: 'deal',
  policy(state, seat, legal, rng) {
    const s = state as SaladState;
    const all = s.deal === DEALS;
    const worth = (c: Card) =>
      (all || s.deal === 2 ? (suitOf(c) === 'H' ? -10 : 0) : 0) +
      (all || s.deal === 3 ? (c[0] === 'Q' ? -25 : 0) : 0) +
      (all || s.deal === 4 ? (c === 'KS' ? -100 : 0) : 0);
    return trickPlay({ hands: s.hands, trick: s.trick, trump: null, partner: null, worth, avoid: true }, seat, legal, rng);
  },
  material(state, seat) {
    const s = state as SaladState;
    return -dealPoints(s.deal, s.taken, s.tricks, null)[seat];
  },
};
