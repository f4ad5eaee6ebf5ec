/**
 * Standings: points and tie-breaks computed from the tables' results alone (lila's SwissScoring),
 * so the tournament stores nothing it can derive. Pure: no clock, no store, no service.
 */

export type Scoring = 'games' | 'duplicate';

/** One table of a round, as far as it has been played. */
export interface TableResult {
  round: number;
  /** The players, seat by seat. */
  seats: string[];
  /** Each seat's place when the game has ended (0 first; equal places tie); null while it runs. */
  places: number[] | null;
  /** Each seat's score when the game has ended, higher better (duplicate compares these); null while it runs. */
  scores: number[] | null;
}

export interface Bye {
  round: number;
  player: string;
}

export interface StandingsInput {
  /** Every entrant, withdrawn ones included; rating is the last tie-break (null: unrated, ranks below any rating). */
  players: { id: string; rating: number | null }[];
  scoring: Scoring;
  tables: TableResult[];
  byes: Bye[];
}

export type TieBreak = 'buchholz-cut1' | 'sonneborn-berger' | 'rating';

export interface Standing {
  rank: number;
  player: string;
  points: number;
  tieBreaks: Partial<Record<TieBreak, number | null>>;
  /** Games the player finished (a bye is not a game). */
  games: number;
}

/** A bye scores a win. */
export const BYE_POINTS = 1;

/** The tie-breaks in the order they apply: Sonneborn-Berger only where every table has two seats. */
export function tieBreaksFor(tableSeats: number): TieBreak[] {
  return tableSeats === 2 ? ['buchholz-cut1', 'sonneborn-berger', 'rating'] : ['buchholz-cut1', 'rating'];
}

/**
 * Each seat's points for a game scored by place: evenly spaced from 1 (first) to 0 (last), seats
 * that share a place sharing the positions they cover. Two seats: win 1, tie 1/2, loss 0.
 */
export function placePoints(places: readonly number[]): number[] {
  const n = places.length;
  if (n === 1) return [1];
  const step = (i: number) => 1 - i / (n - 1);
  return places.map((p) => {
    const ahead = places.filter((q) => q < p).length;
    const level = places.filter((q) => q === p).length;
    let sum = 0;
    for (let i = ahead; i < ahead + level; i++) sum += step(i);
    return sum / level;
  });
}

/**
 * Each seat's matchpoints in a duplicate round: against the same seat at every other finished table
 * of the round, 1 per score beaten and 1/2 per tie, divided by the number of comparisons (1/2 when
 * there is nobody to compare with).
 */
export function matchpoints(round: readonly TableResult[], table: TableResult): number[] {
  const others = round.filter((t) => t !== table && t.scores !== null && t.seats.length === table.seats.length);
  const mine = table.scores as number[];
  return mine.map((score, seat) => {
    if (others.length === 0) return 1 / 2;
    let won = 0;
    for (const o of others) {
      const theirs = (o.scores as number[])[seat];
      won += score > theirs ? 1 : score === theirs ? 1 / 2 : 0;
    }
    return won / others.length;
  });
}

/** Every finished game's points per seat, by the tournament's scoring. */
function gamePoints(input: StandingsInput): { table: TableResult; points: number[] }[] {
  const finished = input.tables.filter((t) => t.places !== null && t.scores !== null);
  return finished.map((table) => ({
    table,
    points:
      input.scoring === 'duplicate'
        ? matchpoints(
            finished.filter((t) => t.round === table.round),
            table,
          )
        : placePoints(table.places as number[]),
  }));
}

/** The standings, best first: points, then the tie-breaks in order; equal on all of them, a rank is shared. */
export function standings(input: StandingsInput, tieBreaks: readonly TieBreak[]): Standing[] {
  const games = gamePoints(input);
  const points = new Map(input.players.map((p) => [p.id, 0]));
  const played = new Map(input.players.map((p) => [p.id, 0]));
  const add = (id: string, v: number) => points.set(id, (points.get(id) ?? 0) + v);
  for (const b of input.byes) add(b.player, BYE_POINTS);
  for (const { table, points: got } of games) {
    table.seats.forEach((id, seat) => {
      add(id, got[seat]);
      played.set(id, (played.get(id) ?? 0) + 1);
    });
  }
  const total = (id: string) => points.get(id) ?? 0;

  // Buchholz cut-1: the opponents' points, less the lowest. A bye adds no opponent.
  const buchholz = (id: string) => {
    const opp: number[] = [];
    for (const { table } of games) {
      if (!table.seats.includes(id)) continue;
      for (const other of table.seats) if (other !== id) opp.push(total(other));
    }
    if (opp.length === 0) return 0;
    return opp.reduce((a, b) => a + b, 0) - Math.min(...opp);
  };
  // Sonneborn-Berger (two seats): each opponent's points times the result against them.
  const sonnebornBerger = (id: string) => {
    let sum = 0;
    for (const { table, points: got } of games) {
      const seat = table.seats.indexOf(id);
      if (seat < 0) continue;
      table.seats.forEach((other, s) => {
        if (s !== seat) sum += got[seat] * total(other);
      });
    }
    return sum;
  };
  const rating = new Map(input.players.map((p) => [p.id, p.rating]));
  const value: Record<TieBreak, (id: string) => number | null> = {
    'buchholz-cut1': buchholz,
    'sonneborn-berger': sonnebornBerger,
    rating: (id) => rating.get(id) ?? null,
  };

  const rows = input.players.map((p) => ({
    player: p.id,
    points: total(p.id),
    tieBreaks: Object.fromEntries(tieBreaks.map((t) => [t, value[t](p.id)])) as Standing['tieBreaks'],
    games: played.get(p.id) ?? 0,
  }));
  // Sums of thirds and sixths differ in their last bits by the order they were added: compare them rounded.
  const level = (x: number) => Math.round(x * 1e9) / 1e9;
  const keys = (r: (typeof rows)[number]) => [
    level(r.points),
    ...tieBreaks.map((t) => level(r.tieBreaks[t] ?? Number.NEGATIVE_INFINITY)),
  ];
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    const ka = keys(a);
    const kb = keys(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  };
  // Ties on every key keep the order players entered, so the table reads the same each time.
  const sorted = [...rows].sort(compare);
  return sorted.map((r) => ({ rank: 1 + sorted.filter((o) => compare(o, r) < 0).length, ...r }));
}
