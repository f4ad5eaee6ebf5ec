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
