// What `npm run bench:scale` fills its database with (issue 39): a deterministic plan, one entry per
// game, so that the run at N and the run at N/10 hold the same kinds of games in the same shares.
import { loopGame } from './loop';

export type Standing = 'finished' | 'running' | 'waiting';

export interface PlannedGame {
  kind: string;
  seats: number;
  /** 90% finished, 9% running (all with clocks), 1% waiting in the lobby for a player. */
  standing: Standing;
  /** Whether the game has a correspondence clock. */
  clock: boolean;
  /** The player (0 to players - 1) who created it and holds seat 0; player 0 is the one with many games. */
  player: number;
  /** The share of its moves a running game has made (a finished one made them all; a waiting one none). */
  played: number;
}

export interface MixOptions {
  /** Players in all (20,000 by default). */
  players: number;
  /** The games of player 0, whose list of games is measured (2,000 by default, at most every game). */
  heavy: number;
}

export const DEFAULT_MIX: MixOptions = { players: 20_000, heavy: 2_000 };

/** The `i`th game of `n`: its standing by its place in each hundred, its kind as the move loop's `i`th client plays. */
export function plannedGame(i: number, n: number, { players, heavy }: MixOptions = DEFAULT_MIX): PlannedGame {
  const { kind, seats } = loopGame(i);
  const place = i % 100;
  const standing: Standing = place === 0 ? 'waiting' : place <= 9 ? 'running' : 'finished';
  // Player 0 created every (n / heavy)th game (not the hundreds' firsts, which wait in the lobby); the others take the rest in turn.
  const every = Math.max(1, Math.ceil(n / heavy));
  const player = i % every === every - 1 ? 0 : 1 + (i % (players - 1));
  // Half the finished games were played on a clock; every running one is.
  const clock = standing === 'running' || (standing === 'finished' && i % 2 === 0);
  const played = standing === 'finished' ? 1 : standing === 'waiting' ? 0 : ((i * 7919) % 89) / 89;
  return { kind, seats, standing, clock, player, played };
}
