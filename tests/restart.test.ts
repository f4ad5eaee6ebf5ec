import request from 'supertest';
import { afterAll, expect, it } from 'vitest';
import { privateDatabase, startServer } from './support/harness';

const where = await privateDatabase();
afterAll(() => where.drop());

it('a second app instance over the same database serves identical views, events and summaries', async () => {
  const first = await startServer(where);
  const http = request(first.app.server);
  const g = (await http.post('/games').send({ kind: 'divide-and-conquer', seats: 2, options: { variant: 'long' } })).body;
  const tokens: string[] = g.seats.map((s: { token: string }) => s.token);
  // Half a game, including one card laid face down and not yet revealed.
  for (let i = 0; i < 9; i++) {
    const seat = i % 2;
    const view = (await http.get(`/games/${g.id}/view`).set('authorization', `Bearer ${tokens[seat]}`)).body;
    await http
      .post(`/games/${g.id}/moves`)
      .set('authorization', `Bearer ${tokens[seat]}`)
      .send({ action: view.legalActions.at(-1) });
  }
  const read = async (h: ReturnType<typeof request>) => ({
    views: await Promise.all(
      [...tokens, null].map(
        async (t) => (await h.get(`/games/${g.id}/view`).set(t ? { authorization: `Bearer ${t}` } : {})).body,
      ),
    ),
    events: (await h.get(`/games/${g.id}/events`).set('authorization', `Bearer ${tokens[1]}`)).body,
    summary: (await h.get(`/games/${g.id}`)).body,
  });
  const before = await read(http);
  expect(before.summary.version).toBe(9);
  await first.close();

  const second = await startServer(where);
  const after = await read(request(second.app.server));
  expect(after).toEqual(before);
  // And play goes on where it stopped.
  const seat1 = after.views[1];
  const moved = await request(second.app.server)
    .post(`/games/${g.id}/moves`)
    .set('authorization', `Bearer ${tokens[1]}`)
    .send({ action: seat1.legalActions[0] });
  expect(moved.body.version).toBe(10);
  await second.close();
});
