/**
 * Card codes: rank + suit, `TD` is the ten of diamonds, `JK` a joker.
 * Codes are plain strings so states and views stay plain JSON.
 */
export type Suit = 'S' | 'H' | 'D' | 'C';
export type Rank = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K';
export type Card = string;

export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const RANKS: readonly Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
export const JOKER = 'JK';

const CODE = /^(?:[A2-9TJQK][SHDC]|JK)$/;

export function isCard(code: unknown): code is Card {
  return typeof code === 'string' && CODE.test(code);
}

export function card(rank: Rank, suit: Suit): Card {
  return rank + suit;
}

export function rankOf(c: Card): Rank {
  return c[0] as Rank;
}

export function suitOf(c: Card): Suit {
  return c[1] as Suit;
}

export function isJoker(c: Card): boolean {
  return c === JOKER;
}

/** Position of a rank with the ace low: A=1, 2..10, J=11, Q=12, K=13. */
export function rankNumber(c: Card | Rank): number {
  return RANKS.indexOf(c[0] as Rank) + 1;
}

/** Position of a rank with the ace high: 2..10, J=11, Q=12, K=13, A=14. */
export function rankNumberAceHigh(c: Card | Rank): number {
  const n = rankNumber(c);
  return n === 1 ? 14 : n;
}

export function isFace(c: Card): boolean {
  const r = rankOf(c);
  return r === 'J' || r === 'Q' || r === 'K';
}

export function isRed(c: Card): boolean {
  const s = suitOf(c);
  return s === 'H' || s === 'D';
}

export interface DeckSpec {
  /** Ranks to include in every suit (default: all thirteen). */
  ranks?: readonly Rank[];
  suits?: readonly Suit[];
  /** How many copies of the whole deck (Card Stock Market, Totit, Paks for 3+ use two). */
  copies?: number;
  jokers?: number;
  /** Cards to leave out, one copy each per listed code (Canadian Salad, Kaiser). */
  without?: readonly Card[];
  /** Extra cards to add (Kaiser's 5♥ and 3♠ style substitutions). */
  with?: readonly Card[];
}

/** Builds a deck in a fixed, documented order: suit by suit (S H D C), rank by rank, copy by copy. */
export function buildDeck(spec: DeckSpec = {}): Card[] {
  const ranks = spec.ranks ?? RANKS;
  const suits = spec.suits ?? SUITS;
  const out: Card[] = [];
  for (let copy = 0; copy < (spec.copies ?? 1); copy++) {
    for (const s of suits) for (const r of ranks) out.push(r + s);
  }
  for (let j = 0; j < (spec.jokers ?? 0); j++) out.push(JOKER);
  for (const c of spec.without ?? []) {
    const i = out.indexOf(c);
    if (i < 0) throw new Error(`buildDeck: ${c} is not in the deck`);
    out.splice(i, 1);
  }
  out.push(...(spec.with ?? []));
  return out;
}

const SUIT_ORDER = 'SHDC';

/**
 * The canonical order of cards: by rank, ace low (A 2 ... K), then by suit (S H D C), jokers last.
 * A set of cards named in an action is kept in this order (DESIGN.md: sets in any order).
 */
export function compareCards(a: Card, b: Card): number {
  if (a === b) return 0;
  if (isJoker(a) || isJoker(b)) return isJoker(a) ? 1 : -1;
  return rankNumber(a) - rankNumber(b) || SUIT_ORDER.indexOf(suitOf(a)) - SUIT_ORDER.indexOf(suitOf(b));
}

/** A copy of `cards` in the canonical order. */
export function sortCards(cards: readonly Card[]): Card[] {
  return [...cards].sort(compareCards);
}

/** The full 52-card deck. */
export const standardDeck = (): Card[] => buildDeck();

/** The 40-card Spanish/Italian deck: A-7 and the three face cards (J Q K standing for sota, caballo, rey). */
export const fortyCardDeck = (): Card[] => buildDeck({ ranks: ['A', '2', '3', '4', '5', '6', '7', 'J', 'Q', 'K'] });

/** Counts of each code: the multiset of a list of cards. */
export function countCards(cards: readonly Card[]): Map<Card, number> {
  const m = new Map<Card, number>();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/** True when both lists hold the same cards (as a multiset), in any order. */
export function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  if (a.length !== b.length) return false;
  const m = countCards(a);
  for (const c of b) {
    const n = m.get(c);
    if (!n) return false;
    m.set(c, n - 1);
  }
  return true;
}

/** Removes one copy of each of `taken` from `from`; throws when a card is missing (an engine bug, not a user error). */
export function removeCards(from: readonly Card[], taken: readonly Card[]): Card[] {
  const out = [...from];
  for (const c of taken) {
    const i = out.indexOf(c);
    if (i < 0) throw new Error(`removeCards: ${c} not present`);
    out.splice(i, 1);
  }
  return out;
}

/** True when every card of `part` can be taken from `whole` (respecting duplicates). */
export function containsCards(whole: readonly Card[], part: readonly Card[]): boolean {
  const m = countCards(whole);
  for (const c of part) {
    const n = m.get(c);
    if (!n) return false;
    m.set(c, n - 1);
  }
  return true;
}
