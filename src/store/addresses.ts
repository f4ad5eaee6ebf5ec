import { type Sql, type Statement, time } from './sql';

/** The statements that keep a game created without a player token, counted against the network that created it. */
export interface FromAddress {
  statements: Statement[];
  /** The statement that fails when the network has created its games for the hour. */
  hourly: string;
  /** The statement that fails when the network has its tables with bots running already (absent without a bot seat). */
  running?: string;
}

/**
 * Records a new game (in the transaction that creates it) as made from `address` (a keyed hash of the
 * client network) without a player token. It commits only while that address has created fewer than
 * `perHour` such games since `since` and, for a table with a bot seat, while it has at most
 * `botGames` such tables waiting or running, the new one included. On PostgreSQL the address is
 * locked first (an advisory lock until commit), so concurrent creations from it count one after another.
 */
export function fromAddress(
  provider: Sql['provider'],
  game: { id: string; createdAt: Date },
  address: string,
  bots: boolean,
  since: Date,
  limits: { perHour: number; botGames: number },
): FromAddress {
  const hourly = `INSERT INTO "GameAddress" ("gameId", "address", "bots", "createdAt") SELECT $1, $2, $3, $4
                  WHERE (SELECT COUNT(*) FROM "GameAddress" WHERE "address" = $2 AND "createdAt" > $5) < $6`;
  const running = `UPDATE "GameAddress" SET "bots" = "bots" WHERE "gameId" = $1 AND (
                     SELECT COUNT(*) FROM "GameAddress" a JOIN "Game" g ON g."id" = a."gameId"
                     WHERE a."address" = $2 AND a."bots" AND g."status" IN ('waiting', 'active')) <= $3`;
  return {
    statements: [
      ...(provider === 'postgresql'
        ? [{ text: 'SELECT pg_advisory_xact_lock(hashtext($1))', params: [`game-address:${address}`] }]
        : []),
      { text: hourly, params: [game.id, address, bots, game.createdAt, since, limits.perHour], expect: 1 },
      ...(bots ? [{ text: running, params: [game.id, address, limits.botGames], expect: 1 }] : []),
    ],
    hourly,
    ...(bots ? { running } : {}),
  };
}

/** When the first of the games created from `address` since `since` was created. */
export async function firstGameFrom(sql: Sql, address: string, since: Date): Promise<Date | null> {
  const row = await sql.one<{ first: unknown }>(
    'SELECT MIN("createdAt") AS "first" FROM "GameAddress" WHERE "address" = $1 AND "createdAt" > $2',
    [address, since],
  );
  return row?.first ? time(row.first) : null;
}
