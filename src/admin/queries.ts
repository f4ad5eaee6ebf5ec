import type { GameStatus } from '../store/games';
import type { Client } from './database';
import { Refused } from './problem';
import { ended, toRecord } from './rows';

/**
 * What the operator's commands read, and the purge, with Prisma Client alone (src/admin/endings.ts has
 * what replays a game), as plain data: printed as tables, or as JSON with --json.
 */

export interface SeatLine {
  seat: number;
  occupant: string;
  name: string | null;
  player: string | null;
  bot: string | null;
}

export interface GameLine {
  id: string;
  kind: string;
  status: string;
  version: number;
  seats: SeatLine[];
  createdAt: string;
  updatedAt: string;
}

const seatLine = (s: { seat: number; occupant: string; name: string | null; playerId: string | null; bot: string | null }) => ({
  seat: s.seat,
  occupant: s.occupant,
  name: s.name,
  player: s.playerId,
  bot: s.bot,
});

const seatsSelect = {
  orderBy: { seat: 'asc' },
  select: { seat: true, occupant: true, name: true, playerId: true, bot: true },
} as const;

export interface GameFilter {
  status?: GameStatus;
  kind?: string;
  /** Games where this player holds or is invited to a seat. */
  player?: string;
  limit: number;
}

/** Games, newest first. */
export async function listGames(db: Client, filter: GameFilter): Promise<GameLine[]> {
  const rows = await db.game.findMany({
    where: {
      status: filter.status,
      kind: filter.kind,
      ...(filter.player ? { seats: { some: { playerId: filter.player } } } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.limit,
    select: { id: true, kind: true, status: true, version: true, createdAt: true, updatedAt: true, seats: seatsSelect },
  });
  return rows.map((g) => ({
    ...g,
    seats: g.seats.map(seatLine),
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  }));
}

export interface GameDetail {
  id: string;
  kind: string;
  status: string;
  version: number;
  revision: number;
  /** Rows in the log: the same as version, unless the database is damaged. */
  events: number;
  options: Record<string, unknown>;
  clock: unknown;
  dealtBy: string;
  seedHash: string;
  /** Only once the game is over, as the server shows it. */
  seed?: string;
  result: unknown;
  createdBy: string | null;
  rematchOf: string | null;
  rematch: string | null;
  createdAt: string;
  updatedAt: string;
  seats: (SeatLine & { due: boolean; deadline: string | null; resigned: boolean; rematch: boolean })[];
}

/** One game: its summary, seats and the number of events in its log. */
export async function showGame(db: Client, id: string): Promise<GameDetail> {
  const g = await db.game.findUnique({
    where: { id },
    include: { seats: { orderBy: { seat: 'asc' } }, key: { select: { _count: { select: { events: true } } } } },
  });
  if (!g) throw new Refused(`there is no game ${id}`);
  const record = toRecord(g);
  return {
    id: g.id,
    kind: g.kind,
    status: g.status,
    version: g.version,
    revision: g.revision,
    events: g.key?._count.events ?? 0,
    options: record.options,
    clock: record.clock,
    dealtBy: g.origin,
    seedHash: g.seedHash,
    ...(ended(g.status) ? { seed: g.seed } : {}),
    result: record.result,
    createdBy: g.createdBy,
    rematchOf: g.rematchOf,
    rematch: g.rematch,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
    seats: record.seats.map((s) => ({
      ...seatLine(s),
      due: s.due,
      deadline: s.deadline?.toISOString() ?? null,
      resigned: s.resigned,
      rematch: s.rematch,
    })),
  };
}

export interface PlayerDetail {
  id: string;
  name: string;
  createdAt: string;
  /** The seq of the player's newest notification. */
  notified: number;
  games: {
    id: string;
    kind: string;
    status: string;
    version: number;
    seat: number;
    occupant: string;
    due: boolean;
    updatedAt: string;
  }[];
  /** Its webhooks, never their signing secrets. */
  webhooks: {
    id: string;
    url: string;
    /** The last notification delivered or given up on. */
    cursor: number;
    attempts: number;
    failingSince: string | null;
    retryAt: string | null;
    createdAt: string;
  }[];
}

/** A player, the games where it holds or is invited to a seat (most recently changed first), and its webhooks. */
export async function showPlayer(db: Client, id: string, limit: number): Promise<PlayerDetail> {
  const p = await db.player.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      createdAt: true,
      notified: true,
      // Selected field by field: the secret is never read.
      webhooks: {
        orderBy: { createdAt: 'asc' },
        select: { id: true, url: true, cursor: true, attempts: true, failingSince: true, retryAt: true, createdAt: true },
      },
    },
  });
  if (!p) throw new Refused(`there is no player ${id}`);
  const seats = await db.seat.findMany({
    where: { playerId: id },
    orderBy: [{ game: { updatedAt: 'desc' } }, { gameId: 'asc' }],
    take: limit,
    select: {
      seat: true,
      occupant: true,
      due: true,
      game: { select: { id: true, kind: true, status: true, version: true, updatedAt: true } },
    },
  });
  return {
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    notified: p.notified,
    games: seats.map((s) => ({
      id: s.game.id,
      kind: s.game.kind,
      status: s.game.status,
      version: s.game.version,
      seat: s.seat,
      occupant: s.occupant,
      due: s.due,
      updatedAt: s.game.updatedAt.toISOString(),
    })),
    webhooks: p.webhooks.map((w) => ({
      ...w,
      failingSince: w.failingSince?.toISOString() ?? null,
      retryAt: w.retryAt?.toISOString() ?? null,
      createdAt: w.createdAt.toISOString(),
    })),
  };
}

export interface Sweep {
  dryRun: boolean;
  /** Waiting tables nobody joined or left since this time are the ones swept. */
  before: string;
  /** Each table and what became of it: aborted, purged, would abort, would purge, or why it was left as it is. */
  games: (GameLine & { outcome: string })[];
}

/** Waiting tables untouched (no join, no leave) since `before`, oldest first. */
export function abandoned(db: Client, before: Date) {
  return db.game.findMany({
    where: { status: 'waiting', updatedAt: { lt: before } },
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    include: { seats: { orderBy: { seat: 'asc' } } },
  });
}

export type Abandoned = Awaited<ReturnType<typeof abandoned>>[number];

export const listed = (g: Abandoned): GameLine => ({
  id: g.id,
  kind: g.kind,
  status: g.status,
  version: g.version,
  seats: g.seats.map(seatLine),
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});

export const CHANGED = 'left as it is: someone joined or left meanwhile';

/**
 * Deletes the waiting tables nobody joined or left since `before`, with their seats (the database
 * cascades); with `dryRun`, only lists them. A running server answers 404 for them from then on.
 * Notifications already sent about them (invitations) stay in the players' logs.
 */
export async function purgeWaiting(db: Client, before: Date, dryRun: boolean): Promise<Sweep> {
  const found = await abandoned(db, before);
  const swept: Sweep['games'] = [];
  for (const g of found) {
    let outcome = 'would purge';
    if (!dryRun) {
      const { count } = await db.game.deleteMany({
        where: { id: g.id, status: 'waiting', revision: g.revision },
      });
      outcome = count === 1 ? 'purged' : CHANGED;
    }
    swept.push({ ...listed(g), outcome });
  }
  return { dryRun, before: before.toISOString(), games: swept };
}
