import type { GameStatus } from '../store/games';
import { type MyGamesCursor, NO_DEADLINE, type PlayerStore } from '../store/players';
import { timeLeft } from './clock-bank';
import { cursorId, cursorTime, decodeCursor, encodeCursor } from './cursor';
import { publicSeat } from './seating';

/**
 * A player's games, the ones where it is due first (soonest deadline, then longest waiting), then
 * the others, most recently changed first. Read from the seats' due/deadline columns, which every
 * append keeps: no game is loaded or replayed, however many a player has.
 */
export function myGames(deps: { players: PlayerStore; now: () => Date }) {
  const { players, now } = deps;

  function readCursor(text: string | undefined): MyGamesCursor | null {
    return decodeCursor(text, (raw) => {
      const id = cursorId(raw.id);
      if (id === null) return null;
      if (raw.due === true) {
        const deadline = cursorTime(raw.deadline);
        const since = cursorTime(raw.since);
        return deadline && since ? { due: true, deadline, since, id } : null;
      }
      const updated = cursorTime(raw.updated);
      return raw.due === false && updated ? { due: false, updated, id } : null;
    });
  }

  return {
    async list(playerId: string, query: { status?: GameStatus; myTurn?: boolean; cursor?: string; limit?: number }) {
      const limit = query.limit ?? 50;
      const rows = await players.myGames(playerId, query, readCursor(query.cursor), limit);
      const at = now();
      const last = rows.at(-1);
      const next =
        last && rows.length === limit
          ? encodeCursor(
              last.due
                ? {
                    due: true,
                    deadline: (last.deadline ?? NO_DEADLINE).toISOString(),
                    since: (last.dueSince as Date).toISOString(),
                    id: last.id,
                  }
                : { due: false, updated: last.updatedAt.toISOString(), id: last.id },
            )
          : null;
      return {
        games: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          status: r.status as GameStatus,
          seat: r.seat,
          invited: r.invited,
          toAct: r.status === 'active' ? r.toAct : [],
          myTurn: r.due,
          deadline: r.deadline ? r.deadline.toISOString() : null,
          timeLeft: r.status === 'active' ? timeLeft(r.clock, { ...r, remindAt: null }, at) : null,
          version: r.version,
          updated: r.updatedAt.toISOString(),
          rated: r.rated,
          seats: r.seats.map(publicSeat),
          ...(r.result && (r.status === 'finished' || r.status === 'aborted') ? { result: r.result } : {}),
        })),
        next,
      };
    },
  };
}

export type MyGames = ReturnType<typeof myGames>;
