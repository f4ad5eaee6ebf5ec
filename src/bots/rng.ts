import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { type RngState, seedRng } from '../cards';

/**
 * A bot's own randomness, kept out of the game state and drawn from its seed, so that its choices
 * replay. One mutable generator: a search draws thousands of numbers per decision.
 */
export interface BotRng {
  /** A uniform integer in [from, to]. */
  int(from: number, to: number): number;
  /** One of `items`, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** A uniform number in [0, 1). */
  float(): number;
  /** A fresh generator state for a game's `sample` (which takes and returns plain states). */
  state(): RngState;
}

/** An RNG seeded from `seed` (the service derives it from the game's secret seed, the seat and the version). */
export function botRng(seed: string): BotRng {
  const g = xoroshiro128plusFromState(seedRng(seed));
  const int = (from: number, to: number) => uniformInt(g, from, to);
  return {
    int,
    pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)],
    float: () => (g.next() >>> 0) / 4294967296,
    state() {
      const words: number[] = [g.next(), g.next(), g.next(), g.next()];
      // xoroshiro128+ must not start from the all-zero state.
      if (!words.some((w) => w !== 0)) words[3] = 1;
      return words;
    },
  };
}
