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

const refuse = (path: string, message: string) =>
  new Problem(400, 'validation', `${path} ${message}`, { errors: [{ path, message }] });

const TEXT = 'must not hold a NUL character or an unpaired surrogate';

/**
 * Walks a parsed request part (a JSON body, the query, path parameters, headers) and throws at the
 * first string or key that could not be stored, or at the first level deeper than MAX_DEPTH. The
 * walk stops there, so its own depth is bounded whatever was sent.
 */
function check(value: unknown, path: string, depth: number): void {
  if (typeof value === 'string') {
    if (!storable(value)) throw refuse(path, TEXT);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) throw refuse(path, `nests deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) check(value[i], `${path}/${i}`, depth + 1);
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (!storable(key)) throw refuse(`${path}/${key.replace(/[^\x20-\x7e]/g, '?')}`, TEXT);
    check(inner, `${path}/${key}`, depth + 1);
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
        check(request.params, 'params', 0);
        check(request.query, 'querystring', 0);
        check(request.headers, 'headers', 0);
        check(request.body, 'body', 0);
      } catch (e) {
        return done(e as Error);
      }
      done();
    };
    app.addHook('preValidation', sane);
  },
  { name: 'card-table-sane-input' },
);
