import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateDatabase, startServer, type TestServer } from './support/harness';
import { bearer, createGame } from './support/tables';

/** `POST /games/{id}/moves` with `Prefer: return=minimal` (RFC 7240): where the game stands, without the view. */
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

/** Seat 0 holds 2-6, seat 1 holds 7-Q: the deck deals alternately, seat 0 first. */
const STACKED = ['2S', '7S', '3S', '8S', '4S', '9S', '5S', 'TS', '6S', 'QS'];

async function firstMove(prefer?: string) {
  const game = await createGame(server, { kind: 'divide-and-conquer', seats: 2, deck: STACKED });
  const view = (await http.get(`/games/${game.id}/view`).set(bearer(game.tokens[0]))).body;
  const post = http.post(`/games/${game.id}/moves`).set(bearer(game.tokens[0]));
  if (prefer !== undefined) post.set('prefer', prefer);
  return { game, view, res: await post.send({ action: view.legalActions[0] }) };
}

describe('Prefer: return=minimal on a move', () => {
  it('answers with version, toAct, deadlines and the checkpoint, without the view, and says the preference was applied', async () => {
    const { game, res } = await firstMove('return=minimal');
    expect(res.status).toBe(200);
    expect(res.headers['preference-applied']).toBe('return=minimal');
    expect(res.body).toEqual({
      id: game.id,
      version: 1,
      seat: 0,
      status: 'active',
      toAct: [1],
      deadlines: [null, null],
      checkpoint: expect.objectContaining({ size: 2 }),
    });
    // The receipt's checkpoint is the one the full view would have carried.
    const after = (await http.get(`/games/${game.id}/view`).set(bearer(game.tokens[0]))).body;
    expect(res.body.checkpoint).toEqual(after.checkpoint);
    expect(res.headers.etag).toBe(`"1.seat0"`);
  });

  it('answers with the full view when asked for the representation, for another preference, or for none', async () => {
    for (const prefer of [undefined, 'return=representation', 'respond-async, wait=10', 'return=minimalist']) {
      const { res } = await firstMove(prefer);
      expect(res.status, prefer).toBe(200);
      expect(res.headers['preference-applied'], prefer).toBeUndefined();
      expect(res.body, prefer).toMatchObject({ version: 1, seat: 0, legalActions: [], state: expect.anything() });
    }
  });

  it('finds return=minimal among other preferences, in any case, quoted, with parameters', async () => {
    for (const prefer of [
      'respond-async, RETURN=Minimal',
      'wait=5, return="minimal"; foo=bar',
      'return = minimal, return=representation',
    ]) {
      const { res } = await firstMove(prefer);
      expect(res.headers['preference-applied'], prefer).toBe('return=minimal');
      expect(res.body.state, prefer).toBeUndefined();
    }
  });

  it('counts only the first of a preference given twice, and ignores a malformed header', async () => {
    const twice = await firstMove('return=representation, return=minimal');
    expect(twice.res.body.state).toBeDefined();
    const malformed = await firstMove('"return=minimal');
    expect(malformed.res.status).toBe(200);
    expect(malformed.res.body.state).toBeDefined();
  });

  it('still refuses a bad move with its problem, and a retry with the same Idempotency-Key gets the receipt again', async () => {
    const game = await createGame(server, { kind: 'divide-and-conquer', seats: 2, deck: STACKED });
    const send = (card: string) =>
      http
        .post(`/games/${game.id}/moves`)
        .set(bearer(game.tokens[0]))
        .set('prefer', 'return=minimal')
        .set('idempotency-key', 'k-1')
        .send({ action: { type: 'play', card } });
    const first = await send('2S');
    const again = await send('2S');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const illegal = await http
      .post(`/games/${game.id}/moves`)
      .set(bearer(game.tokens[1]))
      .set('prefer', 'return=minimal')
      .send({ action: { type: 'play', card: '2S' } });
    expect(illegal.status).toBe(422);
    expect(illegal.body.code).toBe('illegal-move');
  });

  it('tells the finished result in the receipt of the last move', async () => {
    const game = await createGame(server, { kind: 'divide-and-conquer', seats: 2, deck: STACKED });
    let last: request.Response | undefined;
    for (;;) {
      const standing = (await http.get(`/games/${game.id}`)).body;
      if (standing.status === 'finished') break;
      for (const seat of standing.toAct as number[]) {
        const mine = (await http.get(`/games/${game.id}/view`).set(bearer(game.tokens[seat]))).body;
        last = await http
          .post(`/games/${game.id}/moves`)
          .set(bearer(game.tokens[seat]))
          .set('prefer', 'return=minimal')
          .send({ action: mine.legalActions[0] });
        expect(last.status).toBe(200);
      }
    }
    expect(last?.body).toMatchObject({ status: 'finished', toAct: [], result: expect.anything() });
  });
});
