/**
 * A game's live views. EventSource cannot send an Authorization header, and a token in the URL would
 * be logged: the stream takes it from the cookie card_table_token, set here for the stream's own path
 * only (no other request carries it, no other site sends it). Without a token: a spectator's stream.
 */
export function gameStream(id: string, token: string | null): EventSource {
  const path = `/games/${encodeURIComponent(id)}/stream`;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: every browser has document.cookie; the Cookie Store API is newer and async.
  document.cookie = token
    ? `card_table_token=${encodeURIComponent(token)}; Path=${path}; SameSite=Strict${secure}`
    : `card_table_token=; Path=${path}; Max-Age=0; SameSite=Strict${secure}`;
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
    timer = setTimeout(open, pause);
    pause = Math.min(pause * 2, 15_000);
  };

  function open() {
    if (stopped) return;
    const s = gameStream(id, token);
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
      if (reason === 'game-over') {
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
      open();
    }
  };
  addEventListener('online', online);
  on.connection('connecting');
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    removeEventListener('online', online);
    source?.close();
  };
}
