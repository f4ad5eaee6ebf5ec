import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, privateDatabase, startServer, type TestServer } from './support/harness';

let server: TestServer;
let drop: () => Promise<void>;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where);
  http = request(server.app.server);
});
afterAll(async () => {
  await server.close();
  await drop();
});

const STACKED = ['2S', '7S', '3S', '8S', '4S', '9S', '5S', 'TS', '6S', 'QS'];

function expectValidationProblem(res: request.Response) {
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.body).toMatchObject({ status: 400, code: 'validation' });
}

describe('JSON bodies are validated as sent, never coerced', () => {
  it.each([
    ['a string', '0'],
    ['an array', [0]],
    ['null', null],
    ['a boolean', false],
  ])('expectedVersion as %s is refused, and the game does not move', async (_name, expectedVersion) => {
    const game = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2, deck: STACKED })).body;
    const res = await http
      .post(`/games/${game.id}/moves`)
      .set('authorization', `Bearer ${game.seats[0].token}`)
      .send({ action: { type: 'play', card: '2S' }, expectedVersion });
    expectValidationProblem(res);
    expect(res.body.errors[0].path).toBe('body/expectedVersion');
    expect((await http.get(`/games/${game.id}`)).body.version).toBe(0);
  });

  it.each([
    ['a string', '2'],
    ['an array', [2]],
  ])('seats as %s is refused, and no game is created', async (_name, seats) => {
    const before = await countRows(server, 'Game');
    expectValidationProblem(await http.post('/games').send({ kind: 'divide-and-conquer', seats }));
    expect(await countRows(server, 'Game')).toBe(before);
  });

  it('the same values as numbers are accepted', async () => {
    const game = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2, deck: STACKED })).body;
    const res = await http
      .post(`/games/${game.id}/moves`)
      .set('authorization', `Bearer ${game.seats[0].token}`)
      .send({ action: { type: 'play', card: '2S' }, expectedVersion: 0 });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
  });
});

describe('query strings and path parameters are text, read as the schema says', () => {
  it('?after=5&limit=2 pages the log', async () => {
    const game = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2, deck: STACKED })).body;
    const tokens: string[] = game.seats.map((s: { token: string }) => s.token);
    for (let i = 0; i < 8; i++) {
      const view = (await http.get(`/games/${game.id}/view`).set('authorization', `Bearer ${tokens[i % 2]}`)).body;
      const res = await http
        .post(`/games/${game.id}/moves`)
        .set('authorization', `Bearer ${tokens[i % 2]}`)
        .send({ action: view.legalActions[0] });
      expect(res.status).toBe(200);
    }
    const page = await http.get(`/games/${game.id}/events?after=5&limit=2`);
    expect(page.status).toBe(200);
    expect(page.body.events.map((e: { seq: number }) => e.seq)).toEqual([6, 7]);
    expectValidationProblem(await http.get(`/games/${game.id}/events?after=five`));
  });
});
