import type { GameStatus } from './games';
import { bool, maybeTime, type Sql, type Statement, time } from './sql';

/** The store only stores: what a tournament's creator asked for, who entered, and each round's decisions. */

export type TournamentStatus = 'registering' | 'running' | 'finished';

export interface TournamentRecord {
  id: string;
  kind: string;
  options: Record<string, unknown>;
  format: 'swiss' | 'round-robin';
  scoring: 'games' | 'duplicate';
  rounds: number | null;
  tableSeats: number;
  roundHours: number;
  maxPlayers: number;
  minPlayers: number;
  rated: boolean;
  startsAt: Date | null;
  seed: string;
  seedHash: string;
  status: TournamentStatus;
  round: number;
  revision: number;
  createdBy: string;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface EntrantRecord {
  playerId: string;
  name: string;
  joinedAt: Date;
  withdrawnAt: Date | null;
}

export interface RoundRecord {
  round: number;
  startedAt: Date;
  deadline: Date;
  tables: string[][];
  byes: string[];
  endedAt: Date | null;
}

/** A tournament game as its standings read it. */
export interface TableGame {
  id: string;
  round: number;
  table: number;
  status: GameStatus;
}

export interface TournamentCursor {
  createdAt: Date;
  id: string;
}

type Row = Omit<
  TournamentRecord,
  'options' | 'rated' | 'startsAt' | 'createdAt' | 'finishedAt' | 'status' | 'format' | 'scoring'
> & {
  options: string;
  format: string;
  scoring: string;
  status: string;
  rated: unknown;
  startsAt: unknown;
  createdAt: unknown;
  finishedAt: unknown;
};

const toTournament = (r: Row): TournamentRecord => ({
  ...r,
  options: JSON.parse(r.options),
  format: r.format as TournamentRecord['format'],
  scoring: r.scoring as TournamentRecord['scoring'],
  status: r.status as TournamentStatus,
  rated: bool(r.rated),
  startsAt: maybeTime(r.startsAt),
  createdAt: time(r.createdAt),
  finishedAt: maybeTime(r.finishedAt),
  round: Number(r.round),
  revision: Number(r.revision),
});

export function tournamentStore(sql: Sql) {
  return {
    sql,

    async create(t: TournamentRecord): Promise<void> {
      await sql.run(
        `INSERT INTO "Tournament" ("id", "kind", "options", "format", "scoring", "rounds", "tableSeats", "roundHours", "maxPlayers",
           "minPlayers", "rated", "startsAt", "seed", "seedHash", "status", "round", "revision", "createdBy", "createdAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
        [
          t.id,
          t.kind,
          JSON.stringify(t.options),
          t.format,
          t.scoring,
          t.rounds,
          t.tableSeats,
          t.roundHours,
          t.maxPlayers,
          t.minPlayers,
          t.rated,
          t.startsAt,
          t.seed,
          t.seedHash,
          t.status,
          t.round,
          t.revision,
          t.createdBy,
          t.createdAt,
        ],
      );
    },

    async get(id: string): Promise<TournamentRecord | null> {
      const row = await sql.one<Row>('SELECT * FROM "Tournament" WHERE "id" = $1', [id]);
      return row ? toTournament(row) : null;
    },

    /** Newest first, at most `limit` after the cursor. */
    async list(status: TournamentStatus | undefined, after: TournamentCursor | null, limit: number): Promise<TournamentRecord[]> {
      const page = after ? 'AND ("createdAt", "id") < ($3, $4)' : '';
      const rows = await sql.all<Row>(
        `SELECT * FROM "Tournament" WHERE ("status" = $1 OR $1 = '') ${page} ORDER BY "createdAt" DESC, "id" DESC LIMIT $2`,
        [status ?? '', limit, ...(after ? [after.createdAt, after.id] : [])],
      );
      return rows.map(toTournament);
    },

    /** The entrants in the order they joined, with their names. */
    async entrants(id: string): Promise<EntrantRecord[]> {
      const rows = await sql.all<{ playerId: string; name: string; joinedAt: unknown; withdrawnAt: unknown }>(
        `SELECT e."playerId", p."name", e."joinedAt", e."withdrawnAt" FROM "TournamentEntrant" e
         JOIN "Player" p ON p."id" = e."playerId" WHERE e."tournamentId" = $1 ORDER BY e."joinedAt", e."playerId"`,
        [id],
      );
      return rows.map((r) => ({
        playerId: r.playerId,
        name: r.name,
        joinedAt: time(r.joinedAt),
        withdrawnAt: maybeTime(r.withdrawnAt),
      }));
    },

    async rounds(id: string): Promise<RoundRecord[]> {
      const rows = await sql.all<{
        round: number;
        startedAt: unknown;
        deadline: unknown;
        tables: string;
        byes: string;
        endedAt: unknown;
      }>(
        'SELECT "round", "startedAt", "deadline", "tables", "byes", "endedAt" FROM "TournamentRound" WHERE "tournamentId" = $1 ORDER BY "round"',
        [id],
      );
      return rows.map((r) => ({
        round: Number(r.round),
        startedAt: time(r.startedAt),
        deadline: time(r.deadline),
        tables: JSON.parse(r.tables),
        byes: JSON.parse(r.byes),
        endedAt: maybeTime(r.endedAt),
      }));
    },

    /** The tournament's games, by round and table. */
    async games(id: string): Promise<TableGame[]> {
      const rows = await sql.all<{ id: string; tournamentRound: number; tournamentTable: number; status: string }>(
        `SELECT "id", "tournamentRound", "tournamentTable", "status" FROM "Game" WHERE "tournamentId" = $1
         ORDER BY "tournamentRound", "tournamentTable"`,
        [id],
      );
      return rows.map((r) => ({
        id: r.id,
        round: Number(r.tournamentRound),
        table: Number(r.tournamentTable),
        status: r.status as GameStatus,
      }));
    },

    /** The statement every change carries: it applies only at the revision the change was decided at. */
    bump(id: string, revision: number, set = '', params: readonly unknown[] = []): Statement {
      return {
        text: `UPDATE "Tournament" SET "revision" = "revision" + 1${set} WHERE "id" = $1 AND "revision" = $2`,
        params: [id, revision, ...params],
        expect: 1,
      };
    },

    enter(id: string, playerId: string, at: Date): Statement {
      return {
        text: 'INSERT INTO "TournamentEntrant" ("tournamentId", "playerId", "joinedAt") VALUES ($1, $2, $3)',
        params: [id, playerId, at],
        expect: 1,
      };
    },

    leave(id: string, playerId: string): Statement {
      return {
        text: 'DELETE FROM "TournamentEntrant" WHERE "tournamentId" = $1 AND "playerId" = $2',
        params: [id, playerId],
        expect: 1,
      };
    },

    withdraw(id: string, playerId: string, at: Date): Statement {
      return {
        text: `UPDATE "TournamentEntrant" SET "withdrawnAt" = $3 WHERE "tournamentId" = $1 AND "playerId" = $2 AND "withdrawnAt" IS NULL`,
        params: [id, playerId, at],
        expect: 1,
      };
    },

    openRound(id: string, round: number, at: Date, deadline: Date, seating: { tables: string[][]; byes: string[] }): Statement {
      return {
        text: `INSERT INTO "TournamentRound" ("tournamentId", "round", "startedAt", "deadline", "tables", "byes") VALUES ($1, $2, $3, $4, $5, $6)`,
        params: [id, round, at, deadline, JSON.stringify(seating.tables), JSON.stringify(seating.byes)],
        expect: 1,
      };
    },

    closeRound(id: string, round: number, at: Date): Statement {
      return {
        text: 'UPDATE "TournamentRound" SET "endedAt" = $3 WHERE "tournamentId" = $1 AND "round" = $2 AND "endedAt" IS NULL',
        params: [id, round, at],
        expect: 1,
      };
    },

    /** Links a new game to its tournament table, in the transaction that creates it (the unique key refuses a second). */
    seatGame(gameId: string, id: string, round: number, table: number): Statement {
      return {
        text: 'UPDATE "Game" SET "tournamentId" = $2, "tournamentRound" = $3, "tournamentTable" = $4 WHERE "id" = $1',
        params: [gameId, id, round, table],
        expect: 1,
      };
    },

    /**
     * What the scheduler must look at now: registering tournaments whose start time has come, and open
     * rounds whose deadline has passed or whose games have all ended. Only those: O(due).
     */
    async due(at: Date, limit: number): Promise<string[]> {
      const rows = await sql.all<{ id: string }>(
        `SELECT "id" FROM "Tournament" WHERE "status" = 'registering' AND "startsAt" <= $1
         UNION
         SELECT r."tournamentId" AS "id" FROM "TournamentRound" r WHERE r."endedAt" IS NULL AND (r."deadline" <= $1 OR NOT EXISTS (
           SELECT 1 FROM "Game" g WHERE g."tournamentId" = r."tournamentId" AND g."tournamentRound" = r."round"
             AND g."status" IN ('active', 'waiting')))
         LIMIT $2`,
        [at, limit],
      );
      return rows.map((r) => r.id);
    },
  };
}

export type TournamentStore = ReturnType<typeof tournamentStore>;
