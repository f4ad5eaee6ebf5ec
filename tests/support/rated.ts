import type request from 'supertest';
import { expect } from 'vitest';
import { bearer, type PlayerHandle } from './players';

/** A rated table of players: the first creates it and sits at seat 0, the others are invited and join. */
export async function ratedTable(
  http: ReturnType<typeof request>,
  kind: string,
  players: readonly PlayerHandle[],
  options: Record<string, unknown> = {},
): Promise<string> {
  const res = await http
    .post('/games')
    .set(bearer(players[0].token))
    .send({ kind, options, seats: players.map((p, i) => ({ player: i === 0 ? 'me' : p.id })) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.rated).toBe(true);
  for (const [seat, p] of players.entries()) {
    if (seat === 0) continue;
    const joined = await http.post(`/games/${res.body.id}/seats/${seat}/join`).set(bearer(p.token));
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  }
  return res.body.id;
}
