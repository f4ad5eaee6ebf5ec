import { sidesOf, type Table } from '../engine/outcome';

/** How a finished game stands, as the ratings read it: who won, the scores, and who left it. */
export interface Finish {
  game: Table['game'];
  seats: number;
  options: Record<string, unknown>;
  /** One number per seat, as the engine counted them at the end. */
  scores: readonly number[];
  winners: readonly number[];
  /** Seats that resigned or lost on time: their sides rank last. */
  left: readonly number[];
}

/** The teams a rated game compares (each a list of seats) and each team's rank: 0 best, equal standing equal rank. */
export interface Standing {
  teams: number[][];
  ranks: number[];
}

/**
 * From a game's result to ranks, for every family at once: the game's sides are the teams (Kaiser's
 * partnerships, every seat alone elsewhere); a side with a winner comes first, a side that left the
 * game last, and within each of those the side's best score decides (the lowest where the game counts
 * penalties), equal scores sharing a rank.
 */
export function standing(f: Finish): Standing {
  const teams = sidesOf(f.game, f.seats, f.options);
  const low = f.game.lowScoreWins === true;
  const score = (side: readonly number[]) => {
    const scores = side.map((seat) => f.scores[seat] ?? 0);
    return low ? -Math.min(...scores) : Math.max(...scores);
  };
  const group = (side: readonly number[]) =>
    side.some((seat) => f.left.includes(seat)) ? 2 : side.some((seat) => f.winners.includes(seat)) ? 0 : 1;
  const keys = teams.map((side) => ({ group: group(side), score: score(side) }));
  const before = (a: (typeof keys)[number], b: (typeof keys)[number]) =>
    a.group < b.group || (a.group === b.group && a.score > b.score);
  // A team's rank is the number of teams standing strictly above it: ties share, the next rank skips.
  const ranks = keys.map((k) => keys.filter((other) => before(other, k)).length);
  return { teams, ranks };
}
