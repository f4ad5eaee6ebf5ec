import { type Clock, type GameStatus, SEAT_COLUMNS, type SeatRecord, toSeat } from './games';
import { bool, type Sql, time } from './sql';

/** A table as the lobby lists it: no seed, no state, just who sits where. */
export interface ListedGame {
  id: string;
  kind: string;
  status: GameStatus;
  options: Record<string, unknown>;
  clock: Clock | null;
  createdBy: string | null;
  createdAt: Date;
  seats: SeatRecord[];
  rated: boolean;
}

/** Where a page of the lobby resumes: after this game, newest first. */
export interface LobbyCursor {
  createdAt: Date;
  id: string;
}

interface Row {
  id: string;
  kind: string;
  status: string;
  options: string;
  clock: string | null;
  createdBy: string | null;
  createdAt: unknown;
  rated: unknown;
}

/** The seats of several games in one query, in turn order. */
export async function seatsOf(sql: Sql, ids: readonly string[]): Promise<Map<string, SeatRecord[]>> {
  const rows =
    sql.provider === 'postgresql'
      ? await sql.all<{ gameId: string } & Parameters<typeof toSeat>[0]>(
          `SELECT "gameId", ${SEAT_COLUMNS} FROM "Seat" WHERE "gameId" = ANY($1) ORDER BY "gameId", "seat"`,
          [ids],
        )
      : await sql.all<{ gameId: string } & Parameters<typeof toSeat>[0]>(
          `SELECT "gameId", ${SEAT_COLUMNS} FROM "Seat" WHERE "gameId" IN (SELECT value FROM json_each($1)) ORDER BY "gameId", "seat"`,
          [JSON.stringify(ids)],
        );
  const seats = new Map<string, SeatRecord[]>(ids.map((id) => [id, []]));
  for (const r of rows) seats.get(r.gameId)?.push(toSeat(r));
  return seats;
}

export function lobbyStore(sql: Sql) {
  return {
    /**
     * Games of one status, newest first, at most `limit` after the cursor. Waiting games are listed
     * only while a seat is open to anyone (a table whose free seats are all invitations is private).
     */
    async list(status: GameStatus, kind: string | undefined, after: LobbyCursor | null, limit: number): Promise<ListedGame[]> {
      const open =
        status === 'waiting' ? `AND EXISTS (SELECT 1 FROM "Seat" s WHERE s."gameId" = g."id" AND s."occupant" = 'open')` : '';
      const page = after ? 'AND (g."createdAt", g."id") < ($4, $5)' : '';
      // A tournament game is listed once its round has ended: until then only its seats may look at it.
      const privateRound = `AND NOT EXISTS (SELECT 1 FROM "TournamentRound" r WHERE r."tournamentId" = g."tournamentId"
           AND r."round" = g."tournamentRound" AND r."endedAt" IS NULL)`;
      const rows = await sql.all<Row>(
        `SELECT g."id", g."kind", g."status", g."options", g."clock", g."createdBy", g."createdAt", g."rated" FROM "Game" g
         WHERE g."status" = $1 AND (g."kind" = $2 OR $2 = '') ${open} ${privateRound} ${page}
         ORDER BY g."createdAt" DESC, g."id" DESC LIMIT $3`,
        [status, kind ?? '', limit, ...(after ? [after.createdAt, after.id] : [])],
      );
      const seats = await seatsOf(
        sql,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        status: r.status as GameStatus,
        options: JSON.parse(r.options),
        clock: r.clock === null ? null : JSON.parse(r.clock),
        createdBy: r.createdBy,
        createdAt: time(r.createdAt),
        seats: seats.get(r.id) ?? [],
        rated: bool(r.rated),
      }));
    },
  };
}

export type LobbyStore = ReturnType<typeof lobbyStore>;
