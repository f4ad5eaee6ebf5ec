import type { InvitationStore } from '../store/invitations';
import type { Logger } from './bots';
import type { LiveGames } from './live';
import type { Moves } from './moves';

/** Invitations dealt with per sweep at most; the rest wait for the next, a second later at most. */
const SWEEP_LIMIT = 500;

/** The reason an abort gives when an invitation lapsed: the inviter is told `invitation-lapsed`. */
export const LAPSED = 'invitation-lapsed';

/**
 * Invitations lapse: one not answered within INVITATION_TTL cancels its waiting table (aborted, by
 * the service, its seed revealed), and the inviter is told on its stream and webhooks. The clocks'
 * sweeper calls `sweep()` each tick: it reads only the invitations due, and forgets each it has seen,
 * answered or not, so a tick costs what is due.
 */
export function lapses(deps: { store: InvitationStore; live: LiveGames; moves: Moves; now: () => Date; log: Logger }) {
  const { store, live, moves, now, log } = deps;

  /** Cancels the table if the seat is still kept for the invited player and the table still waits. */
  async function lapse(gameId: string, seat: number, invited: string): Promise<boolean> {
    return live.serially(gameId, async () => {
      const current = await live.load(gameId);
      const held = current.record.seats[seat];
      if (current.record.status !== 'waiting' || held?.occupant !== 'invited' || held.playerId !== invited) return false;
      await moves.append(
        current,
        { seat, kind: 'abort', by: 'service', action: { type: 'abort', reason: LAPSED } },
        { state: current.state, engine: current.engine, table: current.table, moved: current.moved },
        { status: 'aborted', result: null },
      );
      // Nothing was dealt while it waited: the aborted game is rebuilt from its log when next read.
      live.forget(gameId);
      return true;
    });
  }

  return {
    /** Deals with every invitation due by now(): answers how many tables it cancelled. */
    async sweep(): Promise<number> {
      let cancelled = 0;
      for (const due of await store.due(now(), SWEEP_LIMIT)) {
        try {
          if (await lapse(due.gameId, due.seat, due.invited)) cancelled++;
          await store.drop(due.gameId, due.seat);
        } catch (e) {
          // Another server was first (a version conflict), or the database failed: the next sweep looks again.
          log.error({ err: e, game: due.gameId, seat: due.seat }, 'an invitation’s lapse failed; the next sweep tries again');
        }
      }
      return cancelled;
    },
  };
}

export type Lapses = ReturnType<typeof lapses>;
