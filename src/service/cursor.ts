import { Problem } from './problem';

/**
 * Page cursors are opaque to clients: the position of the last item sent, as base64url JSON. A cursor
 * that does not decode to the expected shape is the client's mistake (400), never a server error.
 */
export function encodeCursor(position: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor<T>(text: string | undefined, read: (raw: Record<string, unknown>) => T | null): T | null {
  if (text === undefined) return null;
  let decoded: T | null = null;
  try {
    const raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (raw && typeof raw === 'object') decoded = read(raw);
  } catch {
    decoded = null;
  }
  if (decoded === null) throw new Problem(400, 'invalid-cursor', 'the cursor is not one this list gave: start again without it');
  return decoded;
}

/** The times a cursor holds: ISO 8601 in UTC, years 1970 to 9999 (what both databases store). */
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * A time in a cursor, or null when it is not one this service wrote: a date JavaScript reads but a
 * database cannot hold (+275760-09-13, -000001-01-01) is refused here, not by the database.
 */
export function cursorTime(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const match = CURSOR_TIME.exec(v);
  if (!match || Number(match[1]) < 1970) return null;
  const t = new Date(v);
  return Number.isNaN(t.getTime()) ? null : t;
}

/** Game ids are UUIDs: anything else in a cursor (a NUL, which PostgreSQL cannot even compare) is not one this service wrote. */
const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A game id in a cursor, or null when it is not one this service wrote. */
export function cursorId(v: unknown): string | null {
  return typeof v === 'string' && CURSOR_ID.test(v) ? v : null;
}
