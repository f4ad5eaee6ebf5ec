import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type request from 'supertest';
import { expect } from 'vitest';

/** Helpers for the tests of players, tables, notifications and webhooks. */

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function expectProblem(res: request.Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, type: `urn:card-table:problem:${code}` });
  expect(typeof res.body.detail).toBe('string');
}

export interface PlayerHandle {
  id: string;
  name: string;
  token: string;
}

export async function newPlayer(http: ReturnType<typeof request>, name: string): Promise<PlayerHandle> {
  const res = await http.post('/players').send({ name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * An open Server-Sent Events response, read into a queue: `next()` waits for the next event (bounded
 * only by the test's timeout: no timed assertion). Comments (keep-alives) are skipped.
 */
export class SseReader {
  private readonly events: SseEvent[] = [];
  private readonly waiters: (() => void)[] = [];
  private done = false;
  readonly finished: Promise<void>;

  constructor(readonly response: Response) {
    this.finished = this.pump();
  }

  private async pump() {
    const reader = (this.response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const field = (name: string) =>
            lines.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).replace(/^ /, ''));
          const data = field('data').join('\n');
          if (field('event').length > 0 || data) {
            this.events.push({ id: field('id')[0] ?? null, event: field('event')[0] ?? 'message', data });
            for (const w of this.waiters.splice(0)) w();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // the connection was cancelled or dropped: the reader just ends
    } finally {
      this.done = true;
      for (const w of this.waiters.splice(0)) w();
    }
  }

  /** The next event, or null when the stream has ended. */
  async next(): Promise<SseEvent | null> {
    while (this.events.length === 0) {
      if (this.done) return null;
      await new Promise<void>((r) => this.waiters.push(r));
    }
    return this.events.shift() as SseEvent;
  }

  /** Events until one satisfies `stop` (included), or the stream ends. */
  async until(stop: (e: SseEvent) => boolean): Promise<SseEvent[]> {
    const seen: SseEvent[] = [];
    for (;;) {
      const e = await this.next();
      if (!e) return seen;
      seen.push(e);
      if (stop(e)) return seen;
    }
  }

  async close() {
    await this.response.body?.cancel().catch(() => {});
  }
}

/** Opens a player's stream; `lastEventId` resumes after that notification. */
export async function openPlayerStream(base: string, token: string, lastEventId?: string | number): Promise<SseReader> {
  const headers: Record<string, string> = { ...bearer(token), accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const res = await fetch(`${base}/players/me/stream`, { headers });
  expect(res.status).toBe(200);
  return new SseReader(res);
}

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> & { seq: number; game: string } };
  /** What the receiver answered. */
  status: number;
}

/**
 * Checks a Standard Webhooks signature with the reference library, against the request's own
 * timestamp: tests move the server's clock by hours, which the library's freshness check (five
 * minutes of real time) would refuse, while the signature covers the timestamp all the same.
 */
export function verify(secret: string, body: string, headers: IncomingHttpHeaders, publicKey?: string): Received['payload'] {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const given = String(headers['webhook-signature']).split(' ');
  const v1a = given.find((g) => g.startsWith('v1a,'));
  if (publicKey && v1a) {
    // Standard Webhooks v1a: Ed25519 over the same content, verified with the key of GET /webhooks/key (whpk_...).
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey.replace(/^whpk_/, ''), 'base64').toString('base64url') },
      format: 'jwk',
    });
    const content = Buffer.from(`${id}.${timestamp}.${body}`);
    if (!cryptoVerify(null, content, key, Buffer.from(v1a.slice(4), 'base64'))) throw new Error(`bad v1a signature on ${id}`);
    return JSON.parse(body);
  }
  const expected = new Webhook(secret).sign(id, new Date(Number(timestamp) * 1000), body);
  if (!given.includes(expected)) throw new Error(`bad signature on ${id}`);
  return JSON.parse(body);
}

/**
 * A local webhook receiver: it checks every request's Standard Webhooks signature with the secret
 * (refusing with 401 what does not verify), answers as `answer` says, and records what it was sent.
 */
export async function webhookReceiver(answer: (n: number, headers: IncomingHttpHeaders) => number = () => 204) {
  const received: Received[] = [];
  const unverified: unknown[] = [];
  const listeners: (() => void)[] = [];
  let secret = '';
  let publicKey: string | undefined;
  let inFlight = 0;
  let mostInFlight = 0;
  const server: Server = createServer((req, res) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: Received['payload'];
      try {
        payload = verify(secret, body, req.headers, publicKey);
      } catch (e) {
        unverified.push(e);
        inFlight--;
        res.statusCode = 401;
        res.end();
        return;
      }
      const status = answer(received.length, req.headers);
      received.push({
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body,
        payload,
        status,
      });
      inFlight--;
      res.statusCode = status;
      res.end();
      for (const l of listeners.splice(0)) l();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    unverified,
    get mostInFlight() {
      return mostInFlight;
    },
    useSecret(s: string) {
      secret = s;
    },
    /** Verifies `v1a` (Ed25519) signatures with this public key (whpk_...) from now on. */
    useKey(key: string) {
      publicKey = key;
    },
    /** The successful deliveries (2xx answers), in arrival order. */
    delivered: () => received.filter((r) => r.status >= 200 && r.status < 300),
    /** Waits until `check` holds over what was received. */
    async until(check: () => boolean) {
      while (!check()) await new Promise<void>((r) => listeners.push(r));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Every card code (rank + suit, and the joker) as a whole word: what must never appear in a notification. */
export const CARD_CODE = /\b(?:[A2-9TJQK][SHDC]|JK)\b/;

/**
 * Waits until the server takes requests: on a loaded machine the start (module loading, migrations)
 * can block the event loop long enough that under-pressure answers 503 for the next second or so.
 */
export async function settled(http: ReturnType<typeof request>) {
  for (let i = 0; i < 100; i++) {
    if ((await http.get('/health')).status !== 503) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
