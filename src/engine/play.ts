import { canonicalAction } from './canonical';
import { type Action, type AnyGame, IllegalMove, type SetupContext } from './game';

/**
 * Two actions are the same move when their JSON is the same, whatever the key order (a key whose
 * value is undefined is absent, as in JSON). Compared in place: a move is checked against every legal
 * action, so serializing each one was most of the cost of deciding it.
 */
export function sameAction(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameAction(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const k of Object.keys(x)) {
    if (x[k] === undefined) continue;
    keys++;
    if (!Object.hasOwn(y, k) || !sameAction(x[k], y[k])) return false;
  }
  for (const k of Object.keys(y)) if (y[k] !== undefined) keys--;
  return keys === 0;
}

/**
 * Decides a posted move: puts it in its canonical form (sets in canonical order), checks it against
 * the game's own list of legal actions, so nothing the list does not offer is ever applied, and
 * applies it. The reason for a refusal comes from the game where it can say more. The action
 * returned is the one to log.
 */
export function decide<S, A extends Action>(game: AnyGame, state: S, seat: number, posted: A): { state: S; action: A } {
  const status = game.status(state);
  if (status.finished) throw new IllegalMove('the game is over');
  const action = canonicalAction(game, posted);
  const legal = game.legalActions(state, seat) as Action[];
  if (!legal.some((a) => sameAction(a, action))) {
    // The game's own reason says most ("you must follow suit"); a bug-shaped error from a
    // malformed action is no reason, so only IllegalMove is passed on.
    try {
      game.apply(state, seat, action);
    } catch (e) {
      if (e instanceof IllegalMove) throw e;
    }
    if (legal.length === 0) {
      const waiting = status.toAct.length ? `the game waits for seat ${status.toAct.join(', ')}` : 'nobody may move';
      throw new IllegalMove(`it is not your turn: ${waiting}`);
    }
    throw new IllegalMove(`not a legal action now; GET the view for this seat's ${legal.length} legal actions`);
  }
  return { state: game.apply(state, seat, action) as S, action };
}

/** The state after a posted move (see `decide`). */
export function playMove<S>(game: AnyGame, state: S, seat: number, action: Action): S {
  return decide(game, state, seat, action).state;
}

export interface Move {
  seat: number;
  action: Action;
}

/** Rebuilds a state from its creation and its moves: the event log is the truth, the state a cache. */
export function replay<S>(game: AnyGame, created: SetupContext<unknown>, moves: readonly Move[]): S {
  let state = game.setup(created) as S;
  for (const m of moves) state = game.apply(state, m.seat, m.action) as S;
  return state;
}
