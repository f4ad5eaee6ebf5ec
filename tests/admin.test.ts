import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClients } from '../scripts/prisma-clients.mjs';
import { type Checkpoint, leafHashOf, verifyCheckpoint, verifyConsistency, verifyInclusion } from '../src/log';
import type { GameRecordDocument } from '../src/record/record';
import { verifyRecord } from '../src/record/verify';
import { gameChannel, playerChannel } from '../src/service/notifier';
import { gameKeyOf } from '../src/store/sql';
import { privateDatabase, startServer, TEST_LOG_KEY, type TestServer } from './support/harness';
import { newPlayer, type PlayerHandle } from './support/players';
import { bearer, createGame, playToEnd } from './support/tables';

/**
 * The operator's command line (npm run admin), run as its own process on the database of a running
 * test server: SQLite, or PostgreSQL when the suite runs with DATABASE_URL.
 */
const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'card-table-admin-'));

let where: Awaited<ReturnType<typeof privateDatabase>>;
let server: TestServer;
let http: ReturnType<typeof request>;
let ann: PlayerHandle;
let bo: PlayerHandle;
let hook: { id: string; url: string; secret: string };
/** A finished game, one in play, and three waiting tables: two abandoned two days ago, one fresh. */
let finished: string;
let active: string;
let annsTable: string;
let invitation: string;
let fresh: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A script of package.json as npm runs it (tsx), with its output and exit status. */
function script(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', file, ...args], { cwd: root, env }, (error, stdout, stderr) =>
      done({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

/** The command as `npm run admin` runs it (scripts/admin.ts), against the test server's database. */
const admin = (args: string[], env: NodeJS.ProcessEnv = databaseEnv()) => script('scripts/admin.ts', args, env);

/** The test server's configuration: its database, its data folder and its log signing key. */
function databaseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, LOG_SIGNING_KEY: __, ...env } = process.env;
  return {
    ...env,
    DATA_DIR: where.dataDir,
    LOG_SIGNING_KEY: TEST_LOG_KEY,
    ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
  };
}

async function json<T>(args: string[], env?: NodeJS.ProcessEnv): Promise<T> {
  const run = await admin([...args, '--json'], env);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

const sql = () => server.db.sql;
const count = async (text: string, params: unknown[] = []) => Number((await sql().one<{ n: number | string }>(text, params))?.n);

/** What the sweeps may change: every game's status, version and revision, and the rows of the log and the notifications. */
async function snapshot() {
  return {
    games: await sql().all('SELECT "id", "status", "version", "revision" FROM "Game" ORDER BY "id"'),
    seats: await count('SELECT COUNT(*) AS n FROM "Seat"'),
    events: await count('SELECT COUNT(*) AS n FROM "Event"'),
    notifications: await count('SELECT COUNT(*) AS n FROM "Notification"'),
  };
}

const twoDaysAgo = () => new Date(Date.now() - 2 * 86_400_000);
/** Backdates a table's last change, as if nobody had joined or left since. */
const abandon = (id: string) => sql().run('UPDATE "Game" SET "updatedAt" = $2 WHERE "id" = $1', [id, twoDaysAgo()]);

/**
 * The nodes of a game's tree as stored (the genesis leaf in its row, each event's completed nodes above
 * the leaves in its: its own leaf hash is its row's), "level.index" each.
 */
const logNodes = async (id: string) => {
  const game = await sql().one<{ genesis: Buffer | null }>('SELECT "genesis" FROM "Game" WHERE "id" = $1', [id]);
  const events = await sql().all<{ seq: number; nodes: Buffer | null }>(
    `SELECT "seq", "nodes" FROM "Event" WHERE "gameKey" = ${gameKeyOf()} ORDER BY "seq"`,
    [id],
  );
  const ids: string[] = [];
  for (const [leaf, packed] of [[0, game?.genesis ?? null] as const, ...events.map((e) => [e.seq, e.nodes] as const)]) {
    const first = leaf === 0 ? 0 : 1;
    for (let at = 0; packed && (at + 1) * 32 <= packed.length; at++) {
      ids.push(`${first + at}.${(leaf + 1) / 2 ** (first + at) - 1}`);
    }
  }
  return ids.sort();
};
/** Removes a game's tree, as for a game logged before trees were kept. */
const forgetTree = async (id: string) => {
  await sql().run('UPDATE "Game" SET "genesis" = NULL WHERE "id" = $1', [id]);
  await sql().run(`UPDATE "Event" SET "nodes" = NULL WHERE "gameKey" = ${gameKeyOf()}`, [id]);
};

/** `npm run verify` on a record file, trusting this key only. */
const verify = (file: string, key: string) => script('scripts/verify.ts', [file, '--key', key], databaseEnv());

beforeAll(async () => {
  // Generated here, not by the first command under test (it would be timed with it).
  await ensureClients();
  where = await privateDatabase();
  server = await startServer(where, { webhooks: { allowPrivate: true, pollMs: 3_600_000 } });
  http = request(server.app.server);
  ann = await newPlayer(http, 'Ann');
  bo = await newPlayer(http, 'Bo');
  hook = (await http.post('/players/me/webhooks').set(bearer(ann.token)).send({ url: 'http://127.0.0.1:9/hook' })).body;

  const game = await createGame(server, { kind: 'divide-and-conquer', seats: 2 });
  await playToEnd(server, game.id, game.tokens);
  finished = game.id;
  active = (await createGame(server, { kind: 'scopa', seats: 2 })).id;
  const table = async (seats: unknown[]) =>
    (await http.post('/games').set(bearer(ann.token)).send({ kind: 'divide-and-conquer', seats })).body.id as string;
  annsTable = await table([{ player: 'me' }, { open: true }]);
  invitation = await table([{ open: true }, { player: bo.id }]);
  fresh = await table([{ player: 'me' }, { open: true }]);
  await abandon(annsTable);
  await abandon(invitation);
  // A table made before the log's trees were kept: the abort writes its genesis leaf too.
  await forgetTree(invitation);
});
afterAll(async () => {
  await server.close();
  await where.drop();
  rmSync(scratch, { recursive: true, force: true });
});

interface GameLine {
  id: string;
  kind: string;
  status: string;
  version: number;
  seats: { seat: number; occupant: string; name: string | null; player: string | null; bot: string | null }[];
}

describe('npm run admin: finding games and players', () => {
  it('games lists every game, newest first; --status, --kind, --player and --limit narrow it', async () => {
    const all = await json<GameLine[]>(['games']);
    expect(all.map((g) => g.id)).toEqual([fresh, invitation, annsTable, active, finished]);
    expect(all.find((g) => g.id === finished)).toMatchObject({ kind: 'divide-and-conquer', status: 'finished' });
    expect(all.find((g) => g.id === invitation)?.seats).toEqual([
      { seat: 0, occupant: 'open', name: null, player: null, bot: null },
      { seat: 1, occupant: 'invited', name: 'Bo', player: bo.id, bot: null },
    ]);

    const [waiting, scopa, bos, annsLastTwo, text] = await Promise.all([
      json<GameLine[]>(['games', '--status', 'waiting']),
      json<GameLine[]>(['games', '--kind', 'scopa']),
      json<GameLine[]>(['games', '--player', bo.id]),
      json<GameLine[]>(['games', '--limit', '2', '--player', ann.id]),
      admin(['games', '--status', 'active']),
    ]);
    expect(waiting.map((g) => g.id)).toEqual([fresh, invitation, annsTable]);
    expect(scopa.map((g) => g.id)).toEqual([active]);
    expect(bos.map((g) => g.id)).toEqual([invitation]);
    expect(annsLastTwo.map((g) => g.id)).toEqual([fresh, annsTable]);

    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^ID +KIND +STATUS +MOVES/);
    expect(text.stdout).toContain(active);
    expect(text.stdout).not.toContain(finished);
  });

  it('game shows the summary, the seats and the events in the log; the seed only once the game is over', async () => {
    const over = await json<{ version: number; events: number; seed?: string; seedHash: string; status: string }>([
      'game',
      finished,
    ]);
    expect(over.status).toBe('finished');
    expect(over.events).toBe(over.version);
    expect(over.events).toBeGreaterThan(0);
    expect(createHash('sha256').update(String(over.seed)).digest('hex')).toBe(over.seedHash);

    const waiting = await json<{ seed?: string; events: number; seats: { occupant: string; player: string | null }[] }>([
      'game',
      annsTable,
    ]);
    expect(waiting.seed).toBeUndefined();
    expect(waiting.events).toBe(0);
    expect(waiting.seats).toMatchObject([
      { occupant: 'player', player: ann.id },
      { occupant: 'open', player: null },
    ]);

    const text = await admin(['game', active]);
    expect(text.stdout).toMatch(/^game +[0-9a-f-]{36}$/m);
    expect(text.stdout).toMatch(/^seed +\(secret until the game ends\)$/m);
    expect(text.stdout).toMatch(/^SEAT +OCCUPANT/m);
  });

  it('player shows the player, its games and its webhooks, never a webhook secret', async () => {
    const p = await json<{ name: string; games: { id: string; seat: number; occupant: string }[]; webhooks: object[] }>([
      'player',
      ann.id,
    ]);
    expect(p.name).toBe('Ann');
    expect(p.games.map((g) => g.id).sort()).toEqual([annsTable, fresh].sort());
    expect(p.games.find((g) => g.id === annsTable)).toMatchObject({ seat: 0, occupant: 'player' });
    expect(p.webhooks).toEqual([
      expect.objectContaining({ id: hook.id, url: hook.url, cursor: 0, attempts: 0, failingSince: null }),
    ]);
    expect(Object.keys(p.webhooks[0])).not.toContain('secret');

    const text = await admin(['player', ann.id]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(hook.url);
    expect(text.stdout).not.toContain(hook.secret);
  });

  it('an unknown game or player is refused in plain words, exit status 1', async () => {
    const cases = [
      ['game', 'no-such-game'],
      ['player', 'no-such-player'],
      ['export', 'no-such-game'],
    ];
    const runs = await Promise.all(cases.map((args) => admin(args)));
    for (const [i, args] of cases.entries()) {
      const run = runs[i];
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^admin: there is no ${args[0] === 'player' ? 'player' : 'game'} no-such-`));
      expect(run.stdout).toBe('');
    }
  });
});

describe('npm run admin: exporting a record', () => {
  it('export prints the document GET /games/{id}/record answers; --out writes it to a file', async () => {
    const served = (await http.get(`/games/${finished}/record`)).body;
    expect(await json(['export', finished])).toEqual(served);

    const out = join(scratch, 'record.json');
    const run = await admin(['export', finished, '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`wrote the record of game ${finished}`);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(served);
  });

  it('the exported record is signed with the server key and passes npm run verify', async () => {
    const out = join(scratch, 'verified.json');
    expect((await admin(['export', finished, '--out', out])).code).toBe(0);
    const record = JSON.parse(readFileSync(out, 'utf8')) as GameRecordDocument;
    const { publicKey } = (await http.get('/log/key')).body;
    expect(record.logKey).toBe(publicKey);
    expect(record.checkpoint.size).toBe(record.events.length + 1);
    expect(verifyCheckpoint(publicKey, finished, record.checkpoint)).toBe(true);
    const run = await verify(out, publicKey);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`${out}: the record holds`);
  });

  it('without LOG_SIGNING_KEY, export signs with the key file the server keeps in DATA_DIR, and refuses when there is none', async () => {
    const { LOG_SIGNING_KEY: _, ...env } = databaseEnv();
    const keyFile = join(where.dataDir, 'log-signing-key');
    const none = await admin(['export', finished], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`admin: there is no log signing key: LOG_SIGNING_KEY is not set and there is no ${keyFile}`);
    expect(none.stdout).toBe('');
    // The command line never makes one: a record under a key no server holds would not be the server's.
    expect(existsSync(keyFile)).toBe(false);

    writeFileSync(keyFile, `${TEST_LOG_KEY}\n`, { mode: 0o600 });
    try {
      expect(await json(['export', finished], env)).toEqual((await http.get(`/games/${finished}/record`)).body);
    } finally {
      rmSync(keyFile);
    }
  });

  it('export of a game logged before trees were kept gives the record a server would, and writes nothing', async () => {
    const game = await createGame(server, { kind: 'divide-and-conquer', seats: 2 });
    await playToEnd(server, game.id, game.tokens);
    const served = (await http.get(`/games/${game.id}/record`)).body;
    await forgetTree(game.id);
    expect(await json(['export', game.id])).toEqual(served);
    expect(await logNodes(game.id)).toEqual([]);
  });

  it('export refuses a game still in play: its seed is still secret', async () => {
    const run = await admin(['export', active]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`game ${active} is active: a record is for a finished or aborted game`);
    expect(run.stdout).toBe('');
  });
});

describe('npm run admin: abandoned waiting tables', () => {
  it('abort-waiting --dry-run lists the tables nobody joined or left for the duration, and changes nothing', async () => {
    const before = await snapshot();
    const swept = await json<{ dryRun: boolean; games: { id: string; outcome: string }[] }>([
      'abort-waiting',
      '--older-than',
      '1d',
      '--dry-run',
    ]);
    expect(swept.dryRun).toBe(true);
    expect(swept.games.map((g) => [g.id, g.outcome]).sort()).toEqual(
      [
        [annsTable, 'would abort'],
        [invitation, 'would abort'],
      ].sort(),
    );
    const text = await admin(['abort-waiting', '--older-than', '1d', '--dry-run']);
    expect(text.stdout).toContain('dry run: nothing was changed');
    expect(text.stdout).toContain('2 would be aborted');
    expect(await snapshot()).toEqual(before);
  });

  it('abort-waiting aborts them as any game is aborted: an abort event, the seed revealed, the revision bumped, the seated players told', async () => {
    const revision = async (id: string) =>
      (await sql().one<{ revision: number }>('SELECT "revision" FROM "Game" WHERE "id" = $1', [id]))?.revision;
    const revisions = { annsTable: await revision(annsTable), fresh: await revision(fresh) };
    const told = () => count('SELECT COUNT(*) AS n FROM "Notification" WHERE "playerId" = $1', [ann.id]);
    const toldBefore = await told();
    // The server's own channels: on PostgreSQL every server hears of the change (NOTIFY), as of a move.
    const heard = (channel: string) => new Promise<string>((hear) => server.notifier.subscribe(channel, hear));
    const gameHeard = heard(gameChannel(annsTable));
    const playerHeard = heard(playerChannel(ann.id));
    const run = await admin(['abort-waiting', '--older-than', '1d']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('2 of 2 aborted');
    // The abort's leaf joined each tree in its transaction (before any server read the table): the
    // genesis, the abort and the node above them; the event counts in the server's run, as any not a person's.
    expect(await logNodes(annsTable)).toEqual(['0.0', '1.0']);
    expect(await logNodes(invitation)).toEqual(['0.0', '1.0']);
    expect(await count('SELECT "serverRun" AS n FROM "Game" WHERE "id" = $1', [annsTable])).toBe(1);
    if (server.db.provider === 'postgresql') {
      expect(await gameHeard).toBe(String((revisions.annsTable as number) + 1));
      expect(await playerHeard).toBe('new');
    }

    // The running server sees it at once: its cached game is behind the stored revision.
    const summary = (await http.get(`/games/${annsTable}`)).body;
    expect(summary).toMatchObject({ status: 'aborted', version: 1 });
    expect(createHash('sha256').update(summary.seed).digest('hex')).toBe(summary.seedHash);
    expect(await revision(annsTable)).toBe((revisions.annsTable as number) + 1);
    const events = (await http.get(`/games/${annsTable}/events`)).body.events;
    expect(events).toEqual([
      expect.objectContaining({ seq: 1, kind: 'abort', by: 'service', action: { type: 'abort', reason: 'abandoned' } }),
    ]);

    const note = await sql().one<{ type: string; gameId: string; payload: string }>(
      'SELECT "type", "gameId", "payload" FROM "Notification" WHERE "playerId" = $1 ORDER BY "seq" DESC LIMIT 1',
      [ann.id],
    );
    expect(await told()).toBe(toldBefore + 1);
    expect(note).toMatchObject({ type: 'finished', gameId: annsTable });
    expect(JSON.parse(note?.payload ?? '{}')).toMatchObject({ status: 'aborted', seat: 0, version: 1 });

    // Its record is now the server's, and it verifies.
    const served = (await http.get(`/games/${annsTable}/record`)).body;
    expect(await json(['export', annsTable])).toEqual(served);
    expect(verifyRecord(served, { key: (await http.get('/log/key')).body.publicKey }).problems).toEqual([]);

    expect((await http.get(`/games/${invitation}`)).body.status).toBe('aborted');
    expect((await http.get(`/games/${fresh}`)).body.status).toBe('waiting');
    expect(await revision(fresh)).toBe(revisions.fresh);
  });

  it('a server started afterwards serves the aborted tables with a checkpoint that verifies and proofs from their genesis', async () => {
    const later = await startServer(where);
    try {
      const http2 = request(later.app.server);
      const { publicKey } = (await http2.get('/log/key')).body;
      for (const id of [annsTable, invitation]) {
        const summary = (await http2.get(`/games/${id}`)).body;
        expect(summary).toMatchObject({ status: 'aborted', version: 1 });
        const checkpoint = summary.checkpoint as Checkpoint;
        expect(checkpoint.size).toBe(2);
        expect(verifyCheckpoint(publicKey, id, checkpoint)).toBe(true);

        const out = join(scratch, `aborted-${id}.json`);
        expect((await admin(['export', id, '--out', out])).code).toBe(0);
        const record = JSON.parse(readFileSync(out, 'utf8')) as GameRecordDocument;
        expect(record.checkpoint).toEqual(checkpoint);
        const run = await verify(out, publicKey);
        expect(run.code, run.stdout).toBe(0);

        // The tree of the genesis alone (its head is the genesis leaf) is the start of the tree the checkpoint signs.
        const root = Buffer.from(checkpoint.root, 'base64');
        const genesis = leafHashOf(record.genesis);
        const consistency = (await http2.get(`/games/${id}/log/consistency?first=1&second=2`)).body;
        const proof = (consistency.proof as string[]).map((h) => Buffer.from(h, 'base64'));
        expect(verifyConsistency(1, 2, genesis, root, proof)).toBe(true);
        const inclusion = (await http2.get(`/games/${id}/log/inclusion?index=1&size=2`)).body;
        const path = (inclusion.proof as string[]).map((h) => Buffer.from(h, 'base64'));
        expect(verifyInclusion(leafHashOf(record.events[0]), 1, 2, path, root)).toBe(true);
      }
    } finally {
      await later.close();
    }
  });

  it('purge-waiting --dry-run changes nothing; purge-waiting deletes the abandoned tables, seats and all', async () => {
    await abandon(fresh);
    const before = await snapshot();
    const dry = await json<{ games: { id: string; outcome: string }[] }>(['purge-waiting', '--older-than', '1d', '--dry-run']);
    expect(dry.games).toEqual([expect.objectContaining({ id: fresh, outcome: 'would purge' })]);
    expect(await snapshot()).toEqual(before);

    const run = await admin(['purge-waiting', '--older-than', '1d']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 of 1 purged');
    expect((await http.get(`/games/${fresh}`)).status).toBe(404);
    expect(await count('SELECT COUNT(*) AS n FROM "Seat" WHERE "gameId" = $1', [fresh])).toBe(0);
    // Aborted tables are games with a record, not waiting tables: they stay.
    expect((await http.get(`/games/${annsTable}`)).body.status).toBe('aborted');
  });
});

describe('npm run admin: mistakes in the command line', () => {
  it('--help prints the usage (through npm run admin itself)', async () => {
    const run = await new Promise<Run>((done) =>
      execFile('npm', ['run', '-s', 'admin', '--', '--help'], { cwd: root, env: databaseEnv() }, (error, stdout, stderr) =>
        done({ code: error ? (error.code as number) : 0, stdout, stderr }),
      ),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run admin -- <command> \[options\]/);
    for (const command of ['games', 'game <id>', 'player <id>', 'export <id>', 'abort-waiting', 'purge-waiting']) {
      expect(run.stdout).toContain(`  ${command}`);
    }
  });

  it('an unknown command, option or value is exit status 2, in plain words, and opens no database', async () => {
    const cases: [string[], string][] = [
      [['frobnicate'], 'there is no command "frobnicate"'],
      [['games', '--colour', 'red'], "Unknown option '--colour'"],
      [['games', '--status', 'paused'], '--status is one of waiting, active, finished, aborted, not "paused"'],
      [['games', '--kind', 'bridge'], 'there is no game kind "bridge"'],
      [['games', '--limit', '0'], '--limit takes a whole number from 1, not "0"'],
      [['game'], 'game takes one id'],
      [['export', finished, '--dry-run'], 'export takes no --dry-run'],
      [['abort-waiting'], 'abort-waiting needs --older-than DURATION'],
      [
        ['purge-waiting', '--older-than', 'a week'],
        '--older-than takes a duration such as 30m, 12h, 7d, 2w or 1d12h, not "a week"',
      ],
    ];
    // No database at all: a mistake is reported before one is looked for.
    const env = { ...databaseEnv(), DATABASE_URL: '', DATA_DIR: join(scratch, 'nothing-here') };
    const runs = await Promise.all(cases.map(([args]) => admin(args, env)));
    for (const [i, [args, message]] of cases.entries()) {
      const run = runs[i];
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(`admin: ${message}`);
      expect(run.stderr).toContain('npm run admin -- --help');
    }
  });

  it('a data folder without a database is refused, exit status 1, and none is created', async () => {
    const dataDir = join(scratch, 'empty');
    const run = await admin(['games'], { ...databaseEnv(), DATABASE_URL: '', DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`admin: there is no database at ${join(dataDir, 'cardtable.db')}`);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a database without the schema is refused, exit status 1, and left as it is', async () => {
    const dataDir = join(scratch, 'other');
    mkdirSync(dataDir);
    const file = join(dataDir, 'cardtable.db');
    new Database(file).exec('CREATE TABLE "Other" ("id" TEXT)').close();
    const run = await admin(['games'], { ...databaseEnv(), DATABASE_URL: '', DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`admin: SQLite file ${file} does not hold this checkout's schema`);
    const tables = new Database(file).prepare(`SELECT "name" FROM sqlite_master WHERE "type" = 'table'`).pluck().all();
    expect(tables).toEqual(['Other']);
  });
});
