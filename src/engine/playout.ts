import { isDeepStrictEqual } from 'node:util';
import { countCards, isCard, type RngState, randomInt, seedRng } from '../cards';
import type { Action, AnyGame } from './game';
import { resolveOptions } from './options';
import { type Move, replay } from './play';

export interface PlayoutSpec<S> {
  seats: number;
  seed: string;
  options?: Record<string, unknown>;
  deck?: string[];
  /** Apply every listed action (not only the chosen one) at every this-many-th step; 0: never. */
  everyActionEvery?: number;
  /** Check every seat's and a spectator's view at every this-many-th step; 0: never. */
  viewsEvery?: number;
  /** Called with each state reached (the game's own invariants: cards conserved, money conserved). */
  invariant?: (state: S) => void;
  /** Called with each view checked (the game's own leak test). */
  checkView?: (state: S, seat: number | null, view: unknown) => void;
  /** Called at each step of an active game with every seat's legal actions (the shared contract checks). */
  onStep?: (state: S, legal: Action[][], toAct: number[]) => void;
  maxMoves?: number;
}

export interface Playout<S> {
  state: S;
  moves: Move[];
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * Plays one seeded random match to its end, checking the contract of DESIGN.md on the way:
 * the game waits for someone who has a move; listed actions are accepted and nothing is mutated;
 * states are plain JSON; views serialize; a finished game offers no move; and replaying the moves
 * gives the identical state. Throws with the seed and step on the first broken rule.
 */
export function playOut<S>(game: AnyGame, spec: PlayoutSpec<S>): Playout<S> {
  const options = resolveOptions(game, spec.options ?? {}, spec.seats);
  const created = { seats: spec.seats, options, seed: spec.seed, deck: spec.deck };
  let state = game.setup(created) as S;
  let pick: RngState = seedRng(`playout:${spec.seed}`);
  const moves: Move[] = [];
  const where = () => `${game.kind} seed=${spec.seed} seats=${spec.seats} move ${moves.length}`;
  const max = spec.maxMoves ?? 100_000;
  const allSeats = [...Array(spec.seats).keys()];

  for (;;) {
    spec.invariant?.(state);
    const status = game.status(state);
    if (status.scores.length !== spec.seats) fail(`${where()}: scores must have one entry per seat`);
    const step = moves.length;
    if (spec.viewsEvery && (step % spec.viewsEvery === 0 || status.finished)) {
      for (const seat of [...allSeats, null]) {
        const view = game.view(state, seat);
        JSON.stringify(view);
        spec.checkView?.(state, seat, view);
      }
    }
    const legal = allSeats.map((s) => game.legalActions(state, s) as Action[]);
    if (status.finished) {
      if (legal.some((l) => l.length > 0)) fail(`${where()}: a finished game still offers moves`);
      if (!status.result) fail(`${where()}: a finished game has a result`);
      break;
    }
    if (status.toAct.length === 0) fail(`${where()}: an active game waits for nobody`);
    try {
      spec.onStep?.(state, legal, status.toAct);
    } catch (e) {
      fail(`${where()}: ${(e as Error).message}`);
    }
    for (const s of status.toAct) if (legal[s].length === 0) fail(`${where()}: seat ${s} is to act but has no legal action`);
    if (moves.length >= max) fail(`${where()}: no end after ${max} moves`);

    if (spec.everyActionEvery && step % spec.everyActionEvery === 0) {
      // The same object serialized twice: any change to it, a value or a key added, changes the text.
      const before = JSON.stringify(state);
      for (const s of allSeats) {
        for (const a of legal[s]) {
          try {
            game.apply(state, s, a);
          } catch (e) {
            fail(`${where()}: listed action ${JSON.stringify(a)} of seat ${s} refused: ${(e as Error).message}`);
          }
        }
      }
      if (JSON.stringify(state) !== before) fail(`${where()}: apply mutated its input state`);
    }

    let n: number;
    [n, pick] = randomInt(pick, 0, status.toAct.length - 1);
    const seat = status.toAct[n];
    [n, pick] = randomInt(pick, 0, legal[seat].length - 1);
    const action = legal[seat][n];
    try {
      state = game.apply(state, seat, action) as S;
    } catch (e) {
      fail(`${where()}: chosen action ${JSON.stringify(action)} of seat ${seat} refused: ${(e as Error).message}`);
    }
    moves.push({ seat, action });
  }

  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(state)), state)) fail(`${where()}: the state is not plain JSON`);
  const again = replay<S>(game, created, moves);
  if (!isDeepStrictEqual(again, state)) fail(`${where()}: replaying the moves gave another state`);
  return { state, moves };
}

/** Every card code that stands as a string anywhere in a view: what a leak test looks through. */
export function cardsShown(view: unknown, into = new Set<string>()): Set<string> {
  if (typeof view === 'string') {
    if (isCard(view)) into.add(view);
  } else if (Array.isArray(view)) {
    for (const v of view) cardsShown(v, into);
  } else if (view !== null && typeof view === 'object') {
    for (const v of Object.values(view)) cardsShown(v, into);
  }
  return into;
}

/** Throws when a view shows any of the cards its seat may not know. */
export function assertHidden(view: unknown, hidden: Iterable<string>, seat: number | null): void {
  const shown = cardsShown(view);
  for (const c of hidden) if (shown.has(c)) throw new Error(`${c} leaks to ${seat === null ? 'a spectator' : `seat ${seat}`}`);
}

const counted = new WeakMap<readonly string[], Map<string, number>>();

/** Throws unless the places together hold exactly the game's cards, each once per copy. */
export function assertConserved(places: readonly (readonly string[])[], cards: readonly string[]): void {
  // Checked at every step of every random match: the game's cards are counted once, not each time.
  let expected = counted.get(cards);
  if (!expected) {
    expected = countCards(cards);
    counted.set(cards, expected);
  }
  const all = places.flat();
  const seen = countCards(all);
  const same = all.length === cards.length && seen.size === expected.size && [...seen].every(([c, n]) => expected.get(c) === n);
  if (!same) throw new Error(`cards are not conserved: ${all.length} in play of ${cards.length}`);
}
