import { describe, expect, it } from 'vitest';
import { matchpoints, placePoints, standings, type TableResult, tieBreaksFor } from './standings';

const won = (a: string, b: string, round: number): TableResult => ({ round, seats: [a, b], places: [0, 1], scores: [1, 0] });
const tied = (a: string, b: string, round: number): TableResult => ({ round, seats: [a, b], places: [0, 0], scores: [0, 0] });

describe('points by place', () => {
  it('two seats score a win 1, a tie 1/2 each, a loss 0', () => {
    expect(placePoints([0, 1])).toEqual([1, 0]);
    expect(placePoints([0, 0])).toEqual([1 / 2, 1 / 2]);
  });

  it('more seats score evenly from 1 to 0, and a shared place shares the points it covers', () => {
    expect(placePoints([0, 1, 2])).toEqual([1, 1 / 2, 0]);
    // Places 2 and 3 of four are worth 2/3 and 1/3: the two seats tied second get 1/2 each.
    expect(placePoints([0, 1, 1, 3])).toEqual([1, 1 / 2, 1 / 2, 0]);
  });
});

describe('duplicate matchpoints', () => {
  const round: TableResult[] = [
    { round: 1, seats: ['a', 'b'], places: [0, 1], scores: [10, 5] },
    { round: 1, seats: ['c', 'd'], places: [0, 1], scores: [8, 7] },
    { round: 1, seats: ['e', 'f'], places: [0, 1], scores: [10, 2] },
  ];

  it('each seat scores 1 per score it beats at the same seat of the other tables, 1/2 per tie, over the comparisons', () => {
    expect(matchpoints(round, round[0])).toEqual([3 / 4, 1 / 2]);
    expect(matchpoints(round, round[1])).toEqual([0, 1]);
    expect(matchpoints(round, round[2])).toEqual([3 / 4, 0]);
  });

  it('a lone table has nobody to compare with: 1/2 each', () => {
    expect(matchpoints([round[0]], round[0])).toEqual([1 / 2, 1 / 2]);
  });

  it('duplicate standings add the matchpoints, not the wins', () => {
    const table = standings(
      {
        players: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, rating: null })),
        scoring: 'duplicate',
        tables: round,
        byes: [],
      },
      tieBreaksFor(2),
    );
    expect(Object.fromEntries(table.map((s) => [s.player, s.points]))).toEqual({
      a: 3 / 4,
      b: 1 / 2,
      c: 0,
      d: 1,
      e: 3 / 4,
      f: 0,
    });
  });
});

describe('standings of a scripted five-player Swiss, worked out by hand', () => {
  // Round 1: A beats B, C and D tie, E has the bye. Round 2: E beats A, B beats C, D has the bye.
  const table = standings(
    {
      players: [
        { id: 'A', rating: 1500 },
        { id: 'B', rating: null },
        { id: 'C', rating: null },
        { id: 'D', rating: null },
        { id: 'E', rating: null },
      ],
      scoring: 'games',
      tables: [
        won('A', 'B', 1),
        tied('C', 'D', 1),
        won('E', 'A', 2),
        won('B', 'C', 2),
        { round: 3, seats: ['A', 'D'], places: null, scores: null },
      ],
      byes: [
        { round: 1, player: 'E' },
        { round: 2, player: 'D' },
      ],
    },
    tieBreaksFor(2),
  );
  const row = (p: string) => table.find((s) => s.player === p);

  it('a bye scores a win; an unfinished game scores nothing yet', () => {
    expect(table.map((s) => [s.player, s.points])).toEqual([
      ['E', 2],
      ['D', 1.5],
      ['A', 1],
      ['B', 1],
      ['C', 0.5],
    ]);
    expect(row('E')?.games).toBe(1);
    expect(row('A')?.games).toBe(2);
  });

  it('Buchholz cut-1 adds the opponents’ points less the lowest; a bye adds no opponent', () => {
    // A met B (1) and E (2); B met A (1) and C (1/2); C met D (3/2) and B (1); D met C alone; E met A alone.
    expect(table.map((s) => [s.player, s.tieBreaks['buchholz-cut1']])).toEqual([
      ['E', 0],
      ['D', 0],
      ['A', 2],
      ['B', 1],
      ['C', 1.5],
    ]);
  });

  it('Sonneborn-Berger adds each opponent’s points times the result against them', () => {
    expect(row('A')?.tieBreaks['sonneborn-berger']).toBe(1);
    expect(row('B')?.tieBreaks['sonneborn-berger']).toBe(0.5);
    expect(row('C')?.tieBreaks['sonneborn-berger']).toBe(0.75);
    expect(row('D')?.tieBreaks['sonneborn-berger']).toBe(0.25);
    expect(row('E')?.tieBreaks['sonneborn-berger']).toBe(1);
  });

  it('A and B share 1 point and A ranks third on Buchholz; ranks are not shared when a tie-break separates', () => {
    expect(table.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('players equal on points and every tie-break share a rank; rating decides before that', () => {
    const two = standings(
      {
        players: [
          { id: 'x', rating: null },
          { id: 'y', rating: null },
          { id: 'z', rating: 1200 },
        ],
        scoring: 'games',
        tables: [],
        byes: [],
      },
      tieBreaksFor(2),
    );
    expect(two.map((s) => [s.player, s.rank])).toEqual([
      ['z', 1],
      ['x', 2],
      ['y', 2],
    ]);
  });

  it('tables of more seats break ties without Sonneborn-Berger', () => {
    expect(tieBreaksFor(3)).toEqual(['buchholz-cut1', 'rating']);
    expect(tieBreaksFor(2)).toEqual(['buchholz-cut1', 'sonneborn-berger', 'rating']);
  });
});
