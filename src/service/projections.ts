import type { Result, SeatView } from '../engine';
import type { Live } from './live';
import { openEndings } from './open-endings';

const SPECTATOR = -1;

/** An entity tag names what it tags: the game's revision and the audience (a seat, or spectators). */
export const viewTag = (revision: number, seat: number | null) => `"${revision}.${seat === null ? 'spectator' : `seat${seat}`}"`;

/** The result once the game has ended: the table's (a forfeit, a resignation) or the engine's. */
export function resultOf(live: Live): Result | undefined {
  return live.record.result ?? live.engine?.result ?? undefined;
}

export function seatView(live: Live, seat: number | null): SeatView {
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
    endings: openEndings(live, seat),
    state: state === null ? null : game.view(state, seat),
    checkpoint: live.log.checkpoint,
  };
}

/** The seat's view as JSON text, built once per revision and audience however many read it. */
export function seatViewJson(live: Live, seat: number | null): string {
  const key = seat ?? SPECTATOR;
  let text = live.views.get(key);
  if (text === undefined) {
    text = JSON.stringify(seatView(live, seat));
    live.views.set(key, text);
  }
  return text;
}

/** The public summary: anyone may read it; the seed only once the game is over. */
export function summary(live: Live) {
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
