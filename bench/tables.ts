// Games the bench plays through the API, each followed by the engine in the bench's process.
import { type Action, type AnyGame, resolveOptions } from '../src/engine';
import { games } from '../src/games';

export async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** A game the bench plays itself: created with a known seed, so the client keeps its own state by the engine. */
export interface Table {
  id: string;
  tokens: string[];
  game: AnyGame;
  state: unknown;
  moves: number;
}

export async function newTable(base: string, kind: string, options: Record<string, unknown>, seed: string): Promise<Table> {
  const game = games.get(kind) as AnyGame;
  const created = await call(base, 'POST', '/games', { kind, seats: game.seats.max, options, seed });
  const resolved = resolveOptions(game, options, game.seats.max);
  return {
    id: created.id,
    tokens: created.seats.map((s: { token: string }) => s.token),
    game,
    state: game.setup({ seats: game.seats.max, options: resolved, seed }),
    moves: 0,
  };
}

/** The next move of a table: the first seat to act plays one of its legal actions, chosen by the move count. */
export function nextMove(t: Table): { seat: number; action: Action } | null {
  const status = t.game.status(t.state);
  if (status.finished) return null;
  const seat = status.toAct[0];
  const legal = t.game.legalActions(t.state, seat) as Action[];
  return { seat, action: legal[(t.moves * 7919) % legal.length] };
}

export function advance(t: Table, m: { seat: number; action: Action }) {
  t.state = t.game.apply(t.state, m.seat, m.action);
  t.moves++;
}

export async function playMoves(base: string, t: Table, n: number) {
  for (let i = 0; i < n; i++) {
    const m = nextMove(t);
    if (!m) throw new Error(`${t.game.kind} ended after ${t.moves} moves`);
    await call(base, 'POST', `/games/${t.id}/moves`, { action: m.action }, t.tokens[m.seat]);
    advance(t, m);
  }
}
