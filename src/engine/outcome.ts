import { seatList, winnersPhrase } from '../cards/scoring';
import type { AnyGame, Result } from './game';

/**
 * How a game ends when a seat leaves it: pure, from the game's sides, its scores and who resigned,
 * so that the service and anyone verifying a finished game's record reach the same result.
 */

/** What the outcome depends on besides the event that ends the game. */
export interface Table {
  game: Pick<AnyGame, 'sides' | 'lowScoreWins'>;
  seats: number;
  options: Record<string, unknown>;
  /** One number per seat, as the engine counts them now. */
  scores: readonly number[];
  /** Seats that have resigned, before this event. */
  resigned: readonly number[];
}

/** The seats that win or lose together: the game's sides, or every seat on its own. */
export function sidesOf(game: Table['game'], seats: number, options: Record<string, unknown>): number[][] {
  return game.sides?.(seats, options) ?? Array.from({ length: seats }, (_, seat) => [seat]);
}

/** The sides still playing for the win: none of their seats has resigned. */
export function playingSides(t: Table, resigned: readonly number[] = t.resigned): number[][] {
  return sidesOf(t.game, t.seats, t.options).filter((side) => !side.some((seat) => resigned.includes(seat)));
}

/** A side's score: its best seat's, as the game ranks scores (partners usually share one). */
function sideScore(t: Table, side: readonly number[]): number {
  const scores = side.map((seat) => t.scores[seat] ?? 0);
  return t.game.lowScoreWins ? Math.min(...scores) : Math.max(...scores);
}

/** The best of these sides by score (low where the lowest wins), ties sharing: the winning seats. */
export function leaders(t: Table, sides: readonly (readonly number[])[]): number[] {
  const scored = sides.map((side) => ({ side, score: sideScore(t, side) }));
  const best = t.game.lowScoreWins ? Math.min(...scored.map((s) => s.score)) : Math.max(...scored.map((s) => s.score));
  return scored
    .filter((s) => s.score === best)
    .flatMap((s) => s.side)
    .sort((a, b) => a - b);
}

/**
 * A seat's side loses the game now: it resigned, or its clock ran out with `forfeit`. With two
 * sides the other wins; with more, the best of the others by the scores as they stand wins (ties
 * share): the game ends as the table stands, the leaver last.
 */
export function leaving(t: Table, seat: number, why: 'resigned' | 'ran out of time'): Result {
  const winners = leaders(t, playingSides(t, [...t.resigned, seat]));
  return { winners, summary: `Seat ${seat} ${why}: ${winnersPhrase(winners)}` };
}

/**
 * The engine has finished a game in which seats had resigned (a game of more than two sides played
 * on): resigned sides rank last. The engine's winners stand unless they include a resigned seat;
 * then the best of the sides still playing wins.
 */
export function finishedWith(t: Table, result: Result | undefined): Result | undefined {
  if (t.resigned.length === 0) return result;
  const playing = playingSides(t);
  const kept = (result?.winners ?? []).filter((seat) => playing.some((side) => side.includes(seat)));
  const winners = kept.length ? kept : leaders(t, playing);
  const resigned = [...t.resigned].sort((a, b) => a - b);
  const rank = `${seatList(resigned)} resigned and ${resigned.length === 1 ? 'ranks' : 'rank'} last`;
  return { winners, summary: `${winnersPhrase(winners)}; ${rank}${result ? ` (${result.summary})` : ''}` };
}
