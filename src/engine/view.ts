import type { Action, Result } from './game';

/** How a table stands: waiting for players, being played, or over. */
export type TableStatus = 'waiting' | 'active' | 'finished' | 'aborted';

/**
 * What a seat (or a spectator, seat null) reads of a game: `GET /games/{id}/view`. It is also exactly
 * what a bot is given of the game, so it lives with the engine's types, below the service and the bots.
 */
export interface SeatView {
  id: string;
  kind: string;
  version: number;
  seat: number | null;
  status: TableStatus;
  toAct: number[];
  legalActions: Action[];
  scores: number[];
  result?: Result;
  /** When each seat's clock runs out (ISO time), by seat; null where no clock is running. */
  deadlines: (string | null)[];
  /** Whole seconds left on each seat's clock, by seat; null without a clock. */
  timeLeft: (number | null)[];
  /** When each seat's player comes back from vacation (its clock frozen until then), by seat; null for the others. */
  vacations: (string | null)[];
  /** Which of resign, abort and rematch this seat may ask for now (all false for a spectator). */
  endings: { resign: boolean; abort: boolean; rematch: boolean };
  /** The game as this seat may know it (the game's `view`); null while the table waits for players. */
  state: unknown;
  /** The log's signed tree head at this version (DESIGN.md, "Tamper-evident history"). */
  checkpoint: { size: number; root: string; signature: string };
}

/**
 * One event of the log as a seat reads it during play (`GET /games/{id}/events`): a move shows what
 * the game's `moveView` lets this seat know of it. A bot remembers what it saw through these.
 */
export interface SeenEvent {
  seq: number;
  seat: number;
  kind: 'move' | 'resign' | 'forfeit' | 'abort' | 'vacation' | 'resume' | 'gift';
  by: 'seat' | 'clock' | 'bot' | 'service';
  /** The action as this seat may know it. */
  action: unknown;
}
