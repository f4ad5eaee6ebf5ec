import { describe, expect, it } from 'vitest';
import { type History, roundRobin, roundRobinRounds, swissPairs, swissTables, tableSizes } from './pairing';
import { standings, type TableResult, tieBreaksFor } from './standings';

const pairKey = (t: readonly string[]) => [...t].sort().join('-');

describe('Swiss, two seats: five players over three rounds', () => {
  // The first seat of each table wins: the scripted results.
  const players = ['A', 'B', 'C', 'D', 'E'];
  const rounds: { tables: string[][]; byes: string[] }[] = [];
  const results: TableResult[] = [];
  const history = (): History => ({ tables: rounds.flatMap((r) => r.tables), byes: rounds.flatMap((r) => r.byes) });
  for (let round = 1; round <= 3; round++) {
    const ranked = standings(
      {
        players: players.map((id) => ({ id, rating: null })),
        scoring: 'games',
        tables: results,
        byes: rounds.flatMap((r, i) => r.byes.map((player) => ({ round: i + 1, player }))),
      },
      tieBreaksFor(2),
    ).map((s) => s.player);
    const seating = swissPairs(ranked, history());
    rounds.push(seating);
    for (const t of seating.tables) results.push({ round, seats: t, places: [0, 1], scores: [1, 0] });
  }

  it('pairs as worked out by hand: the bye to the lowest-ranked without one, the top pairings that avoid a rematch', () => {
    expect(rounds).toEqual([
      {
        tables: [
          ['A', 'B'],
          ['C', 'D'],
        ],
        byes: ['E'],
      },
      // A, C and E have 1 point (E last of them: a bye adds no opponent to its Buchholz); B and D none, D last.
      // A and C both sat first once: the higher-ranked sits first.
      {
        tables: [
          ['A', 'C'],
          ['B', 'E'],
        ],
        byes: ['D'],
      },
      // A 2; B, C, D, E 1 each: B and C level on Buchholz 2 and Sonneborn-Berger 1 (entry order between
      // them), then D and E on 0. C is the lowest-ranked without a bye. A-B met, A-D would leave B-E who
      // met: A takes E and B takes D; in each pair the player who sat first less often (E, D) sits first.
      {
        tables: [
          ['E', 'A'],
          ['D', 'B'],
        ],
        byes: ['C'],
      },
    ]);
  });

  it('gives a bye every round, never twice to one player', () => {
    const byes = rounds.flatMap((r) => r.byes);
    expect(rounds.map((r) => r.byes.length)).toEqual([1, 1, 1]);
    expect(new Set(byes).size).toBe(3);
  });

  it('never pairs two players twice', () => {
    const pairs = rounds.flatMap((r) => r.tables.map(pairKey));
    expect(pairs).toHaveLength(6);
    expect(new Set(pairs).size).toBe(6);
  });

  it('seats everyone once a round', () => {
    for (const r of rounds) expect([...r.tables.flat(), ...r.byes].sort()).toEqual(players);
  });
});

describe('Swiss, two seats: the search', () => {
  it('backtracks from the top pairing when it would force a rematch lower down', () => {
    // A-B would leave C-D, who met: A takes C instead, and B takes D.
    const seating = swissPairs(['A', 'B', 'C', 'D'], { tables: [['C', 'D']], byes: [] });
    expect(seating.tables.map(pairKey)).toEqual(['A-C', 'B-D']);
  });

  it('alternates the seat order: who sat first last time sits second', () => {
    const seating = swissPairs(['A', 'B', 'C', 'D'], {
      tables: [
        ['A', 'C'],
        ['D', 'B'],
      ],
      byes: [],
    });
    // A sat first and meets B, who sat second: B now sits first. C sat second, D first: C sits first.
    expect(seating.tables).toEqual([
      ['B', 'A'],
      ['C', 'D'],
    ]);
  });

  it('allows a rematch only when no pairing avoids one', () => {
    const seating = swissPairs(['A', 'B'], { tables: [['A', 'B']], byes: [] });
    expect(seating.tables.map(pairKey)).toEqual(['A-B']);
  });
});

describe('Swiss, more seats', () => {
  const nine = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'];
  const shape = { tableSeats: 3, minSeats: 3 };

  it('nine players at three seats sit at three tables of three, by standing from the top', () => {
    expect(swissTables(nine, { tables: [], byes: [] }, shape)).toEqual({
      tables: [
        ['p1', 'p2', 'p3'],
        ['p4', 'p5', 'p6'],
        ['p7', 'p8', 'p9'],
      ],
      byes: [],
    });
  });

  it('swaps between neighbouring tables lower the repeat opponents of the next round', () => {
    const history = {
      tables: [
        ['p1', 'p2', 'p3'],
        ['p4', 'p5', 'p6'],
        ['p7', 'p8', 'p9'],
      ],
      byes: [],
    };
    const next = swissTables(nine, history, shape);
    const repeats = next.tables.reduce(
      (n, t) => n + history.tables.filter((h) => t.filter((p) => h.includes(p)).length >= 2).length,
      0,
    );
    expect(next.tables.map((t) => t.length)).toEqual([3, 3, 3]);
    expect([...next.tables.flat()].sort()).toEqual(nine);
    // Without the swaps every table would be a rematch of all three; with them no pair of the first round repeats at the top.
    expect(repeats).toBeLessThan(3);
  });

  it('tables one seat short fill the count where the kind allows, else the lowest-ranked sit out', () => {
    expect(tableSizes(10, { tableSeats: 4, minSeats: 3 })).toEqual({ sizes: [4, 3, 3], byes: 0 });
    expect(tableSizes(10, { tableSeats: 4, minSeats: 4 })).toEqual({ sizes: [4, 4], byes: 2 });
    expect(swissTables(['a', 'b', 'c', 'd', 'e'], { tables: [], byes: ['e'] }, { tableSeats: 4, minSeats: 4 })).toEqual({
      tables: [['a', 'b', 'c', 'e']],
      byes: ['d'],
    });
  });

  it('Kaiser partners sit across by standing: 1 and 4 against 2 and 3', () => {
    const seating = swissTables(
      ['k1', 'k2', 'k3', 'k4'],
      { tables: [], byes: [] },
      {
        tableSeats: 4,
        minSeats: 4,
        sides: [
          [0, 2],
          [1, 3],
        ],
      },
    );
    expect(seating.tables).toEqual([['k1', 'k2', 'k4', 'k3']]);
  });
});

describe('round robin', () => {
  it('two seats: every pair once, a bye each round for an odd count, seats alternating', () => {
    const players = ['a', 'b', 'c', 'd', 'e'];
    const rounds = Array.from({ length: roundRobinRounds(5, 2) }, (_, i) =>
      roundRobin(players, i + 1, { tables: [], byes: [] }, { tableSeats: 2, minSeats: 2 }),
    );
    expect(rounds).toHaveLength(5);
    const pairs = rounds.flatMap((r) => r.tables.map(pairKey));
    expect(new Set(pairs).size).toBe(10);
    expect(pairs).toHaveLength(10);
    expect(rounds.flatMap((r) => r.byes).sort()).toEqual(players);
    for (const p of players) {
      const first = rounds.flatMap((r) => r.tables).filter((t) => t[0] === p).length;
      expect(first).toBeGreaterThanOrEqual(1);
      expect(first).toBeLessThanOrEqual(3);
    }
  });

  it('more seats: a balanced schedule of tables, nine players at three meeting each other in four rounds', () => {
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'];
    const shape = { tableSeats: 3, minSeats: 3 };
    const tables: string[][] = [];
    for (let r = 1; r <= roundRobinRounds(9, 3); r++) tables.push(...roundRobin(players, r, { tables, byes: [] }, shape).tables);
    expect(tables).toHaveLength(12);
    const met = new Set(tables.flatMap((t) => t.flatMap((a) => t.filter((b) => b !== a).map((b) => pairKey([a, b])))));
    // 36 pairs among nine players: a balanced schedule seats nearly all of them together.
    expect(met.size).toBeGreaterThanOrEqual(30);
  });
});
