import type { Action, AnyGame } from '../../engine';
import type { BotRng } from '../rng';

/**
 * What a family of games tells the search beyond the engine's contract (OpenSpiel's Evaluator): where
 * a rollout may stop, how a good player would play a move cheaply, and what a position is worth
 * before it scores. All optional: a game with no knowledge is searched to its end with random moves,
 * and valued by its scores.
 */
export interface Knowledge {
  /**
   * Where a rollout stops: `deal`, at the first change of the scores (games that score once a deal:
   * the deal's end is the natural horizon); `game`, at the end of the match (short games, and games
   * whose scores move with every capture). Default `game`.
   */
  horizon?: 'deal' | 'game';
  /** Moves a rollout plays at most before it is valued as it stands, scores and material (default: the search's). */
  rolloutCap?: number;
  /**
   * A quick move for `seat` in a rollout (and for the other seats in greedy's look ahead): what a
   * decent player does without thinking (win a trick cheaply, keep a sure trick, stand on 7), or
   * undefined to play one of `legal` at random. It may read the state it is given: in a search that
   * is a sampled state, never the real one.
   */
  policy?(state: unknown, seat: number, legal: readonly Action[], rng: BotRng): Action | undefined;
  /**
   * What the seat holds that its score does not show yet, in the game's score units, higher better
   * (a trick's worth of cards taken, a layout's total): what greedy maximizes, and what a rollout
   * cut short at its cap adds to the scores.
   */
  material?(state: unknown, seat: number): number;
}

/** Knowledge of one game: the family's, bound to the game's state. */
export type KnowledgeFor = (game: AnyGame) => Knowledge;
