import type { Action, AnyGame } from '../engine';
import { games } from '../games';
import { greedy } from './greedy';
import type { BotInput } from './input';
import { knowledgeOf } from './knowledge';
import { random } from './random';
import { type BotRng, botRng } from './rng';
import { DEFAULT_SEARCH, type SearchSpec, type Setting, search, sidesOf } from './search';

export { type BotInput, botInput, type LoggedEvent, SEEN_WINDOW } from './input';
export { type BotRng, botRng } from './rng';

/** A bot chooses one of the legal actions (OpenSpiel's `Bot.Step`): at once, or after some thought (in a worker). */
export type Bot = (input: BotInput) => Action | Promise<Action>;

/** A bot the service offers, as GET /bots lists it. */
export interface BotEntry {
  name: string;
  title: string;
  description: string;
  /** Its choice, made here and now (the worker threads call this). */
  play(input: BotInput): Action;
}

function settingOf(game: AnyGame, input: BotInput): Setting {
  return { game, knowledge: knowledgeOf(game.kind), seat: input.seat, sides: sidesOf(game, input) };
}

/** A bot that thinks about the game: one legal action is played at once; otherwise it looks up the game and decides with its RNG. */
function thinking(decide: (setting: Setting, input: BotInput, rng: BotRng) => Action) {
  return (input: BotInput): Action => {
    if (input.legalActions.length === 1) return input.legalActions[0];
    const game = games.get(input.view.kind);
    if (!game) throw new Error(`there is no game "${input.view.kind}"`);
    return decide(settingOf(game, input), input, botRng(input.seed));
  };
}

/** The expert's budget: iterations per decision, so that a decision's p95 stays at or under 250 ms on one core. */
export const EXPERT_SEARCH: SearchSpec = DEFAULT_SEARCH;

export const botEntries: readonly BotEntry[] = [
  {
    name: 'random',
    title: 'Random bot',
    description: 'Plays any of its legal actions, each as likely as the others.',
    play: (input) => random(input, botRng(input.seed)),
  },
  {
    name: 'greedy',
    title: 'Greedy bot',
    description:
      'Plays the action with the best immediate outcome (points, tricks, cards captured, chips), tried in a few deals sampled from what its seat knows.',
    play: thinking(greedy),
  },
  {
    name: 'expert',
    title: 'Expert bot',
    description:
      'Searches (Information Set Monte Carlo Tree Search) over deals sampled from what its seat knows, playing each out to the end of the deal.',
    play: thinking((setting, input, rng) => search(setting, input, rng, EXPERT_SEARCH)),
  },
];

/**
 * How a bot is presented (GET /bots, and its name at the table: "Expert bot", so that nobody takes it
 * for a person); a bot registered without words of its own (a test's) is called by its name.
 */
export function aboutBot(name: string): Pick<BotEntry, 'title' | 'description'> {
  const entry = botEntries.find((b) => b.name === name);
  if (entry) return { title: entry.title, description: entry.description };
  return { title: `${name.charAt(0).toUpperCase()}${name.slice(1)} bot`, description: `The bot registered as ${name}.` };
}

/** The bots a seat may be given, by name, deciding here and now (the service runs them in worker threads: see pool.ts). */
export const bots: ReadonlyMap<string, Bot> = new Map(botEntries.map((b) => [b.name, b.play]));
