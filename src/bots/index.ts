import { randomInt, seedRng } from '../cards';
import type { Action, SeatView } from '../engine';
import { random } from './random';

/** A bot's own randomness, kept out of the game state: its choices replay from the same seed. */
export interface BotRng {
  /** A uniform integer in [from, to]. */
  int(from: number, to: number): number;
  /** One of `items`, uniformly. */
  pick<T>(items: readonly T[]): T;
}

/**
 * What a bot is given: exactly what a client holding the seat reads (the seat's view, as GET
 * /games/{id}/view answers it, and its legal actions), the seat, and its RNG. Never the state.
 */
export interface BotInput {
  view: SeatView;
  legalActions: Action[];
  seat: number;
  rng: BotRng;
}

/** A bot chooses one of the legal actions (OpenSpiel's `Bot.Step`): at once, or after some thought. */
export type Bot = (input: BotInput) => Action | Promise<Action>;

/** The bots a seat may be given, by name: `random` plays every kind; stronger ones register here under their own. */
export const bots: ReadonlyMap<string, Bot> = new Map([['random', random]]);

/** An RNG seeded from `key` (the service derives it from the game's secret seed, the seat and the version). */
export function botRng(key: string): BotRng {
  let state = seedRng(key);
  const int = (from: number, to: number) => {
    const [n, next] = randomInt(state, from, to);
    state = next;
    return n;
  };
  return {
    int,
    pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)],
  };
}
