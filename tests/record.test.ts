import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, AnyGame } from '../src/engine';
import { games } from '../src/games';
import { append, checkpointSigner, EMPTY, type EventLeaf, leafHashOf, newSigningKey, rootOf, signingKey } from '../src/log';
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
async function finished(game: AnyGame, extra: Record<string, unknown> = {}): Promise<string> {
  const seats = game.seats.min;
  const created = await http.post('/games').send({ kind: game.kind, seats, options: shortOptions(game.kind), ...extra });
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
    const ok = await verifyCli(good);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/the record holds/);
    expect(ok.out).toMatch(/signed by the record’s own logKey .*pass --key/);
    const failed = await verifyCli(bad);
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/FAIL {2}event 1 is not the event the server logged at seq 1: it was changed/);
    expect(failed.out).toMatch(/FAIL {2}event 1: seat \d could not play/);
  });
});

const verifyCli = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args]).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e) => ({ code: e.code as number, out: e.stdout as string }),
  );

/** The tree head over these leaf hashes (base64), as the verifier recomputes it. */
const headOf = (leaves: string[]) =>
  Buffer.from(rootOf(leaves.reduce((edge, h) => append(edge, Buffer.from(h, 'base64')).edge, EMPTY))).toString('base64');

describe('a record’s tamper-evident log', () => {
  let record: GameRecordDocument;
  let key: string;
  beforeAll(async () => {
    const id = await finished(games.get('divide-and-conquer') as AnyGame);
    record = (await http.get(`/games/${id}/record`)).body as GameRecordDocument;
    key = (await http.get('/log/key')).body.publicKey;
  });
  const problems = (r: GameRecordDocument, trusted?: string) => verifyRecord(r, { key: trusted }).problems;

  it('carries the genesis, each event’s salt, every leaf hash, the final checkpoint and the key that signed it', () => {
    const { genesis, checkpoint, leafHashes, logKey } = record;
    expect(genesis).toMatchObject({
      id: record.id,
      kind: record.kind,
      seatCount: record.seats.length,
      seedHash: record.seedHash,
    });
    expect(checkpoint.size).toBe(record.events.length + 1);
    expect(leafHashes).toHaveLength(record.events.length + 1);
    expect(headOf(leafHashes)).toBe(checkpoint.root);
    expect(logKey).toBe(key);
    for (const e of record.events) expect(e.salt).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the untouched record holds, against its own key and against the server’s given with --key', () => {
    expect(problems(record)).toEqual([]);
    expect(problems(record, key)).toEqual([]);
    expect(verifyRecord(record, { key }).checked).toContain(
      `the tree of the genesis and ${record.events.length} events has the signed root ${record.checkpoint.root}`,
    );
  });

  it('one event changed, even where the replay cannot tell (who made it), fails naming the event', () => {
    const k = 3;
    const changed = copy(record);
    expect(changed.events[k - 1].by).toBe('seat');
    changed.events[k - 1].by = 'bot';
    expect(problems(changed)).toEqual([
      `event ${k} is not the event the server logged at seq ${k}: it was changed`,
      'the tree of the genesis and the events as listed does not have the signed root',
    ]);
  });

  it('one event removed fails naming it', () => {
    const k = 4;
    const removed = copy(record);
    removed.events.splice(k - 1, 1);
    expect(problems(removed)).toContain(`event ${k} is missing: it was removed from the log`);
    expect(problems(removed)).toContain('the tree of the genesis and the events as listed does not have the signed root');
  });

  it('one event removed and the rest renumbered fails naming where: their salts are the next events’', () => {
    const k = 4;
    const renumbered = copy(record);
    renumbered.events.splice(k - 1, 1);
    for (const [i, e] of renumbered.events.entries()) e.seq = i + 1;
    expect(problems(renumbered)).toContain(
      `event ${k} carries the salt of event ${k + 1}: events were renumbered, moved or removed`,
    );
  });

  it('two events swapped fail naming both', () => {
    const swapped = copy(record);
    [swapped.events[1], swapped.events[4]] = [swapped.events[4], swapped.events[1]];
    expect(problems(swapped)).toEqual(
      expect.arrayContaining([
        'event 5 stands where event 2 should: events were reordered',
        'event 2 stands where event 5 should: events were reordered',
      ]),
    );
    // Their actions swapped instead, each keeping its place: both are not what was logged there.
    const actions = copy(record);
    [actions.events[1].action, actions.events[4].action] = [actions.events[4].action, actions.events[1].action];
    expect(problems(actions)).toEqual(
      expect.arrayContaining([
        'event 2 is not the event the server logged at seq 2: it was changed',
        'event 5 is not the event the server logged at seq 5: it was changed',
      ]),
    );
  });

  it('a changed salt or genesis is named', () => {
    const salted = copy(record);
    salted.events[2].salt = '0'.repeat(64);
    expect(problems(salted)).toContain('event 3: its salt is not HMAC-SHA256 of event:3 keyed by the seed');
    const genesis = copy(record);
    genesis.genesis.createdAt = new Date(0).toISOString();
    expect(problems(genesis)[0]).toMatch(/^the genesis says createdAt "1970-01-01T00:00:00.000Z", the record "/);
  });

  it('a record rewritten whole and signed again under another key holds against its own key only: --key refuses it', () => {
    const forged = copy(record);
    forged.events[2].by = 'bot';
    forged.leafHashes[3] = leafHashOf(forged.events[2] as EventLeaf).toString('base64');
    const signer = checkpointSigner(signingKey(newSigningKey()));
    forged.checkpoint = signer.sign(forged.id, forged.checkpoint.size, Buffer.from(headOf(forged.leafHashes), 'base64'));
    forged.logKey = signer.publicKey;
    expect(problems(forged)).toEqual([]);
    expect(problems(forged, key)).toEqual([
      `the record names the key ${signer.publicKey}, not the one given (--key)`,
      'the checkpoint is not signed by the key given (--key)',
    ]);
  });

  it('a stacked deck is bound by the genesis: another deck in the record is named', async () => {
    const deck = ['2S', '7S', '3S', '8S', '4S', '9S', '5S', 'TS', '6S', 'QS'];
    const id = await finished(games.get('divide-and-conquer') as AnyGame, { deck });
    const stacked = (await http.get(`/games/${id}/record`)).body as GameRecordDocument;
    expect(stacked.genesis.deckHash).toMatch(/^[0-9a-f]{64}$/);
    expect(problems(stacked, key)).toEqual([]);
    const other = copy(stacked);
    other.deck = [...deck.slice(0, 8), 'QS', '6S'];
    expect(problems(other)[0]).toMatch(/^the genesis says deckHash "[0-9a-f]{64}", the record "[0-9a-f]{64}"$/);
  });

  it('npm run verify -- record.json --key <base64> trusts that key only', async () => {
    const file = join(dir, 'keyed.json');
    writeFileSync(file, JSON.stringify(record));
    const trusted = await verifyCli(file, '--key', key);
    expect(trusted.code).toBe(0);
    expect(trusted.out).toMatch(/ok {4}the checkpoint is signed by the key given \(--key /);
    const other = await verifyCli(file, '--key', checkpointSigner(signingKey(newSigningKey())).publicKey);
    expect(other.code).toBe(1);
    expect(other.out).toMatch(/FAIL {2}the checkpoint is not signed by the key given \(--key\)/);
  });
});
