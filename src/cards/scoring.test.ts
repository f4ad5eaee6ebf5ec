import { describe, expect, it } from 'vitest';
import { allLeast, allMost, seatList, strictlyMost, teamOf, winnersPhrase } from './scoring';

describe('shared scoring comparisons', () => {
  it('the side with strictly the most gets the point', () => expect(strictlyMost([3, 7, 5])).toBe(1));
  it('a tie for the most scores nobody', () => expect(strictlyMost([7, 7, 5])).toBeUndefined());
  it('a lower tie does not stop the leader', () => expect(strictlyMost([2, 2, 9])).toBe(2));
  it('shared wins list every leader', () => expect(allMost([4, 9, 9])).toEqual([1, 2]));
  it('lowest totals list every seat at the minimum', () => expect(allLeast([4, 3, 3, 8])).toEqual([1, 2]));
  it('partners sit alternately', () => expect([0, 1, 2, 3, 4, 5].map((s) => teamOf(s, 2))).toEqual([0, 1, 0, 1, 0, 1]));
});

describe('naming the winners', () => {
  it('names one seat, or lists several with "and"', () => {
    expect(seatList([2])).toBe('seat 2');
    expect(seatList([0, 1, 3])).toBe('seats 0, 1 and 3');
    expect(winnersPhrase([4])).toBe('seat 4 wins');
    expect(winnersPhrase([0, 2])).toBe('seats 0 and 2 share the win');
  });
});
