import { createHash } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The state of a xoroshiro128+ generator (pure-rand), as four 32-bit integers.
 * It lives inside each game's state, so a state is plain JSON and replays reproduce every shuffle.
 */
export type RngState = readonly number[];

/** Derives the full 128-bit generator state from a seed string (SHA-256), so seeds of any length count. */
export function seedRng(seed: string): RngState {
  const digest = createHash('sha256').update(seed).digest();
  const words: number[] = [0, 4, 8, 12].map((i) => digest.readInt32BE(i));
  // xoroshiro128+ must not start from the all-zero state.
  if (!words.some((w) => w !== 0)) words[3] = 1;
  return words;
}

/** A uniform integer in [from, to] and the generator's next state. */
export function randomInt(rng: RngState, from: number, to: number): [number, RngState] {
  const g = xoroshiro128plusFromState(rng);
  const n = uniformInt(g, from, to);
  return [n, g.getState()];
}

/** Fisher-Yates shuffle: a new array in random order and the generator's next state. */
export function shuffle<T>(items: readonly T[], rng: RngState): [T[], RngState] {
  const g = xoroshiro128plusFromState(rng);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformInt(g, 0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return [out, g.getState()];
}
