import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateDatabase, startServer, TEST_LOG_KEY, type TestServer } from './support/harness';
import { bearer, newPlayer, type PlayerHandle } from './support/players';
import { ratedTable } from './support/rated';

/** `npm run admin -- ratings verify | rebuild`, run as its own process on a test server's database. */
const root = resolve(import.meta.dirname, '..');
let where: Awaited<ReturnType<typeof privateDatabase>>;
let server: TestServer;
let http: ReturnType<typeof request>;
const games: string[] = [];

function admin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _, ...env } = process.env;
  const own = {
    ...env,
    DATA_DIR: where.dataDir,
    LOG_SIGNING_KEY: TEST_LOG_KEY,
    ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...args],
      { cwd: root, env: own },
      (error, stdout, stderr) => done({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  where = await privateDatabase();
  server = await startServer(where);
  http = request(server.app.server);
  const players: PlayerHandle[] = [];
  for (const name of ['Ann', 'Ben', 'Cal']) players.push(await newPlayer(http, name));
  // Rated games ended by a resignation, players against each other and against a bot.
  for (const [a, b] of [
    [0, 1],
    [1, 2],
    [2, 0],
    [0, 1],
  ]) {
    const id = await ratedTable(http, 'scopa', [players[a], players[b]]);
    expect((await http.post(`/games/${id}/resign`).set(bearer(players[b].token))).status).toBe(200);
    games.push(id);
  }
  const vsBot = await http
    .post('/games')
    .set(bearer(players[2].token))
    .send({ kind: 'scopa', seats: [{ player: 'me' }, { bot: 'random' }] });
  expect((await http.post(`/games/${vsBot.body.id}/resign`).set(bearer(players[2].token))).status).toBe(200);
  games.push(vsBot.body.id);
}, 60_000);
afterAll(async () => {
  await server.close();
  await where.drop();
});

describe('npm run admin -- ratings', () => {
  it('verify recomputes every stored change and rating from the games’ logs, in order', async () => {
    const run = await admin(['ratings', 'verify', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ games: games.length, differences: [] });
  });

  it('verify exits 1 naming the game whose stored change differs; rebuild writes the fold back', async () => {
    await server.db.sql.run('UPDATE "RatingChange" SET "muAfter" = "muAfter" + 0.5 WHERE "gameId" = $1 AND "seat" = 0', [
      games[2],
    ]);
    const run = await admin(['ratings', 'verify']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`game ${games[2]} seat 0`);
    const rebuilt = await admin(['ratings', 'rebuild']);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect((await admin(['ratings', 'verify'])).code).toBe(0);
  });

  it('ratings takes verify or rebuild', async () => {
    const run = await admin(['ratings', 'fix']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ratings takes verify or rebuild');
  });
});
