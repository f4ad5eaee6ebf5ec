import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import type { CheckpointSigner } from '../log';
import type { GameStatus } from '../store/games';
import type { AdminDatabase } from './database';
import { Refused, UsageError } from './problem';
import * as render from './render';

const USAGE = `usage: npm run admin -- <command> [options]

The operator's command line: reads and changes the database the server uses, beside running servers:
DATABASE_URL (postgresql://...) if set, otherwise the SQLite file under DATA_DIR (default ./data).

commands:
  games [--status S] [--kind K] [--player ID] [--limit N]
        games, newest first (status: waiting, active, finished or aborted; at most N, default 50)
  game <id>
        one game: its status, seats, seed hash (the seed once it is over) and the events in its log
  player <id> [--limit N]
        a player, its games (most recently changed first; at most N, default 50) and its webhooks
        (never their secrets)
  export <id> [--out FILE]
        the record of a finished or aborted game, the document GET /games/{id}/record answers, its
        checkpoint signed with the server's key (LOG_SIGNING_KEY, or the log-signing-key file the
        server keeps in DATA_DIR; none is ever made here); npm run verify checks it; to FILE, or printed
  abort-waiting --older-than DURATION [--dry-run]
        aborts the waiting tables nobody has joined or left for DURATION (30m, 12h, 7d, 2w, 1d12h):
        as for any aborted game the seed is revealed and seated players are told
  purge-waiting --older-than DURATION [--dry-run]
        deletes those tables, seats and all, instead
  ratings verify
        replays every rated game, in the order its finish was applied, from its log and folds the
        ratings from the start: exit 1 naming each game whose stored change (or rating) differs
  ratings rebuild
        rewrites every stored change and rating from that fold (after a scoring fix; run it while
        no server is finishing rated games)

options:
  --json      print JSON, for scripts, instead of tables
  --dry-run   list what would change, and change nothing
  --help      this text

exit status: 0 done; 1 refused (no such game or player, a game not over, no database, no signing
key); 2 a mistake in the command line.`;

const STATUSES: readonly GameStatus[] = ['waiting', 'active', 'finished', 'aborted'];

/** Each command: how many ids it takes, and the options it accepts besides --json and --help. */
const COMMANDS: Record<string, { ids: number; options: string[] }> = {
  games: { ids: 0, options: ['status', 'kind', 'player', 'limit'] },
  game: { ids: 1, options: [] },
  player: { ids: 1, options: ['limit'] },
  export: { ids: 1, options: ['out'] },
  'abort-waiting': { ids: 0, options: ['older-than', 'dry-run'] },
  'purge-waiting': { ids: 0, options: ['older-than', 'dry-run'] },
  ratings: { ids: 1, options: [] },
};

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30m`, `12h`, `7d`, `2w`, `1d12h`: in milliseconds. */
function parseDuration(text: string): number {
  if (!/^(\d+[smhdw])+$/.test(text)) {
    throw new UsageError(`--older-than takes a duration such as 30m, 12h, 7d, 2w or 1d12h, not "${text}"`);
  }
  let ms = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)([smhdw])/g)) ms += Number(n) * UNITS[unit];
  return ms;
}

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) throw new UsageError(`--${name} takes a whole number from 1, not "${text}"`);
  return n;
}

interface Io {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
}

const OPTIONS = {
  json: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  status: { type: 'string' },
  kind: { type: 'string' },
  player: { type: 'string' },
  limit: { type: 'string' },
  'older-than': { type: 'string' },
  out: { type: 'string' },
} as const;

function parse(argv: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    // Node's own words ("Unknown option '--x'..."), less the hint about '--' that does not apply here.
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  const { values, positionals } = parsed;
  const [command, ...ids] = positionals;
  if (values.help) return { help: true as const };
  if (!command) throw new UsageError('which command?');
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`there is no command "${command}"`);
  for (const name of Object.keys(values)) {
    if (name !== 'json' && !spec.options.includes(name)) throw new UsageError(`${command} takes no --${name}`);
  }
  if (ids.length !== spec.ids) {
    throw new UsageError(spec.ids === 0 ? `${command} takes no ${ids.length > 1 ? 'ids' : 'id'}` : `${command} takes one id`);
  }
  return { help: false as const, command, id: ids[0], values };
}

/** What went wrong with the database, in plain words: Prisma's error codes P1xxx (connecting) and P2021-P2022 (the schema). */
function databaseProblem(e: unknown, where = 'the database'): string | null {
  const code = String((e as { code?: unknown }).code ?? '');
  if (code === 'P2021' || code === 'P2022') {
    return `${where} does not hold this checkout's schema (a table or column is missing): start the server on it once, or run npm run db:migrate with the same DATABASE_URL or DATA_DIR`;
  }
  if (!code.startsWith('P1')) return null;
  // The message opens with where in the code it was invoked: its last line says what happened.
  const said = ((e as Error).message ?? '').trim().split('\n').at(-1);
  return `cannot use ${where}: ${said}`;
}

/** Runs one command line; resolves to the exit status. */
export async function main(argv: string[], io: Io, now: () => Date = () => new Date()): Promise<number> {
  let db: AdminDatabase | undefined;
  try {
    const args = parse(argv);
    if (args.help) {
      io.out(USAGE);
      return 0;
    }
    const { command, id, values } = args;
    const json = values.json === true;
    const print = (data: unknown, text: () => string) => io.out(json ? JSON.stringify(data, null, 2) : text());

    // Checked before the database is opened: a mistake in the command line touches nothing.
    const status = values.status as GameStatus | undefined;
    if (status !== undefined && !STATUSES.includes(status)) {
      throw new UsageError(`--status is one of ${STATUSES.join(', ')}, not "${status}"`);
    }
    if (values.kind !== undefined) {
      const { games } = await import('../games');
      if (!games.has(values.kind)) {
        throw new UsageError(`there is no game kind "${values.kind}"; the kinds: ${[...games.keys()].join(', ')}`);
      }
    }
    if (command === 'ratings' && id !== 'verify' && id !== 'rebuild') {
      throw new UsageError(`ratings takes verify or rebuild, not "${id}"`);
    }
    const limit = positive('limit', values.limit, 50);
    const sweeping = command === 'abort-waiting' || command === 'purge-waiting';
    if (sweeping && values['older-than'] === undefined) throw new UsageError(`${command} needs --older-than DURATION`);
    const before = sweeping ? new Date(now().getTime() - parseDuration(values['older-than'] as string)) : null;

    const config = loadConfig(io.env);
    // The server's key, before the database is opened: an export without it would be no record the server gives.
    const signer = command === 'export' ? (await import('./log')).serverSigner(config) : undefined;

    // Loaded as needed: the engines (for the commands that replay a game) are most of the code there is.
    const [{ openAdminDatabase }, queries] = await Promise.all([import('./database'), import('./queries')]);
    db = await openAdminDatabase(config);
    switch (command) {
      case 'games': {
        const lines = await queries.listGames(db.client, { status, kind: values.kind, player: values.player, limit });
        print(lines, () => render.gameList(lines));
        break;
      }
      case 'game': {
        const detail = await queries.showGame(db.client, id);
        print(detail, () => render.gameDetail(detail));
        break;
      }
      case 'player': {
        const detail = await queries.showPlayer(db.client, id, limit);
        print(detail, () => render.playerDetail(detail));
        break;
      }
      case 'export': {
        const { exportRecord } = await import('./endings');
        const record = await exportRecord(db.client, id, signer as CheckpointSigner);
        const text = JSON.stringify(record, null, 2);
        if (values.out === undefined) {
          io.out(text);
          break;
        }
        writeFileSync(values.out, `${text}\n`);
        const written = { out: values.out, game: id, status: record.status, events: record.events.length };
        const events = `${record.events.length} event${record.events.length === 1 ? '' : 's'}`;
        print(written, () => `wrote the record of game ${id} (${record.status}, ${events}) to ${values.out}`);
        break;
      }
      case 'abort-waiting': {
        const { abortWaiting } = await import('./endings');
        const swept = await abortWaiting(db, before as Date, values['dry-run'] === true, now);
        print(swept, () => render.sweep(swept, 'abort'));
        break;
      }
      case 'ratings': {
        const { rebuildRatings, verifyRatings } = await import('./ratings');
        if (id === 'rebuild') {
          const rebuilt = await rebuildRatings(db.client);
          print(rebuilt, () => `rewrote the ratings of ${rebuilt.games} rated games (${rebuilt.changes} changes)`);
          break;
        }
        const verdict = await verifyRatings(db.client);
        print(verdict, () => render.ratingsVerdict(verdict));
        return verdict.differences.length === 0 ? 0 : 1;
      }
      case 'purge-waiting': {
        const swept = await queries.purgeWaiting(db.client, before as Date, values['dry-run'] === true);
        print(swept, () => render.sweep(swept, 'purge'));
        break;
      }
    }
    return 0;
  } catch (e) {
    if (e instanceof Refused) {
      io.err(`admin: ${e.message}`);
      if (e instanceof UsageError) io.err('(npm run admin -- --help lists the commands)');
      return e.exitCode;
    }
    const problem = databaseProblem(e, db?.where);
    if (problem === null) throw e;
    io.err(`admin: ${problem}`);
    return 1;
  } finally {
    await db?.client.$disconnect();
  }
}
