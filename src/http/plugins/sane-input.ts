import { IncomingMessage } from 'node:http';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { Problem } from '../../service/problem';

/** No request this API takes nests deeper than a few levels: options, a stacked deck, an action. */
export const MAX_DEPTH = 32;

/**
 * Text no column can hold: PostgreSQL refuses a NUL character in `text` and `jsonb`, and an unpaired
 * surrogate in `jsonb`. SQLite would store them, so both databases refuse them alike, here.
 */
const UNSTORABLE = /\0|\p{Cs}/u;
const storable = (s: string) => !UNSTORABLE.test(s);

const TEXT = 'must not hold a NUL character or an unpaired surrogate';

/** Where a walk stopped and why: the path is put together only then, not for every key walked. */
interface Refusal {
  path: string[];
  message: string;
}

/**
 * Walks a parsed request part (a JSON body, the query, path parameters, headers) to the first string
 * or key that could not be stored, or the first level deeper than MAX_DEPTH, and stops there: its
 * own depth is bounded whatever was sent.
 */
function walk(value: unknown, depth: number): Refusal | undefined {
  if (typeof value === 'string') return storable(value) ? undefined : { path: [], message: TEXT };
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return { path: [], message: `nests deeper than ${MAX_DEPTH} levels` };
  for (const key of Object.keys(value)) {
    if (!storable(key)) return { path: [key.replace(/[^\x20-\x7e]/g, '?')], message: TEXT };
    const refusal = walk((value as Record<string, unknown>)[key], depth + 1);
    if (refusal) {
      refusal.path.unshift(key);
      return refusal;
    }
  }
  return undefined;
}

function check(value: unknown, part: string): void {
  const refusal = walk(value, 0);
  if (!refusal) return;
  const path = [part, ...refusal.path].join('/');
  throw new Problem(400, 'validation', `${path} ${refusal.message}`, { errors: [{ path, message: refusal.message }] });
}

/**
 * Requests whose text the database could not store, or whose JSON nests absurdly deep (a 5,000-level
 * `options` overflowed the stack of the schema checks), are refused with 400 problem+json before any
 * validation or handler runs: both used to end as a 500. `saneRequest` checks what the request line
 * and headers bring (the request gate calls it for every request); `saneBody`, the parsed body, on
 * the routes whose method carries one.
 */
export function saneRequest(request: FastifyRequest): void {
  check(request.params, 'params');
  check(request.query, 'querystring');
  // Node's HTTP parser refuses NUL and the other control characters in headers (a 400 before any
  // route), and reads them as Latin-1, where no surrogate can be: only an injected request's need a look.
  if (!(request.raw instanceof IncomingMessage)) check(request.headers, 'headers');
}

/** The body's check, before its schema's: a callback, not a promise. */
export const saneBody: preValidationHookHandler = (request, _reply, done) => {
  try {
    check(request.body, 'body');
  } catch (e) {
    return done(e as Error);
  }
  done();
};
