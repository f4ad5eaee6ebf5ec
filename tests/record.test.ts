import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, AnyGame } from '../src/engine';
import { games } from '../src/games';
import type { GameRecordDocument } from '../src/record/record';
import { verifyRecord } from '../src/record/verify';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { shortOptions } from './support/short-games';

let where: Awaited<ReturnType<typeof privateDatabase>>;
let server: TestServer;
let http: ReturnType<typeof request>;
const dir = mkdtempSync(join(tmpdir(), 'card-table-records-'));

beforeAll(async () => {
  where = await privateDatabase();
  server = await startServer(where);
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await where.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Plays a game of `kind` to its end through the move path, each seat taking one of its legal actions. */
async function finished(game: AnyGame): Promise<string> {
  const seats = game.seats.min;
  const created = await http.post('/games').send({ kind: game.kind, seats, options: shortOptions(game.kind) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id } = created.body;
  const { live, moves } = server.app.service;
  for (let n = 0; ; n++) {
    const current = await live.load(id);
    if (current.record.status !== 'active') break;
    const seat = current.record.toAct[n % current.record.toAct.length];
    const legal = game.legalActions(current.state, seat) as Action[];
    await moves.play({ id, seat, action: legal[(n * 7919) % legal.length], by: 'seat' });
  }
  return id;
}

const copy = (r: GameRecordDocument): GameRecordDocument => JSON.parse(JSON.stringify(r));

describe('a game record, kept and checked offline', () => {
  it('is refused for a game still in play: its seed is still secret', async () => {
    const created = await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 });
    const res = await http.get(`/games/${created.body.id}/record`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('game-not-finished');
  });

  for (const game of games.values()) {
    it(`${game.title}: the record of a finished game verifies; one event, the seed or the result altered does not`, async () => {
      const id = await finished(game);
      const res = await http.get(`/games/${id}/record`);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      const record = res.body as GameRecordDocument;
      expect(record).toMatchObject({ kind: game.kind, id, status: 'finished' });
      expect(record.events.length).toBeGreaterThan(0);
      const verdict = verifyRecord(record);
      expect(verdict.problems).toEqual([]);
      expect(verdict.ok).toBe(true);

      // A move credited to another seat is not a move that seat could make there.
      const moved = copy(record);
      const event = moved.events[Math.floor(moved.events.length / 2)];
      event.seat = (event.seat + 1) % moved.seats.length;
      expect(verifyRecord(moved).ok).toBe(false);

      const seed = copy(record);
      seed.seed = `${seed.seed}0`;
      // Named first, for what it is (another seed also deals other cards: the replay then fails too).
      expect(verifyRecord(seed).problems[0]).toMatch(
        /^the seed hashes to [0-9a-f]{64}, not to the published seedHash [0-9a-f]{64}$/,
      );

      const result = copy(record);
      result.result = {
        winners: [...(record.result?.winners ?? [])].map((w) => (w + 1) % record.seats.length),
        summary: 'forged',
      };
      expect(verifyRecord(result).problems).toEqual([
        `replaying the log gives the result ${JSON.stringify(record.result)}, not ${JSON.stringify(result.result)}`,
      ]);
    });
  }

  it('npm run verify says so: exit 0 for a record that holds, 1 with the mismatch for one edited by hand', async () => {
    const id = await finished(games.get('divide-and-conquer') as AnyGame);
    const record = (await http.get(`/games/${id}/record`)).body as GameRecordDocument;
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify(record));
    const edited = copy(record);
    edited.events[0].action = { ...edited.events[0].action, card: 'JK' } as GameRecordDocument['events'][number]['action'];
    writeFileSync(bad, JSON.stringify(edited));
    const run = (file: string) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', file]).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e) => ({ code: e.code as number, out: e.stdout as string }),
      );
    const ok = await run(good);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/the record holds/);
    const failed = await run(bad);
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/FAIL {2}event 1: seat \d could not play/);
  });
});
