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
import type { PeopleRules } from './types';
import { xeri } from './xeri';

/** Each game's rules for players, by kind (the catalog's `rules` is the API's summary, for programmers). */
export const peopleRules: Partial<Record<string, PeopleRules>> = {
  kabu,
  'oicho-kabu': oichoKabu,
  'divide-and-conquer': divideAndConquer,
  'card-stock-market': cardStockMarket,
  cactus,
  'canadian-salad': canadianSalad,
  kaiser,
  poke,
  'chinese-ten': chineseTen,
  diloti,
  kontsina,
  xeri,
  porrazo,
  totit,
  'stealing-bundles': stealingBundles,
  paks,
  escoba,
  scopa,
};
