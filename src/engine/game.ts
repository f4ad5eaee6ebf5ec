import type { TSchema } from 'typebox';
import type { Card, RngState } from '../cards';
import type { SeenEvent } from './view';

/** Every action is a plain JSON object with a `type`; games add their own fields. */
export interface Action {
  type: string;
  [field: string]: unknown;
}

/** What a game is created from. `deck`, when given, replaces the first shuffle (top card first). */
export interface SetupContext<Options> {
  seats: number;
  options: Options;
  seed: string;
  deck?: readonly Card[];
}

export interface Result {
  /** Seats that share the win (ties are shared wins unless the text says to play on). */
  winners: number[];
  /** One line a person can read: "North-South win 54 to 38". */
  summary: string;
}

export interface Status {
  /** Seats the game is waiting for (more than one for simultaneous decisions). */
  toAct: number[];
  finished: boolean;
  /** One number per seat: points, chips or money, as the game counts them. */
  scores: number[];
  result?: Result;
}

/** What one seat may know of one move, for the event log during play. */
export interface MoveContext<State, A extends Action> {
  before: State;
  after: State;
  seat: number;
  action: A;
}

/**
 * The game contract (DESIGN.md). A game is a plain object of small pure functions over plain-JSON
 * state: no clock, no I/O, no unseeded randomness; all randomness comes from the RNG state kept in `State`.
 */
export interface Game<State = unknown, A extends Action = Action, Options = Record<string, unknown>, View = unknown> {
  kind: string;
  title: string;
  seats: { min: number; max: number };
  /** TypeBox schema of the options, every property optional with a `default`. */
  optionsSchema: TSchema;
  /**
   * TypeBox schema of one action (a union of the action shapes). Arrays whose order means nothing are
   * marked as sets (`CardSet`, `SetOf`): the engine accepts them in any order and logs the canonical one.
   */
  actionSchema: TSchema;
  /**
   * TypeBox schema of what `view` returns, for a seat and for a spectator (fields a spectator may not
   * see are null for it), during play and after the end. Every field carries a one-line description:
   * it is the contract front ends draw from (the OpenAPI document publishes it per kind).
   */
  viewSchema: TSchema;
  /** The rules as this service plays them, with every choice made where the text is silent. */
  rules: string;
  /** How the deck is dealt from the top (to whom, in what order, in what batches), to stack a deal by hand. */
  dealing: string;
  /** The game's cards, in a canonical order: a stacked `deck` must be a permutation of this. */
  cards(seats: number, options: Options): Card[];
  /** Refuses seat/option combinations the schema cannot express (Paks refuses five seats). */
  checkSetup?(seats: number, options: Options): string | undefined;
  setup(ctx: SetupContext<Options>): State;
  /** Every concrete action `seat` may take now; empty when it may not act. */
  legalActions(state: State, seat: number): A[];
  /** The state after the move. Throws IllegalMove with a reason a player understands. Never mutates `state`. */
  apply(state: State, seat: number, action: A): State;
  /** Only what `seat` may know now (null: a spectator). After the end, everything. */
  view(state: State, seat: number | null): View;
  status(state: State): Status;
  /**
   * The move a clock makes for a seat that let its time run out, or that resigned from a game of
   * more than two sides: deterministic, one of `legalActions(state, seat)`, and the least committal
   * (pass, stand, the lowest legal card). Called only for a seat in `toAct`.
   */
  defaultAction(state: State, seat: number): A;
  /**
   * The sides that win or lose together (partnerships), as lists of seats; by default every seat
   * plays for itself. A resignation or a forfeit ends a game of two sides.
   */
  sides?(seats: number, options: Options): number[][];
  /** True where the lowest score wins (Canadian Salad, Cactus): how seats rank when one resigns. */
  lowScoreWins?: boolean;
  /**
   * What `viewer` may know of a move while the game is on (default: the action as posted).
   * Secret choices are hidden from others; a seat may see here what the move showed it (a peek).
   */
  moveView?(move: MoveContext<State, A>, viewer: number | null): unknown;
  /**
   * Determinization (DESIGN.md, "Bots that play well"): a full state consistent with everything
   * `seat` knows: its view now and what it saw of earlier moves (`seen`, its own reading of the log,
   * oldest first; may be empty). For every state s: `view(sample(view(s, seat), seat, rng), seat)`
   * deep-equals `view(s, seat)`. Reads nothing but its arguments; every random choice comes from `rng`.
   */
  sample?(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State;
}

/** A move refused by the rules. `reason` is written for the player. */
export class IllegalMove extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'IllegalMove';
  }
}

/** A game that cannot be created as asked (bad seat count, options, deck). */
export class SetupError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SetupError';
  }
}

/** Anything a game exports: the registry and the service only need the contract, not each state type. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds games of every state type
export type AnyGame = Game<any, any, any>;
