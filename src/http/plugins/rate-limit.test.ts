import { describe, expect, it } from 'vitest';
import { budgets } from './rate-limit';

describe('rate budgets', () => {
  it('a key spends its budget within a minute; past it, it is told how long until its window closes', () => {
    const spend = budgets(3);
    expect([0, 1, 2].map((ms) => spend('a', 1_000 + ms))).toEqual([0, 0, 0]);
    expect(spend('a', 11_000)).toBe(50_000);
    // Another key has a budget of its own.
    expect(spend('b', 11_000)).toBe(0);
  });

  it('a window lasts a minute from its key’s first request, then a new one opens', () => {
    const spend = budgets(1);
    expect(spend('a', 0)).toBe(0);
    expect(spend('a', 59_999)).toBe(1);
    expect(spend('a', 60_000)).toBe(0);
    expect(spend('a', 60_001)).toBe(59_999);
  });

  it('a budget of 0 refuses every request', () => {
    expect(budgets(0)('a', 5)).toBe(60_000);
  });
});
