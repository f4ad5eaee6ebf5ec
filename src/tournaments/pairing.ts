/**
 * Pairing: who sits where in the next round, a pure function of the standings and the history
 * (lila's swiss module hands the same to its pairing engine). Pure: no clock, no store, no service.
 */

/** What was seated before. */
export interface History {
  /** Every table seated so far, its players seat by seat. */
  tables: readonly (readonly string[])[];
  /** Every bye given so far (a player once per bye). */
  byes: readonly string[];
}

/** One round's seating: each table's players seat by seat, and who sits out with a bye. */
export interface Seating {
  tables: string[][];
  byes: string[];
}

export interface TableShape {
  tableSeats: number;
  /** The fewest seats the kind plays with: tables one seat short are used where the count does not divide. */
  minSeats: number;
  /** The kind's partnerships (Kaiser: [[0, 2], [1, 3]]); partners sit across by standing. */
  sides?: readonly (readonly number[])[];
}

/** How often each pair of players has sat at one table. */
function meetings(history: History) {
  const met = new Map<string, number>();
  const key = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);
  for (const t of history.tables) {
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) met.set(key(t[i], t[j]), (met.get(key(t[i], t[j])) ?? 0) + 1);
  }
  return (a: string, b: string) => met.get(key(a, b)) ?? 0;
}

/** Byes for `count` players: the lowest-ranked with the fewest byes so far. */
function byesFor(ranked: readonly string[], history: History, count: number): string[] {
  const had = (p: string) => history.byes.filter((b) => b === p).length;
  return [...ranked]
    .reverse()
    .map((p, i) => ({ p, i }))
    .sort((a, b) => had(a.p) - had(b.p) || a.i - b.i)
    .slice(0, count)
    .map((x) => x.p);
}

/** How far back the rematch-free search may look before it settles for fewest rematches. */
const SEARCH_STEPS = 200_000;

/** Pairs from the top with nobody meeting twice (a backtracking search), or null when none exists. */
function pairsWithoutRematch(ranked: readonly string[], met: (a: string, b: string) => number): [string, string][] | null {
  let steps = 0;
  const go = (left: readonly string[]): [string, string][] | null => {
    if (left.length === 0) return [];
    const [first, ...rest] = left;
    for (let j = 0; j < rest.length; j++) {
      if (++steps > SEARCH_STEPS) return null;
      if (met(first, rest[j]) > 0) continue;
      const after = go([...rest.slice(0, j), ...rest.slice(j + 1)]);
      if (after) return [[first, rest[j]], ...after];
    }
    return null;
  };
  return go(ranked);
}

/** Pairs from the top, each player with the next it has met least often (when no rematch-free pairing exists). */
function pairsFewestRematches(ranked: readonly string[], met: (a: string, b: string) => number): [string, string][] {
  const left = [...ranked];
  const pairs: [string, string][] = [];
  while (left.length > 1) {
    const first = left.shift() as string;
    let best = 0;
    for (let j = 1; j < left.length; j++) if (met(first, left[j]) < met(first, left[best])) best = j;
    pairs.push([first, left.splice(best, 1)[0]]);
  }
  return pairs;
}

/** Who sat first how often, less how often second, and where each sat last: to alternate the seat order. */
function seatHistory(history: History) {
  const balance = new Map<string, number>();
  const last = new Map<string, number>();
  for (const t of history.tables) {
    if (t.length !== 2) continue;
    t.forEach((p, seat) => {
      balance.set(p, (balance.get(p) ?? 0) + (seat === 0 ? 1 : -1));
      last.set(p, seat);
    });
  }
  /** [first, second] for a pair given higher-ranked first. */
  return ([a, b]: [string, string]): string[] => {
    const ba = balance.get(a) ?? 0;
    const bb = balance.get(b) ?? 0;
    if (ba !== bb) return ba < bb ? [a, b] : [b, a];
    const la = last.get(a);
    const lb = last.get(b);
    if (la !== undefined && la !== lb) return la === 0 ? [b, a] : [a, b];
    if (lb !== undefined && la === undefined) return lb === 0 ? [a, b] : [b, a];
    return [a, b];
  };
}

/**
 * Swiss for two seats: score groups from the top (players in standing order, each paired with the
 * best-placed player it has not met), no rematch while another pairing exists, the seat order
 * alternated; with an odd number, a bye to the lowest-ranked player without one (once at most while
 * any player has had none) for whom the rest can still be paired without a rematch.
 */
export function swissPairs(ranked: readonly string[], history: History): Seating {
  const met = meetings(history);
  const order = seatHistory(history);
  const seat = (pairs: [string, string][], byes: string[]) => ({ tables: pairs.map(order), byes });
  if (ranked.length % 2 === 0) {
    return seat(pairsWithoutRematch(ranked, met) ?? pairsFewestRematches(ranked, met), []);
  }
  const candidates = byesFor(ranked, history, ranked.length);
  const fresh = candidates.filter((p) => !history.byes.includes(p));
  for (const bye of fresh.length > 0 ? fresh : candidates) {
    const pairs = pairsWithoutRematch(
      ranked.filter((p) => p !== bye),
      met,
    );
    if (pairs) return seat(pairs, [bye]);
  }
  const bye = candidates[0];
  return seat(
    pairsFewestRematches(
      ranked.filter((p) => p !== bye),
      met,
    ),
    [bye],
  );
}

/**
 * The table sizes for `count` players: tables of `tableSeats`, then tables of one seat fewer where
 * the count does not divide and the kind allows; whoever still does not fit sits out with a bye.
 */
export function tableSizes(count: number, shape: TableShape): { sizes: number[]; byes: number } {
  const k = shape.tableSeats;
  const tables = Math.ceil(count / k);
  const short = tables * k - count;
  if (short === 0) return { sizes: Array(tables).fill(k), byes: 0 };
  if (k - 1 >= shape.minSeats && short <= tables) {
    return { sizes: [...Array(tables - short).fill(k), ...Array(short).fill(k - 1)], byes: 0 };
  }
  return { sizes: Array(Math.floor(count / k)).fill(k), byes: count % k };
}

/** Players in order, cut into tables of the given sizes. */
function cut(players: readonly string[], sizes: readonly number[]): string[][] {
  const tables: string[][] = [];
  let at = 0;
  for (const size of sizes) {
    tables.push(players.slice(at, at + size));
    at += size;
  }
  return tables;
}

/** Repeat meetings at a table. */
function repeats(table: readonly string[], met: (a: string, b: string) => number): number {
  let n = 0;
  for (let i = 0; i < table.length; i++) for (let j = i + 1; j < table.length; j++) n += met(table[i], table[j]);
  return n;
}

/**
 * Swaps one player between two tables while that lowers the repeat meetings (`near`: only tables
 * next to each other, so a Swiss table stays among players of about its standing).
 */
function improve(tables: string[][], met: (a: string, b: string) => number, near: boolean) {
  let better = true;
  for (let pass = 0; better && pass < 100; pass++) {
    better = false;
    for (let i = 0; i < tables.length; i++) {
      for (let j = i + 1; j < (near ? Math.min(i + 2, tables.length) : tables.length); j++) {
        for (let a = 0; a < tables[i].length; a++) {
          for (let b = 0; b < tables[j].length; b++) {
            const before = repeats(tables[i], met) + repeats(tables[j], met);
            const ti = tables[i].with(a, tables[j][b]);
            const tj = tables[j].with(b, tables[i][a]);
            if (repeats(ti, met) + repeats(tj, met) < before) {
              tables[i] = ti;
              tables[j] = tj;
              better = true;
            }
          }
        }
      }
    }
  }
}

/** A table's seat order: by standing; two partnerships of two sit 1 and 4 against 2 and 3, partners across. */
function seatOrder(table: string[], rank: (p: string) => number, sides?: TableShape['sides']): string[] {
  const byStanding = [...table].sort((a, b) => rank(a) - rank(b));
  if (!sides || table.length !== 4 || sides.length !== 2 || sides.some((s) => s.length !== 2)) return byStanding;
  const [p1, p2, p3, p4] = byStanding;
  const seats: string[] = Array(4);
  [seats[sides[0][0]], seats[sides[0][1]]] = [p1, p4];
  [seats[sides[1][0]], seats[sides[1][1]]] = [p2, p3];
  return seats;
}

/**
 * Swiss for more seats: tables filled by standing from the top, then swaps between neighbouring
 * tables that lower repeat opponents; byes, when the count cannot be seated, to the lowest-ranked
 * players without one.
 */
export function swissTables(ranked: readonly string[], history: History, shape: TableShape): Seating {
  if (shape.tableSeats === 2) return swissPairs(ranked, history);
  const met = meetings(history);
  const { sizes, byes: out } = tableSizes(ranked.length, shape);
  const byes = byesFor(ranked, history, out);
  const left = ranked.filter((p) => !byes.includes(p));
  const tables = cut(left, sizes);
  improve(tables, met, true);
  const rank = (p: string) => ranked.indexOf(p);
  return { tables: tables.map((t) => seatOrder(t, rank, shape.sides)), byes };
}

/** Rounds a round robin takes: every pair once (two seats), or enough tables for each to meet the rest. */
export function roundRobinRounds(players: number, tableSeats: number): number {
  if (tableSeats === 2) return players % 2 === 0 ? players - 1 : players;
  return Math.ceil((players - 1) / (tableSeats - 1));
}

/**
 * Round robin, round `round` (from 1) of a fixed list of players. Two seats: the circle method,
 * every pair once, the seat order alternating, a bye each round when the count is odd. More seats: a
 * balanced schedule: each round's tables chosen (swaps between any tables) to seat together the
 * players who have met least so far, byes to those with the fewest.
 */
export function roundRobin(players: readonly string[], round: number, history: History, shape: TableShape): Seating {
  if (shape.tableSeats === 2) {
    const ring: (string | null)[] = players.length % 2 === 0 ? [...players] : [...players, null];
    const n = ring.length;
    const rest = ring.slice(1);
    const turned = [
      ring[0],
      ...rest.slice(rest.length - ((round - 1) % rest.length)),
      ...rest.slice(0, rest.length - ((round - 1) % rest.length)),
    ];
    const tables: string[][] = [];
    const byes: string[] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = turned[i];
      const b = turned[n - 1 - i];
      if (a === null || b === null) byes.push((a ?? b) as string);
      // The fixed player alternates seats by round; the others by their place on the circle.
      else tables.push((i === 0 ? round % 2 === 1 : i % 2 === 1) ? [a, b] : [b, a]);
    }
    return { tables, byes };
  }
  const met = meetings(history);
  const { sizes, byes: out } = tableSizes(players.length, shape);
  const turned = [...players.slice((round - 1) % players.length), ...players.slice(0, (round - 1) % players.length)];
  const byes = byesFor(turned, history, out);
  const left = turned.filter((p) => !byes.includes(p));
  const tables = cut(left, sizes);
  improve(tables, met, false);
  const rank = (p: string) => players.indexOf(p);
  return { tables: tables.map((t) => seatOrder(t, rank, shape.sides)), byes };
}
