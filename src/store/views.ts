/**
 * How an event's per-seat readings (`Event.views`: what each seat, then a spectator, may know of the
 * move) are kept on disk. Most readings repeat: the mover reads the action itself and every other seat
 * the same redacted one, so a row keeps each distinct reading once and, for each reader, which one it
 * reads: `{"d":[distinct...],"i":"*000"}`, where "*" is the action itself and a digit (base 36) a
 * place in `d` (never "*", whatever the number of seats). Rows written before this layout hold the plain array, which is read as it is.
 */

const ACTION = '*';

export function encodeViews(views: readonly unknown[] | null, action: unknown): string | null {
  if (!views) return null;
  const actionText = JSON.stringify(action);
  const distinct: string[] = [];
  let readers = '';
  for (const view of views) {
    const text = JSON.stringify(view ?? null);
    if (text === actionText) {
      readers += ACTION;
      continue;
    }
    let at = distinct.indexOf(text);
    if (at < 0) at = distinct.push(text) - 1;
    readers += at.toString(36);
  }
  return `{"d":[${distinct.join(',')}],"i":"${readers}"}`;
}

export function decodeViews(text: string | null, action: unknown): unknown[] | null {
  if (text === null) return null;
  const stored = JSON.parse(text) as unknown[] | { d: unknown[]; i: string };
  if (Array.isArray(stored)) return stored;
  return [...stored.i].map((c) => (c === ACTION ? action : stored.d[Number.parseInt(c, 36)]));
}
