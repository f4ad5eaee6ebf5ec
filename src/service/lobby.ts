import type { GameRecord, GameStatus, SeatRecord } from '../store/games';
import type { LobbyStore } from '../store/lobby';
import type { PlayerStore } from '../store/players';
import { unrated } from '../store/ratings';
import { Conflict, type Sql, type Statement } from '../store/sql';
import type { Access } from './access';
import { cursorId, cursorTime, decodeCursor, encodeCursor } from './cursor';
import type { Live, LiveGames } from './live';
import { displayNameOrNull } from './names';
import { type Notifications, starts } from './notifications';
import { gameChannel, type Notifier } from './notifier';
import { Problem } from './problem';
import { firstToAct, isFree, publicSeat, seatChange, seatClock, startingClocks, tableChange } from './seating';
import type { Tables } from './tables';
import { newHolding, type SeatTokens } from './tokens';

/** How many times a join or leave that lost a race (on another server) is checked again. */
const ATTEMPTS = 5;

/** A seat taken, given back, or the table started: the change, written as one transaction. */
interface SeatMove {
  statements: Statement[];
  notes: ReturnType<typeof starts>;
  starts: boolean;
}

/**
 * The lobby: tables with free seats, joining and leaving them. The table starts when its last seat
 * is taken: cards are dealt (the engine's setup, from the seed fixed at creation), the first seats
 * to act become due, and every seated player is told.
 */
export function lobby(deps: {
  live: LiveGames;
  sql: Sql;
  store: LobbyStore;
  players: PlayerStore;
  access: Access;
  tokens: SeatTokens;
  tables: Tables;
  notifications: Notifications;
  notifier: Notifier;
  now: () => Date;
}) {
  const { live, sql, store, players, access, tokens, tables, notifications, notifier, now } = deps;

  /** The caller as a player (a player token), or null (no token); a seat token cannot join or leave. */
  async function playerOf(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    const who = await access.identify(token);
    if (who.kind !== 'player') {
      throw new Problem(403, 'player-token-required', 'a seat token cannot take or leave seats: use a player token');
    }
    return who.player;
  }

  function waiting(record: GameRecord) {
    if (record.status !== 'waiting') {
      const why = record.status === 'active' ? 'it has started: every seat is taken' : `it is ${record.status}`;
      throw new Problem(409, 'not-waiting', `game ${record.id} is not waiting for players: ${why}`);
    }
  }

  /**
   * The statements of a seat change, and of the start when it fills the table. The game's row comes
   * first, then its seats, then the players' counters: the order every append takes its locks in,
   * so a seat change and an append on PostgreSQL never wait for each other in a circle.
   */
  function seatMove(
    current: Live,
    seat: number,
    to: Pick<SeatRecord, 'occupant' | 'playerId' | 'name' | 'joinedAt' | 'holding'>,
    at: Date,
  ) {
    const { record, game } = current;
    const seats = record.seats.map((s) => (s.seat === seat ? { ...s, ...to } : s));
    const taken = seatChange(record.id, record.seats[seat], to);
    if (seats.some(isFree)) return { statements: [tableChange(record, at), taken], notes: [], starts: false };
    const toAct = firstToAct(game, record);
    const clocks = startingClocks(record.clock, toAct, at);
    const started: GameRecord = {
      ...record,
      status: 'active',
      toAct,
      seats: seats.map((s) => ({ ...s, ...clocks(s.seat) })),
    };
    return {
      statements: [tableChange(record, at, toAct), taken, ...toAct.map((s) => seatClock(record.id, s, clocks(s)))],
      notes: starts(started),
      starts: true,
    };
  }

  /**
   * Runs a seat change: decided against the table as it stands, written in one transaction guarded
   * by the table's revision, tried again when another server changed the table first.
   */
  async function change<T>(id: string, decide: (current: Live, at: Date) => Promise<{ move: SeatMove; answer: T }>) {
    return live.serially(id, async () => {
      for (let attempt = 1; ; attempt++) {
        const current = await live.load(id);
        const at = now();
        const { move, answer } = await decide(current, at);
        try {
          await sql.batch([...move.statements, ...notifications.statements(move.notes, at)], id);
        } catch (e) {
          live.forget(id);
          if (!(e instanceof Conflict)) throw e;
          if (attempt >= ATTEMPTS) throw new Problem(503, 'busy', 'the table is too busy right now: try again');
          continue;
        }
        live.forget(id);
        const after = await live.load(id);
        await notifier.publish(gameChannel(id), String(after.record.revision)).catch(() => {});
        await notifications.announce(move.notes);
        if (move.starts) tables.started(after);
        return answer;
      }
    });
  }

  return {
    /** Games of one status, newest first; waiting ones only while a seat is open to anyone. */
    async list(query: { status?: GameStatus; kind?: string; cursor?: string; limit?: number }) {
      const status = query.status ?? 'waiting';
      const limit = query.limit ?? 20;
      // A kind nobody plays is a mistake to point out, not an empty list.
      if (query.kind !== undefined) live.gameOf(query.kind);
      const after = decodeCursor(query.cursor, (raw) => {
        const createdAt = cursorTime(raw.createdAt);
        const id = cursorId(raw.id);
        return createdAt && id ? { createdAt, id } : null;
      });
      const games = await store.list(status, query.kind, after, limit);
      const last = games.at(-1);
      return {
        games: games.map((g) => ({
          id: g.id,
          kind: g.kind,
          title: live.gameOf(g.kind).title,
          status: g.status,
          options: g.options,
          clock: g.clock,
          seats: g.seats.map(publicSeat),
          openSeats: g.seats.filter((s) => s.occupant === 'open').map((s) => s.seat),
          createdBy: g.createdBy,
          createdAt: g.createdAt.toISOString(),
          rated: g.rated,
        })),
        next: last && games.length === limit ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
      };
    },

    /**
     * Takes a free seat: a player takes an open seat or the one it is invited to; anyone without a
     * token takes an open seat by giving a name. Answers with the seat and its seat token.
     */
    async join(id: string, seat: number, token: string | undefined, body: { name?: string }) {
      const player = await playerOf(token);
      const given = displayNameOrNull(body.name);
      const name = player ? (given ?? (await players.get(player))?.name ?? null) : given;
      return change(id, async (current, at) => {
        const { record } = current;
        waiting(record);
        const held = record.seats[seat];
        if (!held) throw new Problem(404, 'seat-not-found', `game ${id} has seats 0 to ${record.seatCount - 1}, not ${seat}`);
        if (!isFree(held)) throw new Problem(409, 'seat-taken', `seat ${seat} is taken`);
        if (held.occupant === 'invited' && held.playerId !== player) {
          throw new Problem(403, 'seat-invited', `seat ${seat} is kept for the player invited to it`);
        }
        if (player && record.seats.some((s) => s.occupant === 'player' && s.playerId === player)) {
          throw new Problem(409, 'already-seated', `you already hold a seat in game ${id}`);
        }
        if (!player && !name) {
          throw new Problem(400, 'name-required', 'without a player token, give a name to take an open seat: { "name": "..." }');
        }
        const holding = newHolding();
        const to = { occupant: player ? ('player' as const) : ('guest' as const), playerId: player, name, joinedAt: at, holding };
        const move = seatMove(current, seat, to, at);
        // A guest leaves nobody to rate at that seat: the table is unrated from now on.
        if (!player && record.rated) move.statements.push(unrated(id));
        return { move, answer: { seat, token: tokens.sign({ game: id, seat, holding }) } };
      });
    },

    /**
     * Declines the seat kept for the caller while the table waits: the invitation is gone, and the
     * seat is open to anyone (the table shows in the lobby), so the table can still fill and start.
     */
    async decline(id: string, seat: number, token: string | undefined) {
      const player = await playerOf(token);
      if (!player) throw new Problem(401, 'token-required', 'declining needs your player token: Authorization: Bearer <token>');
      await change(id, async (current, at) => {
        const { record } = current;
        const held = record.seats[seat];
        if (!held) throw new Problem(404, 'seat-not-found', `game ${id} has seats 0 to ${record.seatCount - 1}, not ${seat}`);
        if (held.occupant !== 'invited' || held.playerId !== player) {
          throw new Problem(403, 'not-invited', `seat ${seat} of game ${id} is not kept for you: there is nothing to decline`);
        }
        waiting(record);
        const to = { occupant: 'open' as const, playerId: null, name: null, joinedAt: null, holding: newHolding() };
        return { move: seatMove(current, seat, to, at), answer: null };
      });
      return tables.summary(id);
    },

    /** Gives the caller's seat back while the table waits: it becomes open to anyone. */
    async leave(id: string, token: string | undefined) {
      const player = await playerOf(token);
      if (!player) throw new Problem(401, 'token-required', 'leaving needs your player token: Authorization: Bearer <token>');
      await change(id, async (current, at) => {
        const { record } = current;
        const held = record.seats.find((s) => s.occupant === 'player' && s.playerId === player);
        if (!held) throw new Problem(403, 'not-seated', `you hold no seat in game ${id}`);
        waiting(record);
        const to = { occupant: 'open' as const, playerId: null, name: null, joinedAt: null, holding: newHolding() };
        return { move: seatMove(current, held.seat, to, at), answer: null };
      });
      return tables.summary(id);
    },
  };
}

export type Lobby = ReturnType<typeof lobby>;
