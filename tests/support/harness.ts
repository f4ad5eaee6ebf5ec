import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import type { Bot } from '../../src/bots';
import type { Config, Limits } from '../../src/config';
import type { AnyGame } from '../../src/engine';
import { type AppDeps, buildApp } from '../../src/http/app';
import { inProcessNotifier, type Notifier, postgresNotifier } from '../../src/service/notifier';
import { type Database, openDatabase, providerOf } from '../../src/store/database';
import { withScratchDatabase } from '../../src/store/postgres';
import { gameKeyOf } from '../../src/store/sql';
import { contractCheck } from './contract';
import { streamCheck, webhookCheck } from './events';
import { settled } from './players';

/**
 * A private database for one test file: a fresh SQLite file in a temporary folder, or, when the suite
 * runs against PostgreSQL (DATABASE_URL=postgresql://...), a fresh database on that server.
 */
export async function privateDatabase(): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'card-table-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (providerOf(process.env.DATABASE_URL) !== 'postgresql') return { dataDir, drop: async () => removeDir() };
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  let ready!: (url: string) => void;
  const url = new Promise<string>((r) => {
    ready = r;
  });
  const done = withScratchDatabase(process.env.DATABASE_URL, async (u) => {
    ready(u);
    await held;
  });
  return {
    dataDir,
    databaseUrl: await url,
    drop: async () => {
      release();
      await done;
      removeDir();
    },
  };
}

export const TEST_SECRET = 'test-secret-for-seat-tokens-only';
/** The log signing key of every test server (the base64 of a 32-byte Ed25519 seed): servers over one database share it. */
export const TEST_LOG_KEY = Buffer.alloc(32, 'card-table test log key').toString('base64');

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Database;
  notifier: Notifier;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1, for a test that needs a real socket: its base URL and port. */
export async function listening(server: TestServer): Promise<{ base: string; port: number }> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port };
}

/**
 * A listening server over a database of its own for one test file, accepting private webhook targets
 * (its receivers are on 127.0.0.1) and delivering when a test ticks: started before the file's tests,
 * closed and dropped after them. Its fields are set once the tests run.
 */
export function listeningForFile(extra: Pick<AppDeps, 'now'> = {}) {
  const file = {} as { server: TestServer; base: string; http: ReturnType<typeof request> };
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const where = await privateDatabase();
    drop = where.drop;
    file.server = await startServer(where, { ...extra, webhooks: { allowPrivate: true, pollMs: 3_600_000 } });
    file.base = (await listening(file.server)).base;
    file.http = request(file.server.app.server);
    await settled(file.http);
  });
  afterAll(async () => {
    await file.server.close();
    await drop();
  });
  return file;
}

/** Two servers over one fresh database for the test file, started before its tests and closed after. */
export function twoServersForFile() {
  const servers = {} as { a: TestServer; b: TestServer; where: Awaited<ReturnType<typeof privateDatabase>> };
  beforeAll(async () => {
    servers.where = await privateDatabase();
    servers.a = await startServer(servers.where);
    servers.b = await startServer(servers.where);
  });
  afterAll(async () => {
    await servers.a.close();
    await servers.b.close();
    await servers.where.drop();
  });
  return servers;
}

/** One app instance over the given database (two instances over one database model two servers). */
export async function startServer(
  where: { dataDir: string; databaseUrl?: string },
  extra: {
    games?: ReadonlyMap<string, AnyGame>;
    rateLimit?: number;
    metricsToken?: string;
    limits?: Partial<Limits>;
    trustProxy?: Config['trustProxy'];
    connectionsPerAddress?: number;
    requestTimeout?: number;
    bots?: ReadonlyMap<string, Bot>;
  } & Pick<AppDeps, 'now' | 'webhooks' | 'streamHeartbeatMs' | 'webRoot' | 'logger' | 'botPool' | 'onCompress' | 'botDelay'> &
    Pick<AppDeps['config'], 'streamLimits' | 'corsOrigins'> = {},
): Promise<TestServer> {
  const db = await openDatabase(where);
  const notifier = db.pool ? await postgresNotifier(db.pool) : inProcessNotifier();
  // Every answer is checked against the OpenAPI document (tests/support/contract.ts).
  const violations: string[] = [];
  const app = await buildApp({
    config: {
      rateLimit: extra.rateLimit ?? 100_000,
      bodyLimit: 64 * 1024,
      logLevel: 'silent',
      metricsToken: extra.metricsToken,
      // The suite is not a load test: a machine busy with other work must not turn its requests into 503s.
      overloadDelay: 0,
      streamLimits: extra.streamLimits,
      corsOrigins: extra.corsOrigins,
      trustProxy: extra.trustProxy,
      // Test files open many sockets from 127.0.0.1; the cap's own test sets it.
      connectionsPerAddress: extra.connectionsPerAddress ?? 1_000_000,
      // Bots move at once in tests: their pacing's own test injects a clock (BOT_MOVE_DELAY_MS).
      botMoveDelay: { min: 0, max: 0 },
      requestTimeout: extra.requestTimeout,
      // Test files register far more players from one address than a person would; the limits' own tests set them.
      limits: {
        playersPerAddressPerHour: 1_000_000,
        botGamesPerPlayer: 1_000_000,
        gamesPerAddressPerHour: 1_000_000,
        botGamesPerAddress: 1_000_000,
        ...extra.limits,
      },
    },
    sql: db.sql,
    pool: db.pool,
    notifier,
    jwtSecret: TEST_SECRET,
    logKey: TEST_LOG_KEY,
    games: extra.games,
    now: extra.now,
    bots: extra.bots,
    botPool: extra.botPool,
    // Every webhook body and stream message is checked against its schema too (tests/support/events.ts).
    webhooks: { ...extra.webhooks, onSend: webhookCheck(violations, () => app) },
    streamHeartbeatMs: extra.streamHeartbeatMs,
    webRoot: extra.webRoot,
    onCompress: extra.onCompress,
    botDelay: extra.botDelay,
    logger: extra.logger ?? false,
    responseCheck: contractCheck(violations),
    streamCheck: streamCheck(violations),
  });
  await app.ready();
  return {
    app,
    db,
    notifier,
    close: async () => {
      await app.close();
      await notifier.close();
      await db.close();
      if (violations.length)
        throw new Error(`answers, messages or webhooks that do not fit the OpenAPI document:\n${violations.join('\n')}`);
    },
  };
}

/** How many rows a table holds: the check that a refused request created nothing. */
export async function countRows(server: TestServer, table: 'Game' | 'Event' | 'Seat'): Promise<number> {
  return Number((await server.db.sql.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM "${table}"`))?.n);
}

/**
 * How many nodes of a game's Merkle tree the store holds (the genesis leaf in its row, each event's
 * completed nodes above the leaves in its).
 */
export async function storedNodes(server: TestServer, gameId: string): Promise<number> {
  const game = await server.db.sql.one<{ genesis: Buffer | null }>('SELECT "genesis" FROM "Game" WHERE "id" = $1', [gameId]);
  const events = await server.db.sql.all<{ nodes: Buffer | null }>(
    `SELECT "nodes" FROM "Event" WHERE "gameKey" = ${gameKeyOf()}`,
    [gameId],
  );
  return [game?.genesis ?? null, ...events.map((e) => e.nodes)].reduce((n, packed) => n + (packed ? packed.length / 32 : 0), 0);
}

/** Forgets a game's stored tree, as for a game logged before trees were kept. */
export async function forgetTree(server: TestServer, gameId: string): Promise<void> {
  await server.db.sql.run('UPDATE "Game" SET "genesis" = NULL WHERE "id" = $1', [gameId]);
  await server.db.sql.run(`UPDATE "Event" SET "nodes" = NULL WHERE "gameKey" = ${gameKeyOf()}`, [gameId]);
}
