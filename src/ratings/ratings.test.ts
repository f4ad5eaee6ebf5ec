import { rate } from 'openskill';
import { describe, expect, it } from 'vitest';
import { shortOptions } from '../../tests/support/short-games';
import { playOut, resolveOptions } from '../engine';
import { games } from '../games';
import { INITIAL, isProvisional, rateGame, replay, shownRating, standing } from '.';

const plain = { sides: undefined, lowScoreWins: false };

describe('from a result to ranks', () => {
  it('the winners come first, then the others by score, equal scores sharing a rank', () => {
    const s = standing({ game: plain, seats: 4, options: {}, scores: [3, 9, 5, 5], winners: [1], left: [] });
    expect(s.teams).toEqual([[0], [1], [2], [3]]);
    expect(s.ranks).toEqual([3, 0, 1, 1]);
  });

  it('where the game counts penalties, the lower score ranks higher', () => {
    const low = { lowScoreWins: true };
    const s = standing({ game: low, seats: 3, options: {}, scores: [12, 4, 30], winners: [1], left: [] });
    expect(s.ranks).toEqual([1, 0, 2]);
  });

  it('winners tied share the first rank', () => {
    const s = standing({ game: plain, seats: 3, options: {}, scores: [7, 7, 2], winners: [0, 1], left: [] });
    expect(s.ranks).toEqual([0, 0, 2]);
  });

  it('a seat that resigned or lost on time ranks last, whatever its score', () => {
    const s = standing({ game: plain, seats: 3, options: {}, scores: [20, 5, 1], winners: [1], left: [0] });
    expect(s.ranks).toEqual([2, 0, 1]);
  });

  it("Kaiser's partnerships are rated as teams of two", () => {
    const kaiser = games.get('kaiser');
    if (!kaiser) throw new Error('no kaiser');
    const s = standing({ game: kaiser, seats: 4, options: {}, scores: [31, 12, 31, 12], winners: [0, 2], left: [] });
    expect(s.teams).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(s.ranks).toEqual([0, 1]);
  });

  // Each kind's own finished game: its winners' teams rank first and every team's rank follows the game's scores.
  it.each([...games.keys()])('%s: a finished game ranks its winners first and the rest by the score', (kind) => {
    const game = games.get(kind);
    if (!game) throw new Error(kind);
    const seats = game.seats.min;
    const options = resolveOptions(game, shortOptions(kind), seats);
    const { state } = playOut(game, { seats, seed: `ratings-${kind}`, options, maxMoves: 20_000 });
    const status = game.status(state);
    expect(status.finished).toBe(true);
    const winners = status.result?.winners ?? [];
    const s = standing({ game, seats, options, scores: status.scores, winners, left: [] });
    expect(s.teams.flat().sort()).toEqual(Array.from({ length: seats }, (_, i) => i));
    s.teams.forEach((team, t) => {
      if (team.some((seat) => winners.includes(seat))) expect(s.ranks[t]).toBe(0);
      else expect(s.ranks[t]).toBeGreaterThan(winners.length > 0 ? 0 : -1);
    });
    const best = (team: number[]) => {
      const scores = team.map((seat) => status.scores[seat]);
      return game.lowScoreWins ? -Math.min(...scores) : Math.max(...scores);
    };
    const losers = s.teams
      .map((team, t) => ({ team, rank: s.ranks[t] }))
      .filter((x) => !x.team.some((seat) => winners.includes(seat)));
    for (const a of losers) for (const b of losers) if (best(a.team) > best(b.team)) expect(a.rank).toBeLessThan(b.rank);
  });
});

describe('rating a game', () => {
  it('moves each seat as openskill does with Plackett-Luce, its defaults and limitSigma', () => {
    const seats = [
      { seat: 0, id: 'a' },
      { seat: 1, id: 'b' },
      { seat: 2, id: 'c' },
    ];
    const current = new Map([['b', { mu: 28, sigma: 5 }]]);
    const changes = rateGame(seats, [[0], [1], [2]], [1, 0, 1], (id) => current.get(id));
    const expected = rate([[INITIAL], [{ mu: 28, sigma: 5 }], [INITIAL]], { rank: [1, 0, 1], limitSigma: true });
    expect(changes.map((c) => c.after)).toEqual(expected.map((t) => t[0]));
    expect(changes[1].before).toEqual({ mu: 28, sigma: 5 });
  });

  it('a bot holding two seats of one game is rated against but does not move', () => {
    const seats = [
      { seat: 0, id: 'p1' },
      { seat: 1, id: 'bot:random' },
      { seat: 2, id: 'bot:random' },
    ];
    const changes = rateGame(seats, [[0], [1], [2]], [0, 1, 2], () => undefined);
    expect(changes.map((c) => c.id)).toEqual(['p1']);
    expect(changes[0].after).toEqual(rate([[INITIAL], [INITIAL], [INITIAL]], { rank: [0, 1, 2], limitSigma: true })[0][0]);
  });

  it('the fold carries each rating to the next game of the same kind only', () => {
    const seats = [
      { seat: 0, id: 'a' },
      { seat: 1, id: 'b' },
    ];
    const teams = [[0], [1]];
    const out = replay([
      { gameId: 'g1', kind: 'scopa', seats, teams, ranks: [0, 1] },
      { gameId: 'g2', kind: 'xeri', seats, teams, ranks: [0, 1] },
      { gameId: 'g3', kind: 'scopa', seats, teams, ranks: [0, 1] },
    ]);
    expect(out[1].changes[0].before).toEqual(INITIAL);
    expect(out[2].changes[0].before).toEqual(out[0].changes[0].after);
  });

  it('a newcomer shows 1000 and is provisional; a win never lowers the shown rating', () => {
    expect(shownRating(INITIAL)).toBe(1000);
    expect(isProvisional(INITIAL)).toBe(true);
    const [won] = rateGame(
      [
        { seat: 0, id: 'a' },
        { seat: 1, id: 'b' },
      ],
      [[0], [1]],
      [0, 1],
      () => undefined,
    );
    expect(shownRating(won.after)).toBeGreaterThan(1000);
  });
});
