/**
 * Scoring comparisons many games share. "Most cards", "most spades", "most matches": the one side
 * with strictly the most gets the point; a tie scores nobody.
 */

/** Index of the strictly largest value, or undefined when the largest is shared (ties score nobody). */
export function strictlyMost(values: readonly number[]): number | undefined {
  let best = -Infinity;
  let at: number | undefined;
  let shared = false;
  values.forEach((v, i) => {
    if (v > best) {
      best = v;
      at = i;
      shared = false;
    } else if (v === best) shared = true;
  });
  return shared ? undefined : at;
}

/** Indexes of every largest value (for shared wins). */
export function allMost(values: readonly number[]): number[] {
  const best = Math.max(...values);
  return values.flatMap((v, i) => (v === best ? [i] : []));
}

/** Indexes of every smallest value (lowest total wins: Canadian Salad, Cactus). */
export function allLeast(values: readonly number[]): number[] {
  const best = Math.min(...values);
  return values.flatMap((v, i) => (v === best ? [i] : []));
}

/** Partnerships seated alternately: with `teams` teams, seat s plays for team s % teams. */
export function teamOf(seat: number, teams: number): number {
  return seat % teams;
}

/** Seats named in a summary: "seat 2", "seats 0, 1 and 3". */
export function seatList(seats: readonly number[]): string {
  return seats.length === 1 ? `seat ${seats[0]}` : `seats ${seats.slice(0, -1).join(', ')} and ${seats.at(-1)}`;
}

/** "seat 2 wins", or "seats 0 and 2 share the win". */
export function winnersPhrase(winners: readonly number[]): string {
  return winners.length === 1 ? `seat ${winners[0]} wins` : `${seatList(winners)} share the win`;
}
