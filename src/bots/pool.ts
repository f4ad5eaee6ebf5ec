import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { type Bot, botEntries } from '.';
import type { BotAnswer, BotTask } from './worker';

/** Set by scripts/build.mjs in the bundle: the worker's own bundle, beside dist/main.js. */
declare const BOT_WORKER_BUNDLE: string | undefined;

/** Bots that answer at once think on the event loop; the others in the pool. */
const INLINE = new Set(['random']);

export interface PoolOptions {
  /** Worker threads (default: one per core but one, at least one: a core stays the event loop's). */
  threads?: number;
  /** Sees each task before it is posted to a worker (and may hold it): the tests check that it is exactly the seat's input. */
  onTask?(task: BotTask): void | Promise<void>;
  /** Told of each decision: the bot, the kind of game, and the seconds it thought. */
  onDecision?(bot: string, kind: string, seconds: number): void;
}

/**
 * The bots, thinking off the event loop (DESIGN.md, "Bots that play well"): a pool of worker threads
 * (piscina), one per core but one (the event loop keeps a core: with every core thinking, a view's
 * p99 was 7 times its idle figure on two cores, 2.2 times with one left), each given exactly the
 * bot's input and answering its choice; the threads think at a lower priority than the requests. The
 * compiled server runs the worker's bundle (dist/bot-worker.js); from TypeScript sources (tests,
 * tsx) the worker loads src/bots/worker.ts through tsx's loader.
 */
export function botPool(options: PoolOptions = {}) {
  // Started on the first decision: a server whose bots never think starts no thread.
  let pool: Piscina<BotTask, BotAnswer> | null = null;
  const start = () => {
    const bundled = typeof BOT_WORKER_BUNDLE === 'string';
    pool = new Piscina<BotTask, BotAnswer>({
      filename: bundled ? join(import.meta.dirname, BOT_WORKER_BUNDLE) : fileURLToPath(new URL('./worker.ts', import.meta.url)),
      execArgv: bundled ? [] : ['--import', 'tsx'],
      minThreads: 1,
      maxThreads: options.threads ?? Math.max(1, availableParallelism() - 1),
      idleTimeout: 60_000,
    });
    return pool;
  };
  const run = (bot: string): Bot => {
    const entry = botEntries.find((b) => b.name === bot) as (typeof botEntries)[number];
    if (INLINE.has(bot)) {
      return (input) => {
        const started = performance.now();
        const action = entry.play(input);
        options.onDecision?.(bot, input.view.kind, (performance.now() - started) / 1000);
        return action;
      };
    }
    return async (input) => {
      // One legal action: played at once, with no thread to wake.
      if (input.legalActions.length === 1) {
        options.onDecision?.(bot, input.view.kind, 0);
        return input.legalActions[0];
      }
      const task = { bot, input };
      await options.onTask?.(task);
      const { action, seconds } = await (pool ?? start()).run(task);
      options.onDecision?.(bot, input.view.kind, seconds);
      return action;
    };
  };
  return {
    /** The bots by name, as the service plays them. */
    bots: new Map(botEntries.map((b) => [b.name, run(b.name)])) as ReadonlyMap<string, Bot>,
    /** Waits for the decisions in hand, then stops the threads. */
    async close() {
      await pool?.close();
    },
  };
}

export type BotPool = ReturnType<typeof botPool>;
