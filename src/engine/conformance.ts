import { Compile } from 'typebox/compile';
import { seedRng, shuffle } from '../cards';
import { canonicalAction, rearrangeSets } from './canonical';
import type { AnyGame } from './game';
import { sameAction } from './play';
import { type PlayoutSpec, playOut } from './playout';

/** One configuration to play: a seat count and options, over `matches` seeded random matches. */
export interface ConformanceConfig {
  seats: number;
  options?: Record<string, unknown>;
  matches: number;
  /** Names the configuration in the test title ("long game", "partnerships"). */
  label?: string;
}

export interface ConformanceSpec<S> extends Pick<PlayoutSpec<S>, 'invariant' | 'checkView' | 'maxMoves'> {
  configs: ConformanceConfig[];
  /** Check every seat's and a spectator's view every this-many-th step (default 1: every step). */
  viewsEvery?: number;
  /** Apply every listed action, and post every set action shuffled, every this-many-th step (default 5; 0: never). */
  everyActionEvery?: number;
}

export interface Check {
  name: string;
  run(): void;
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * What every game must pass, written once (OpenSpiel's basic tests): seeded random matches for each
 * configuration, through `playOut` (someone to act, listed actions accepted, no mutation, plain JSON,
 * identical replay, the game's own invariant and leak checks), and at every step:
 * - every listed action fits the action schema and is in canonical form;
 * - a set action posted in another order is the same action, and is logged in canonical form;
 * - the default action of each seat to act is one of its legal actions;
 * - every view, for each seat and a spectator, fits the view schema, during play and at the end.
 * Each game's test registers them: `for (const c of conformance(game, spec)) it(c.name, c.run)`.
 */
export function conformance<S>(game: AnyGame, spec: ConformanceSpec<S>): Check[] {
  const viewValidator = Compile(game.viewSchema);
  const actionValidator = Compile(game.actionSchema);
  const everyAction = spec.everyActionEvery ?? 5;

  const checks: Check[] = [];

  for (const config of spec.configs) {
    const label = config.label ?? `${config.seats} seats`;
    checks.push({
      name: `${config.matches} random matches (${label}) keep the contract: schemas, canonical sets, default actions, views`,
      run() {
        for (let i = 0; i < config.matches; i++) {
          let rng = seedRng(`conformance:${game.kind}:${label}:${i}`);
          let step = 0;
          playOut<S>(game, {
            seats: config.seats,
            seed: `${game.kind}-${label}-${i}`,
            options: config.options,
            everyActionEvery: everyAction,
            viewsEvery: spec.viewsEvery ?? 1,
            maxMoves: spec.maxMoves,
            invariant: spec.invariant,
            checkView(state, seat, view) {
              if (!viewValidator.Check(view)) {
                const [first] = viewValidator.Errors(view);
                fail(
                  `the view of ${seat === null ? 'a spectator' : `seat ${seat}`} does not fit the view schema at ${first?.instancePath}: ${first?.message}`,
                );
              }
              spec.checkView?.(state, seat, view);
            },
            onStep(state, legal, toAct) {
              const thorough = everyAction > 0 && step++ % everyAction === 0;
              legal.forEach((actions, seat) => {
                for (const a of thorough ? actions : actions.slice(0, 3)) {
                  if (!actionValidator.Check(a))
                    fail(`seat ${seat}'s listed action ${JSON.stringify(a)} does not fit the action schema`);
                  if (!sameAction(canonicalAction(game, a), a)) {
                    fail(`seat ${seat}'s listed action ${JSON.stringify(a)} is not in canonical form`);
                  }
                  if (!thorough) continue;
                  // Posted in another order, a set action is the listed one (decide() matches by this form;
                  // playOut applies every listed action).
                  const posted = rearrangeSets(game, a, (items) => {
                    let out: unknown[];
                    [out, rng] = shuffle(items, rng);
                    return out;
                  });
                  if (!sameAction(canonicalAction(game, posted), a)) {
                    fail(`seat ${seat} posted ${JSON.stringify(posted)}, which is not taken as ${JSON.stringify(a)}`);
                  }
                }
              });
              for (const seat of toAct) {
                const chosen = game.defaultAction(state, seat);
                if (!legal[seat].some((a) => sameAction(a, chosen))) {
                  fail(`the default action of seat ${seat}, ${JSON.stringify(chosen)}, is not one of its legal actions`);
                }
                if (!sameAction(game.defaultAction(state, seat), chosen))
                  fail(`the default action of seat ${seat} is not deterministic`);
              }
            },
          });
        }
      },
    });
  }
  return checks;
}
