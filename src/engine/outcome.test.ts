import { describe, expect, it } from 'vitest';
import { finishedWith, leaving, playingSides, type Table } from './outcome';

const table = (over: Partial<Table> = {}): Table => ({
  game: {},
  seats: 2,
  options: {},
  scores: [0, 0],
  resigned: [],
  ...over,
});
const teams = {
  sides: () => [
    [0, 2],
    [1, 3],
  ],
};

describe('a seat leaving early', () => {
  it('with two seats, the other wins whatever the scores', () => {
    expect(leaving(table({ scores: [90, 10] }), 0, 'resigned')).toEqual({
      winners: [1],
      summary: 'Seat 0 resigned: seat 1 wins',
    });
  });

  it('with two teams, the other team wins', () => {
    expect(leaving(table({ game: teams, seats: 4, scores: [5, 3, 5, 3] }), 2, 'ran out of time').winners).toEqual([1, 3]);
  });

  it('with more sides, the best of the others by score wins, ties sharing', () => {
    const t = table({ seats: 4, scores: [10, 30, 30, 20] });
    expect(leaving(t, 0, 'ran out of time')).toEqual({
      winners: [1, 2],
      summary: 'Seat 0 ran out of time: seats 1 and 2 share the win',
    });
    expect(leaving({ ...t, game: { lowScoreWins: true } }, 0, 'ran out of time').winners).toEqual([3]);
  });

  it('a seat that resigned earlier is not among the winners', () => {
    expect(leaving(table({ seats: 3, scores: [0, 50, 10], resigned: [1] }), 0, 'ran out of time').winners).toEqual([2]);
  });

  it('the sides still playing exclude every side with a resigned seat', () => {
    expect(playingSides(table({ game: teams, seats: 4, resigned: [3] }))).toEqual([[0, 2]]);
  });
});

describe('a game finished by its rules after resignations', () => {
  const engine = { winners: [1], summary: 'Seat 1 wins 11 to 7' };

  it('without resignations, the engine’s result stands', () => {
    expect(finishedWith(table(), engine)).toBe(engine);
  });

  it('the engine’s winners stand when none resigned; the resigned seat is named last', () => {
    expect(finishedWith(table({ seats: 3, scores: [3, 11, 7], resigned: [2] }), engine)).toEqual({
      winners: [1],
      summary: 'seat 1 wins; seat 2 resigned and ranks last (Seat 1 wins 11 to 7)',
    });
  });

  it('a resigned winner ranks last: the best of the seats still playing wins instead', () => {
    expect(finishedWith(table({ seats: 3, scores: [3, 11, 7], resigned: [1] }), engine)?.winners).toEqual([2]);
    expect(
      finishedWith(table({ game: { lowScoreWins: true }, seats: 3, scores: [3, 1, 7], resigned: [1] }), engine)?.winners,
    ).toEqual([0]);
  });

  it('a resigned seat sharing the win leaves it to the others', () => {
    const shared = { winners: [0, 1], summary: 'Seats 0 and 1 share the win' };
    expect(finishedWith(table({ seats: 3, scores: [9, 9, 2], resigned: [1] }), shared)?.winners).toEqual([0]);
  });
});
