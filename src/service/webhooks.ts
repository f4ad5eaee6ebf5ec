import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { NotificationRecord, PlayerStore } from '../store/players';
import type { WebhookRecord, WebhookStore } from '../store/webhooks';
import { toJson } from './notifications';
import { Problem } from './problem';
import type { WebhookKey } from './webhook-key';
import { checkTarget, guardedLookup, literalAllowed } from './webhook-targets';

export interface WebhookOptions {
  /** Accept private, loopback and link-local targets (WEBHOOK_ALLOW_PRIVATE=1): local use and tests. */
  allowPrivate?: boolean;
  /** How often the worker looks for deliveries due, in milliseconds. */
  pollMs?: number;
  /** How long a delivery may take in all (connecting, the answer's headers and body), in milliseconds. */
  timeoutMs?: number;
  /** Told each body as it is sent, with its type (the test suite checks every one against its schema). */
  onSend?: (type: string, body: string) => void;
}

/** Each player may register this many webhooks. */
const MAX_PER_PLAYER = 10;
/** A notification that keeps failing is retried for a day, then given up (logged as abandoned). */
const RETRY_FOR_MS = 24 * 3600 * 1000;
/** The waits between attempts at one notification; the last repeats until the day is over. */
const BACKOFF_S = [5, 30, 120, 600, 1800, 3600, 7200, 14400];
/** How long a server holds a webhook while it delivers: longer than any one attempt. */
const LEASE_MS = 60_000;
/** Notifications read per webhook at a time, and webhooks served per tick. */
const BATCH = 50;
const WEBHOOKS_PER_TICK = 20;

const backoff = (attempt: number) => BACKOFF_S[Math.min(attempt, BACKOFF_S.length) - 1] * 1000;
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** The id a notification is sent under, the same on every attempt, so receivers can drop repeats. */
export const messageId = (playerId: string, seq: number) => `ntf_${playerId}_${seq}`;

const notFound = (id: string) => new Problem(404, 'webhook-not-found', `you have no webhook ${id}`);

function shown(w: WebhookRecord) {
  return {
    id: w.id,
    url: w.url,
    createdAt: w.createdAt.toISOString(),
    delivered: w.cursor,
    signing: w.signing,
    failing: w.failingSince ? { attempts: w.attempts, since: w.failingSince.toISOString() } : null,
  };
}

/** Registering, listing and removing a player's webhooks, and their delivery log. */
export function webhooks(deps: { store: WebhookStore; now: () => Date; options: WebhookOptions; key: WebhookKey }) {
  const { store, now, options, key } = deps;

  async function owned(playerId: string, id: string) {
    const w = await store.get(id);
    if (!w || w.playerId !== playerId) throw notFound(id);
    return w;
  }

  return {
    /** Adds a webhook for the player's notifications from now on; the signing secret is in this answer only. */
    async register(playerId: string, body: { url: string; signing?: WebhookRecord['signing'] }) {
      const url = await checkTarget(body.url, options.allowPrivate ?? false);
      const record = {
        id: randomUUID(),
        playerId,
        url: url.toString(),
        secret: `whsec_${randomBytes(32).toString('base64')}`,
        signing: body.signing ?? 'hmac',
        createdAt: now(),
      };
      if (!(await store.create(record, MAX_PER_PLAYER))) {
        throw new Problem(409, 'too-many-webhooks', `a player may have ${MAX_PER_PLAYER} webhooks: delete one first`);
      }
      return { ...shown((await store.get(record.id)) as WebhookRecord), secret: record.secret };
    },

    /** The public key that verifies `v1a` signatures. */
    key: () => key.shown,

    async list(playerId: string) {
      return { webhooks: (await store.list(playerId)).map(shown) };
    },

    async remove(playerId: string, id: string) {
      await owned(playerId, id);
      if (!(await store.remove(playerId, id))) throw notFound(id);
    },

    async deliveries(playerId: string, id: string, query: { before?: number; limit?: number }) {
      await owned(playerId, id);
      const limit = query.limit ?? 50;
      const rows = await store.deliveries(id, query.before ?? null, limit);
      return {
        deliveries: rows.map((d) => ({ ...d, at: d.at.toISOString() })),
        next: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  };
}

/** What a receiver answered: its status, or why none came. */
interface Answer {
  status: number | null;
  error: string | null;
}

/** How much of a receiver's answer is read (then discarded): enough for any acknowledgement. */
const BODY_CAP = 64 * 1024;

/**
 * POSTs a signed body; connects only to addresses that pass the target check at this moment. One
 * deadline covers everything (connecting, the headers, the body): a receiver that trickles its
 * answer a byte at a time is cut off when it passes, and its body is read up to BODY_CAP, no more.
 * An answer counts from its status line: a receiver that said 2xx has taken the notification.
 */
function post(url: URL, headers: Record<string, string>, body: string, allowPrivate: boolean, deadlineMs: number) {
  return new Promise<Answer>((resolve) => {
    if (!literalAllowed(url, allowPrivate)) {
      resolve({ status: null, error: 'the target is a private, loopback or reserved address' });
      return;
    }
    let status: number | null = null;
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(answer);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(allowPrivate) as unknown as http.RequestOptions['lookup'],
      // No socket kept for the next delivery: each is one request, and a receiver cannot hold one open.
      agent: false,
    });
    const timer = setTimeout(
      () => finish(status === null ? { status: null, error: `no answer within ${deadlineMs} ms` } : { status, error: null }),
      deadlineMs,
    );
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > BODY_CAP) finish({ status, error: null });
      });
      res.on('end', () => finish({ status, error: null }));
      res.on('error', () => finish({ status, error: null }));
    });
    req.on('error', (e) => finish(status === null ? { status: null, error: e.message } : { status, error: null }));
    req.end(body);
  });
}

/**
 * The delivery worker: for each webhook behind its player's notifications, one server at a time
 * (a lease in the database) sends them in order, each until the receiver answers 2xx, retrying with
 * backoff for a day. Its cursor is in the database: a restart resumes where it stood. Each webhook
 * is served on its own: a slow or failing receiver holds up only its own notifications. `start()`
 * looks for what is due every `pollMs`, `nudge()` at once (after this server wrote notifications),
 * and `tick()` looks and waits until the deliveries under way are done (tests drive it).
 */
export function deliveryWorker(deps: {
  store: WebhookStore;
  players: PlayerStore;
  now: () => Date;
  options: WebhookOptions;
  key: WebhookKey;
}) {
  const { store, players, now, options, key } = deps;
  const owner = randomUUID();
  const allowPrivate = options.allowPrivate ?? false;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | null = null;

  /** Sends one notification; records the attempt. False when the webhook should wait (or is gone). */
  async function attempt(w: WebhookRecord, n: NotificationRecord, state: { attempts: number; failingSince: Date | null }) {
    const at = now();
    const id = messageId(w.playerId, n.seq);
    const body = JSON.stringify({ type: n.type, timestamp: at.toISOString(), data: toJson(n) });
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'card-table-webhooks/1',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': w.signing === 'ed25519' ? key.sign(id, at, body) : new Webhook(w.secret).sign(id, at, body),
    };
    options.onSend?.(n.type, body);
    const started = performance.now();
    const answer = await post(new URL(w.url), headers, body, allowPrivate, timeoutMs);
    // 410 Gone: the receiver wants no more (Standard Webhooks): the webhook ends, its log with it.
    if (answer.status === 410) {
      await store.remove(w.playerId, w.id);
      return false;
    }
    const durationMs = Math.round(performance.now() - started);
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const failingSince = state.failingSince ?? at;
    const outcome = ok ? 'delivered' : at.getTime() - failingSince.getTime() >= RETRY_FOR_MS ? 'abandoned' : 'failed';
    const tries = state.attempts + 1;
    const kept = await store.record(
      {
        webhookId: w.id,
        seq: n.seq,
        messageId: id,
        attempt: tries,
        at,
        status: answer.status,
        outcome,
        error: ok ? null : (answer.error ?? `the receiver answered ${answer.status}`),
        durationMs,
      },
      owner,
      { retryAt: later(now(), backoff(tries)), failingSince, leaseUntil: later(now(), LEASE_MS) },
    );
    if (!kept || outcome === 'failed') return false;
    state.attempts = 0;
    state.failingSince = null;
    return true;
  }

  /** Delivers what one webhook has pending, in order, while it holds the webhook's lease. */
  async function serve(id: string) {
    if (!(await store.claim(id, owner, now(), later(now(), LEASE_MS)))) return;
    try {
      for (;;) {
        const w = await store.get(id);
        if (!w) return;
        const pending = await players.notifications(w.playerId, w.cursor, BATCH);
        const state = { attempts: w.attempts, failingSince: w.failingSince };
        for (const n of pending) if (!(await attempt(w, n, state))) return;
        if (pending.length < BATCH) return;
      }
    } finally {
      await store.release(id, owner);
    }
  }

  /** The webhooks this server is delivering for now: each on its own, so a slow receiver delays nobody else. */
  const serving = new Map<string, Promise<void>>();

  /** Starts delivering for every webhook with something due that is not being served here already. */
  async function round() {
    for (const id of await store.pending(now(), WEBHOOKS_PER_TICK)) {
      if (serving.has(id)) continue;
      const run = serve(id)
        .catch(() => {})
        .finally(() => serving.delete(id));
      serving.set(id, run);
    }
  }

  /** One round: starts what is due, then resolves once every delivery under way here has ended (tests and stop wait so). */
  async function tick(): Promise<void> {
    await round();
    while (serving.size) await Promise.all(serving.values());
  }

  return {
    tick,
    nudge() {
      if (timer) void round().catch(() => {});
    },
    start() {
      if (timer) return;
      // Each poll starts what is due and waits for nothing: deliveries under way go on by themselves.
      timer = setInterval(() => void round().catch(() => {}), options.pollMs ?? 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      while (serving.size) await Promise.all(serving.values());
    },
  };
}

export type Webhooks = ReturnType<typeof webhooks>;
export type DeliveryWorker = ReturnType<typeof deliveryWorker>;
