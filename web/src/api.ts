/**
 * A small typed layer over the public HTTP API (README "The API", /openapi.json): the page uses
 * nothing else. Every refusal arrives as an RFC 9457 problem, thrown as an ApiError.
 */

export type Card = string;

export interface Action {
  type: string;
  [field: string]: unknown;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  errors?: { path: string; message: string }[];
}

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';
export type Occupant = 'guest' | 'player' | 'invited' | 'open' | 'bot';

export interface Result {
  winners: number[];
  summary: string;
}

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

export interface CatalogEntry {
  kind: string;
  title: string;
  seats: { min: number; max: number; counts: number[] };
  options: Record<string, unknown>;
  optionsSchema: JsonSchema;
  actionSchema: JsonSchema;
  viewSchema: JsonSchema;
  rules: string;
  dealing: string;
  cards: number;
}

export interface SummarySeat {
  seat: number;
  name: string | null;
  occupant: Occupant;
  player?: string;
  invited?: string;
  bot?: string;
  resigned?: boolean;
  rematch?: boolean;
}

export interface Clock {
  perMove: number;
  onTimeout: 'auto' | 'forfeit';
}

export interface Summary {
  id: string;
  kind: string;
  title: string;
  status: GameStatus;
  version: number;
  seats: SummarySeat[];
  options: Record<string, unknown>;
  clock: Clock | null;
  toAct: number[];
  deadlines: (string | null)[];
  scores: number[];
  result?: Result;
  seedHash: string;
  dealtBy: 'server' | 'client-seed' | 'client-deck';
  provablyFair: boolean;
  seed?: string;
  rematchOf?: string;
  rematch?: string;
  createdAt: string;
  updatedAt: string;
}

export interface SeatView {
  id: string;
  kind: string;
  version: number;
  seat: number | null;
  status: GameStatus;
  toAct: number[];
  legalActions: Action[];
  scores: number[];
  result?: Result;
  deadlines: (string | null)[];
  state: unknown;
}

/** How far along a game is: a table waits for players, then plays, then ends. */
const STAGE: Record<GameStatus, number> = { waiting: 0, active: 1, finished: 2, aborted: 2 };

/**
 * Whether `next` shows the game as it stands at `current` or later. The version alone cannot tell:
 * the last seat taken deals the game without a move, so the waiting table and the dealt one are both
 * version 0, and a view read before the deal may arrive after the stream's view of the dealt game.
 */
export function notOlder(next: SeatView, current: SeatView): boolean {
  const stage = STAGE[next.status] - STAGE[current.status];
  return stage !== 0 ? stage > 0 : next.version >= current.version;
}

export interface Player {
  id: string;
  name: string;
  token: string;
}

export type SeatSpec = { player: string } | { open: true } | { bot: string };

export interface CreateGame {
  kind: string;
  seats: SeatSpec[];
  options?: Record<string, unknown>;
}

export interface LobbyGame {
  id: string;
  kind: string;
  title: string;
  status: GameStatus;
  seats: SummarySeat[];
  openSeats: number[];
  clock: Clock | null;
  options: Record<string, unknown>;
  createdAt: string;
}

export interface MyGame {
  id: string;
  kind: string;
  status: GameStatus;
  seat: number;
  toAct: number[];
  myTurn: boolean;
  deadline: string | null;
  version: number;
  updated: string;
}

export interface LoggedEvent {
  seq: number;
  seat: number;
  kind: 'move' | 'resign' | 'forfeit' | 'abort';
  by: 'seat' | 'clock' | 'bot' | 'service';
  at: string;
  action: Action;
}

export interface EventsPage {
  version: number;
  status: GameStatus;
  events: LoggedEvent[];
  next: number | null;
  seed?: string;
}

export interface Replay {
  id: string;
  at: number;
  version: number;
  move: Omit<LoggedEvent, 'at'> | null;
  toAct: number[];
  scores: number[];
  finished: boolean;
  state: unknown;
  views: unknown[];
  spectator: unknown;
}

async function call<T>(method: string, path: string, options: { token?: string | null; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const payload = text === '' ? null : JSON.parse(text);
  if (!response.ok) {
    throw new ApiError(
      payload && typeof payload.detail === 'string'
        ? (payload as Problem)
        : { type: 'about:blank', title: response.statusText, status: response.status, code: 'http', detail: response.statusText },
    );
  }
  return payload as T;
}

const game = (id: string) => `/games/${encodeURIComponent(id)}`;

export const api = {
  catalog: () => call<{ games: CatalogEntry[] }>('GET', '/catalog').then((c) => c.games),
  createPlayer: (name: string) => call<Player>('POST', '/players', { body: { name } }),
  me: (token: string) => call<{ id: string; name: string }>('GET', '/players/me', { token }),
  createGame: (body: CreateGame, token: string) => call<Summary>('POST', '/games', { token, body }),
  lobby: () => call<{ games: LobbyGame[]; next: string | null }>('GET', '/games?status=waiting&limit=50'),
  myGames: (token: string) => call<{ games: MyGame[]; next: string | null }>('GET', '/players/me/games?limit=50', { token }),
  join: (id: string, seat: number, token: string) =>
    call<{ seat: number; token: string }>('POST', `${game(id)}/seats/${seat}/join`, { token }),
  leave: (id: string, token: string) => call<Summary>('POST', `${game(id)}/leave`, { token }),
  summary: (id: string) => call<Summary>('GET', game(id)),
  view: (id: string, token: string | null) => call<SeatView>('GET', `${game(id)}/view`, { token }),
  move: (id: string, action: Action, expectedVersion: number, token: string) =>
    call<SeatView>('POST', `${game(id)}/moves`, { token, body: { action, expectedVersion } }),
  resign: (id: string, token: string) => call<unknown>('POST', `${game(id)}/resign`, { token }),
  abort: (id: string, token: string) => call<unknown>('POST', `${game(id)}/abort`, { token }),
  rematch: (id: string, token: string) =>
    call<{ rematch?: { id: string; seat: number } }>('POST', `${game(id)}/rematch`, { token }),
  /** Every event of the log, page after page. */
  async allEvents(id: string): Promise<EventsPage> {
    const first = await call<EventsPage>('GET', `${game(id)}/events?limit=1000`);
    let page = first;
    while (page.next !== null) {
      page = await call<EventsPage>('GET', `${game(id)}/events?after=${page.next}&limit=1000`);
      first.events.push(...page.events);
    }
    return first;
  },
  replay: (id: string, at: number) => call<Replay>('GET', `${game(id)}/replay?at=${at}`),
  recordUrl: (id: string) => `${game(id)}/record`,
};

/** The catalog, fetched once per page load. */
let catalogOnce: Promise<CatalogEntry[]> | null = null;
export function catalog(): Promise<CatalogEntry[]> {
  catalogOnce ??= api.catalog().catch((e) => {
    catalogOnce = null;
    throw e;
  });
  return catalogOnce;
}
export const catalogEntry = async (kind: string) => (await catalog()).find((g) => g.kind === kind);
