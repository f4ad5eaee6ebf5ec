import { randomUUID } from 'node:crypto';
import { resolveOptions, SetupError } from '../engine';
import { type NewNotification, notificationStatements } from '../store/players';
import { Conflict, UniqueViolation } from '../store/sql';
import type {
  EntrantRecord,
  RoundRecord,
  TableGame,
  TournamentRecord,
  TournamentStatus,
  TournamentStore,
} from '../store/tournaments';
import { type History, roundRobin, roundRobinRounds, type Seating, swissTables, type TableShape } from '../tournaments/pairing';
import { drawSeed, gameSeed, seedHash } from '../tournaments/seeds';
import { type Standing, standings, type TableResult, tieBreaksFor } from '../tournaments/standings';
import type { Access } from './access';
import type { Logger } from './bots';
import { cursorTime, decodeCursor, encodeCursor } from './cursor';
import type { Endings } from './endings';
import type { Live, LiveGames } from './live';
import type { Moves } from './moves';
import type { Notifications } from './notifications';
import { Problem } from './problem';
import { resultOf } from './projections';
import type { Tables } from './tables';
import type { SeatTokens } from './tokens';

export interface TournamentRequest {
  kind: string;
  options?: Record<string, unknown>;
  format: 'swiss' | 'round-robin';
  scoring: 'games' | 'duplicate';
  rounds?: number;
  tableSeats: number;
  clock: Record<string, unknown>;
  roundHours?: number;
  maxPlayers?: number;
  minPlayers?: number;
  rated?: boolean;
  startsAt?: string;
}

/** A week a round, unless the creator says otherwise. */
export const DEFAULT_ROUND_HOURS = 168;
/** A round robin seats everyone against everyone: beyond this it takes too many rounds. */
export const ROUND_ROBIN_MAX_PLAYERS = 12;
export const SWISS_MAX_PLAYERS = 256;
/** Moves the round deadline plays per game per sweep: a long game ends over a few sweeps, and no sweep waits long. */
const DEADLINE_MOVES_PER_SWEEP = 200;
const SWEEP_LIMIT = 50;
const PAGE = 50;

const ended = (status: string) => status === 'finished' || status === 'aborted';

/**
 * Tournaments (DESIGN "Tournaments"): the service only schedules. Pairing and standings are pure
 * functions of the games (src/tournaments); each table is an ordinary game created through the
 * tables' own path, its seed derived from the tournament's. `tick()` (the clocks' sweeper calls it)
 * starts tournaments at their time, closes rounds whose games have all ended, ends games still
 * running at a round's deadline by their clocks' default play, and seats the next round.
 */
export function tournaments(deps: {
  store: TournamentStore;
  live: LiveGames;
  tables: Tables;
  endings: Endings;
  moves: Moves;
  access: Access;
  tokens: SeatTokens;
  notifications: Notifications;
  now: () => Date;
  log: Logger;
  /** The shown rating of each of these players at this kind (the last tie-break); absent: unrated. */
  ratingsOf: (kind: string, ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;
}) {
  const { store, live, tables, endings, moves, access, tokens, notifications, now, log, ratingsOf } = deps;

  async function playerOf(token: string | undefined): Promise<string> {
    if (!token) throw new Problem(401, 'token-required', 'this call needs a player token: Authorization: Bearer <player token>');
    const who = await access.identify(token);
    if (who.kind !== 'player')
      throw new Problem(403, 'player-token-required', 'a seat token speaks for one seat: this call needs a player token');
    return who.player;
  }

  async function load(id: string): Promise<TournamentRecord> {
    const t = await store.get(id);
    if (!t) throw new Problem(404, 'tournament-not-found', `there is no tournament ${id}`);
    return t;
  }

  /** Runs a change decided at the tournament's revision; another writer first is a conflict the caller may retry. */
  async function commit(statements: Parameters<TournamentStore['sql']['batch']>[0], id: string) {
    try {
      await store.sql.batch(statements, id);
    } catch (e) {
      if (e instanceof Conflict) throw new Problem(409, 'busy', 'the tournament changed meanwhile: try again');
      throw e;
    }
  }

  function shapeOf(t: Pick<TournamentRecord, 'kind' | 'tableSeats'>): TableShape {
    const game = live.gameOf(t.kind);
    const sides = game.sides?.(t.tableSeats, {});
    return { tableSeats: t.tableSeats, minSeats: game.seats.min, ...(sides ? { sides } : {}) };
  }

  /** Rounds the tournament plays: as asked (Swiss), or as many as its players need (round robin). */
  const roundsOf = (t: TournamentRecord, players: number) =>
    t.format === 'swiss' ? (t.rounds as number) : roundRobinRounds(players, t.tableSeats);

  /** Each finished game of the tournament, as the standings read it. */
  async function results(games: readonly TableGame[]): Promise<TableResult[]> {
    const out: TableResult[] = [];
    for (const g of games) {
      const current = await live.load(g.id);
      out.push({ round: g.round, ...resultFrom(current) });
    }
    return out;
  }

  async function standingsOf(t: TournamentRecord, entrants: readonly EntrantRecord[], rounds: readonly RoundRecord[]) {
    const games = await store.games(t.id);
    const rated = await ratingsOf(
      t.kind,
      entrants.map((e) => e.playerId),
    );
    return standings(
      {
        players: entrants.map((e) => ({ id: e.playerId, rating: rated.get(e.playerId) ?? null })),
        scoring: t.scoring,
        tables: await results(games),
        byes: rounds.flatMap((r) => r.byes.map((player) => ({ round: r.round, player }))),
      },
      tieBreaksFor(t.tableSeats),
    );
  }

  /** The seating of round `round`, from the standings and what was seated before. */
  async function seat(t: TournamentRecord, round: number, entrants: readonly EntrantRecord[], rounds: readonly RoundRecord[]) {
    const playing = entrants.filter((e) => e.withdrawnAt === null).map((e) => e.playerId);
    const history: History = { tables: rounds.flatMap((r) => r.tables), byes: rounds.flatMap((r) => r.byes) };
    if (t.format === 'round-robin') return roundRobin(playing, round, history, shapeOf(t));
    const ranked = (await standingsOf(t, entrants, rounds)).map((s) => s.player).filter((p) => playing.includes(p));
    return swissTables(ranked, history, shapeOf(t));
  }

  /** Creates the games of a round that do not exist yet, exactly as the round was seated. */
  async function createTables(t: TournamentRecord, round: RoundRecord) {
    const existing = new Set((await store.games(t.id)).filter((g) => g.round === round.round).map((g) => g.table));
    const { clock, ...options } = t.options;
    for (const [i, players] of round.tables.entries()) {
      const table = i + 1;
      if (existing.has(table)) continue;
      const told = (gameId: string): NewNotification[] =>
        players.map((player, seat) => ({
          playerId: player,
          type: 'tournament.round',
          gameId,
          payload: { tournament: t.id, kind: t.kind, round: round.round, game: gameId, seat, bye: false },
        }));
      try {
        await tables.create(
          { kind: t.kind, seats: players.map((player) => ({ player })), options: { ...options, clock } as never, rated: t.rated },
          undefined,
          undefined,
          {
            table: { id: t.id, round: round.round, table },
            seed: gameSeed(t.seed, t.scoring, round.round, table),
            statements: (gameId) => [
              store.seatGame(gameId, t.id, round.round, table),
              ...notificationStatements(told(gameId), now()),
            ],
          },
        );
        await notifications.announce(told(''));
      } catch (e) {
        // Another server created this table first.
        if (!(e instanceof UniqueViolation)) throw e;
      }
    }
  }

  /** Seats round `round` and creates its tables; false when another server did it first. */
  async function openRound(
    t: TournamentRecord,
    round: number,
    entrants: readonly EntrantRecord[],
    rounds: readonly RoundRecord[],
  ) {
    const at = now();
    const seating: Seating = await seat(t, round, entrants, rounds);
    const deadline = new Date(at.getTime() + t.roundHours * 3_600_000);
    const notes: NewNotification[] = seating.byes.map((player) => ({
      playerId: player,
      type: 'tournament.round',
      gameId: t.id,
      payload: { tournament: t.id, kind: t.kind, round, game: null, seat: null, bye: true },
    }));
    if (round === 1) {
      for (const e of entrants) {
        notes.unshift({
          playerId: e.playerId,
          type: 'tournament.started',
          gameId: t.id,
          payload: { tournament: t.id, kind: t.kind, round },
        });
      }
    }
    try {
      await store.sql.batch(
        [
          store.bump(t.id, t.revision, `, "status" = 'running', "round" = $3`, [round]),
          store.openRound(t.id, round, at, deadline, seating),
          ...notificationStatements(notes, at),
        ],
        t.id,
      );
    } catch (e) {
      if (e instanceof Conflict || e instanceof UniqueViolation) return false;
      throw e;
    }
    await notifications.announce(notes);
    const opened: RoundRecord = { round, startedAt: at, deadline, ...seating, endedAt: null };
    await createTables({ ...t, revision: t.revision + 1, round, status: 'running' }, opened);
    return true;
  }

  /** The tournament is over: its seed is revealed and every entrant is told its rank. */
  async function finish(t: TournamentRecord, entrants: readonly EntrantRecord[], rounds: readonly RoundRecord[]) {
    const at = now();
    const table = await standingsOf(t, entrants, rounds);
    const notes: NewNotification[] = table.map((s) => ({
      playerId: s.player,
      type: 'tournament.finished',
      gameId: t.id,
      payload: { tournament: t.id, kind: t.kind, rank: s.rank, points: s.points },
    }));
    try {
      await store.sql.batch(
        [store.bump(t.id, t.revision, `, "status" = 'finished', "finishedAt" = $3`, [at]), ...notificationStatements(notes, at)],
        t.id,
      );
    } catch (e) {
      if (e instanceof Conflict) return;
      throw e;
    }
    await notifications.announce(notes);
  }

  /** Plays the clocks' default actions in a game still running at its round's deadline, a bounded number a sweep. */
  async function endByDefault(gameId: string) {
    for (let i = 0; i < DEADLINE_MOVES_PER_SWEEP; i++) {
      const { record, game, state } = await live.load(gameId);
      if (record.status !== 'active') return;
      const seatToPlay = record.toAct[0];
      try {
        await moves.play({
          id: gameId,
          seat: seatToPlay,
          action: game.defaultAction(state, seatToPlay),
          by: 'clock',
          expectedVersion: record.version,
        });
      } catch (e) {
        if (!(e instanceof Problem && e.status === 409)) throw e;
      }
    }
  }

  /** One tournament that is due: started, its round closed, its games ended at the deadline, or finished. */
  async function advance(id: string) {
    const t = await load(id);
    const entrants = await store.entrants(id);
    const rounds = await store.rounds(id);
    const at = now();
    if (t.status === 'registering') {
      if (!t.startsAt || t.startsAt > at) return;
      if (entrants.length >= t.minPlayers) await openRound(t, 1, entrants, rounds);
      // Too few at its time: it waits for its creator to start it.
      else await store.sql.batch([store.bump(t.id, t.revision, ', "startsAt" = NULL')], t.id).catch(() => {});
      return;
    }
    if (t.status !== 'running') return;
    const current = rounds.find((r) => r.endedAt === null);
    if (!current) return;
    await createTables(t, current);
    const games = (await store.games(id)).filter((g) => g.round === current.round);
    const running = games.filter((g) => !ended(g.status));
    if (running.length > 0) {
      if (current.deadline <= at) for (const g of running) await endByDefault(g.id);
      return;
    }
    try {
      await store.sql.batch([store.closeRound(id, current.round, at), store.bump(id, t.revision)], id);
    } catch (e) {
      if (e instanceof Conflict) return;
      throw e;
    }
    const closed = rounds.map((r) => (r.round === current.round ? { ...r, endedAt: at } : r));
    const next = { ...t, revision: t.revision + 1 };
    const playing = entrants.filter((e) => e.withdrawnAt === null).length;
    if (current.round >= roundsOf(t, entrants.length) || playing < shapeOf(t).minSeats) await finish(next, entrants, closed);
    else await openRound(next, current.round + 1, entrants, closed);
  }

  /** The tournament as GET /tournaments/{id} shows it. */
  async function describe(t: TournamentRecord) {
    const entrants = await store.entrants(t.id);
    const rounds = await store.rounds(t.id);
    const games = await store.games(t.id);
    const table: Standing[] = t.status === 'registering' ? [] : await standingsOf(t, entrants, rounds);
    return {
      ...summaryOf(t),
      players: entrants.map((e) => ({ id: e.playerId, name: e.name, withdrawn: e.withdrawnAt !== null })),
      rounds: t.status === 'registering' ? (t.rounds ?? null) : roundsOf(t, entrants.length),
      ...(t.status === 'finished' ? { seed: t.seed } : {}),
      tieBreaks: tieBreaksFor(t.tableSeats),
      schedule: rounds.map((r) => ({
        round: r.round,
        status: r.endedAt ? ('finished' as const) : ('running' as const),
        deadline: r.deadline.toISOString(),
        tables: [
          ...r.tables.map((seats, i) => ({
            gameId: games.find((g) => g.round === r.round && g.table === i + 1)?.id ?? null,
            seats,
          })),
          ...r.byes.map((p) => ({ gameId: null, seats: [p], bye: true })),
        ],
      })),
      standings: table,
    };
  }

  function summaryOf(t: TournamentRecord) {
    return {
      id: t.id,
      kind: t.kind,
      options: t.options,
      format: t.format,
      scoring: t.scoring,
      tableSeats: t.tableSeats,
      status: t.status,
      round: t.round,
      rounds: t.rounds,
      roundHours: t.roundHours,
      minPlayers: t.minPlayers,
      maxPlayers: t.maxPlayers,
      rated: t.rated,
      startsAt: t.startsAt ? t.startsAt.toISOString() : null,
      creator: t.createdBy,
      seedHash: t.seedHash,
      createdAt: t.createdAt.toISOString(),
    };
  }

  /** Checks what a creator asks for; the reason names what cannot work. */
  function checked(req: TournamentRequest): { options: Record<string, unknown>; minPlayers: number; maxPlayers: number } {
    const game = live.gameOf(req.kind);
    const { clock: _ignored, ...given } = req.options ?? {};
    if (req.tableSeats < game.seats.min || req.tableSeats > game.seats.max) {
      throw new Problem(
        422,
        'cannot-seat',
        `${req.kind} is played by ${game.seats.min} to ${game.seats.max} seats: it cannot seat tables of ${req.tableSeats}`,
      );
    }
    let options: Record<string, unknown>;
    try {
      options = resolveOptions(game, given, req.tableSeats);
      const problem = game.checkSetup?.(req.tableSeats, options);
      if (problem) throw new SetupError(problem);
    } catch (e) {
      if (e instanceof SetupError) throw new Problem(422, 'cannot-seat', e.reason);
      throw e;
    }
    const cap = req.format === 'round-robin' ? ROUND_ROBIN_MAX_PLAYERS : SWISS_MAX_PLAYERS;
    // A two-seat Swiss of r rounds needs r + 1 players to pair without a rematch.
    const fewest = req.format === 'swiss' && req.tableSeats === 2 && req.rounds !== undefined ? req.rounds + 1 : req.tableSeats;
    const minPlayers = req.minPlayers ?? fewest;
    const maxPlayers = req.maxPlayers ?? cap;
    const cannot = (why: string) => new Problem(422, 'format-cannot-fit', why);
    if (req.format === 'swiss' && req.rounds === undefined) throw cannot('a Swiss tournament needs `rounds`');
    if (req.format === 'round-robin' && req.rounds !== undefined)
      throw cannot('a round robin plays as many rounds as its players need: leave out `rounds`');
    if (maxPlayers > cap) throw cannot(`a ${req.format} tournament takes at most ${cap} players`);
    if (minPlayers < req.tableSeats) throw cannot(`minPlayers (${minPlayers}) cannot fill one table of ${req.tableSeats}`);
    if (maxPlayers < minPlayers) throw cannot(`maxPlayers (${maxPlayers}) is below minPlayers (${minPlayers})`);
    if (req.format === 'swiss' && req.tableSeats === 2 && (req.rounds as number) >= minPlayers + (minPlayers % 2)) {
      throw cannot(
        `${minPlayers} players cannot play ${req.rounds} Swiss rounds without a rematch: raise minPlayers or lower rounds`,
      );
    }
    return { options: { ...options, clock: req.clock }, minPlayers, maxPlayers };
  }

  return {
    async create(req: TournamentRequest, token: string | undefined) {
      const creator = await playerOf(token);
      const { options, minPlayers, maxPlayers } = checked(req);
      const at = now();
      const seed = drawSeed();
      const t: TournamentRecord = {
        id: randomUUID(),
        kind: req.kind,
        options,
        format: req.format,
        scoring: req.scoring,
        rounds: req.format === 'swiss' ? (req.rounds as number) : null,
        tableSeats: req.tableSeats,
        roundHours: req.roundHours ?? DEFAULT_ROUND_HOURS,
        maxPlayers,
        minPlayers,
        rated: req.rated ?? false,
        startsAt: req.startsAt ? new Date(req.startsAt) : null,
        seed,
        seedHash: seedHash(seed),
        status: 'registering',
        round: 0,
        revision: 0,
        createdBy: creator,
        createdAt: at,
        finishedAt: null,
      };
      await store.create(t);
      return describe(t);
    },

    async get(id: string) {
      return describe(await load(id));
    },

    async list(query: { status?: TournamentStatus; cursor?: string }) {
      const after = decodeCursor(query.cursor, (raw) => {
        const createdAt = cursorTime(raw.createdAt);
        return createdAt && typeof raw.id === 'string' ? { createdAt, id: raw.id } : null;
      });
      const rows = await store.list(query.status, after, PAGE + 1);
      const page = rows.slice(0, PAGE);
      const last = page[page.length - 1];
      return {
        tournaments: page.map(summaryOf),
        next: rows.length > PAGE && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
      };
    },

    async join(id: string, token: string | undefined) {
      const player = await playerOf(token);
      const t = await load(id);
      if (t.status !== 'registering')
        throw new Problem(409, 'tournament-started', 'the tournament has started: nobody joins any more');
      const entrants = await store.entrants(id);
      if (entrants.some((e) => e.playerId === player))
        throw new Problem(409, 'already-entered', 'the player has joined this tournament');
      if (entrants.length >= t.maxPlayers)
        throw new Problem(409, 'tournament-full', `the tournament takes ${t.maxPlayers} players`);
      await commit([store.bump(id, t.revision), store.enter(id, player, now())], id);
      return describe(await load(id));
    },

    async leave(id: string, token: string | undefined) {
      const player = await playerOf(token);
      const t = await load(id);
      if (t.status !== 'registering')
        throw new Problem(409, 'tournament-started', 'the tournament has started: withdraw instead');
      if (!(await store.entrants(id)).some((e) => e.playerId === player)) {
        throw new Problem(409, 'not-entered', 'the player has not joined this tournament');
      }
      await commit([store.bump(id, t.revision), store.leave(id, player)], id);
      return describe(await load(id));
    },

    async start(id: string, token: string | undefined) {
      const player = await playerOf(token);
      const t = await load(id);
      if (t.createdBy !== player) throw new Problem(403, 'not-creator', 'only the tournament’s creator may start it');
      if (t.status !== 'registering') throw new Problem(409, 'tournament-started', 'the tournament has started already');
      const entrants = await store.entrants(id);
      if (entrants.length < t.minPlayers) {
        throw new Problem(409, 'too-few-players', `the tournament needs ${t.minPlayers} players; ${entrants.length} have joined`);
      }
      if (!(await openRound(t, 1, entrants, []))) throw new Problem(409, 'busy', 'the tournament changed meanwhile: try again');
      return describe(await load(id));
    },

    /** The player leaves a running tournament: it is seated no more, and a game it is still playing is resigned. */
    async withdraw(id: string, token: string | undefined) {
      const player = await playerOf(token);
      const t = await load(id);
      if (t.status !== 'running')
        throw new Problem(
          409,
          'tournament-not-running',
          'only a running tournament can be withdrawn from: leave one that has not started',
        );
      const me = (await store.entrants(id)).find((e) => e.playerId === player);
      if (!me) throw new Problem(409, 'not-entered', 'the player has not joined this tournament');
      if (me.withdrawnAt) throw new Problem(409, 'withdrawn', 'the player has withdrawn already');
      await commit([store.bump(id, t.revision), store.withdraw(id, player, now())], id);
      for (const g of await store.games(id)) {
        if (ended(g.status)) continue;
        const { record } = await live.load(g.id);
        const s = record.seats.find((x) => x.playerId === player && x.occupant === 'player');
        if (!s || s.resigned || record.status !== 'active') continue;
        await endings
          .resign(g.id, tokens.sign({ game: g.id, seat: s.seat, holding: s.holding ?? undefined }))
          .catch((e) => log.error({ err: e, game: g.id }, 'resigning a withdrawn player’s game failed'));
      }
      return describe(await load(id));
    },

    /** Advances every tournament that is due now; answers how many it looked at. */
    async tick(): Promise<number> {
      const due = await store.due(now(), SWEEP_LIMIT);
      for (const id of due) {
        try {
          await advance(id);
        } catch (e) {
          log.error({ err: e, tournament: id }, 'advancing a tournament failed; the next sweep tries again');
        }
      }
      return due.length;
    },
  };
}

/** A finished game's places and scores by seat: winners first, a resigned seat last, the rest by score. */
export function resultFrom(current: Live): Omit<TableResult, 'round'> {
  const { record, game, engine } = current;
  const seats = record.seats.map((s) => s.playerId as string);
  if (!ended(record.status)) return { seats, places: null, scores: null };
  const result = resultOf(current);
  const winners = result?.winners ?? [];
  const raw = engine?.scores ?? Array(record.seatCount).fill(0);
  const scores = raw.map((v, seat) => (record.seats[seat].resigned ? Number.NEGATIVE_INFINITY : game.lowScoreWins ? -v : v));
  // An aborted game decides nothing: everyone shares the place.
  if (record.status === 'aborted') return { seats, places: seats.map(() => 0), scores: seats.map(() => 0) };
  const key = (seat: number): [number, number] => [
    winners.includes(seat) ? 2 : record.seats[seat].resigned ? 0 : 1,
    scores[seat],
  ];
  const better = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
  const places = seats.map((_, seat) => seats.filter((__, other) => better(key(other), key(seat))).length);
  return { seats, places, scores };
}

export type Tournaments = ReturnType<typeof tournaments>;
