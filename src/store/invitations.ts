import type { GameRecord } from './games';
import { lockPlayer } from './players';
import type { Sql, Statement } from './sql';

/** An invitation the sweeper found due. */
export interface DueInvitation {
  gameId: string;
  seat: number;
  inviter: string;
  invited: string;
}

/** The statement that fails when the inviter would have more invitations out than allowed. */
export const PENDING_CAP = `UPDATE "Player" SET "notified" = "notified" WHERE "id" = $1 AND (
  SELECT COUNT(*) FROM "Invitation" i
  JOIN "Seat" s ON s."gameId" = i."gameId" AND s."seat" = i."seat"
  JOIN "Game" g ON g."id" = i."gameId"
  WHERE i."inviter" = $1 AND s."occupant" = 'invited' AND s."playerId" = i."invited" AND g."status" = 'waiting') <= $2`;

/**
 * The invitations of a new table (in the transaction that creates it), each lapsing at `lapsesAt`,
 * committed only while the inviter has at most `cap` pending (unanswered, their table waiting), the
 * new ones included. The inviter's row is locked first, so one inviter's tables count one after another.
 */
export function invitationRows(record: GameRecord, lapsesAt: Date, cap: number): Statement[] {
  const inviter = record.createdBy;
  const invited = record.seats.filter((s) => s.occupant === 'invited' && s.playerId !== null);
  if (inviter === null || invited.length === 0) return [];
  return [
    lockPlayer(inviter),
    ...invited.map((s) => ({
      text: 'INSERT INTO "Invitation" ("gameId", "seat", "inviter", "invited", "lapsesAt") VALUES ($1, $2, $3, $4, $5)',
      params: [record.id, s.seat, inviter, s.playerId, lapsesAt],
    })),
    { text: PENDING_CAP, params: [inviter, cap], expect: 1 },
  ];
}

export function invitationStore(sql: Sql) {
  return {
    /** Invitations whose time has come, oldest first: answered or not (the sweeper looks, and deletes each). */
    async due(at: Date, limit: number): Promise<DueInvitation[]> {
      return sql.all<DueInvitation>(
        'SELECT "gameId", "seat", "inviter", "invited" FROM "Invitation" WHERE "lapsesAt" <= $1 ORDER BY "lapsesAt" LIMIT $2',
        [at, limit],
      );
    },

    /** Forgets an invitation the sweeper has dealt with. */
    async drop(gameId: string, seat: number): Promise<void> {
      await sql.run('DELETE FROM "Invitation" WHERE "gameId" = $1 AND "seat" = $2', [gameId, seat]);
    },
  };
}

export type InvitationStore = ReturnType<typeof invitationStore>;
