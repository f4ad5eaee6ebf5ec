import { type Card, type RngState, sameCards, seedRng, shuffle } from '../cards';
import { type SetupContext, SetupError } from './game';

/**
 * The deck for the first deal and the RNG state after it: the client's stacked deck when one was
 * given (it must hold exactly the game's cards), otherwise a shuffle from the seed.
 */
export function openingDeck(ctx: SetupContext<unknown>, cards: readonly Card[]): [Card[], RngState] {
  const rng = seedRng(ctx.seed);
  if (!ctx.deck) return shuffle(cards, rng);
  if (!sameCards(ctx.deck, cards)) {
    throw new SetupError(`the stacked deck must hold exactly this game's ${cards.length} cards, each once per copy`);
  }
  return [[...ctx.deck], rng];
}
