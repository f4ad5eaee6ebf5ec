import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Limits } from '../config';
import { resolveOptions, SetupError } from '../engine';
import { type FromAddress, firstGameFrom, fromAddress } from '../store/addresses';
import type { Clock, GameRecord, GameStore, SeatRecord, TournamentTable } from '../store/games';
import { invitationRows, PENDING_CAP } from '../store/invitations';
import { botTablesBelow, type PlayerStore } from '../store/players';
import { Conflict, type Sql, type Statement } from '../store/sql';
import type { Access } from './access';
import { addressHasher, secondsUntilFree } from './addresses';
import { type ClockAsked, resolveClock } from './clock-bank';
import { ENGINE_VERSION, type Live, type LiveGames } from './live';
import type { GameLog } from './log';
import { invitations, type Notifications, starts } from './notifications';
import { isPlayerToken } from './players';
import { Problem } from './problem';
import { seatViewJson, summary, viewTag } from './projections';
import { ratedTable } from './ratable';
import { firstToAct, isFree, type SeatSpec, seatsFrom, startingClocks } from './seating';
import type { SeatTokens } from './tokens';
import type { TournamentPrivacy } from './tournament-privacy';

const HOUR_MS = 3600 * 1000;
/** Invitations a player may have waiting for an answer at once. */
export const INVITATIONS_PER_PLAYER = 20;

export interface CreateRequest {
  kind: string;
  /** A number of guest seats (each held by a seat token), or one entry per seat: see SeatSpec. */
  seats: number | SeatSpec[];
  /** The game's options, and `clock`, common to every kind (the service's, not the engine's). */
  options?: Record<string, unknown> & { clock?: ClockAsked };
  names?: string[];
  seed?: string;
  deck?: string[];
  /** Whether the game moves ratings: by default, when it can be (see ratable). */
  rated?: boolean;
}

/**
 * A tournament's table (src/service/tournaments.ts): its players are seated at once (the `player`
 * entries are theirs, not invitations), its seed derives from the tournament's, and `statements` join
 * the creation's transaction.
 */
export interface TournamentSeating {
  table: TournamentTable;
  seed: string;
  statements: (gameId: string) => Statement[];
}

/** Tables: creating a game, its public summary, and what a seat sees of it. */
export function tables(deps: {
  live: LiveGames;
  store: GameStore;
  log: GameLog;
  players: PlayerStore;
  tokens: SeatTokens;
  access: Access;
  notifications: Notifications;
  /** Refuses a bot name nobody registered. */
  bots: { check(name: string): void };
  now: () => Date;
  limits: Pick<Limits, 'botGamesPerPlayer' | 'gamesPerAddressPerHour' | 'botGamesPerAddress' | 'invitationTtl'>;
  privacy: TournamentPrivacy;
  /** The database, where games made without a player token are counted by the network that made them. */
  sql: Sql;
  /** Keys the hash of client networks kept with those games. */
  addressKey: string;
}) {
  const { live, store, log, players, tokens, access, notifications, bots, now, limits, privacy, sql } = deps;
  const hashAddress = addressHasher(deps.addressKey);
  const startListeners: ((live: Live) => void)[] = [];

  /** Tells the start listeners that a game has begun. */
  function started(loaded: Live) {
    for (const l of startListeners) l(loaded);
  }

  /** The creating player, if the caller presented a player token (anything else creates as a guest). */
  async function creatorOf(token: string | undefined): Promise<string | null> {
    if (!token || !isPlayerToken(token)) return null;
    const who = await access.identify(token);
    return who.kind === 'player' ? who.player : null;
  }

  /** The seats of the new table: `seats: N` gives N guests, named by `names`; an array says each seat. */
  async function seatsOf(req: CreateRequest, creator: string | null, at: Date, byServer: boolean) {
    if (typeof req.seats === 'number') {
      if (req.names && req.names.length !== req.seats) {
        throw new Problem(422, 'invalid-setup', `names: give one name per seat (${req.seats}), or none`);
      }
      const names = req.names;
      return seatsFrom(
        Array.from({ length: req.seats }, (_, seat) => (names ? { name: names[seat] } : {})),
        creator,
        at,
      );
    }
    if (req.names) throw new Problem(422, 'invalid-setup', 'names: with a list of seats, name each seat in its entry');
    const seats = seatsFrom(req.seats, creator, at, byServer);
    const creatorName = creator ? ((await players.get(creator))?.name ?? null) : null;
    for (const s of seats) {
      // The creator sits under its player name unless the entry names the seat.
      if (s.occupant === 'player' && s.name === null) s.name = creatorName;
      if (s.occupant === 'invited') {
        const invited = await players.get(s.playerId as string);
        if (!invited) throw new Problem(422, 'unknown-player', `seat ${s.seat}: there is no player ${s.playerId}`);
        // The waiting table names whom it waits for ("Bo (invited)"), as it names whoever sits.
        s.name ??= invited.name;
      }
    }
    return seats;
  }

  /** Why a creation counted against its network was refused: too many this hour, or too many bot tables running. */
  async function refusal(counted: FromAddress, failed: string, address: string, at: Date): Promise<Problem> {
    if (failed === counted.running) {
      return new Problem(
        429,
        'too-many-bot-games',
        `an address may have ${limits.botGamesPerAddress} tables with bots running at once without a player token: wait for one to end, or create it as a player`,
      );
    }
    const since = new Date(at.getTime() - HOUR_MS);
    const wait = secondsUntilFree((await firstGameFrom(sql, address, since)) ?? at, since);
    return new Problem(
      429,
      'too-many-games',
      `this address has created ${limits.gamesPerAddressPerHour} games without a player token in the last hour: retry in ${wait} s`,
      {},
      { 'retry-after': String(wait) },
    );
  }

  return {
    /**
     * Creates a table; `clientNetwork` is the creator's network, which a creation without a player token
     * counts against; `tournament` seats a tournament's table (its players seated, its seed derived).
     */
    async create(req: CreateRequest, token?: string, clientNetwork?: string, tournament?: TournamentSeating) {
      const game = live.gameOf(req.kind);
      const at = now();
      const creator = tournament ? null : await creatorOf(token);
      const seats = await seatsOf(req, creator, at, tournament !== undefined);
      if (tournament) {
        for (const s of seats.filter((s) => s.occupant === 'invited')) {
          Object.assign(s, {
            occupant: 'player',
            joinedAt: at,
            name: s.name ?? (await players.get(s.playerId as string))?.name ?? null,
          });
        }
      }
      for (const s of seats) if (s.bot) bots.check(s.bot);
      // Whoever chose the deal knows every hand: strangers only ever join fair games.
      if ((req.seed !== undefined || req.deck) && seats.some(isFree)) {
        throw new Problem(
          422,
          'not-provably-fair',
          'a game dealt from a client seed or a stacked deck cannot have open or invited seats: whoever chose the deal knows every hand',
        );
      }
      // Bots alone play for ever at the server's expense: someone must answer for such a table.
      const botsOnly = seats.every((s) => s.occupant === 'bot');
      if (botsOnly && !creator) {
        throw new Problem(
          401,
          'token-required',
          'a table of bots alone needs a player token (POST /players): Authorization: Bearer <player token>',
        );
      }
      const rated = ratedTable(req, seats);
      const seatCount = seats.length;
      const seed = tournament?.seed ?? req.seed ?? randomBytes(32).toString('hex');
      const { clock: asked, ...given } = req.options ?? {};
      let clock: Clock | null;
      let options: Record<string, unknown>;
      let toAct: number[];
      try {
        clock = asked ? resolveClock(asked) : null;
        options = resolveOptions(game, given, seatCount);
        // Setting the game up once proves the options and any stacked deck are playable.
        toAct = firstToAct(game, { seatCount, options, seed, deck: req.deck ?? null });
      } catch (e) {
        if (e instanceof SetupError) throw new Problem(422, 'invalid-setup', e.reason);
        throw e;
      }
      // With a free seat the table waits: nothing is dealt and nobody is due until the last seat is taken.
      const waiting = seats.some(isFree);
      const clocks = startingClocks(clock, waiting ? [] : toAct, at);
      const id = randomUUID();
      const record: GameRecord = {
        id,
        kind: game.kind,
        options,
        clock,
        seatCount,
        engineVersion: ENGINE_VERSION,
        seed,
        seedHash: createHash('sha256').update(seed).digest('hex'),
        origin: req.deck ? 'client-deck' : req.seed !== undefined ? 'client-seed' : 'server',
        deck: req.deck ?? null,
        status: waiting ? 'waiting' : 'active',
        version: 0,
        revision: 0,
        toAct: waiting ? [] : toAct,
        result: null,
        createdBy: creator,
        rematchOf: null,
        rematch: null,
        serverRun: 0,
        rated,
        createdAt: at,
        updatedAt: at,
        seats: seats.map((s) => ({ ...s, ...clocks(s.seat), resigned: false, rematch: false })),
        ...(tournament ? { tournament: tournament.table } : {}),
      };
      const notes = [...invitations(record), ...(waiting ? [] : starts(record))];
      const guard = botsOnly && creator ? botTablesBelow(creator, limits.botGamesPerPlayer) : [];
      // Without a player token, games (and tables with bots, which the server plays) count against the network asking.
      const address = !creator && clientNetwork !== undefined ? hashAddress(clientNetwork) : null;
      const counted = address
        ? fromAddress(
            sql.provider,
            record,
            address,
            seats.some((s) => s.occupant === 'bot'),
            new Date(at.getTime() - HOUR_MS),
            {
              perHour: limits.gamesPerAddressPerHour,
              botGames: limits.botGamesPerAddress,
            },
          )
        : null;
      const invited = invitationRows(record, new Date(at.getTime() + limits.invitationTtl * 1000), INVITATIONS_PER_PLAYER);
      try {
        // The tree's first leaf, the genesis, is written with the game.
        await store.create(record, [
          ...(tournament?.statements(id) ?? []),
          log.created(record),
          ...guard,
          ...(counted?.statements ?? []),
          ...invited,
          ...notifications.statements(notes, at),
        ]);
      } catch (e) {
        if (e instanceof Conflict && e.statement === PENDING_CAP) {
          throw new Problem(
            429,
            'too-many-invitations',
            `a player may have ${INVITATIONS_PER_PLAYER} invitations waiting for an answer: wait for some to be answered or to lapse`,
          );
        }
        if (e instanceof Conflict && counted && address && (e.statement === counted.hourly || e.statement === counted.running)) {
          throw await refusal(counted, e.statement, address, at);
        }
        if (!(e instanceof Conflict) || guard.length === 0) throw e;
        throw new Problem(
          429,
          'too-many-bot-games',
          `a player may have ${limits.botGamesPerPlayer} tables of bots alone running at once: wait for one to end`,
        );
      }
      await notifications.announce(notes);
      const loaded = await live.load(id);
      if (!waiting) started(loaded);
      // The creator gets the seat tokens of the seats it holds: its guests' and its own, not the invitees'.
      const mine = (s: SeatRecord) => s.occupant === 'guest' || (s.occupant === 'player' && s.playerId === creator);
      return {
        ...summary(loaded),
        seats: loaded.record.seats.map((s) => ({
          seat: s.seat,
          name: s.name,
          occupant: s.occupant,
          ...(mine(s) ? { token: tokens.sign({ game: id, seat: s.seat, holding: s.holding ?? undefined }) } : {}),
        })),
      };
    },

    /** Called with each game as it starts, at creation or when its last seat is taken (bots begin here). */
    onStarted(listener: (live: Live) => void) {
      startListeners.push(listener);
    },

    /** Tells the start listeners (the lobby calls it when a join fills a table). */
    started,

    async summary(id: string) {
      const current = await live.load(id);
      const shown = summary(current, now());
      // A tournament game's seed waits for its round to end.
      if ('seed' in shown && (await privacy.roundOpen(current.record))) {
        const { seed: _secret, ...rest } = shown;
        return rest;
      }
      return shown;
    },

    /**
     * What the caller's seat (or a spectator) sees, as JSON text with its entity tag. With a matching
     * If-None-Match nothing is built: `json` is null.
     */
    async view(id: string, token: string | undefined, ifNoneMatch?: string): Promise<{ etag: string; json: string | null }> {
      const current = await live.load(id);
      const seat = await access.seatOf(current.record, token, false);
      await privacy.mustBeSeated(current.record, seat);
      const etag = viewTag(current.record.revision, seat);
      // The usual case first: a client sends back the one tag it was given.
      if (ifNoneMatch === etag || ifNoneMatch?.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}`)) {
        return { etag, json: null };
      }
      return { etag, json: seatViewJson(current, seat, now()) };
    },
  };
}

export type Tables = ReturnType<typeof tables>;
