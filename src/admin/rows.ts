import type { Game, Seat } from '../generated/prisma/sqlite/client';
import type { GameRecord, GameStatus, Occupant, SeatRecord } from '../store/games';

/** Rows as Prisma Client reads them (dates and booleans typed, JSON as text) made the store's records, which the service's code reads. */

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

const toSeat = (s: Seat): SeatRecord => ({
  seat: s.seat,
  name: s.name,
  occupant: s.occupant as Occupant,
  playerId: s.playerId,
  holding: s.holding,
  bot: s.bot,
  due: s.due,
  dueSince: s.dueSince,
  deadline: s.deadline,
  bank: s.bank,
  frozenUntil: s.frozenUntil,
  remindAt: s.remindAt,
  resigned: s.resigned,
  rematch: s.rematch,
  joinedAt: s.joinedAt,
});

export const toRecord = (g: Game & { seats: Seat[] }): GameRecord => ({
  id: g.id,
  kind: g.kind,
  options: JSON.parse(g.options),
  clock: json(g.clock),
  seatCount: g.seatCount,
  engineVersion: g.engineVersion,
  seed: g.seed,
  seedHash: g.seedHash,
  origin: g.origin as GameRecord['origin'],
  deck: json(g.deck),
  status: g.status as GameStatus,
  version: g.version,
  revision: g.revision,
  toAct: JSON.parse(g.toAct),
  result: json(g.result),
  createdBy: g.createdBy,
  rematchOf: g.rematchOf,
  rated: g.rated === true,
  rematch: g.rematch,
  serverRun: g.serverRun,
  createdAt: g.createdAt,
  updatedAt: g.updatedAt,
  seats: g.seats.map(toSeat),
  ...(g.tournamentId
    ? { tournament: { id: g.tournamentId, round: Number(g.tournamentRound), table: Number(g.tournamentTable) } }
    : {}),
});

export const ended = (status: string) => status === 'finished' || status === 'aborted';
