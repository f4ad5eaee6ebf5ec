import { type Card, isFace, RANKS, rankNumber, rankOf, subsetsSumming } from '../../cards';
import { type Declaration, MAX_VALUE } from './state';

/**
 * What is on the table in Diloti and what a card can do with it: the groups a card captures and the
 * declarations it can form. Everything here is pure, keeps no state between calls, and works on plain lists of card codes.
 */

/** Looked up by rank letter: values are asked for at every step of every listing. */
const PIPS = new Map(RANKS.filter((r) => !isFace(`${r}S`)).map((r) => [r as string, rankNumber(r)]));

/** A number card's value: ace 1, two to ten their pips. Face cards have no value. */
export const pips = (c: Card): number | null => PIPS.get(c[0]) ?? null;

export const cardsOf = (d: Declaration): Card[] => d.sets.flat();

/** The side a seat plays for: its own in the two-seat game, partners 0+2 and 1+3 with four. */
export const sideOf = (seat: number): number => seat % 2;

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
  /** ways[i * 11 + t]: how many sets of cards from position i on add up to t. */
  ways: number[];
}

const WIDTH = MAX_VALUE + 1;

/** What the loose cards of `table` can add up to. */
export function looseSets(table: readonly Card[]): LooseSets {
  const n = table.length;
  const values = table.map((c) => pips(c) ?? WIDTH);
  const ways: number[] = new Array((n + 1) * WIDTH).fill(0);
  ways[n * WIDTH] = 1;
  for (let i = n - 1; i >= 0; i--) {
    const v = values[i];
    for (let t = 0; t <= MAX_VALUE; t++) {
      ways[i * WIDTH + t] = ways[(i + 1) * WIDTH + t] + (v <= t ? ways[(i + 1) * WIDTH + t - v] : 0);
    }
  }
  return { table, values, ways };
}

/** How many sets of loose cards from position `from` on add up to `need` (none outside 0 to 10). */
const waysTo = (loose: LooseSets, need: number, from: number): number =>
  need < 0 || need > MAX_VALUE ? 0 : loose.ways[from * WIDTH + need];

/** True when some loose cards from position `from` on add up to `need`. */
export const canMake = (loose: LooseSets, need: number, from = 0): boolean => need >= 1 && waysTo(loose, need, from) > 0;

/** Whether the choices for `need` from `from` on come one card at a time (too many whole sets to list). */
export const oneAtATime = (loose: LooseSets, need: number, from = 0): boolean =>
  need >= 1 && waysTo(loose, need, from) > LIST_LIMIT;

/**
 * What may be added to a group that still needs `need`, from loose cards at position `from` on: every set
 * completing it when there are at most LIST_LIMIT of them, otherwise each single card that starts (or
 * completes) a set the rest of the table can finish.
 */
export function looseChoices(loose: LooseSets, need: number, from = 0): Card[][] {
  const { table, values } = loose;
  // Sets in table order, each with its cards in table order (face cards are worth more than any need: never in one).
  if (!oneAtATime(loose, need, from)) return subsetsSumming(table.slice(from), need, (c) => pips(c) ?? WIDTH);
  return table.flatMap((c, i) => (i >= from && waysTo(loose, need - values[i], i + 1) > 0 ? [[c]] : []));
}

/** What a face card captures: every loose table card of its rank, as one group (none when there is none). */
export function faceGroup(card: Card, table: readonly Card[]): Card[] {
  return table.filter((t) => rankOf(t) === rankOf(card));
}

/** Order-free identity of a group: a group named in any order is the same group. */
export const setKey = (cards: readonly Card[]): string => [...cards].sort().join(' ');
