import type { preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
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

/** Where a walk stopped and why; the path is put together only then, not for every key walked. */
class Refusal {
  readonly path: string[] = [];
  constructor(readonly message: string) {}
}

/**
 * Walks a parsed request part (a JSON body, the query, path parameters, headers) and throws at the
 * first string or key that could not be stored, or at the first level deeper than MAX_DEPTH. The
 * walk stops there, so its own depth is bounded whatever was sent.
 */
function walk(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (!storable(value)) throw new Refusal(TEXT);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) throw new Refusal(`nests deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      try {
        walk(value[i], depth + 1);
      } catch (e) {
        throw on(e, String(i));
      }
    }
    return;
  }
  for (const key of Object.keys(value)) {
    if (!storable(key)) throw on(new Refusal(TEXT), key.replace(/[^\x20-\x7e]/g, '?'));
    try {
      walk((value as Record<string, unknown>)[key], depth + 1);
    } catch (e) {
      throw on(e, key);
    }
  }
}

/** The error with the step it came through in front of its path. */
function on(e: unknown, step: string): unknown {
  if (e instanceof Refusal) e.path.unshift(step);
  return e;
}

function check(value: unknown, part: string): void {
  try {
    walk(value, 0);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    const path = [part, ...e.path].join('/');
    throw new Problem(400, 'validation', `${path} ${e.message}`, { errors: [{ path, message: e.message }] });
  }
}

/**
 * Refuses, with 400 problem+json before any validation or handler runs, requests whose text the
 * database could not store or whose JSON nests absurdly deep (a 5,000-level `options` overflowed
 * the stack of the schema checks). Both used to end as a 500. (Node's HTTP parser refuses control
 * characters in headers already; requests injected in-process do not pass through it.) A hook with a
 * callback, not a promise: it runs on every request.
 */
export const saneInput = fp(
  async (app) => {
    const sane: preValidationHookHandler = (request, _reply, done) => {
      try {
        check(request.params, 'params');
        check(request.query, 'querystring');
        check(request.headers, 'headers');
        check(request.body, 'body');
      } catch (e) {
        return done(e as Error);
      }
      done();
    };
    app.addHook('preValidation', sane);
  },
  { name: 'card-table-sane-input' },
);
