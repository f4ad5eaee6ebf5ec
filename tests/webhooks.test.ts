import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, guardedLookup, isPublicAddress } from '../src/service/webhook-targets';
import { webhookStore } from '../src/store/webhooks';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import {
  bearer,
  CARD_CODE,
  expectProblem,
  newPlayer,
  type PlayerHandle,
  type Received,
  settled,
  verify,
  webhookReceiver,
} from './support/players';

type Where = Awaited<ReturnType<typeof privateDatabase>>;
let lenientWhere: Where;
let strictWhere: Where;
/** Servers that accept private targets (the receivers here are on 127.0.0.1), and one that refuses them. */
let server: TestServer;
let strict: TestServer;
let http: ReturnType<typeof request>;
/** The injected clock, moved by the tests; near real time, so the reference library's freshness check holds. */
let clock = new Date();
const now = () => clock;
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
// The worker's own rounds are rare here: the tests drive it with tick() (and it is nudged by new notifications).
const lenient = { now, webhooks: { allowPrivate: true, pollMs: 3_600_000 } };

beforeAll(async () => {
  lenientWhere = await privateDatabase();
  strictWhere = await privateDatabase();
  server = await startServer(lenientWhere, lenient);
  strict = await startServer(strictWhere, { now });
  http = request(server.app.server);
  await settled(http);
  await settled(request(strict.app.server));
});
afterAll(async () => {
  await server.close();
  await strict.close();
  await lenientWhere.drop();
  await strictWhere.drop();
});

async function register(p: PlayerHandle, url: string, signing?: 'hmac' | 'ed25519') {
  const res = await http
    .post('/players/me/webhooks')
    .set(bearer(p.token))
    .send({ url, ...(signing ? { signing } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; url: string; secret: string };
}

async function inviteAndJoin(a: PlayerHandle, b: PlayerHandle) {
  const created = await http
    .post('/games')
    .set(bearer(a.token))
    .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { player: b.id }] });
  expect(created.status).toBe(201);
  expect((await http.post(`/games/${created.body.id}/seats/1/join`).set(bearer(b.token)).send({})).status).toBe(200);
  return created.body.id as string;
}

async function playTrick(id: string, players: PlayerHandle[]) {
  for (const p of players) {
    const view = (await http.get(`/games/${id}/view`).set(bearer(p.token))).body;
    expect((await http.post(`/games/${id}/moves`).set(bearer(p.token)).send({ action: view.legalActions[0] })).status).toBe(200);
  }
}

const seqOf = (r: Received) => r.payload.data.seq;

describe('webhook routes', () => {
  it('registers a webhook: 201 with its signing secret, shown once; lists, logs and deletes it', async () => {
    const ann = await newPlayer(http, 'Ann');
    const receiver = await webhookReceiver();
    const created = await http.post('/players/me/webhooks').set(bearer(ann.token)).send({ url: receiver.url });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/players/me/webhooks/${created.body.id}`);
    expect(created.body).toMatchObject({ url: receiver.url, delivered: 0, failing: null });
    expect(created.body.secret).toMatch(/^whsec_/);
    const list = await http.get('/players/me/webhooks').set(bearer(ann.token));
    expect(list.status).toBe(200);
    expect(list.body.webhooks).toEqual([
      { id: created.body.id, url: receiver.url, createdAt: expect.any(String), signing: 'hmac', delivered: 0, failing: null },
    ]);
    const log = await http.get(`/players/me/webhooks/${created.body.id}/deliveries`).set(bearer(ann.token));
    expect(log.status).toBe(200);
    expect(log.body).toEqual({ deliveries: [], next: null });
    expect((await http.delete(`/players/me/webhooks/${created.body.id}`).set(bearer(ann.token))).status).toBe(204);
    expect((await http.get('/players/me/webhooks').set(bearer(ann.token))).body.webhooks).toEqual([]);
    expectProblem(await http.delete(`/players/me/webhooks/${created.body.id}`).set(bearer(ann.token)), 404, 'webhook-not-found');
    await receiver.close();
  });

  it('another player’s webhook is not found, and a request without a player token is refused', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const hook = await register(ann, 'http://127.0.0.1:9/hook');
    expectProblem(await http.get(`/players/me/webhooks/${hook.id}/deliveries`).set(bearer(bo.token)), 404, 'webhook-not-found');
    expectProblem(await http.delete(`/players/me/webhooks/${hook.id}`).set(bearer(bo.token)), 404, 'webhook-not-found');
    expectProblem(await http.get('/players/me/webhooks'), 401, 'token-required');
    expect((await http.get('/players/me/webhooks').set(bearer(ann.token))).body.webhooks).toHaveLength(1);
    await http.delete(`/players/me/webhooks/${hook.id}`).set(bearer(ann.token));
  });

  it('a URL that is not http(s), or points at a private, loopback or link-local address, is refused (400), and nothing is created', async () => {
    const s = request(strict.app.server);
    const res = await s.post('/players').send({ name: 'Ann' });
    const ann = res.body as PlayerHandle;
    for (const url of [
      'ftp://example.com/hook',
      'file:///etc/passwd',
      'not a url',
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::127.0.0.1]/hook',
      'http://[64:ff9b:1::7f00:1]/hook',
      'http://[2002:7f00:1::]/hook',
      'http://[2001::7f00:1]/hook',
      'http://0.0.0.0/hook',
      'https://user:pass@example.com/hook',
    ]) {
      expectProblem(await s.post('/players/me/webhooks').set(bearer(ann.token)).send({ url }), 400, 'webhook-url-refused');
    }
    expect((await s.get('/players/me/webhooks').set(bearer(ann.token))).body.webhooks).toEqual([]);
  });
});

describe('which addresses a webhook may reach', () => {
  it('public unicast addresses only', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.1.1',
      '172.31.255.255',
      '192.168.0.1',
      '224.0.0.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      // The IPv6 forms that carry an IPv4 address a hand-kept list of ranges let through: IPv4-compatible,
      // local-use NAT64 (RFC 8215), 6to4 and Teredo.
      '::127.0.0.1',
      '::7f00:1',
      '::808:808',
      '64:ff9b:1::7f00:1',
      '2002:7f00:1::',
      '2001::1',
      'nonsense',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('a name is checked where it resolves: refused when any address is private, accepted when all are public', async () => {
    await expect(checkTarget('https://hooks.example/x', false, async () => ['8.8.8.8', '10.0.0.1'])).rejects.toMatchObject({
      status: 400,
      code: 'webhook-url-refused',
    });
    await expect(
      checkTarget('https://hooks.example/x', false, async () => {
        throw new Error('NXDOMAIN');
      }),
    ).rejects.toMatchObject({
      code: 'webhook-url-refused',
    });
    expect((await checkTarget('https://hooks.example/x', false, async () => ['8.8.8.8'])).hostname).toBe('hooks.example');
    expect((await checkTarget('http://127.0.0.1/x', true)).hostname).toBe('127.0.0.1');
  });

  it('at delivery the connection goes only to an address checked then: a name now resolving to loopback is refused', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(false)('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(error?.code).toBe('EPRIVATE');
  });

  it('a delivery whose target has come to resolve to a private address fails, is logged, and sends nothing', async () => {
    // A webhook registered when its name resolved publicly, which now resolves to loopback (DNS rebinding).
    const receiver = await webhookReceiver();
    const s = request(strict.app.server);
    const ann = (await s.post('/players').send({ name: 'Ann' })).body as PlayerHandle;
    const target = receiver.url.replace('127.0.0.1', 'localhost');
    const rows = webhookStore(strict.db.sql);
    await rows.create(
      {
        id: 'rebound',
        playerId: ann.id,
        url: target,
        signing: 'hmac',
        secret: `whsec_${Buffer.alloc(24).toString('base64')}`,
        createdAt: clock,
      },
      10,
    );
    const created = await s
      .post('/games')
      .set(bearer(ann.token))
      .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { name: 'x' }] });
    expect(created.status).toBe(201);
    await strict.app.service.deliveries.tick();
    const log = await s.get('/players/me/webhooks/rebound/deliveries').set(bearer(ann.token));
    expect(log.body.deliveries[0]).toMatchObject({
      seq: 1,
      outcome: 'failed',
      status: null,
      error: expect.stringMatching(/private/),
    });
    expect(receiver.received).toEqual([]);
    await receiver.close();
  });
});

describe('deliveries', () => {
  it('are signed as Standard Webhooks sign them, and verify with the reference library', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const receiver = await webhookReceiver();
    const hook = await register(bo, receiver.url);
    receiver.useSecret(hook.secret);
    const id = await inviteAndJoin(ann, bo);
    await server.app.service.deliveries.tick();
    await receiver.until(() => receiver.received.length >= 3);
    const first = receiver.received[0];
    // The library's own verify, freshness check included: the clock here is near real time.
    const payload = new Webhook(hook.secret).verify(first.body, {
      'webhook-id': first.id,
      'webhook-timestamp': first.timestamp,
      'webhook-signature': first.signature,
    });
    expect(payload).toMatchObject({ type: 'invited', data: { seq: 1, type: 'invited', game: id, seat: 1 } });
    expect(receiver.received.map((r) => [r.id, r.payload.type])).toEqual([
      [`ntf_${bo.id}_1`, 'invited'],
      [`ntf_${bo.id}_2`, 'started'],
      [`ntf_${bo.id}_3`, 'turn'],
    ]);
    expect(receiver.unverified).toEqual([]);
    await receiver.close();
  });

  it('are signed v1a with Ed25519 when the webhook asks for it, verifiable with the key of GET /webhooks/key', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const receiver = await webhookReceiver();
    const hook = await register(bo, receiver.url, 'ed25519');
    expect(hook).toMatchObject({ signing: 'ed25519' });
    const key = await http.get('/webhooks/key');
    expect(key.status).toBe(200);
    expect(key.body).toMatchObject({ algorithm: 'ed25519', publicKey: expect.stringMatching(/^whpk_[A-Za-z0-9+/]{43}=$/) });
    // The key is the webhooks' own: not the log's checkpoint key.
    expect(key.body.publicKey).not.toBe(`whpk_${(await http.get('/log/key')).body.publicKey}`);
    receiver.useKey(key.body.publicKey);
    await inviteAndJoin(ann, bo);
    await server.app.service.deliveries.tick();
    await receiver.until(() => receiver.received.length >= 3);
    expect(receiver.received.map((r) => r.signature.split(',')[0])).toEqual(['v1a', 'v1a', 'v1a']);
    expect(receiver.unverified).toEqual([]);
    // A body changed on the way does not verify.
    const first = receiver.received[0];
    const headers = { 'webhook-id': first.id, 'webhook-timestamp': first.timestamp, 'webhook-signature': first.signature };
    expect(() => verify('', first.body.replace('"invited"', '"started"'), headers, key.body.publicKey)).toThrow(/bad v1a/);
    await receiver.close();
  });

  it('a receiver that answers 410 Gone ends its webhook: it is deleted and sent nothing more', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const receiver = await webhookReceiver(() => 410);
    const hook = await register(bo, receiver.url);
    receiver.useSecret(hook.secret);
    const id = await inviteAndJoin(ann, bo);
    await server.app.service.deliveries.tick();
    expect(receiver.received.map((r) => [seqOf(r), r.status])).toEqual([[1, 410]]);
    expect((await http.get('/players/me/webhooks').set(bearer(bo.token))).body.webhooks).toEqual([]);
    await playTrick(id, [ann, bo]);
    advance(3600);
    await server.app.service.deliveries.tick();
    expect(receiver.received).toHaveLength(1);
    await receiver.close();
  });

  it('a failing receiver gets them later, in order, once each per id, across a server restart', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    // The first two attempts fail; everything after succeeds.
    const receiver = await webhookReceiver((n) => (n < 2 ? 500 : 204));
    const hook = await register(bo, receiver.url);
    receiver.useSecret(hook.secret);
    const id = await inviteAndJoin(ann, bo);
    await server.app.service.deliveries.tick();
    expect(receiver.received.map((r) => [seqOf(r), r.status])).toEqual([[1, 500]]);
    // Nothing more until the backoff has passed: the next notifications wait behind the first.
    await server.app.service.deliveries.tick();
    expect(receiver.received).toHaveLength(1);
    advance(5);
    await server.app.service.deliveries.tick();
    expect(receiver.received.map((r) => [seqOf(r), r.status])).toEqual([
      [1, 500],
      [1, 500],
    ]);
    const failing = (await http.get('/players/me/webhooks').set(bearer(bo.token))).body.webhooks[0];
    expect(failing).toMatchObject({ delivered: 0, failing: { attempts: 2 } });

    // The server restarts; the webhook's cursor and its retry are in the database.
    await server.close();
    server = await startServer(lenientWhere, lenient);
    http = request(server.app.server);
    await settled(http);
    await playTrick(id, [ann, bo]);
    advance(30);
    await server.app.service.deliveries.tick();
    await receiver.until(() => receiver.delivered().length >= 4);

    const delivered = receiver.delivered();
    expect(delivered.map(seqOf)).toEqual([1, 2, 3, 4]);
    expect(new Set(delivered.map((r) => r.id)).size).toBe(delivered.length);
    // Every attempt at one notification carries the same webhook-id.
    expect(new Set(receiver.received.filter((r) => seqOf(r) === 1).map((r) => r.id))).toEqual(new Set([`ntf_${bo.id}_1`]));
    const log = (await http.get(`/players/me/webhooks/${hook.id}/deliveries`).set(bearer(bo.token))).body.deliveries;
    expect(
      log
        .map((d: { seq: number; attempt: number; outcome: string; status: number }) => [d.seq, d.attempt, d.outcome, d.status])
        .reverse(),
    ).toEqual([
      [1, 1, 'failed', 500],
      [1, 2, 'failed', 500],
      [1, 3, 'delivered', 204],
      [2, 1, 'delivered', 204],
      [3, 1, 'delivered', 204],
      [4, 1, 'delivered', 204],
    ]);
    expect((await http.get('/players/me/webhooks').set(bearer(bo.token))).body.webhooks[0]).toMatchObject({
      delivered: 4,
      failing: null,
    });
    await receiver.close();
  });

  it('a notification that fails for a day is given up, logged as abandoned, and the next ones go on', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    let up = false;
    const receiver = await webhookReceiver(() => (up ? 204 : 503));
    const hook = await register(bo, receiver.url);
    receiver.useSecret(hook.secret);
    await inviteAndJoin(ann, bo);
    await server.app.service.deliveries.tick();
    // Retried with backoff until a day has passed since the first failure.
    for (let hours = 0; hours < 25; hours++) {
      advance(3600);
      await server.app.service.deliveries.tick();
    }
    const attempts = receiver.received.filter((r) => seqOf(r) === 1);
    expect(attempts.length).toBeGreaterThan(5);
    expect(attempts.length).toBeLessThan(25);
    up = true;
    advance(4 * 3600);
    await server.app.service.deliveries.tick();
    await receiver.until(() => receiver.delivered().length >= 2);
    expect(receiver.delivered().map(seqOf)).toEqual([2, 3]);
    const log = (await http.get(`/players/me/webhooks/${hook.id}/deliveries`).set(bearer(bo.token))).body.deliveries;
    expect(log.find((d: { outcome: string }) => d.outcome === 'abandoned')).toMatchObject({ seq: 1 });
    await receiver.close();
  });

  it('carry nothing a seat may not see: a whole game, every body, no card of any hand', async () => {
    const ann = await newPlayer(http, 'Ann');
    const bo = await newPlayer(http, 'Bo');
    const receivers = [await webhookReceiver(), await webhookReceiver()];
    for (const [i, p] of [ann, bo].entries()) receivers[i].useSecret((await register(p, receivers[i].url)).secret);
    const id = await inviteAndJoin(ann, bo);
    for (;;) {
      const summary = (await http.get(`/games/${id}`)).body;
      if (summary.status !== 'active') break;
      await playTrick(id, [ann, bo]);
    }
    await server.app.service.deliveries.tick();
    for (const r of receivers) await r.until(() => r.delivered().some((d) => d.payload.type === 'finished'));
    const deal = JSON.stringify((await http.get(`/games/${id}/replay`).query({ at: 0 })).body.state);
    const cards = deal.match(new RegExp(CARD_CODE.source, 'g')) ?? [];
    expect(cards.length).toBeGreaterThanOrEqual(10);
    for (const r of receivers) {
      for (const d of r.delivered()) {
        expect(Object.keys(d.payload).sort()).toEqual(['data', 'timestamp', 'type']);
        const { result: _result, ...rest } = d.payload.data;
        for (const card of cards) expect(JSON.stringify(rest)).not.toContain(card);
        if (d.payload.type !== 'finished') expect(d.body).not.toMatch(CARD_CODE);
      }
      await r.close();
    }
  });
});
