import { describe, expect, it } from 'vitest';
import type { Action } from '../engine';
import { candidates } from './search';

describe('the actions a search tries', () => {
  it('are all of them when there are few', () => {
    const legal = [{ type: 'pass' }, ...[6, 7, 8].map((points) => ({ type: 'bid', points, noTrump: false }))];
    expect(candidates(legal)).toEqual(legal);
  });

  it('stand for a numeric choice among many by eight spread values, the least and the most among them', () => {
    const bets = [0, 1].flatMap((tableau) => Array.from({ length: 50 }, (_, i) => ({ type: 'bet', tableau, amount: i + 1 })));
    const tried = candidates<Action>([{ type: 'done' }, ...bets]);
    expect(tried[0]).toEqual({ type: 'done' });
    expect(tried.filter((a) => a.tableau === 1).map((a) => a.amount)).toEqual([1, 8, 15, 22, 29, 36, 43, 50]);
    expect(tried).toHaveLength(17);
  });
});
