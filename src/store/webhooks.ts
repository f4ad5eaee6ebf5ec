import { lockPlayer } from './players';
import { Conflict, maybeTime, type Sql, time } from './sql';

/** Webhooks, their delivery state (cursor, retries, lease) and the delivery log. */

export interface WebhookRecord {
  id: string;
  playerId: string;
  url: string;
  secret: string;
  /** ed25519: signed `v1a` with the server's webhook key; hmac: `v1` with the secret. */
  signing: 'hmac' | 'ed25519';
  cursor: number;
  attempts: number;
  failingSince: Date | null;
  createdAt: Date;
}

export type Outcome = 'delivered' | 'failed' | 'abandoned';

export interface DeliveryRecord {
  id: number;
  seq: number;
  messageId: string;
  attempt: number;
  at: Date;
  status: number | null;
  outcome: Outcome;
  error: string | null;
  durationMs: number;
}

/** One attempt, logged with what it changes in the webhook's state. */
export interface Attempt extends Omit<DeliveryRecord, 'id'> {
  webhookId: string;
}

interface WebhookRow {
  id: string;
  playerId: string;
  url: string;
  secret: string;
  signing: string | null;
  cursor: number;
  attempts: number;
  failingSince: unknown;
  createdAt: unknown;
}

interface DeliveryRow {
  id: number;
  seq: number;
  messageId: string;
  attempt: number;
  at: unknown;
  status: number | null;
  outcome: string;
  error: string | null;
  durationMs: number;
}

const COLUMNS = `"id", "playerId", "url", "secret", "signing", "cursor", "attempts", "failingSince", "createdAt"`;

const toWebhook = (r: WebhookRow): WebhookRecord => ({
  id: r.id,
  playerId: r.playerId,
  url: r.url,
  secret: r.secret,
  signing: r.signing === 'ed25519' ? 'ed25519' : 'hmac',
  cursor: r.cursor,
  attempts: r.attempts,
  failingSince: maybeTime(r.failingSince),
  createdAt: time(r.createdAt),
});

const logStatement = (a: Attempt) => ({
  text: `INSERT INTO "Delivery" ("webhookId", "seq", "messageId", "attempt", "at", "status", "outcome", "error", "durationMs")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
  params: [a.webhookId, a.seq, a.messageId, a.attempt, a.at, a.status, a.outcome, a.error, a.durationMs],
});

export function webhookStore(sql: Sql) {
  return {
    /** Adds a webhook that starts with the player's next notification. */
    /**
     * Adds a webhook unless its player has `limit` already: false then. The player's row is locked
     * first, so concurrent registrations count one after another (on PostgreSQL too).
     */
    async create(w: Omit<WebhookRecord, 'cursor' | 'attempts' | 'failingSince'>, limit: number): Promise<boolean> {
      try {
        await sql.batch([
          lockPlayer(w.playerId),
          {
            text: `INSERT INTO "Webhook" ("id", "playerId", "url", "secret", "signing", "cursor", "createdAt")
                   SELECT $1, "id", $3, $4, $7, "notified", $5 FROM "Player"
                   WHERE "id" = $2 AND (SELECT COUNT(*) FROM "Webhook" WHERE "playerId" = $2) < $6`,
            // hmac is the default, kept as null (the column came later: older rows have none).
            params: [w.id, w.playerId, w.url, w.secret, w.createdAt, limit, w.signing === 'ed25519' ? 'ed25519' : null],
            expect: 1,
          },
        ]);
      } catch (e) {
        if (e instanceof Conflict) return false;
        throw e;
      }
      return true;
    },

    async list(playerId: string): Promise<WebhookRecord[]> {
      const rows = await sql.all<WebhookRow>(
        `SELECT ${COLUMNS} FROM "Webhook" WHERE "playerId" = $1 ORDER BY "createdAt", "id"`,
        [playerId],
      );
      return rows.map(toWebhook);
    },

    async get(id: string): Promise<WebhookRecord | null> {
      const row = await sql.one<WebhookRow>(`SELECT ${COLUMNS} FROM "Webhook" WHERE "id" = $1`, [id]);
      return row ? toWebhook(row) : null;
    },

    async remove(playerId: string, id: string): Promise<boolean> {
      return (await sql.run('DELETE FROM "Webhook" WHERE "id" = $1 AND "playerId" = $2', [id, playerId])) === 1;
    },

    /** The newest attempts first, before the attempt `before` (a delivery id), at most `limit`. */
    async deliveries(webhookId: string, before: number | null, limit: number): Promise<DeliveryRecord[]> {
      const rows = await sql.all<DeliveryRow>(
        `SELECT "id", "seq", "messageId", "attempt", "at", "status", "outcome", "error", "durationMs" FROM "Delivery"
         WHERE "webhookId" = $1 AND "id" < $2 ORDER BY "id" DESC LIMIT $3`,
        [webhookId, before ?? 2 ** 31 - 1, limit],
      );
      return rows.map((r) => ({ ...r, outcome: r.outcome as Outcome, at: time(r.at) }));
    },

    /** Webhooks with notifications to deliver now: behind their player, not waiting to retry, not leased. */
    async pending(now: Date, limit: number): Promise<string[]> {
      const rows = await sql.all<{ id: string }>(
        `SELECT w."id" FROM "Webhook" w JOIN "Player" p ON p."id" = w."playerId"
         WHERE w."cursor" < p."notified" AND (w."retryAt" IS NULL OR w."retryAt" <= $1)
           AND (w."leaseUntil" IS NULL OR w."leaseUntil" <= $1)
         ORDER BY w."id" LIMIT $2`,
        [now, limit],
      );
      return rows.map((r) => r.id);
    },

    /**
     * Takes the lease on a webhook until `until`, if nobody holds it: the one row update settles it
     * between servers, so one server at a time delivers for a webhook.
     */
    async claim(id: string, owner: string, now: Date, until: Date): Promise<boolean> {
      const changed = await sql.run(
        `UPDATE "Webhook" SET "leaseOwner" = $2, "leaseUntil" = $4
         WHERE "id" = $1 AND ("leaseUntil" IS NULL OR "leaseUntil" <= $3)`,
        [id, owner, now, until],
      );
      return changed === 1;
    },

    async release(id: string, owner: string): Promise<void> {
      await sql.run('UPDATE "Webhook" SET "leaseOwner" = NULL, "leaseUntil" = NULL WHERE "id" = $1 AND "leaseOwner" = $2', [
        id,
        owner,
      ]);
    },

    /**
     * Records an attempt: delivered or abandoned moves the cursor past it; failed counts the attempt
     * and sets when to try again. Only the lease holder can; false when the lease was lost.
     */
    async record(a: Attempt, owner: string, next: { retryAt: Date | null; failingSince: Date | null; leaseUntil: Date }) {
      const done = a.outcome !== 'failed';
      try {
        await sql.batch([
          {
            text: `UPDATE "Webhook" SET "cursor" = $3, "attempts" = $4, "failingSince" = $5, "retryAt" = $6, "leaseUntil" = $7
                   WHERE "id" = $1 AND "leaseOwner" = $2`,
            params: [
              a.webhookId,
              owner,
              done ? a.seq : a.seq - 1,
              done ? 0 : a.attempt,
              done ? null : next.failingSince,
              done ? null : next.retryAt,
              next.leaseUntil,
            ],
            expect: 1,
          },
          logStatement(a),
        ]);
        return true;
      } catch (e) {
        // The webhook was deleted, or another server took the lease after ours ran out.
        if (e instanceof Conflict) return false;
        throw e;
      }
    },
  };
}

export type WebhookStore = ReturnType<typeof webhookStore>;
