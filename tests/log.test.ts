import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Checkpoint,
  type EventLeaf,
  type Genesis,
  leafHashOf,
  saltOf,
  verifyCheckpoint,
  verifyConsistency,
  verifyInclusion,
} from '../src/log';
import type { GameRecordDocument } from '../src/record/record';
import {
  forgetTree,
  listening,
  privateDatabase,
  startServer,
  storedNodes,
  TEST_LOG_KEY,
  TEST_SECRET,
  type TestServer,
} from './support/harness';
import { bearer } from './support/tables';

/**
 * The tamper-evident log over HTTP: a signed checkpoint on every answer that shows a game, proofs
 * that any two of them agree and that every event is in them, and nothing secret before the end.
 */
let where: Awaited<ReturnType<typeof privateDatabase>>;
let server: TestServer;
let http: ReturnType<typeof request>;
let base: string;
let publicKey: string;

beforeAll(async () => {
  where = await privateDatabase();
  server = await startServer(where);
  http = request(server.app.server);
  base = (await listening(server)).base;
  publicKey = (await http.get('/log/key')).body.publicKey;
});
afterAll(async () => {
  await server.close();
  await where.drop();
});

const b64 = (s: string) => Buffer.from(s, 'base64');
const proofOf = (list: string[]) => list.map(b64);

/** The first `view` message of a game's stream, as text. */
async function firstStreamed(id: string, token?: string): Promise<string> {
  const res = await fetch(`${base}/games/${id}/stream`, {
    headers: { accept: 'text/event-stream', ...(token ? bearer(token) : {}) },
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before a view');
    buffer += decoder.decode(value, { stream: true });
    const view = /event: ?view\ndata: ?(.*)\n\n/.exec(buffer);
    if (view) {
      await reader.cancel();
      return view[1];
    }
  }
}

/**
 * A game of Divide and Conquer played to its end over HTTP, every answer kept as it was sent: the
 * creation, each seat's and a spectator's view and events page, the summary, a stream's first view,
 * and proofs, at every version.
 */
async function playedThrough() {
  const created = await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  const tokens: string[] = created.body.seats.map((s: { token: string }) => s.token);
  /** Each answer, and whether the game had ended when it was given (then everything is public). */
  const answers: { what: string; text: string; over: boolean; checkpoint?: Checkpoint; version?: number }[] = [
    { what: 'creation', text: created.text, over: false, checkpoint: created.body.checkpoint, version: 0 },
  ];
  let over = false;
  const keep = (what: string, res: request.Response) => {
    expect(res.status, `${what}: ${res.text}`).toBe(200);
    const ended = over || res.body.status === 'finished';
    answers.push({ what, text: res.text, over: ended, checkpoint: res.body.checkpoint, version: res.body.version });
    return res.body;
  };
  for (let n = 0; ; n++) {
    const summary = keep(`summary ${n}`, await http.get(`/games/${id}`));
    over = summary.status !== 'active';
    const viewers = [...tokens, null];
    const views = [];
    for (const [seat, token] of viewers.entries()) {
      views.push(keep(`view ${seat} at ${n}`, await http.get(`/games/${id}/view`).set(token ? bearer(token) : {})));
      const events = await http.get(`/games/${id}/events`).set(token ? bearer(token) : {});
      expect(events.status).toBe(200);
      answers.push({ what: `events ${seat} at ${n}`, text: events.text, over });
    }
    const size = summary.version + 1;
    for (let index = 0; index < size; index++) {
      const proof = await http.get(`/games/${id}/log/inclusion?index=${index}&size=${size}`);
      expect(proof.status).toBe(200);
      answers.push({ what: `inclusion ${index} of ${size}`, text: proof.text, over });
    }
    const consistency = await http.get(`/games/${id}/log/consistency?first=1&second=${size}`);
    answers.push({ what: `consistency 1 to ${size}`, text: consistency.text, over });
    if (n === 1) answers.push({ what: 'stream', text: await firstStreamed(id, tokens[0]), over });
    answers.push({ what: 'key', text: (await http.get('/log/key')).text, over });
    if (summary.status !== 'active') break;
    const seat = summary.toAct[0] as number;
    const action = views[seat].legalActions[0];
    keep(`move ${n}`, await http.post(`/games/${id}/moves`).set(bearer(tokens[seat])).send({ action }));
  }
  return { id, tokens, answers };
}

let game: Awaited<ReturnType<typeof playedThrough>>;
let record: GameRecordDocument;
beforeAll(async () => {
  game = await playedThrough();
  record = (await http.get(`/games/${game.id}/record`)).body;
});

describe('checkpoints', () => {
  it('GET /log/key gives the Ed25519 public key: 32 raw bytes in base64', async () => {
    const res = await http.get('/log/key');
    expect(res.body).toEqual({ algorithm: 'Ed25519', publicKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/) });
    expect(b64(res.body.publicKey)).toHaveLength(32);
  });

  it('ride on every view, summary and move answer and the creation, one leaf more than the version, signed under GET /log/key', () => {
    const shown = game.answers.filter((a) => a.version !== undefined);
    expect(shown.length).toBeGreaterThan(30);
    for (const a of shown) {
      expect(a.checkpoint, a.what).toBeDefined();
      const checkpoint = a.checkpoint as Checkpoint;
      expect(checkpoint.size, a.what).toBe((a.version as number) + 1);
      expect(verifyCheckpoint(publicKey, game.id, checkpoint), a.what).toBe(true);
    }
    // The stream's views carry it too.
    const streamed = JSON.parse(game.answers.find((a) => a.what === 'stream')?.text as string);
    expect(verifyCheckpoint(publicKey, game.id, streamed.checkpoint)).toBe(true);
  });

  it('one version has one checkpoint, whoever reads it', () => {
    const byVersion = new Map<number, Set<string>>();
    for (const a of game.answers) {
      if (!a.checkpoint) continue;
      const seen = byVersion.get(a.version as number) ?? new Set();
      seen.add(JSON.stringify(a.checkpoint));
      byVersion.set(a.version as number, seen);
    }
    for (const [version, seen] of byVersion) expect(seen.size, `version ${version}`).toBe(1);
  });

  it('do not verify for another game', async () => {
    const other = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const first = game.answers[0].checkpoint as Checkpoint;
    expect(verifyCheckpoint(publicKey, other.id, first)).toBe(false);
  });

  it('a table waiting for players has the genesis alone; a join changes no leaf', async () => {
    const player = (await http.post('/players').send({ name: 'Ann' })).body;
    const waiting = (
      await http
        .post('/games')
        .set(bearer(player.token))
        .send({ kind: 'divide-and-conquer', seats: [{ player: 'me' }, { open: true }] })
    ).body;
    expect(waiting.status).toBe('waiting');
    expect(waiting.checkpoint.size).toBe(1);
    const joined = await http.post(`/games/${waiting.id}/seats/1/join`).send({ name: 'Bo' });
    expect(joined.status).toBe(200);
    const after = (await http.get(`/games/${waiting.id}`)).body;
    expect(after.status).toBe('active');
    expect(after.checkpoint).toEqual(waiting.checkpoint);
  });
});

describe('consistency proofs', () => {
  it('show that a checkpoint kept early is the beginning of one seen later, at every pair of sizes', async () => {
    const kept = [
      ...new Map(game.answers.filter((a) => a.checkpoint).map((a) => [a.version, a.checkpoint as Checkpoint])).values(),
    ];
    expect(kept.length).toBeGreaterThan(5);
    for (const early of kept) {
      for (const late of kept.filter((c) => c.size >= early.size).filter((_, i) => i % 3 === 0)) {
        const res = await http.get(`/games/${game.id}/log/consistency?first=${early.size}&second=${late.size}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ first: early.size, second: late.size });
        expect(res.headers['cache-control']).toMatch(/immutable/);
        const ok = verifyConsistency(early.size, late.size, b64(early.root), b64(late.root), proofOf(res.body.proof));
        expect(ok, `${early.size} to ${late.size}`).toBe(true);
      }
    }
  });

  it('do not fit another root: a log rewritten after a checkpoint was kept is caught', async () => {
    const [first, , third] = [
      ...new Map(game.answers.filter((a) => a.checkpoint).map((a) => [a.version, a.checkpoint as Checkpoint])).values(),
    ];
    const res = await http.get(`/games/${game.id}/log/consistency?first=${first.size}&second=${record.checkpoint.size}`);
    const proof = proofOf(res.body.proof);
    expect(verifyConsistency(first.size, record.checkpoint.size, b64(third.root), b64(record.checkpoint.root), proof)).toBe(
      false,
    );
  });
});

describe('inclusion proofs', () => {
  it('show every event of a finished game, and its genesis, in the final checkpoint and in earlier ones', async () => {
    const final = record.checkpoint;
    expect(verifyCheckpoint(publicKey, game.id, final)).toBe(true);
    const leaves = [record.genesis as Genesis, ...(record.events as EventLeaf[])];
    for (const [index, leaf] of leaves.entries()) {
      const res = await http.get(`/games/${game.id}/log/inclusion?index=${index}&size=${final.size}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ index, size: final.size });
      expect(
        verifyInclusion(leafHashOf(leaf), index, final.size, proofOf(res.body.proof), b64(final.root)),
        `leaf ${index}`,
      ).toBe(true);
    }
    // Event 3 was in the checkpoint a seat held at version 5.
    const held = game.answers.find((a) => a.version === 5 && a.checkpoint)?.checkpoint as Checkpoint;
    const res = await http.get(`/games/${game.id}/log/inclusion?index=3&size=${held.size}`);
    expect(verifyInclusion(leafHashOf(leaves[3]), 3, held.size, proofOf(res.body.proof), b64(held.root))).toBe(true);
    expect(verifyInclusion(leafHashOf(leaves[4]), 3, held.size, proofOf(res.body.proof), b64(held.root))).toBe(false);
  });
});

describe('hidden information', () => {
  it('no answer before the end holds the seed, a salt or a key: not a view, summary, events page, stream or proof', async () => {
    const { seed } = (await http.get(`/games/${game.id}`)).body as { seed: string };
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const secrets = [
      seed,
      ...Array.from({ length: record.events.length + 2 }, (_, seq) => saltOf(seed, seq)),
      TEST_SECRET,
      TEST_LOG_KEY,
    ];
    const beforeEnd = game.answers.filter((a) => !a.over);
    expect(beforeEnd.length).toBeGreaterThan(100);
    for (const a of beforeEnd) {
      for (const secret of secrets) expect(a.text.includes(secret), `${a.what} holds a secret`).toBe(false);
      expect(a.text, a.what).not.toMatch(/"salt"|"seed"/);
    }
    // After the end the seed and the salts are public, so anyone can check every leaf.
    expect(record.events.every((e) => e.salt === saltOf(seed, e.seq))).toBe(true);
  });
});

describe('proofs asked for what the log does not hold', () => {
  const problem = async (url: string) => {
    const res = await http.get(url);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    return { status: res.status, code: res.body.code as string, body: res.body };
  };

  it('a size beyond the log is 422 beyond-log, naming the size there is', async () => {
    const size = record.checkpoint.size;
    const inclusion = await problem(`/games/${game.id}/log/inclusion?index=0&size=${size + 1}`);
    expect(inclusion).toMatchObject({ status: 422, code: 'beyond-log', body: { size } });
    const consistency = await problem(`/games/${game.id}/log/consistency?first=1&second=${size + 5}`);
    expect(consistency).toMatchObject({ status: 422, code: 'beyond-log' });
  });

  it('an index at or past the size is 422 index-beyond-size; first above second is 422 sizes-reversed', async () => {
    expect(await problem(`/games/${game.id}/log/inclusion?index=3&size=3`)).toMatchObject({
      status: 422,
      code: 'index-beyond-size',
    });
    expect(await problem(`/games/${game.id}/log/consistency?first=4&second=3`)).toMatchObject({
      status: 422,
      code: 'sizes-reversed',
    });
  });

  it('a size of 0 (no tree is empty: the genesis is always there) or not a number is 400 validation; an unknown game 404', async () => {
    for (const url of [
      `/games/${game.id}/log/consistency?first=0&second=3`,
      `/games/${game.id}/log/inclusion?index=0&size=0`,
      `/games/${game.id}/log/inclusion?index=-1&size=2`,
      `/games/${game.id}/log/inclusion?index=0`,
      `/games/${game.id}/log/consistency?first=x&second=3`,
    ]) {
      expect(await problem(url), url).toMatchObject({ status: 400, code: 'validation' });
    }
    expect(await problem('/games/nope/log/inclusion?index=0&size=1')).toMatchObject({ status: 404, code: 'game-not-found' });
  });
});

describe('the tree in the store', () => {
  it('keeps the genesis leaf and each perfect subtree above the leaves once (n - popcount(n) + 1 nodes for n leaves), each in the row of the leaf that completed it; an event keeps no leaf hash of its own', async () => {
    const n = record.checkpoint.size;
    expect(await storedNodes(server, game.id)).toBe(n - n.toString(2).replaceAll('0', '').length + 1);
  });

  it('a game logged before trees were kept gets its tree from its log on first load: the same root', async () => {
    await forgetTree(server, game.id);
    const other = await startServer(where);
    try {
      const summary = (await request(other.app.server).get(`/games/${game.id}`)).body;
      expect(summary.checkpoint).toEqual(record.checkpoint);
      const proof = await request(other.app.server).get(
        `/games/${game.id}/log/consistency?first=2&second=${summary.checkpoint.size}`,
      );
      expect(proof.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('a retried move answers with the checkpoint of the version it made', async () => {
    const g = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const token = g.seats[0].token;
    const view = (await http.get(`/games/${g.id}/view`).set(bearer(token))).body;
    const post = () =>
      http.post(`/games/${g.id}/moves`).set(bearer(token)).set('idempotency-key', 'once').send({ action: view.legalActions[0] });
    const first = (await post()).body;
    const other = (await http.get(`/games/${g.id}/view`).set(bearer(g.seats[1].token))).body;
    await http.post(`/games/${g.id}/moves`).set(bearer(g.seats[1].token)).send({ action: other.legalActions[0] });
    const again = (await post()).body;
    expect(again.version).toBe(1);
    expect(again.checkpoint).toEqual(first.checkpoint);
  });
});
