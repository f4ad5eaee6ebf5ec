import { randomInt, seedRng } from '../cards';
import { type Action, type AnyGame, resolveOptions, type SeenEvent, type Status, seatViewAt, seenMove } from '../engine';
import { type BotEntry, type BotInput, botEntries, botInput } from '.';

/**
 * A match played in process, without the service: each seat by the bot `players` names for it, or by
 * random legal moves where it names none, every seat keeping its own reading of the log as the service
 * would give it. For the bots' tests and the decision bench.
 */
export function playMatch(setup: {
  game: AnyGame;
  seats: number;
  options?: Record<string, unknown>;
  seed: string;
  players: readonly (string | null)[];
  /** Sees each bot's choice, with its input and how long it took (ms). */
  chose?(action: Action, input: BotInput, ms: number): void;
  /** Stops the match early once it answers true (checked before each move). */
  enough?(): boolean;
  moves?: number;
}): Status {
  const { game, seats, seed, players } = setup;
  const bots = players.map((name) => (name ? (botEntries.find((b) => b.name === name) as BotEntry) : null));
  let state = game.setup({ seats, options: resolveOptions(game, setup.options ?? {}, seats), seed });
  const logs: SeenEvent[][] = Array.from({ length: seats }, () => []);
  let pick = seedRng(`moves ${seed}`);
  for (let version = 0; version < (setup.moves ?? 100_000) && !setup.enough?.(); version++) {
    const status = game.status(state);
    if (status.finished) break;
    const seat = status.toAct[0];
    const bot = bots[seat];
    let action: Action;
    if (bot) {
      const input = botInput(seatViewAt(game, state, seat, version), logs[seat], seed);
      const started = performance.now();
      action = bot.play(input) as Action;
      setup.chose?.(action, input, performance.now() - started);
    } else {
      const legal = game.legalActions(state, seat) as Action[];
      let n: number;
      [n, pick] = randomInt(pick, 0, legal.length - 1);
      action = legal[n];
    }
    const after = game.apply(state, seat, action);
    logs.forEach((log, viewer) => {
      log.push({ seq: version + 1, seat, kind: 'move', by: 'bot', action: seenMove(game, state, after, seat, action, viewer) });
    });
    state = after;
  }
  return game.status(state);
}
