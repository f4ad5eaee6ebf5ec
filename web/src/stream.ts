import { api } from './api';

/** Where this browser has left a stream ticket in a cookie: "forget me" clears them all. */
const TICKETS = 'card-table.stream-cookies';

const cookie = (path: string, value: string | null) => {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: every browser has document.cookie; the Cookie Store API is newer and async.
  document.cookie = value
    ? `card_table_token=${encodeURIComponent(value)}; Path=${path}; SameSite=Strict${secure}`
    : `card_table_token=; Path=${path}; Max-Age=0; SameSite=Strict${secure}`;
};

function ticketPaths(): string[] {
  try {
    const paths = JSON.parse(localStorage.getItem(TICKETS) ?? '[]');
    return Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** Clears every stream cookie this browser set (forgetting a player leaves nothing of it behind). */
export function clearStreamCookies() {
  for (const path of ticketPaths()) cookie(path, null);
  localStorage.removeItem(TICKETS);
}

/**
 * A game's live views. EventSource cannot send an Authorization header, and a token in the URL would
 * be logged: the stream reads the cookie card_table_token, set here for the stream's own path only
 * (no other request carries it, no other site sends it), and it holds a stream ticket, never the
 * token: the ticket opens this one stream, for a day, and nothing else. Without a token: a
 * spectator's stream, no cookie.
 */
export async function gameStream(id: string, token: string | null): Promise<EventSource> {
  const path = `/games/${encodeURIComponent(id)}/stream`;
  if (token) ticketCookie(path, (await api.streamTicket(id, token)).ticket);
  else cookie(path, null);
  return new EventSource(path);
}

function ticketCookie(path: string, ticket: string) {
  cookie(path, ticket);
  const paths = ticketPaths();
  if (!paths.includes(path)) localStorage.setItem(TICKETS, JSON.stringify([...paths, path].slice(-200)));
}

/**
 * My notifications across my games (GET /players/me/stream), opened with a ticket in a cookie as a
 * game's stream is: those sent from now on (a replay from the first would resend them all).
 */
export async function playerStream(token: string): Promise<EventSource> {
  const path = '/players/me/stream';
  ticketCookie(path, (await api.playerStreamTicket(token)).ticket);
  return new EventSource(path);
}

export type Connection = 'connecting' | 'live' | 'reconnecting' | 'ended';

/**
 * A stream that comes back: after a server's `end` with reason `shutdown` (it is restarting), a
 * dropped network, or a refusal, it opens again with a growing pause (1 s doubling to 15 s, and at
 * once when the browser says it is online again). `end` for the game's end closes it for good.
 * Each (re)opening calls `opened`, for the page to read what it missed.
 */
export function liveStream(
  id: string,
  token: string | null,
  on: { view(json: string): void; connection(c: Connection): void; opened(): void },
): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pause = 1000;
  let stopped = false;

  const again = () => {
    source?.close();
    source = null;
    if (stopped) return;
    on.connection('reconnecting');
    clearTimeout(timer);
    timer = setTimeout(() => void open(), pause);
    pause = Math.min(pause * 2, 15_000);
  };

  async function open() {
    if (stopped) return;
    let s: EventSource;
    try {
      s = await gameStream(id, token);
    } catch {
      // No ticket (the server is down, the network dropped): try again later.
      again();
      return;
    }
    if (stopped) {
      s.close();
      return;
    }
    source = s;
    s.addEventListener('open', () => {
      pause = 1000;
      on.connection('live');
      on.opened();
    });
    s.addEventListener('view', (e) => on.view((e as MessageEvent<string>).data));
    s.addEventListener('end', (e) => {
      let reason = '';
      try {
        reason = JSON.parse((e as MessageEvent<string>).data).reason;
      } catch {
        // An end without a reason is treated as a shutdown.
      }
      // Game over, or the token this page holds speaks for the seat no more (it changed hands).
      if (reason === 'game-over' || reason === 'token-revoked') {
        s.close();
        on.connection('ended');
      } else again();
    });
    s.addEventListener('error', () => {
      if (s !== source) return;
      // The browser retries by itself while CONNECTING; a CLOSED stream (a refusal) is ours to reopen.
      if (s.readyState === EventSource.CLOSED) again();
      else on.connection('reconnecting');
    });
  }

  const online = () => {
    if (source?.readyState !== EventSource.OPEN) {
      source?.close();
      source = null;
      pause = 1000;
      clearTimeout(timer);
      void open();
    }
  };
  addEventListener('online', online);
  on.connection('connecting');
  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    removeEventListener('online', online);
    source?.close();
  };
}
