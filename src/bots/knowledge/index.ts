import { kabuKnowledge, oichoKabuKnowledge } from './banking';
import { fishingKnowledge } from './fishing';
import type { Knowledge } from './knowledge';
import { marketKnowledge } from './market';
import { cactusKnowledge } from './memory';
import { pokeKnowledge } from './poke';
import { kaiserKnowledge, saladKnowledge } from './tricks';

export type { Knowledge } from './knowledge';

/** What the search knows of each kind beyond its contract, by family; a kind not listed is searched with none. */
const byKind: Record<string, Knowledge> = {
  ...fishingKnowledge,
  kaiser: kaiserKnowledge,
  'canadian-salad': saladKnowledge,
  poke: pokeKnowledge,
  kabu: kabuKnowledge,
  'oicho-kabu': oichoKabuKnowledge,
  cactus: cactusKnowledge,
  'card-stock-market': marketKnowledge,
};

export const knowledgeOf = (kind: string): Knowledge => byKind[kind] ?? {};
