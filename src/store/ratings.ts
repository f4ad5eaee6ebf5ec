import type { SeatChange, Skill } from '../ratings';
import { maybeTime, type Sql, type Statement, time } from './sql';

/** The store only stores: rating rows in, rating rows out. */

export interface RatingRow extends Skill {
  playerId: string;
  kind: string;
  games: number;
}

/** One seat's change as stored with its game. */
export interface ChangeRow {
  gameId: string;
  seat: number;
  seq: number;
  playerId: string;
  kind: string;
  before: Skill;
  after: Skill;
  finishedAt: Date;
}

/** A place in the leaderboard: provisional ratings after the others, then by mu - 3 sigma, then by id. */
export interface BoardCursor {
  provisional: boolean;
  score: number;
  id: string;
}

/** A finished game of an identity, newest first, with its rating change when it was rated. */
export interface RecentRow {
  id: string;
  kind: string;
  seat: number;
  result: { winners: number[]; summary: string } | null;
  finishedAt: Date;
  change: { before: Skill; after: Skill } | null;
}

interface ChangeSqlRow {
  gameId: string;
  seat: number;
  seq: number;
  playerId: string;
  kind: string;
  muBefore: number;
  sigmaBefore: number;
  muAfter: number;
  sigmaAfter: number;
  finishedAt: unknown;
}

const CHANGE_COLUMNS = `"gameId", "seat", "seq", "playerId", "kind", "muBefore", "sigmaBefore", "muAfter", "sigmaAfter", "finishedAt"`;

const toChange = (r: ChangeSqlRow): ChangeRow => ({
  gameId: r.gameId,
  seat: r.seat,
  seq: r.seq,
  playerId: r.playerId,
  kind: r.kind,
  before: { mu: Number(r.muBefore), sigma: Number(r.sigmaBefore) },
  after: { mu: Number(r.muAfter), sigma: Number(r.sigmaAfter) },
  finishedAt: time(r.finishedAt),
});

/**
 * The rows one rated finish writes, in the finishing move's transaction. The RatedGame row at `seq`
 * is the guard: a second writer that read the same ratings (so the same last seq) violates its key
 * and its whole transaction, the move with it, rolls back, to be tried again on fresh ratings.
 */
export function ratingStatements(
  seq: number,
  gameId: string,
  kind: string,
  at: Date,
  changes: readonly SeatChange[],
): Statement[] {
  return [
    {
      text: 'INSERT INTO "RatedGame" ("seq", "gameId", "kind", "finishedAt") VALUES ($1, $2, $3, $4)',
      params: [seq, gameId, kind, at],
    },
    ...changes.flatMap((c) => [
      {
        text: `INSERT INTO "Rating" ("playerId", "kind", "mu", "sigma", "games", "seq") VALUES ($1, $2, $3, $4, 1, $5)
               ON CONFLICT ("playerId", "kind") DO UPDATE SET "mu" = $3, "sigma" = $4, "games" = "Rating"."games" + 1, "seq" = $5`,
        params: [c.id, kind, c.after.mu, c.after.sigma, seq],
      },
      {
        text: `INSERT INTO "RatingChange" (${CHANGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        params: [gameId, c.seat, seq, c.id, kind, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, at],
      },
    ]),
  ];
}

/** Makes a table unrated (a guest took a seat of it). */
export const unrated = (gameId: string): Statement => ({
  text: 'UPDATE "Game" SET "rated" = NULL WHERE "id" = $1',
  params: [gameId],
});

export function ratingStore(sql: Sql, provisionalSigma: number) {
  const provisional = `CASE WHEN r."sigma" > ${provisionalSigma} THEN 1 ELSE 0 END`;
  return {
    /** The seq of the last rated finish applied (0 before the first). */
    async sequence(): Promise<number> {
      const row = await sql.one<{ seq: number | null }>('SELECT MAX("seq") AS "seq" FROM "RatedGame"');
      return Number(row?.seq ?? 0);
    },

    /** These identities' ratings of one kind (those that have one). */
    async current(kind: string, ids: readonly string[]): Promise<Map<string, RatingRow>> {
      const rows = await sql.all<RatingRow>(
        `SELECT "playerId", "kind", "mu", "sigma", "games" FROM "Rating" WHERE "kind" = $1 AND "playerId" IN (${ids
          .map((_, i) => `$${i + 2}`)
          .join(', ')})`,
        [kind, ...ids],
      );
      return new Map(rows.map((r) => [r.playerId, { ...r, mu: Number(r.mu), sigma: Number(r.sigma), games: Number(r.games) }]));
    },

    /** Every rating of one identity, by kind. */
    async of(playerId: string): Promise<RatingRow[]> {
      const rows = await sql.all<RatingRow>(
        `SELECT "playerId", "kind", "mu", "sigma", "games" FROM "Rating" WHERE "playerId" = $1 ORDER BY "kind"`,
        [playerId],
      );
      return rows.map((r) => ({ ...r, mu: Number(r.mu), sigma: Number(r.sigma), games: Number(r.games) }));
    },

    /** One kind's leaderboard page, with each identity's player name when it is a player. */
    async board(kind: string, after: BoardCursor | null, limit: number) {
      const page = after
        ? `AND (${provisional} > $3 OR (${provisional} = $3 AND (r."mu" - 3 * r."sigma" < $4
             OR (r."mu" - 3 * r."sigma" = $4 AND r."playerId" > $5))))`
        : '';
      const rows = await sql.all<RatingRow & { name: string | null; score: number }>(
        `SELECT r."playerId", r."kind", r."mu", r."sigma", r."games", p."name", r."mu" - 3 * r."sigma" AS "score"
         FROM "Rating" r LEFT JOIN "Player" p ON p."id" = r."playerId"
         WHERE r."kind" = $1 ${page}
         ORDER BY ${provisional}, r."mu" - 3 * r."sigma" DESC, r."playerId" LIMIT $2`,
        [kind, limit, ...(after ? [after.provisional ? 1 : 0, after.score, after.id] : [])],
      );
      return rows.map((r) => ({
        ...r,
        mu: Number(r.mu),
        sigma: Number(r.sigma),
        games: Number(r.games),
        score: Number(r.score),
      }));
    },

    /** The changes one game made, by seat (none for an unrated game). */
    async changesOf(gameId: string): Promise<ChangeRow[]> {
      const rows = await sql.all<ChangeSqlRow>(
        `SELECT ${CHANGE_COLUMNS} FROM "RatingChange" WHERE "gameId" = $1 ORDER BY "seat"`,
        [gameId],
      );
      return rows.map(toChange);
    },

    /** One identity's changes in one kind after seq `after`, oldest first. */
    async history(playerId: string, kind: string, after: number, limit: number): Promise<ChangeRow[]> {
      const rows = await sql.all<ChangeSqlRow>(
        `SELECT ${CHANGE_COLUMNS} FROM "RatingChange" WHERE "playerId" = $1 AND "kind" = $2 AND "seq" > $3 ORDER BY "seq" LIMIT $4`,
        [playerId, kind, after, limit],
      );
      return rows.map(toChange);
    },

    /**
     * A player's newest finished games (every one it held a seat in), or a bot's rated ones (its
     * unrated games are countless and say nothing of it), each with its rating change if rated.
     */
    async recent(playerId: string, bot: string | null, limit: number): Promise<RecentRow[]> {
      const rows = await sql.all<{
        id: string;
        kind: string;
        seat: number;
        result: string | null;
        updatedAt: unknown;
        muBefore: number | null;
        sigmaBefore: number | null;
        muAfter: number | null;
        sigmaAfter: number | null;
      }>(
        bot === null
          ? `SELECT g."id", g."kind", s."seat", g."result", g."updatedAt", c."muBefore", c."sigmaBefore", c."muAfter", c."sigmaAfter"
             FROM "Seat" s JOIN "Game" g ON g."id" = s."gameId"
             LEFT JOIN "RatingChange" c ON c."gameId" = s."gameId" AND c."seat" = s."seat"
             WHERE s."playerId" = $1 AND s."occupant" = 'player' AND g."status" = 'finished'
             ORDER BY g."updatedAt" DESC, g."id" LIMIT $2`
          : `SELECT g."id", g."kind", c."seat", g."result", g."updatedAt", c."muBefore", c."sigmaBefore", c."muAfter", c."sigmaAfter"
             FROM "RatingChange" c JOIN "Game" g ON g."id" = c."gameId"
             WHERE c."playerId" = $1 ORDER BY c."seq" DESC LIMIT $2`,
        [playerId, limit],
      );
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        seat: r.seat,
        result: r.result === null ? null : JSON.parse(r.result),
        finishedAt: maybeTime(r.updatedAt) as Date,
        change:
          r.muBefore === null
            ? null
            : {
                before: { mu: Number(r.muBefore), sigma: Number(r.sigmaBefore) },
                after: { mu: Number(r.muAfter), sigma: Number(r.sigmaAfter) },
              },
      }));
    },
  };
}

export type RatingStore = ReturnType<typeof ratingStore>;
