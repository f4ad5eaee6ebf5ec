/**
 * Trick-taking, written once: who plays next, which cards may follow, who wins a trick, partners and
 * the turn of dealer and leader. Ranks and suits are parameters, so games with their own orders
 * (Kaiser's 5♥ and 3♠, suitless Poke) use the same helpers.
 */
import { type Card, rankNumberAceHigh, suitOf } from './cards';
import { teamOf } from './scoring';

/** One card played to a trick, and by whom. */
export interface TrickPlay {
  seat: number;
  card: Card;
}

/** A trick in progress (or complete): who led it and the cards played so far, in order. */
export interface Trick {
  leader: number;
  plays: TrickPlay[];
}

/** How a game's tricks are won. Every field has the common default. */
export interface TrickRules {
  /** The trump suit; null or absent: no trumps. */
  trump?: string | null;
  /** A card's strength within its suit, higher wins (default: aces high, 2 low). */
  rank?: (c: Card) => number;
  /** A card's suit for following and trumping (default: the code's suit letter). */
  suit?: (c: Card) => string;
  /** False for suitless games (Poke): the highest card wins whatever its suit (default true). */
  followSuit?: boolean;
}

/** The seat `steps` places after `seat` in turn order (one place: the seat on the left). */
export function nextSeat(seat: number, seats: number, steps = 1): number {
  return (((seat + steps) % seats) + seats) % seats;
}

/** Every seat once, in turn order, starting with `first`. */
export function seatsFrom(first: number, seats: number): number[] {
  return Array.from({ length: seats }, (_, k) => nextSeat(first, seats, k));
}

/** The dealer of the next deal: the deal passes to the left. */
export function nextDealer(dealer: number, seats: number): number {
  return nextSeat(dealer, seats);
}

/** The partner sitting opposite `seat` at an even table of two partnerships. */
export function partnerOf(seat: number, seats: number): number {
  return nextSeat(seat, seats, seats / 2);
}

/** The seats of partnership `side` when `sides` partnerships sit alternately (0+2 and 1+3 at four). */
export function seatsOfSide(side: number, seats: number, sides = 2): number[] {
  return seatsFrom(0, seats).filter((s) => teamOf(s, sides) === side);
}

/** A new, empty trick led by `leader`. */
export function newTrick(leader: number): Trick {
  return { leader, plays: [] };
}

/** The seat whose turn it is in a trick that is not complete. */
export function seatToPlay(trick: Trick, seats: number): number {
  return nextSeat(trick.leader, seats, trick.plays.length);
}

/** True once every seat has played to the trick. */
export function trickComplete(trick: Trick, seats: number): boolean {
  return trick.plays.length === seats;
}

/** The suit led, or null before the lead. */
export function ledSuit(trick: Trick, suit: (c: Card) => string = suitOf): string | null {
  return trick.plays.length === 0 ? null : suit(trick.plays[0].card);
}

/**
 * The cards of `hand` that may be played to a trick whose led suit is `led` (null: this card leads).
 * A hand holding the led suit must follow; one without it may play any card.
 */
export function cardsAllowed(hand: readonly Card[], led: string | null, suit: (c: Card) => string = suitOf): Card[] {
  if (led === null) return [...hand];
  const following = hand.filter((c) => suit(c) === led);
  return following.length > 0 ? following : [...hand];
}

/**
 * Why `card` may not be played now, or undefined when it may: not held, or not following suit while
 * holding the led suit.
 */
export function refusal(
  hand: readonly Card[],
  card: Card,
  led: string | null,
  suit: (c: Card) => string = suitOf,
): string | undefined {
  if (!hand.includes(card)) return `${card} is not in your hand`;
  if (!cardsAllowed(hand, led, suit).includes(card)) return `you must follow suit: you hold a card of the suit led (${led})`;
  return undefined;
}

/**
 * The winning play of a (complete) trick: the highest trump when trumps were played, otherwise the
 * highest card of the suit led; in a suitless game the highest card. Of equal cards the first played wins.
 */
export function trickWinner(plays: readonly TrickPlay[], rules: TrickRules = {}): TrickPlay {
  if (plays.length === 0) throw new Error('trickWinner: an empty trick has no winner');
  const rank = rules.rank ?? rankNumberAceHigh;
  const suit = rules.suit ?? suitOf;
  const followSuit = rules.followSuit ?? true;
  const led = suit(plays[0].card);
  const trump = rules.trump ?? null;
  // Trumps beat every other suit; then the suit led; off-suit cards never win.
  const tier = (c: Card): number => {
    if (!followSuit) return 0;
    if (trump !== null && suit(c) === trump) return 2;
    return suit(c) === led ? 1 : -1;
  };
  let best = plays[0];
  for (const p of plays.slice(1)) {
    const [t, bt] = [tier(p.card), tier(best.card)];
    if (t > bt || (t === bt && rank(p.card) > rank(best.card))) best = p;
  }
  return best;
}

/**
 * The tricks of the deal so far, from the plays a seat remembers of it (oldest first, ending with the
 * current trick's): the `completed` tricks before the current one, as far back as the plays reach
 * whole, then the current trick (its last `current` plays). What a sampler reads voids from.
 */
export function tricksOfDeal(plays: readonly TrickPlay[], seats: number, current: number, completed: number): TrickPlay[][] {
  const tricks: TrickPlay[][] = [];
  let end = plays.length - current;
  for (let k = 0; k < completed && end - seats >= 0; k++, end -= seats) tricks.unshift(plays.slice(end - seats, end));
  tricks.push(plays.slice(plays.length - current));
  return tricks;
}

/**
 * The suits each seat has shown it lacks, where the rules force following suit: a seat that played
 * another suit to a trick holds none of the suit led, for the rest of the deal.
 */
export function voidsShown(
  tricks: readonly (readonly TrickPlay[])[],
  suit: (c: Card) => string = suitOf,
): Map<number, Set<string>> {
  const voids = new Map<number, Set<string>>();
  for (const trick of tricks) {
    if (trick.length === 0) continue;
    const led = suit(trick[0].card);
    for (const p of trick.slice(1)) {
      if (suit(p.card) === led) continue;
      const lacks = voids.get(p.seat) ?? new Set<string>();
      lacks.add(led);
      voids.set(p.seat, lacks);
    }
  }
  return voids;
}
