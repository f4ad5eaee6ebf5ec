import type { Bot } from '.';

/** Plays any of its legal actions, each as likely as the others. */
export const random: Bot = ({ legalActions, rng }) => rng.pick(legalActions);
