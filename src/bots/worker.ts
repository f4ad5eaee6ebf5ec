import { setPriority } from 'node:os';
import type { Action } from '../engine';
import { type BotEntry, botEntries } from '.';
import type { BotInput } from './input';

/** What crosses into a worker thread: the bot's name and exactly its input. */
export interface BotTask {
  bot: string;
  input: BotInput;
}

/** What comes back: the choice, and how long the bot thought (seconds of this thread's time). */
export interface BotAnswer {
  action: Action;
  seconds: number;
}

const byName = new Map<string, BotEntry>(botEntries.map((b) => [b.name, b]));

// A bot's thinking yields the cores to the requests: on Linux a thread's nice value is its own, and
// setting it with no pid sets this thread's (the event loop keeps its own). Where the system refuses,
// the thread thinks at the usual priority.
try {
  setPriority(10);
} catch {}

/** A worker thread's task (piscina calls the default export): one decision. */
export default function think({ bot, input }: BotTask): BotAnswer {
  const entry = byName.get(bot);
  if (!entry) throw new Error(`there is no bot "${bot}"`);
  const started = performance.now();
  const action = entry.play(input);
  return { action, seconds: (performance.now() - started) / 1000 };
}
