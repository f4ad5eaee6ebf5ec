import { type Card, isFace, RANKS, rankNumber, rankOf } from '../../cards';

/**
 * What is on the table in Diloti and what a card can do with it: the groups a card captures and the
 * declarations it can form. Everything here is pure, keeps no state between calls, and works on plain lists of card codes.
 */

/** A declaration: a bundle captured only as a unit, by a card of its value. */
export interface Declaration {
  /** Its sets, each worth `value`: one set is a regular declaration, several a group declaration. */
  sets: Card[][];
  value: number;
  /** The seat obliged to capture it: the one who formed it, or last raised it or took it into a group. */
  owner: number;
}

/** A number card's value: ace 1, two to ten their pips. Face cards have no value. */
export function pips(c: Card): number | null {
  return PIPS.get(c[0]) ?? null;
}

/** Looked up by rank letter: values are asked for at every step of every listing. */
const PIPS = new Map(RANKS.filter((r) => !isFace(`${r}S`)).map((r) => [r as string, rankNumber(r)]));

export const cardsOf = (d: Declaration): Card[] => d.sets.flat();

/** The side a seat plays for: its own in the two-seat game, partners 0+2 and 1+3 with four. */
export const sideOf = (seat: number): number => seat % 2;

/** The highest value of a card, so of a sum a card can capture or a declaration. */
export const MAX_VALUE = 10;

/**
 * When more than this many sets of loose cards could complete a group, they are not listed whole: the
 * group is built one card at a time instead, so that a crowded table never lists thousands of choices.
 */
export const LIST_LIMIT = 60;

/** What the loose cards of a table can add up to: worked out once per listing or move, and passed along. */
export interface LooseSets {
  /** The loose table cards, in table order. */
  table: readonly Card[];
  values: number[];
  /** reach[i]: bit t set when some cards from position i on add up to t (t up to 10). */
  reach: number[];
  /** ways[i * 11 + t]: how many sets of cards from position i on add up to t. */
  ways: number[];
  /** The sets of each total from the first position on, made on first demand. */
  byTotal: (Card[][] | undefined)[];
}

/** What the loose cards of `table` can add up to. */
export function looseSets(table: readonly Card[]): LooseSets {
  const n = table.length;
  const width = MAX_VALUE + 1;
  const values = table.map((c) => pips(c) ?? width);
  const reach: number[] = new Array(n + 1);
  const ways: number[] = new Array((n + 1) * width).fill(0);
  reach[n] = 1;
  ways[n * width] = 1;
  for (let i = n - 1; i >= 0; i--) {
    const v = values[i];
    reach[i] = v > MAX_VALUE ? reach[i + 1] : reach[i + 1] | ((reach[i + 1] << v) & ((1 << width) - 1));
    for (let t = 0; t <= MAX_VALUE; t++) {
      ways[i * width + t] = ways[(i + 1) * width + t] + (v <= t ? ways[(i + 1) * width + t - v] : 0);
    }
  }
  return { table, values, reach, ways, byTotal: [] };
}

/** True when some loose cards from position `from` on add up to `need`. */
export function canMake(loose: LooseSets, need: number, from = 0): boolean {
  return need >= 1 && need <= MAX_VALUE && ((loose.reach[from] >> need) & 1) === 1;
}

/** Sets of loose cards from position `from` on adding up to `need` (one card of that rank is one), in table order. */
export function looseSetsWorth(loose: LooseSets, need: number, from = 0): Card[][] {
  if (need < 1 || need > MAX_VALUE) return [];
  const { table, values, reach, byTotal } = loose;
  const known = from === 0 ? byTotal[need] : undefined;
  if (known) return known;
  const found: Card[][] = [];
  const pick: Card[] = [];
  // A card is tried only when the cards after it can make up the rest: every branch ends in a set found.
  const walk = (start: number, left: number) => {
    if (left === 0) {
      found.push([...pick]);
      return;
    }
    for (let i = start; i < table.length; i++) {
      const rest = left - values[i];
      if (rest < 0 || ((reach[i + 1] >> rest) & 1) === 0) continue;
      pick.push(table[i]);
      walk(i + 1, rest);
      pick.pop();
    }
  };
  walk(from, need);
  if (from === 0) byTotal[need] = found;
  return found;
}

/**
 * What may be added to a group that still needs `need`, from loose cards at position `from` on: every set
 * completing it when there are at most LIST_LIMIT of them, otherwise each single card that starts (or
 * completes) a set the rest of the table can finish.
 */
export function looseChoices(loose: LooseSets, need: number, from = 0): Card[][] {
  if (need < 1 || need > MAX_VALUE) return [];
  const { table, values, reach, ways } = loose;
  if (ways[from * (MAX_VALUE + 1) + need] <= LIST_LIMIT) return looseSetsWorth(loose, need, from);
  const singles: Card[][] = [];
  for (let i = from; i < table.length; i++) {
    const rest = need - values[i];
    if (rest >= 0 && ((reach[i + 1] >> rest) & 1) === 1) singles.push([table[i]]);
  }
  return singles;
}

/** Whether the choices for `need` from `from` on come one card at a time (too many whole sets to list). */
export function oneAtATime(loose: LooseSets, need: number, from = 0): boolean {
  return need >= 1 && need <= MAX_VALUE && loose.ways[from * (MAX_VALUE + 1) + need] > LIST_LIMIT;
}

/** What a face card captures: every loose table card of its rank, as one group (none when there is none). */
export function faceGroup(card: Card, table: readonly Card[]): Card[] {
  return table.filter((t) => rankOf(t) === rankOf(card));
}

/** Order-free identity of a group: a group named in any order is the same group. */
export const setKey = (cards: readonly Card[]): string => [...cards].sort().join(' ');
