import type { AnyGame } from '../engine';
import { divideAndConquer } from './divide-and-conquer';

/** Every game the service offers, by kind. */
export const games: ReadonlyMap<string, AnyGame> = new Map(([divideAndConquer] as AnyGame[]).map((g) => [g.kind, g]));
