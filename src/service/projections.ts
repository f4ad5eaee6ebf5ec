import type { Result, SeatView } from '../engine';
import { timeLeft } from './clock-bank';
import type { Live } from './live';
import { openEndings } from './open-endings';

const SPECTATOR = -1;

/** An entity tag names what it tags: the game's revision and the audience (a seat, or spectators). */
export const viewTag = (revision: number, seat: number | null) => `"${revision}.${seat === null ? 'spectator' : `seat${seat}`}"`;

/** The result once the game has ended: the table's (a forfeit, a resignation) or the engine's. */
export function resultOf(live: Live): Result | undefined {
  return live.record.result ?? live.engine?.result ?? undefined;
}

/** Each seat's clock as of `at`: whole seconds left (null without a clock), and the end of its player's vacation. */
export function seatClocks(live: Live, at: Date) {
  const { record } = live;
  const active = record.status === 'active';
  return {
    timeLeft: record.seats.map((s) => (active ? timeLeft(record.clock, s, at) : null)),
    vacations: record.seats.map((s) => (active && s.frozenUntil ? s.frozenUntil.toISOString() : null)),
  };
}

/** The seat's view; its clocks as of `at` (by default the last change). */
export function seatView(live: Live, seat: number | null, at = live.record.updatedAt): SeatView {
  const { record, game, state, engine } = live;
  const active = record.status === 'active';
  const result = resultOf(live);
  const resigned = seat !== null && record.seats[seat]?.resigned;
  return {
    id: record.id,
    kind: record.kind,
    version: record.version,
    seat,
    status: record.status,
    toAct: active && engine ? engine.toAct : [],
    legalActions: active && seat !== null && !resigned ? game.legalActions(state, seat) : [],
    scores: engine?.scores ?? Array(record.seatCount).fill(0),
    ...(result && !active ? { result } : {}),
    deadlines: record.seats.map((s) => (active && s.deadline ? s.deadline.toISOString() : null)),
    ...seatClocks(live, at),
    endings: openEndings(live, seat),
    state: state === null ? null : game.view(state, seat),
    checkpoint: live.log.checkpoint,
  };
}

/**
 * The seat's view as JSON text, built once per revision and audience however many read it. Its
 * clocks are as of the last change, unless `at` asks for another time (a running clock's time left).
 */
export function seatViewJson(live: Live, seat: number | null, at?: Date): string {
  if (at && live.record.clock && at.getTime() !== live.record.updatedAt.getTime()) {
    return JSON.stringify(seatView(live, seat, at));
  }
  const key = seat ?? SPECTATOR;
  let text = live.views.get(key);
  if (text === undefined) {
    text = JSON.stringify(seatView(live, seat));
    live.views.set(key, text);
  }
  return text;
}

/**
 * A move's answer under `Prefer: return=minimal`: where the game stands and the checkpoint that covers
 * the move, without the seat's view (neither its legal actions nor its state are worked out).
 */
export function moveReceiptJson(live: Live, seat: number): string {
  const { record, engine } = live;
  const active = record.status === 'active';
  const result = resultOf(live);
  return JSON.stringify({
    id: record.id,
    version: record.version,
    seat,
    status: record.status,
    toAct: active && engine ? engine.toAct : [],
    ...(result && !active ? { result } : {}),
    deadlines: record.seats.map((s) => (active && s.deadline ? s.deadline.toISOString() : null)),
    checkpoint: live.log.checkpoint,
  });
}

/** The public summary: anyone may read it; the seed only once the game is over; the clocks as of `at`. */
export function summary(live: Live, at = live.record.updatedAt) {
  const { record, game, engine } = live;
  const over = record.status === 'finished' || record.status === 'aborted';
  const result = resultOf(live);
  return {
    id: record.id,
    kind: record.kind,
    title: game.title,
    status: record.status,
    version: record.version,
    seats: record.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      occupant: s.occupant,
      ...(s.playerId && s.occupant !== 'invited' ? { player: s.playerId } : {}),
      ...(s.occupant === 'invited' && s.playerId ? { invited: s.playerId } : {}),
      ...(s.bot ? { bot: s.bot } : {}),
      ...(s.resigned ? { resigned: true } : {}),
      ...(s.rematch ? { rematch: true } : {}),
    })),
    options: record.options,
    clock: record.clock,
    toAct: record.status === 'active' && engine ? engine.toAct : [],
    deadlines: record.seats.map((s) => (record.status === 'active' && s.deadline ? s.deadline.toISOString() : null)),
    ...seatClocks(live, at),
    scores: engine?.scores ?? Array(record.seatCount).fill(0),
    ...(result && over ? { result } : {}),
    seedHash: record.seedHash,
    // Only a seed drawn by the server, with no stacked deck, proves the shuffles fair.
    dealtBy: record.origin,
    provablyFair: record.origin === 'server',
    ...(over ? { seed: record.seed, ...(record.deck ? { deck: record.deck } : {}) } : {}),
    ...(record.rematchOf ? { rematchOf: record.rematchOf } : {}),
    ...(record.rematch ? { rematch: record.rematch } : {}),
    rated: record.rated,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    checkpoint: live.log.checkpoint,
  };
}

export type Summary = ReturnType<typeof summary>;
