import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';

let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;
let base: string;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { metricsToken: 'scrape-me' });
  base = (await listening(server)).base;
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await drop();
});

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
// Prometheus reads floats as Go does: NaN in any case (prom-client writes "Nan" for a gauge with no sample yet).
const VALUE = '(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|[Nn][Aa][Nn]|[+-]Inf)';
const LABELS = `\\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\.)*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\.)*")*)?\\}`;
const SAMPLE = new RegExp(`^(${NAME})(${LABELS})? (${VALUE})(?: -?\\d+)?$`);

/** Parses the Prometheus text exposition format strictly: every line is a HELP, a TYPE or a sample of a declared family. */
function parse(text: string) {
  const types = new Map<string, string>();
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const help = new RegExp(`^# HELP (${NAME}) .*$`).exec(line);
    if (help) continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      expect(types.has(type[1]), `${type[1]} declared twice`).toBe(false);
      types.set(type[1], type[2]);
      continue;
    }
    const sample = SAMPLE.exec(line);
    expect(sample, `not a Prometheus line: ${line}`).not.toBeNull();
    const [, name, labelText, value] = sample as RegExpExecArray;
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    expect(family, `sample of an undeclared family: ${line}`).toBeDefined();
    const labels = Object.fromEntries(
      [...(labelText ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    samples.push({ name, labels, value: Number(value.replace('Inf', 'Infinity')) });
  }
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);
  return { types, samples, value };
}

async function scrape() {
  const res = await http.get('/metrics').set('authorization', 'Bearer scrape-me');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.text);
}

describe('GET /metrics', () => {
  it('needs the metrics token when one is configured', async () => {
    const none = await http.get('/metrics');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'token-required' });
    const wrong = await http.get('/metrics').set('authorization', 'Bearer guess');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid-token' });
  });

  it('parses as Prometheus text, with the service’s instruments declared', async () => {
    const { types } = await scrape();
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(types.get('card_table_moves_appended_total')).toBe('counter');
    expect(types.get('card_table_open_streams')).toBe('gauge');
    expect(types.get('card_table_replay_duration_seconds')).toBe('histogram');
    expect(types.get('card_table_state_cache_lookups_total')).toBe('counter');
    expect(types.get('process_cpu_seconds_total')).toBe('counter');
    // The pool exists on PostgreSQL only.
    expect(types.has('card_table_db_pool_connections')).toBe(server.db.pool !== undefined);
  });

  it('moves when moves are made: appended moves by kind, and requests by route pattern, never by raw URL', async () => {
    const before = await scrape();
    const game = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const tokens: string[] = game.seats.map((s: { token: string }) => s.token);
    for (let i = 0; i < 3; i++) {
      const view = (await http.get(`/games/${game.id}/view`).set('authorization', `Bearer ${tokens[i % 2]}`)).body;
      const res = await http
        .post(`/games/${game.id}/moves`)
        .set('authorization', `Bearer ${tokens[i % 2]}`)
        .send({ action: view.legalActions[0] });
      expect(res.status).toBe(200);
    }
    // A refused move is not an appended one.
    expect((await http.post(`/games/${game.id}/moves`).send({ action: { type: 'x' } })).status).toBe(401);
    await http.get(`/no/such/${game.id}`);

    const after = await scrape();
    const moves = { kind: 'divide-and-conquer' };
    expect(after.value('card_table_moves_appended_total', moves) - before.value('card_table_moves_appended_total', moves)).toBe(
      3,
    );
    const posted = { method: 'POST', route: '/games/:id/moves', status_code: '200' };
    expect(after.value('http_request_duration_seconds_count', posted)).toBe(3);
    expect(after.value('http_request_duration_seconds_bucket', { ...posted, le: '+Inf' })).toBe(3);
    expect(after.value('http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes(game.id)))).toBe(false);
    if (server.db.pool) expect(after.value('card_table_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('counts the state cache’s lookups by result: a view of a game held is a hit', async () => {
    const game = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await http.get(`/games/${game.id}/view`)).status).toBe(200);
    const after = await scrape();
    const lookups = (result: string) =>
      after.value('card_table_state_cache_lookups_total', { result }) -
      before.value('card_table_state_cache_lookups_total', { result });
    expect(lookups('hit')).toBe(3);
    expect(lookups('miss')).toBe(0);
  });

  it('counts the streams open now', async () => {
    const game = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2 })).body;
    const stream = await fetch(`${base}/games/${game.id}/stream`, { headers: { accept: 'text/event-stream' } });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    expect((await scrape()).value('card_table_open_streams')).toBe(1);
    await reader.cancel();
    await expect.poll(async () => (await scrape()).value('card_table_open_streams')).toBe(0);
  });
});
