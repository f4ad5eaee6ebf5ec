import type { AnyGame } from '../engine';
import { chineseTen } from './chinese-ten';
import { divideAndConquer } from './divide-and-conquer';
import { kabu } from './kabu';
import { oichoKabu } from './oicho-kabu';
import { poke } from './poke';
import { totit } from './totit';

/** Every game the service offers, by kind. */
export const games: ReadonlyMap<string, AnyGame> = new Map(
  ([divideAndConquer, kabu, oichoKabu, chineseTen, totit, poke] as AnyGame[]).map((g) => [g.kind, g]),
);
