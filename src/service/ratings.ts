import { aboutBot } from '../bots';
import { isBotIdentity, isProvisional, rateGame, type Skill, shownRating, standing } from '../ratings';
import { VersionConflict } from '../store/games';
import { type NewNotification, notificationStatements, type PlayerStore } from '../store/players';
import { type BoardCursor, type RatingStore, ratingStatements } from '../store/ratings';
import { decodeCursor, encodeCursor } from './cursor';
import type { LiveGames } from './live';
import type { Moves } from './moves';
import type { Notifications } from './notifications';
import { Problem } from './problem';
import { finishOf, ratedSeats, ratingValue } from './rated-results';

/** How many times a finish that lost the rating sequence to another server reads the ratings again. */
const RATE_ATTEMPTS = 20;

/**
 * Ratings: a rated game's finish moves its seats' ratings in the finishing move's own transaction,
 * in one global sequence, and the API reads them back (leaderboards, profiles, histories, the
 * changes a game made).
 *
 * The read of the current ratings and the write of the new ones cannot interleave with another
 * finish, on this server or another: finishes are applied one at a time here, and every one writes
 * RatedGame at the sequence number after the one it read, under that table's primary key. A finish
 * on another server that committed in between makes the insert a key violation, which rolls the
 * whole transaction back (the move too); the ratings are read again and the move written again.
 * Ordinary moves never touch any of it.
 */
export function ratings(deps: {
  store: RatingStore;
  players: PlayerStore;
  live: LiveGames;
  moves: Moves;
  notifications: Notifications;
  bots: ReadonlySet<string>;
}) {
  const { store, players, live, moves, notifications, bots } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs finishes one after another on this server: they would only conflict with each other. */
  function serially<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  }

  moves.onFinishing(async (change, commit) => {
    const { record } = change.after;
    const seats = record.rated ? ratedSeats(record) : null;
    if (!seats) return commit([]);
    const notes = await serially(async () => {
      for (let attempt = 1; ; attempt++) {
        const seq = (await store.sequence()) + 1;
        const current = await store.current(
          record.kind,
          seats.map((s) => s.id),
        );
        const { teams, ranks } = standing(finishOf(change.after, [change.event]));
        const changes = rateGame(seats, teams, ranks, (id) => current.get(id));
        const at = change.event.createdAt;
        const told: NewNotification[] = changes
          .filter((c) => !isBotIdentity(c.id))
          .map((c) => ({
            playerId: c.id,
            type: 'rating.changed',
            gameId: record.id,
            payload: { kind: record.kind, seat: c.seat, before: ratingValue(c.before), after: ratingValue(c.after) },
          }));
        try {
          await commit([...ratingStatements(seq, record.id, record.kind, at, changes), ...notificationStatements(told, at)]);
          return told;
        } catch (e) {
          // Another server's finish took this seq: read again. Anything else (the game moved on) is the move's to handle.
          if (!(e instanceof VersionConflict) || attempt >= RATE_ATTEMPTS || (await store.sequence()) < seq) throw e;
        }
      }
    });
    await notifications.announce(notes);
  });

  /** A rated identity: a player (by id) or a bot (`bot:<name>`); 404 for anything else. */
  async function identity(id: string): Promise<{ id: string; name: string; bot: boolean }> {
    if (isBotIdentity(id)) {
      const name = id.slice('bot:'.length);
      if (bots.has(name)) return { id, name: aboutBot(name).title, bot: true };
    } else {
      const player = await players.get(id);
      if (player) return { id, name: player.name, bot: false };
    }
    throw new Problem(404, 'player-not-found', `there is no player ${id}`);
  }

  const shown = (r: Skill & { kind: string; games: number }) => ({
    kind: r.kind,
    ...ratingValue(r),
    games: r.games,
    provisional: isProvisional(r),
  });

  function readBoardCursor(text: string | undefined): BoardCursor | null {
    return decodeCursor(text, (raw) =>
      typeof raw.provisional === 'boolean' &&
      typeof raw.score === 'number' &&
      Number.isFinite(raw.score) &&
      typeof raw.id === 'string'
        ? { provisional: raw.provisional, score: raw.score, id: raw.id }
        : null,
    );
  }

  function readSeqCursor(text: string | undefined): number {
    return (
      decodeCursor(text, (raw) => (Number.isSafeInteger(raw.seq) && (raw.seq as number) >= 0 ? (raw.seq as number) : null)) ?? 0
    );
  }

  return {
    /** A kind's leaderboard: settled ratings first, then provisional ones, each by rating. */
    async leaderboard(kind: string, query: { cursor?: string; limit?: number }) {
      live.gameOf(kind);
      const limit = query.limit ?? 50;
      const rows = await store.board(kind, readBoardCursor(query.cursor), limit);
      const last = rows.at(-1);
      return {
        items: rows.map((r) => {
          const bot = isBotIdentity(r.playerId);
          return {
            player: { id: r.playerId, name: bot ? aboutBot(r.playerId.slice(4)).title : (r.name ?? r.playerId), bot },
            ...shown(r),
          };
        }),
        next:
          last && rows.length === limit
            ? encodeCursor({ provisional: isProvisional(last), score: last.score, id: last.playerId })
            : null,
      };
    },

    /** The shown rating of each of these identities at one kind (those that have one): a tournament's last tie-break. */
    async ratingsOf(kind: string, ids: readonly string[]): Promise<ReadonlyMap<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await store.current(kind, ids);
      return new Map([...rows].map(([id, r]) => [id, shownRating(r)]));
    },

    /** A public profile: the identity, its rating per kind, and its newest finished games. */
    async profile(id: string) {
      const who = await identity(id);
      const [rated, recent] = await Promise.all([store.of(id), store.recent(id, who.bot ? id.slice(4) : null, 20)]);
      return {
        ...who,
        ratings: rated.map(shown),
        recent: recent.map((g) => ({
          id: g.id,
          kind: g.kind,
          seat: g.seat,
          finishedAt: g.finishedAt.toISOString(),
          won: g.result?.winners.includes(g.seat) ?? false,
          change: g.change ? { before: ratingValue(g.change.before), after: ratingValue(g.change.after) } : null,
        })),
      };
    },

    /** An identity's rating changes of one kind, oldest first. */
    async history(id: string, kind: string, query: { cursor?: string; limit?: number }) {
      await identity(id);
      live.gameOf(kind);
      const limit = query.limit ?? 100;
      const rows = await store.history(id, kind, readSeqCursor(query.cursor), limit);
      const last = rows.at(-1);
      return {
        items: rows.map((r) => ({
          gameId: r.gameId,
          finishedAt: r.finishedAt.toISOString(),
          before: ratingValue(r.before),
          after: ratingValue(r.after),
        })),
        next: last && rows.length === limit ? encodeCursor({ seq: last.seq }) : null,
      };
    },

    /** What a finished rated game did to each seat's rating: for its summary and record (none otherwise). */
    async changesOf(gameId: string) {
      const rows = await store.changesOf(gameId);
      return rows.map((r) => ({ seat: r.seat, player: r.playerId, before: ratingValue(r.before), after: ratingValue(r.after) }));
    },
  };
}

export type Ratings = ReturnType<typeof ratings>;
