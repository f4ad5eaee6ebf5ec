import { describe, expect, it } from 'vitest';
import { allLeast, allMost, strictlyMost, teamOf } from './scoring';

describe('shared scoring comparisons', () => {
  it('the side with strictly the most gets the point', () => expect(strictlyMost([3, 7, 5])).toBe(1));
  it('a tie for the most scores nobody', () => expect(strictlyMost([7, 7, 5])).toBeUndefined());
  it('a lower tie does not stop the leader', () => expect(strictlyMost([2, 2, 9])).toBe(2));
  it('shared wins list every leader', () => expect(allMost([4, 9, 9])).toEqual([1, 2]));
  it('lowest totals list every seat at the minimum', () => expect(allLeast([4, 3, 3, 8])).toEqual([1, 2]));
  it('partners sit alternately', () => expect([0, 1, 2, 3, 4, 5].map((s) => teamOf(s, 2))).toEqual([0, 1, 0, 1, 0, 1]));
});
