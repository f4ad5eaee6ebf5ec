/**
 * Poke's scoresheet: tricks below the line (worth 1, 2 or 4 as the other seat stands pat, doubled
 * or redoubled), honours for the better poker hand and 250 for a slam above it, 100 above for each
 * game (20 below the line), and 500 or 750 for the rubber.
 */
import { buildDeck, type Card, shuffle } from '../../cards';
import { isRoyalFlush, type PokerCategory, pokerHand } from '../../cards/poker';
import { nextDealer } from '../../cards/tricks';
import { newDeal, SEATS } from './deal';
import type { DealScore, Honours, Play, State } from './state';

/** Honours for the better hand; high card scores nothing. */
export const HONOURS: Record<PokerCategory, number> = {
  'straight-flush': 750,
  'four-of-a-kind': 600,
  'full-house': 500,
  flush: 400,
  straight: 300,
  'three-of-a-kind': 200,
  'two-pair': 100,
  pair: 50,
  'high-card': 0,
};
export const ROYAL_FLUSH = 1000;
export const SLAM = 250;
export const GAME_BONUS = 100;
/** The rubber bonus: 500 when the loser won a game, 750 when it won none. */
export const RUBBER_BONUS = { contested: 500, clean: 750 };
export const TRICKS_PER_DEAL = 5;
const GAMES_TO_WIN = 2;

export type Level = 'none' | 'doubled' | 'redoubled';
const LEVELS: readonly Level[] = ['none', 'doubled', 'redoubled'];

/**
 * How far a seat has doubled itself by drawing: the non-dealer by each draw (two at most), the
 * dealer only by its second and third draws (the first is free).
 */
export function doubling(draws: number, isDealer: boolean): Level {
  return LEVELS[Math.max(0, isDealer ? draws - 1 : draws)];
}

/** What each trick a seat wins is worth: 1, or 2 or 4 when the other seat is doubled or redoubled. */
export function trickValue(opponent: Level): number {
  return 2 ** LEVELS.indexOf(opponent);
}

/**
 * Honours for the better of the two hands as held after the draw: nothing when the hands tie or
 * when the better one has not even a pair.
 */
export function honours(hands: readonly [readonly Card[], readonly Card[]]): Honours | null {
  const [a, b] = [pokerHand(hands[0]), pokerHand(hands[1])];
  if (a.value === b.value) return null;
  const seat = a.value > b.value ? 0 : 1;
  const best = seat === 0 ? a : b;
  const points = isRoyalFlush(best) ? ROYAL_FLUSH : HONOURS[best.category];
  return points > 0 ? { seat, hand: best.name, points } : null;
}

/** The game's winner once the deal is scored: the higher seat below the line at `target` or more; none on a tie. */
export function gameWinner(below: readonly [number, number], target: number): number | null {
  if (Math.max(...below) < target || below[0] === below[1]) return null;
  return below[0] > below[1] ? 0 : 1;
}

/** The rubber bonus for the seat winning its second game, given the games the other seat won. */
export function rubberBonus(loserGames: number): number {
  return loserGames > 0 ? RUBBER_BONUS.contested : RUBBER_BONUS.clean;
}

export const levelOf = (s: State, seat: number): Level => doubling(s.draws[seat].length, seat === s.dealer);
export const trickValues = (s: State): [number, number] => [trickValue(levelOf(s, 1)), trickValue(levelOf(s, 0))];

export function tricksWon(plays: readonly Play[]): [number, number] {
  const won: [number, number] = [0, 0];
  for (const p of plays) won[p.winner] += p.led.length;
  return won;
}

export function gamesWon(s: State): [number, number] {
  return [s.games.filter((g) => g === 0).length, s.games.filter((g) => g === 1).length];
}

/** Scores a finished deal, then ends the rubber or deals again (the non-dealer deals next). */
export function scored(s: State): State {
  const held = s.held as [Card[], Card[]];
  const tricks = tricksWon(s.plays);
  const values = trickValues(s);
  const points: [number, number] = [tricks[0] * values[0], tricks[1] * values[1]];
  const honour = honours(held);
  const slam = tricks[0] === TRICKS_PER_DEAL ? 0 : tricks[1] === TRICKS_PER_DEAL ? 1 : null;
  const above: [number, number] = [0, 0];
  if (honour) above[honour.seat] += honour.points;
  if (slam !== null) above[slam] += SLAM;
  let below: [number, number] = [s.below[0] + points[0], s.below[1] + points[1]];
  const game = gameWinner(below, s.target);
  let games = s.games;
  let bonus = 0;
  if (game !== null) {
    above[game] += GAME_BONUS;
    games = [...games, game];
    below = [0, 0];
    const won = games.filter((g) => g === game).length;
    if (won === GAMES_TO_WIN) bonus = rubberBonus(games.length - won);
    above[game] += bonus;
  }
  const score: DealScore = {
    dealer: s.dealer,
    draws: s.draws,
    tricks,
    below: points,
    honours: honour,
    slam,
    game,
    rubberBonus: bonus,
    above,
  };
  const next: State = {
    ...s,
    below,
    above: [s.above[0] + above[0], s.above[1] + above[1]],
    games,
    deals: [...s.deals, score],
    lastDeal: { score, hands: held, handNames: [pokerHand(held[0]).name, pokerHand(held[1]).name], plays: s.plays },
  };
  if (bonus > 0) return { ...next, phase: 'over' };
  const [deck, rng] = shuffle(buildDeck(), s.rng);
  return newDeal(next, nextDealer(s.dealer, SEATS), deck, rng);
}
