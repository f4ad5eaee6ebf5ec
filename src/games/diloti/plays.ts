import { type Card, isFace, RANKS, rankNumber, rankOf } from '../../cards';

/**
 * What is on the table in Diloti and what a card can do with it: the groups a card captures and the
 * declarations it can form. Everything here is pure and works on plain lists of card codes.
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

interface LooseSets {
  values: number[];
  /** reach[i]: bit t set when some cards from position i on add up to t (t up to 10). */
  reach: number[];
  /** The sets of each total, made on first demand. */
  byTotal: (Card[][] | undefined)[];
}

/** The last table looked at: a turn's listing and the move checked against it ask about the same table. */
let lastTable: readonly Card[] | null = null;
let lastSets: LooseSets | null = null;

/**
 * What the loose cards of `table` can add up to. Remembered for the last table array only (arrays in a
 * state are never mutated), which is all the listing of a turn and the checking of its move need.
 */
function loose(table: readonly Card[]): LooseSets {
  if (table === lastTable && lastSets) return lastSets;
  const values = table.map((c) => pips(c) ?? MAX_VALUE + 1);
  const reach: number[] = new Array(table.length + 1);
  const totals = (1 << (MAX_VALUE + 1)) - 1;
  reach[table.length] = 1;
  for (let i = table.length - 1; i >= 0; i--) {
    reach[i] = values[i] > MAX_VALUE ? reach[i + 1] : reach[i + 1] | ((reach[i + 1] << values[i]) & totals);
  }
  lastTable = table;
  lastSets = { values, reach, byTotal: [] };
  return lastSets;
}

/** Sets of loose table cards adding up to `value` (a single card of that rank is one), each in table order. */
export function looseSetsWorth(table: readonly Card[], value: number): Card[][] {
  if (value < 1 || value > MAX_VALUE) return [];
  const { values, reach, byTotal } = loose(table);
  const known = byTotal[value];
  if (known) return known;
  const found: Card[][] = [];
  const pick: Card[] = [];
  // A card is tried only when the cards after it can make up the rest: every branch ends in a set found.
  const walk = (from: number, left: number) => {
    if (left === 0) {
      found.push([...pick]);
      return;
    }
    for (let i = from; i < table.length; i++) {
      const rest = left - values[i];
      if (rest < 0 || ((reach[i + 1] >> rest) & 1) === 0) continue;
      pick.push(table[i]);
      walk(i + 1, rest);
      pick.pop();
    }
  };
  walk(0, value);
  byTotal[value] = found;
  return found;
}

/** Every group a card of `value` can capture now: loose sets worth `value` and declarations of that value. */
export function groupsWorth(table: readonly Card[], declarations: readonly Declaration[], value: number): Card[][] {
  return [...looseSetsWorth(table, value), ...declarations.filter((d) => d.value === value).map(cardsOf)];
}

/** The sets that can join a group declaration of `value`: loose sets and regular declarations of that value. */
export function setsToGroup(table: readonly Card[], declarations: readonly Declaration[], value: number): Card[][] {
  const regular = declarations.filter((d) => d.value === value && d.sets.length === 1).map(cardsOf);
  return [...looseSetsWorth(table, value), ...regular];
}

/** What a face card captures: every loose table card of its rank, as one group (none when there is none). */
export function faceGroup(card: Card, table: readonly Card[]): Card[] {
  return table.filter((t) => rankOf(t) === rankOf(card));
}

export const sameList = (a: readonly Card[], b: readonly Card[]): boolean =>
  a.length === b.length && a.every((c, i) => c === b[i]);

/** Order-free identity of a group, to tell a group posted in another order from one not offered at all. */
export const setKey = (cards: readonly Card[]): string => [...cards].sort().join(' ');
