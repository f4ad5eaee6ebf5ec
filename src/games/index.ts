import type { AnyGame } from '../engine';
import { cactus } from './cactus';
import { canadianSalad } from './canadian-salad';
import { cardStockMarket } from './card-stock-market';
import { chineseTen } from './chinese-ten';
import { diloti } from './diloti';
import { divideAndConquer } from './divide-and-conquer';
import { escoba } from './escoba';
import { kabu } from './kabu';
import { kaiser } from './kaiser';
import { kontsina } from './kontsina';
import { oichoKabu } from './oicho-kabu';
import { paks } from './paks';
import { poke } from './poke';
import { porrazo } from './porrazo';
import { scopa } from './scopa';
import { stealingBundles } from './stealing-bundles';
import { totit } from './totit';
import { xeri } from './xeri';

/** The version of the rules: bumped when a rules change would replay old logs differently; stored with every game. */
export const ENGINE_VERSION = 3;

/** Every game the service offers, by kind, in the order of DESIGN.md. */
export const games: ReadonlyMap<string, AnyGame> = new Map(
  (
    [
      kabu,
      oichoKabu,
      divideAndConquer,
      cardStockMarket,
      cactus,
      canadianSalad,
      kaiser,
      poke,
      chineseTen,
      diloti,
      kontsina,
      xeri,
      porrazo,
      totit,
      stealingBundles,
      paks,
      escoba,
      scopa,
    ] as AnyGame[]
  ).map((g) => [g.kind, g]),
);
