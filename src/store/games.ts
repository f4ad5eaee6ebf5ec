import type { Db } from './database';

/** The store only stores: rows in, rows out. What they mean is the service's business. */

export interface GameRecord {
  id: string;
  kind: string;
  options: Record<string, unknown>;
  seatCount: number;
  engineVersion: number;
  seed: string;
  seedHash: string;
  origin: 'server' | 'client-seed' | 'client-deck';
  deck: string[] | null;
  status: 'active' | 'finished';
  version: number;
  createdAt: Date;
  updatedAt: Date;
  names: (string | null)[];
}

export interface EventRecord {
  seq: number;
  seat: number;
  action: { type: string; [k: string]: unknown };
  idempotencyKey: string | null;
  createdAt: Date;
}

export type NewGame = Omit<GameRecord, 'version' | 'createdAt' | 'updatedAt'>;

/** Thrown when another writer took the position first (the unique (gameId, seq) guard fired). */
export class VersionConflict extends Error {
  constructor(readonly gameId: string) {
    super(`game ${gameId} moved on`);
    this.name = 'VersionConflict';
  }
}

function toGame(row: {
  id: string;
  kind: string;
  options: string;
  seatCount: number;
  engineVersion: number;
  seed: string;
  seedHash: string;
  origin: string;
  deck: string | null;
  status: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  seats: { seat: number; name: string | null }[];
}): GameRecord {
  const names = Array.from({ length: row.seatCount }, (_, s) => row.seats.find((x) => x.seat === s)?.name ?? null);
  return {
    ...row,
    options: JSON.parse(row.options),
    deck: row.deck ? JSON.parse(row.deck) : null,
    origin: row.origin as GameRecord['origin'],
    status: row.status as GameRecord['status'],
    names,
  };
}

function toEvent(row: {
  seq: number;
  seat: number;
  action: string;
  idempotencyKey: string | null;
  createdAt: Date;
}): EventRecord {
  return { ...row, action: JSON.parse(row.action) };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === 'P2002';

export function gameStore(db: Db) {
  return {
    async create(game: NewGame): Promise<GameRecord> {
      const row = await db.game.create({
        data: {
          id: game.id,
          kind: game.kind,
          options: JSON.stringify(game.options),
          seatCount: game.seatCount,
          engineVersion: game.engineVersion,
          seed: game.seed,
          seedHash: game.seedHash,
          origin: game.origin,
          deck: game.deck ? JSON.stringify(game.deck) : null,
          status: game.status,
          seats: { create: game.names.map((name, seat) => ({ seat, name })) },
        },
        include: { seats: true },
      });
      return toGame(row);
    },

    async get(id: string): Promise<GameRecord | null> {
      const row = await db.game.findUnique({ where: { id }, include: { seats: true } });
      return row ? toGame(row) : null;
    },

    /** Only the version: the cheap check that a cached state is still current. */
    async version(id: string): Promise<number | null> {
      const row = await db.game.findUnique({ where: { id }, select: { version: true } });
      return row?.version ?? null;
    },

    /** Events with seq in (after, upTo], in order. */
    async events(id: string, after = 0, upTo?: number, limit?: number): Promise<EventRecord[]> {
      const rows = await db.event.findMany({
        where: { gameId: id, seq: { gt: after, ...(upTo !== undefined ? { lte: upTo } : {}) } },
        orderBy: { seq: 'asc' },
        take: limit,
      });
      return rows.map(toEvent);
    },

    async byIdempotencyKey(id: string, seat: number, key: string): Promise<EventRecord | null> {
      const row = await db.event.findUnique({ where: { gameId_seat_idempotencyKey: { gameId: id, seat, idempotencyKey: key } } });
      return row ? toEvent(row) : null;
    },

    /**
     * Appends the move at position `seq` and moves the game's version to it, in one transaction.
     * The event's primary key (gameId, seq) is the guard: if another writer appended at `seq` first,
     * the insert fails and VersionConflict is thrown; nothing is written.
     */
    async append(
      id: string,
      event: { seq: number; seat: number; action: unknown; idempotencyKey: string | null },
      status: GameRecord['status'],
    ): Promise<void> {
      try {
        await db.$transaction(async (tx) => {
          await tx.event.create({
            data: {
              gameId: id,
              seq: event.seq,
              seat: event.seat,
              action: JSON.stringify(event.action),
              idempotencyKey: event.idempotencyKey,
            },
          });
          const moved = await tx.game.updateMany({ where: { id, version: event.seq - 1 }, data: { version: event.seq, status } });
          if (moved.count !== 1) throw new VersionConflict(id);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new VersionConflict(id);
        throw e;
      }
    },
  };
}

export type GameStore = ReturnType<typeof gameStore>;
