import type { BotInput } from './input';
import type { BotRng } from './rng';

/** Plays any of its legal actions, each as likely as the others. */
export const random = ({ legalActions }: BotInput, rng: BotRng) => rng.pick(legalActions);
