import { describe, expect, it } from 'vitest';
import { checkSampling } from '../engine';
import { games } from '.';

// Determinization for the bots, every game alike: a state sampled from what a seat knows shows it
// exactly what it saw, at every step of seeded random play, for every seat.
describe('sampling a state from what a seat knows', () => {
  it('is offered by every game', () => {
    expect([...games.values()].filter((g) => !g.sample).map((g) => g.kind)).toEqual([]);
  });

  for (const game of games.values()) {
    if (!game.sample) continue;
    it(`${game.title}: the sampled state shows the seat its own view, waits for the same seats, and plays on`, () => {
      checkSampling(game, { matches: 3, moves: 250 });
    });
  }
});
