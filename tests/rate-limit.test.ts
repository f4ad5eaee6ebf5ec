import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateDatabase, startServer, type TestServer } from './support/harness';

const LIMIT = 20;
let server: TestServer;
let drop: () => Promise<void>;
let game: { id: string; tokens: string[] };

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where, { rateLimit: LIMIT });
  const created = await server.app.inject({
    method: 'POST',
    url: '/games',
    remoteAddress: '10.9.9.9',
    payload: { kind: 'divide-and-conquer', seats: 2 },
  });
  expect(created.statusCode).toBe(201);
  game = { id: created.json().id, tokens: created.json().seats.map((s: { token: string }) => s.token) };
});
afterAll(async () => {
  await server.close();
  await drop();
});

/** Sends one GET of a seat view per authorization header, in order, from one address; returns the statuses. */
async function send(address: string, authorizations: (string | undefined)[]) {
  const statuses: number[] = [];
  for (const authorization of authorizations) {
    const res = await server.app.inject({
      method: 'GET',
      url: `/games/${game.id}/view`,
      remoteAddress: address,
      headers: authorization === undefined ? {} : { authorization },
    });
    if (res.statusCode === 429) {
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 429, code: 'rate-limited' });
    }
    statuses.push(res.statusCode);
  }
  return statuses;
}

const limited = (statuses: number[]) => statuses.filter((s) => s === 429).length;

describe('rate limits', () => {
  it('200 requests with 200 different junk tokens from one address are limited like 200 with one', async () => {
    const many = await send(
      '10.0.0.1',
      Array.from({ length: 200 }, (_, i) => `Bearer junk-${i}`),
    );
    const one = await send(
      '10.0.0.2',
      Array.from({ length: 200 }, () => 'Bearer junk'),
    );
    expect(limited(one)).toBe(200 - LIMIT);
    expect(limited(many)).toBe(limited(one));
    // Requests without a token and malformed headers share the address's budget too.
    expect(limited(await send('10.0.0.2', [undefined, 'Basic abc', 'Bearer']))).toBe(3);
  });

  it('made-up player tokens (ctp_...) count against their address too: only a registered player has a budget of its own', async () => {
    const many = await send(
      '10.0.0.4',
      Array.from({ length: 200 }, (_, i) => `Bearer ctp_${'x'.repeat(40)}${i}`),
    );
    expect(limited(many)).toBe(200 - LIMIT);
    const player = await server.app.inject({
      method: 'POST',
      url: '/players',
      remoteAddress: '10.0.0.5',
      payload: { name: 'Ann' },
    });
    expect(player.statusCode).toBe(201);
    const { token } = player.json();
    // The address 10.0.0.4 is spent; Ann's own budget is not.
    expect(limited(await send('10.0.0.4', [`Bearer ${token}`]))).toBe(0);
  });

  it('a valid seat token has its own budget, not its address’s, and another seat another one', async () => {
    const address = '10.0.0.3';
    expect(
      limited(
        await send(
          address,
          Array.from({ length: LIMIT }, (_, i) => `Bearer forged-${i}`),
        ),
      ),
    ).toBe(0);
    expect(limited(await send(address, ['Bearer forged-again']))).toBe(1);

    const seat0 = await send(
      address,
      Array.from({ length: LIMIT + 5 }, () => `Bearer ${game.tokens[0]}`),
    );
    expect(seat0.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(limited(seat0)).toBe(5);
    // The same seat from another address is the same identity: still limited.
    expect(limited(await send('10.0.0.4', [`Bearer ${game.tokens[0]}`]))).toBe(1);
    expect(await send(address, [`Bearer ${game.tokens[1]}`])).toEqual([200]);
  });

  it('the limit’s headers come with a 429 (and Retry-After), not with every answer', async () => {
    const address = '10.0.0.6';
    const view = () => server.app.inject({ url: `/games/${game.id}/view`, remoteAddress: address });
    const allowed = await view();
    expect(allowed.statusCode).toBe(200);
    expect(Object.keys(allowed.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
    for (let i = 1; i < LIMIT; i++) await view();
    const refused = await view();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
