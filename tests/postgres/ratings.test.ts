import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { openAdminDatabase } from '../../src/admin/database';
import { verifyRatings } from '../../src/admin/ratings';
import { twoServersForFile } from '../support/harness';
import { bearer, newPlayer, type PlayerHandle } from '../support/players';
import { ratedTable } from '../support/rated';

/** Two API servers over one PostgreSQL database finishing rated games at the same moment. */
const pair = twoServersForFile();

describe('ratings on two servers over one PostgreSQL', () => {
  it('a burst of rated finishes on both servers is applied in one sequence, each exactly once, and verifies', async () => {
    const http = request(pair.a.app.server);
    const players: PlayerHandle[] = [];
    for (let i = 0; i < 6; i++) players.push(await newPlayer(http, `Player ${i}`));
    // Every pair meets: each finish reads ratings another finish, on either server, is writing.
    const tables: { id: string; loser: PlayerHandle }[] = [];
    for (let i = 0; i < players.length; i++) {
      for (let j = i + 1; j < players.length; j++) {
        tables.push({ id: await ratedTable(http, 'scopa', [players[i], players[j]]), loser: players[(i + j) % 2 === 0 ? i : j] });
      }
    }
    const servers = [request(pair.a.app.server), request(pair.b.app.server)];
    const answers = await Promise.all(
      tables.map((t, n) => servers[n % 2].post(`/games/${t.id}/resign`).set(bearer(t.loser.token))),
    );
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);

    const rated = await pair.a.db.sql.all<{ seq: number; gameId: string }>(
      'SELECT "seq", "gameId" FROM "RatedGame" ORDER BY "seq"',
    );
    expect(rated.map((r) => Number(r.seq))).toEqual(tables.map((_, i) => i + 1));
    expect(new Set(rated.map((r) => r.gameId))).toEqual(new Set(tables.map((t) => t.id)));
    const changes = await pair.a.db.sql.one<{ n: string }>('SELECT COUNT(*) AS "n" FROM "RatingChange"');
    expect(Number(changes?.n)).toBe(tables.length * 2);
    // Each player played five games: five changes chained, before to after.
    const games = await pair.a.db.sql.all<{ games: number }>('SELECT "games" FROM "Rating"');
    expect(games.map((g) => g.games)).toEqual(players.map(() => players.length - 1));

    const db = await openAdminDatabase({ databaseUrl: pair.where.databaseUrl, dataDir: pair.where.dataDir });
    try {
      expect(await verifyRatings(db.client)).toEqual({ games: tables.length, differences: [] });
    } finally {
      await db.client.$disconnect();
    }
  }, 120_000);
});
