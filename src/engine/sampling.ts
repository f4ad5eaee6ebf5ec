import { isDeepStrictEqual } from 'node:util';
import { randomInt, seedRng } from '../cards';
import type { TrickPlay } from '../cards/tricks';
import type { Action, AnyGame } from './game';
import { defaultOptions, resolveOptions, seatCounts } from './options';
import type { SeatView, SeenEvent } from './view';

export interface SamplingSpec {
  /** Seeded random matches per seat count (and per option set). */
  matches: number;
  /** Moves played into each match (the checks run at every one of them); the match may end sooner. */
  moves: number;
  /** Option sets to try, besides the defaults. */
  options?: Record<string, unknown>[];
}

/** The short memory the property also samples from: a bot's window of the log may start anywhere in a deal. */
const SHORT_MEMORY = 7;

function fail(message: string): never {
  throw new Error(message);
}

/** What `viewer` reads of a move in the log during play: the game's `moveView`, or the action itself. */
export function seenMove(game: AnyGame, before: unknown, after: unknown, seat: number, action: Action, viewer: number): unknown {
  return game.moveView ? game.moveView({ before, after, seat, action }, viewer) : action;
}

/**
 * A seat's view of an active game with no clock, from a state held in process, as it comes over the
 * wire (plain JSON): what the bots' tests, the replay check and the decision bench hand a bot.
 */
export function seatViewAt(game: AnyGame, state: unknown, seat: number, version: number, id = 'local'): SeatView {
  const status = game.status(state);
  return JSON.parse(
    JSON.stringify({
      id,
      kind: game.kind,
      version,
      seat,
      status: 'active',
      toAct: status.toAct,
      legalActions: game.legalActions(state, seat),
      scores: status.scores,
      deadlines: status.scores.map(() => null),
      timeLeft: status.scores.map(() => null),
      vacations: status.scores.map(() => null),
      state: game.view(state, seat),
    }),
  );
}

/** The cards played to tricks among the moves a seat saw, oldest first (moves `{ type: 'play', card }`): what samplers read voids from. */
export function cardPlays(seen: readonly SeenEvent[]): TrickPlay[] {
  const plays: TrickPlay[] = [];
  for (const e of seen) {
    const a = e.action as { type?: unknown; card?: unknown } | null;
    if (e.kind === 'move' && a?.type === 'play' && typeof a.card === 'string') plays.push({ seat: e.seat, card: a.card });
  }
  return plays;
}

/**
 * The determinization property every game passes (DESIGN.md, "Bots that play well"), written once:
 * along seeded random play, at every step and for every seat, a state sampled from the seat's view
 * and its own reading of the log shows that seat exactly the same view, waits for the same seats,
 * and can be played on (every seat's legal actions are accepted by `apply`), and the same generator
 * samples the same state; a state sampled from only the last few events it saw shows it the same view.
 */
export function checkSampling(game: AnyGame, spec: SamplingSpec): void {
  const sample = game.sample ?? fail(`${game.kind} has no sample()`);
  for (const given of [{}, ...(spec.options ?? [])]) {
    // The seat counts these options allow (partnerships need four): asked of the options with their defaults.
    for (const seats of seatCounts(game, { ...defaultOptions(game), ...given })) {
      const options = resolveOptions(game, given, seats);
      for (let m = 0; m < spec.matches; m++) {
        const seed = `sampling:${game.kind}:${seats}:${JSON.stringify(given)}:${m}`;
        let state = game.setup({ seats, options, seed });
        let pick = seedRng(`pick:${seed}`);
        const seen: SeenEvent[][] = Array.from({ length: seats }, () => []);
        for (let step = 0; step <= spec.moves; step++) {
          const status = game.status(state);
          const where = `${game.kind} seed=${seed} seats=${seats} move ${step}`;
          for (let seat = 0; seat < seats; seat++) {
            const view = game.view(state, seat);
            const rng = seedRng(`${where}:${seat}`);
            let sampled: unknown;
            try {
              sampled = sample(view, seat, rng, seen[seat]);
            } catch (e) {
              fail(`${where}: sampling for seat ${seat} failed: ${(e as Error).message}`);
            }
            if (!isDeepStrictEqual(game.view(sampled, seat), view)) {
              fail(`${where}: a state sampled for seat ${seat} shows it another view than the one it was sampled from`);
            }
            if (!isDeepStrictEqual(sample(view, seat, rng, seen[seat]), sampled))
              fail(`${where}: sampling twice with one generator gave two states`);
            // A bot is given a window of the log, not all of it: a memory that starts mid-deal still samples the view.
            let forgetful: unknown;
            try {
              forgetful = sample(view, seat, rng, seen[seat].slice(-SHORT_MEMORY));
            } catch (e) {
              fail(`${where}: sampling for seat ${seat} from its last ${SHORT_MEMORY} events failed: ${(e as Error).message}`);
            }
            if (!isDeepStrictEqual(game.view(forgetful, seat), view)) {
              fail(`${where}: a state sampled for seat ${seat} from its last ${SHORT_MEMORY} events shows it another view`);
            }
            const sampledStatus = game.status(sampled);
            if (!isDeepStrictEqual(sampledStatus.toAct, status.toAct) || sampledStatus.finished !== status.finished) {
              fail(`${where}: a state sampled for seat ${seat} waits for other seats`);
            }
            for (const s of sampledStatus.toAct) {
              for (const a of game.legalActions(sampled, s) as Action[]) {
                try {
                  game.apply(sampled, s, a);
                } catch (e) {
                  fail(
                    `${where}: in a state sampled for seat ${seat}, seat ${s}'s ${JSON.stringify(a)} is refused: ${(e as Error).message}`,
                  );
                }
              }
            }
          }
          if (status.finished || step === spec.moves) break;
          let n: number;
          [n, pick] = randomInt(pick, 0, status.toAct.length - 1);
          const mover = status.toAct[n];
          const legal = game.legalActions(state, mover) as Action[];
          [n, pick] = randomInt(pick, 0, legal.length - 1);
          const action = legal[n];
          const after = game.apply(state, mover, action);
          for (let viewer = 0; viewer < seats; viewer++) {
            seen[viewer].push({
              seq: step + 1,
              seat: mover,
              kind: 'move',
              by: 'seat',
              action: seenMove(game, state, after, mover, action, viewer),
            });
          }
          state = after;
        }
      }
    }
  }
}

/**
 * Plays `moves` from `state` as listed and keeps each seat's reading of the log, as a bot receives it:
 * for tests that script a game and sample from what a seat saw.
 */
export function playRead<State>(
  game: AnyGame,
  state: State,
  moves: readonly { seat: number; action: Action }[],
  seats: number,
): { state: State; seen: SeenEvent[][] } {
  const seen: SeenEvent[][] = Array.from({ length: seats }, () => []);
  let now = state;
  moves.forEach(({ seat, action }, i) => {
    const after = game.apply(now, seat, action);
    for (let viewer = 0; viewer < seats; viewer++) {
      seen[viewer].push({ seq: i + 1, seat, kind: 'move', by: 'seat', action: seenMove(game, now, after, seat, action, viewer) });
    }
    now = after;
  });
  return { state: now, seen };
}
