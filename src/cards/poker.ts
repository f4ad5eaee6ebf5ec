/**
 * Five-card poker hands, written once: category and full tie-break order, aces high, A-2-3-4-5 the
 * lowest straight (five high). A hand's value is one integer, so hands compare with `<` and `===`:
 * the category in the top bits, then the ranks that break ties, most significant first, four bits each.
 * The integer path (`pokerValue` over card indexes) allocates nothing, so all 2,598,960 hands can be
 * ranked in well under a second; `pokerHand` adds the names and cards a player reads.
 */
import { type Card, isCard, isJoker, rankNumberAceHigh, SUITS, type Suit } from './cards';

export type PokerCategory =
  | 'high-card'
  | 'pair'
  | 'two-pair'
  | 'three-of-a-kind'
  | 'straight'
  | 'flush'
  | 'full-house'
  | 'four-of-a-kind'
  | 'straight-flush';

/** The categories from the lowest to the highest; a value's category is its index here. */
export const POKER_CATEGORIES: readonly PokerCategory[] = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
];

const CATEGORY_SHIFT = 20;
const [HIGH_CARD, PAIR, TWO_PAIR, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/** Rank bits of A-2-3-4-5 (the ace counted at 14). */
const WHEEL = (1 << 14) | (1 << 5) | (1 << 4) | (1 << 3) | (1 << 2);
const ACE = 14;

/** Scratch counts by rank, cleared after every use: the integer path allocates nothing. */
const counts = new Uint8Array(15);

/** A card's index for `pokerValue`, 0-51: (rank − 2) × 4 + suit, the rank aces high (2..14), suits S H D C. */
export function pokerIndex(c: Card): number {
  if (!isCard(c) || isJoker(c)) throw new Error(`poker: ${c} is not a card of the 52-card deck`);
  return (rankNumberAceHigh(c) - 2) * 4 + SUITS.indexOf(c[1] as Suit);
}

/**
 * The value of five distinct cards given by `pokerIndex`: higher is better, equal values are equal
 * hands. The category is `value >> 20` (an index into POKER_CATEGORIES).
 */
export function pokerValue(a: number, b: number, c: number, d: number, e: number): number {
  const ra = (a >> 2) + 2;
  const rb = (b >> 2) + 2;
  const rc = (c >> 2) + 2;
  const rd = (d >> 2) + 2;
  const re = (e >> 2) + 2;
  counts[ra]++;
  counts[rb]++;
  counts[rc]++;
  counts[rd]++;
  counts[re]++;
  const ranks = (1 << ra) | (1 << rb) | (1 << rc) | (1 << rd) | (1 << re);
  const flush = sameSuit(a, b, c, d, e);

  // One pass over the ranks present, highest first, sorting them into groups.
  let quad = 0;
  let trip = 0;
  let highPair = 0;
  let lowPair = 0;
  let singles = 0;
  let rest = ranks;
  while (rest !== 0) {
    const r = 31 - Math.clz32(rest);
    rest ^= 1 << r;
    const n = counts[r];
    counts[r] = 0;
    if (n === 1) singles = (singles << 4) | r;
    else if (n === 2) {
      if (highPair === 0) highPair = r;
      else lowPair = r;
    } else if (n === 3) trip = r;
    else quad = r;
  }

  if (quad) return (FOUR << CATEGORY_SHIFT) | (quad << 4) | singles;
  if (trip && highPair) return (FULL_HOUSE << CATEGORY_SHIFT) | (trip << 4) | highPair;
  if (trip) return (THREE << CATEGORY_SHIFT) | (trip << 8) | singles;
  if (lowPair) return (TWO_PAIR << CATEGORY_SHIFT) | (highPair << 8) | (lowPair << 4) | singles;
  if (highPair) return (PAIR << CATEGORY_SHIFT) | (highPair << 12) | singles;
  // Five different ranks: a straight when they run, A-2-3-4-5 counting as five high.
  const low = ranks & -ranks;
  const top = ranks === WHEEL ? 5 : ranks === low * 31 ? 31 - Math.clz32(ranks) : 0;
  if (top && flush) return (STRAIGHT_FLUSH << CATEGORY_SHIFT) | top;
  if (flush) return (FLUSH << CATEGORY_SHIFT) | singles;
  if (top) return (STRAIGHT << CATEGORY_SHIFT) | top;
  return (HIGH_CARD << CATEGORY_SHIFT) | singles;
}

function sameSuit(a: number, b: number, c: number, d: number, e: number): boolean {
  const s = a & 3;
  return (b & 3) === s && (c & 3) === s && (d & 3) === s && (e & 3) === s;
}

/** The category of a value from `pokerValue`. */
export function pokerCategory(value: number): PokerCategory {
  return POKER_CATEGORIES[value >> CATEGORY_SHIFT];
}

export interface PokerHand {
  /** Comparable: higher is the better hand, equal values tie. */
  value: number;
  category: PokerCategory;
  /** How a player says it: "full house, kings over sevens", "straight, five high", "royal flush". */
  name: string;
  /** The cards that make the category, most significant first (a pair: its two cards; a straight: all five, top first). */
  cards: Card[];
  /** The other cards, highest first: they break ties after `cards`. */
  kickers: Card[];
}

const RANK_NAMES = [
  '',
  '',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
  'ace',
];
const one = (r: number) => RANK_NAMES[r];
const many = (r: number) => (r === 6 ? 'sixes' : `${RANK_NAMES[r]}s`);

/** Reads a five-card poker hand: its value, category, name, and the cards that make it. */
export function pokerHand(hand: readonly Card[]): PokerHand {
  if (hand.length !== 5) throw new Error(`poker: a hand has five cards, not ${hand.length}`);
  const idx = hand.map(pokerIndex);
  if (new Set(idx).size !== 5) throw new Error(`poker: ${hand.join(' ')} repeats a card`);
  const value = pokerValue(idx[0], idx[1], idx[2], idx[3], idx[4]);
  const category = pokerCategory(value);
  const rank = (c: Card) => rankNumberAceHigh(c);
  const groupSize = (c: Card) => hand.filter((x) => rank(x) === rank(c)).length;
  // Most significant first: bigger groups, then higher ranks; the wheel's ace plays low.
  const wheel = (category === 'straight' || category === 'straight-flush') && (value & 15) === 5;
  const weight = (c: Card) => groupSize(c) * 16 + (wheel && rank(c) === ACE ? 1 : rank(c));
  const ordered = [...hand].sort((x, y) => weight(y) - weight(x));
  const made = madeCount(category);
  const cards = ordered.slice(0, made);
  const r = (k: number) => rank(ordered[k]);
  const names: Record<PokerCategory, () => string> = {
    'straight-flush': () => (r(0) === ACE && !wheel ? 'royal flush' : `straight flush, ${one(wheel ? 5 : r(0))} high`),
    'four-of-a-kind': () => `four of a kind, ${many(r(0))}`,
    'full-house': () => `full house, ${many(r(0))} over ${many(r(3))}`,
    flush: () => `flush, ${one(r(0))} high`,
    straight: () => `straight, ${one(wheel ? 5 : r(0))} high`,
    'three-of-a-kind': () => `three of a kind, ${many(r(0))}`,
    'two-pair': () => `two pair, ${many(r(0))} and ${many(r(2))}`,
    pair: () => `pair of ${many(r(0))}`,
    'high-card': () => `high card, ${one(r(0))}`,
  };
  return { value, category, name: names[category](), cards, kickers: ordered.slice(made) };
}

/** How many of the ordered cards make the category (straights, flushes and full houses take all five); the rest are kickers. */
function madeCount(category: PokerCategory): number {
  switch (category) {
    case 'high-card':
      return 1;
    case 'pair':
      return 2;
    case 'two-pair':
    case 'four-of-a-kind':
      return 4;
    case 'three-of-a-kind':
      return 3;
    default:
      return 5;
  }
}

/** Negative when `a` is the worse hand, positive when the better, 0 when they tie. */
export function comparePokerHands(a: readonly Card[], b: readonly Card[]): number {
  return Math.sign(pokerHand(a).value - pokerHand(b).value);
}

/** True for A-K-Q-J-10 of one suit, the top straight flush. */
export function isRoyalFlush(hand: PokerHand): boolean {
  return hand.category === 'straight-flush' && (hand.value & 15) === ACE;
}
