/**
 * A small typed layer over the public HTTP API (README "The API", /openapi.json): the page uses
 * nothing else. Every refusal arrives as an RFC 9457 problem, thrown as an ApiError.
 */

import type * as Gen from '../../clients/typescript/src/types.gen';

export type {
  BotList,
  Event as LoggedEvent,
  GameSummary,
  LobbyGame,
  MyGame,
  PlayerFound,
  Replay,
  SeatSpec,
} from '../../clients/typescript/src/types.gen';

/** Any game's action: the page handles every kind alike, by its type and fields. */
export interface Action {
  type: string;
  [field: string]: unknown;
}

export class ApiError extends Error {
  constructor(readonly problem: Gen.Problem) {
    super(problem.detail);
  }
}

/** A request that never reached the server (offline, the server restarting): said in plain words. */
export const UNREACHABLE = 'The server cannot be reached right now: check your connection, then try again.';

/** Who wants to know that the server answered again (a page's "cannot be reached" notice goes then). */
const reachedListeners = new Set<() => void>();
export function onReached(listener: () => void): () => void {
  reachedListeners.add(listener);
  return () => reachedListeners.delete(listener);
}

/** What went wrong, in words: a refusal's detail, or the error itself. */
export const problemText = (e: unknown) => (e instanceof ApiError ? e.problem.detail : String(e));

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

/**
 * The generated types are unions by kind, each with its own options, actions and state. The page
 * draws every kind alike, from the schemas the catalog publishes: where it reads a kind's own fields,
 * it reads them loosely.
 */
type AnyKind<T, Loose> = Omit<T, keyof Loose> & Loose;

export type CatalogEntry = AnyKind<
  Gen.CatalogEntry,
  { options: Record<string, unknown>; optionsSchema: JsonSchema; actionSchema: JsonSchema; viewSchema: JsonSchema }
>;
export type SeatView = AnyKind<Gen.View, { legalActions: Action[]; state: unknown }>;
export type SummarySeat = Gen.GameSummary['seats'][number];

/** How far along a game is: a table waits for players, then plays, then ends. */
const STAGE: Record<Gen.GameStatus, number> = { waiting: 0, active: 1, finished: 2, aborted: 2 };

/**
 * Whether `next` shows the game as it stands at `current` or later. The version alone cannot tell:
 * the last seat taken deals the game without a move, so the waiting table and the dealt one are both
 * version 0, and a view read before the deal may arrive after the stream's view of the dealt game.
 */
export function notOlder(next: SeatView, current: SeatView): boolean {
  const stage = STAGE[next.status] - STAGE[current.status];
  return stage !== 0 ? stage > 0 : next.version >= current.version;
}

/** Finished or aborted: the seed is revealed and the audit opens. */
export const isOver = (status: Gen.GameStatus) => status === 'finished' || status === 'aborted';

/** The player this browser speaks for, with its token. */
export interface Player {
  id: string;
  name: string;
  token: string;
}

export interface CreateGame {
  kind: string;
  seats: Gen.SeatSpec[];
  options?: Record<string, unknown>;
}

export async function call<T>(method: string, path: string, options: { token?: string | null; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    text = await response.text();
  } catch {
    // fetch says "TypeError: Failed to fetch": a person needs to know the server was not reached.
    throw new ApiError({ type: 'about:blank', title: 'Unreachable', status: 0, code: 'unreachable', detail: UNREACHABLE });
  }
  if (response.status < 500) for (const listener of reachedListeners) listener();
  let payload: unknown = null;
  try {
    payload = text === '' ? null : JSON.parse(text);
  } catch {
    // A proxy's HTML error page, say: the status speaks for it below.
  }
  if (!response.ok) {
    throw new ApiError(
      payload && typeof (payload as Gen.Problem).detail === 'string'
        ? (payload as Gen.Problem)
        : {
            type: 'about:blank',
            title: response.statusText,
            status: response.status,
            code: 'http',
            detail: response.status >= 500 ? UNREACHABLE : `the server answered ${response.status} ${response.statusText}`,
          },
    );
  }
  return payload as T;
}

const game = (id: string) => `/games/${encodeURIComponent(id)}`;

export const api = {
  catalog: () => call<{ games: CatalogEntry[] }>('GET', '/catalog').then((c) => c.games),
  catalogEntry: (kind: string) => call<CatalogEntry>('GET', `/catalog/${encodeURIComponent(kind)}`),
  bots: () => call<Gen.BotList>('GET', '/bots').then((b) => b.bots),
  createPlayer: (name: string) => call<Player>('POST', '/players', { body: { name } }),
  me: (token: string) => call<Gen.Player>('GET', '/players/me', { token }),
  /** The players called exactly `name`, oldest first: whom the setup form may invite. */
  findPlayers: (name: string, token: string) =>
    call<Gen.PlayersPage>('GET', `/players?name=${encodeURIComponent(name)}&limit=10`, { token }),
  startVacation: (days: number, token: string) =>
    call<Gen.VacationStatus>('POST', '/players/me/vacation', { token, body: { days } }),
  endVacation: (token: string) => call<Gen.VacationStatus>('DELETE', '/players/me/vacation', { token }),
  giveTime: (id: string, seat: number, seconds: number, token: string) =>
    call<SeatView>('POST', `${game(id)}/clock/give`, { token, body: { seconds, seat } }),
  playerStreamTicket: (token: string) => call<Gen.StreamTicket>('POST', '/players/me/stream-ticket', { token }),
  createGame: (body: CreateGame, token: string) => call<Gen.CreatedGame>('POST', '/games', { token, body }),
  lobby: () => call<Gen.LobbyPage>('GET', '/games?status=waiting&limit=50'),
  myGames: (token: string) => call<Gen.MyGamesPage>('GET', '/players/me/games?limit=50', { token }),
  join: (id: string, seat: number, token: string) => call<Gen.Joined>('POST', `${game(id)}/seats/${seat}/join`, { token }),
  decline: (id: string, seat: number, token: string) =>
    call<Gen.GameSummary>('POST', `${game(id)}/seats/${seat}/decline`, { token }),
  leave: (id: string, token: string) => call<Gen.GameSummary>('POST', `${game(id)}/leave`, { token }),
  summary: (id: string) => call<Gen.GameSummary>('GET', game(id)),
  view: (id: string, token: string | null) => call<SeatView>('GET', `${game(id)}/view`, { token }),
  streamTicket: (id: string, token: string) => call<Gen.StreamTicket>('POST', `${game(id)}/stream-ticket`, { token }),
  move: (id: string, action: Action, expectedVersion: number, token: string) =>
    call<SeatView>('POST', `${game(id)}/moves`, { token, body: { action, expectedVersion } }),
  resign: (id: string, token: string) => call<unknown>('POST', `${game(id)}/resign`, { token }),
  abort: (id: string, token: string) => call<unknown>('POST', `${game(id)}/abort`, { token }),
  rematch: (id: string, token: string) => call<Gen.RematchAnswer>('POST', `${game(id)}/rematch`, { token }),
  /** The events after `after`, as the token's seat may read them (none: as a spectator). */
  events: (id: string, after: number, token: string | null) =>
    call<Gen.EventsPage>('GET', `${game(id)}/events?after=${after}&limit=200`, { token }),
  /** Every event of the log, page after page. */
  async allEvents(id: string): Promise<Gen.EventsPage> {
    const first = await call<Gen.EventsPage>('GET', `${game(id)}/events?limit=1000`);
    let page = first;
    while (page.next !== null) {
      page = await call<Gen.EventsPage>('GET', `${game(id)}/events?after=${page.next}&limit=1000`);
      first.events.push(...page.events);
    }
    return first;
  },
  replay: (id: string, at: number) => call<Gen.Replay>('GET', `${game(id)}/replay?at=${at}`),
  profile: (id: string) => call<Gen.Profile>('GET', `/players/${encodeURIComponent(id)}`),
  leaderboard: (kind: string) => call<Gen.Leaderboard>('GET', `/ratings/${encodeURIComponent(kind)}?limit=100`),
  ratingHistory: (id: string, kind: string) =>
    call<Gen.RatingHistory>('GET', `/players/${encodeURIComponent(id)}/ratings/${encodeURIComponent(kind)}/history?limit=100`),
  logKey: () => call<Gen.LogKey>('GET', '/log/key'),
  recordUrl: (id: string) => `${game(id)}/record`,
};

/** Fetched once per page load (the browser's cache revalidates it with its ETag); a failure is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let held: Promise<T> | null = null;
  return () => {
    held ??= load().catch((e) => {
      held = null;
      throw e;
    });
    return held;
  };
}

/** The whole catalog: the lobby's. */
export const catalog = once(api.catalog);
/** The bots a seat may be given. */
export const botList = once(api.bots);

/** One game's entry: a table needs only its own. */
const entries = new Map<string, () => Promise<CatalogEntry>>();
export function catalogEntry(kind: string): Promise<CatalogEntry> {
  let load = entries.get(kind);
  if (!load) {
    load = once(() => api.catalogEntry(kind));
    entries.set(kind, load);
  }
  return load();
}
