import type { RouteOptions } from 'fastify';
import { ProblemRef } from '../schemas/problem';

/**
 * Every stable `code` a problem answer may carry, and what it means: the document lists, for each
 * route and status, the codes that route can send (the test suite checks every answer against it).
 */
export const PROBLEM_CODES = {
  // Transport: any route, before or around its handler.
  validation: 'the request does not fit the schema; `errors` says where',
  'malformed-json': 'the body is not JSON (or is empty while it is declared as JSON)',
  'bad-request': 'the request cannot be read',
  'body-too-large': 'the body is larger than the server accepts',
  'unsupported-media-type': 'the body is not application/json',
  'uri-too-long': 'a path parameter is longer than any id this API uses',
  'malformed-url': 'the URL is not valid: a percent-escape in it does not decode',
  'not-acceptable': 'the client does not accept text/event-stream',
  'rate-limited': 'too many requests from this client this minute; Retry-After says when to try again',
  overloaded: 'the server is under pressure; retry in a few seconds (Retry-After)',
  'shutting-down': 'the server is shutting down; retry in a moment (Retry-After)',
  internal: 'the server failed; the error is logged',
  // Credentials.
  'token-required': 'this call needs a token: Authorization: Bearer <token>',
  'invalid-token': 'the token is malformed, tampered with, rotated, revoked or from another server',
  'token-revoked':
    'the seat token was issued to an earlier holder of the seat (it changed hands, or its player rotated its token)',
  'player-token-required': 'a seat token speaks for one seat: this call needs a player token',
  'wrong-game': 'the seat token belongs to another game',
  'wrong-seat': 'the game has no such seat',
  'not-seated': 'the player holds no seat in this game',
  'not-invited': 'the seat is not kept for this player: there is no invitation to decline',
  // Resources.
  'game-not-found': 'there is no game with this id',
  'unknown-kind': 'there is no game of this kind (GET /catalog lists them)',
  'seat-not-found': 'the game has no seat with this number',
  'webhook-not-found': 'the player has no webhook with this id',
  'player-not-found': 'there is no player (or bot:<name>) with this id',
  // The game's state.
  'engine-version': 'the game was created by another version of the rules than this server runs',
  'game-waiting': 'the table is waiting for players: nothing is dealt yet',
  'game-over': 'the game has ended',
  'game-running': 'the game is still on',
  'game-not-finished': 'the game is not finished: its seed and whole history stay secret until then',
  'version-conflict': 'the game is not at `expectedVersion`: read the view again (`version` gives the current one)',
  resigned: 'the seat has resigned',
  'too-late-to-abort': 'the game is no longer young (twice its seats in events), or the asking seat has moved: resign instead',
  'not-waiting': 'the game is not waiting for players',
  'seat-taken': 'the seat is taken',
  'seat-invited': 'the seat is kept for the player invited to it',
  'already-seated': 'the player already holds a seat in this game',
  busy: 'the game is too busy right now: try again',
  'not-ready': 'the database does not answer',
  // What was asked.
  'illegal-move': 'the action is not one of the seat’s legal actions now; `detail` says why',
  'idempotency-key-reused': 'this Idempotency-Key was already used for another move',
  'invalid-setup': 'the seats, names, options or deck do not make a game of this kind; `detail` says why',
  'unknown-player': 'an invited player does not exist',
  'player-seated-twice': 'a player is given two seats',
  'cannot-be-rated': 'a game with a guest seat, a client seed or deck, or no person at all cannot be rated',
  'unknown-bot': 'there is no bot of that name',
  'name-required': 'without a player token, an open seat is taken under a name',
  'out-of-range': '`at` is beyond the game’s moves',
  'beyond-log': 'a size is beyond the game’s log (`size` gives its leaves now): take sizes from checkpoints',
  'index-beyond-size': 'the leaf `index` is not in a tree of `size` leaves (it must be below `size`)',
  'sizes-reversed': '`first` is larger than `second`: a log only grows',
  'invalid-cursor': 'the cursor is not one this list gave',
  'invalid-last-event-id': 'Last-Event-ID is not the id of an event this stream sent',
  'webhook-url-refused': 'the URL is not http(s), or resolves to a private or loopback address',
  'too-many-webhooks': 'the player has as many webhooks as allowed: delete one first',
  'too-many-players':
    'this client address has registered as many players this hour as allowed; Retry-After says when to try again',
  'too-many-bot-games':
    'this player has as many tables of bots alone running as allowed, or this address as many tables with bots made without a player token: wait for one to end',
  'too-many-invitations':
    'the player has as many invitations waiting for an answer as allowed: wait for some to be answered or to lapse',
  'too-many-games':
    'this client address has created as many games without a player token this hour as allowed; Retry-After says when to try again',
  'not-provably-fair':
    'a game dealt from a client seed or stacked deck cannot have open or invited seats: its creator knows every hand',
  'too-many-streams': 'this seat, player or address has as many streams open as allowed: close one first',
  'streams-full': 'the server has as many streams open as it takes; retry shortly (Retry-After)',
  // Correspondence clocks.
  'no-clock': 'the game has no clock: there is no time to give',
  'not-due': 'the seat is not due (or, with several due, none was named): time is given to a seat whose clock runs',
  'own-clock': 'time is given to another seat, not to your own',
  'already-given': 'you have given this seat time this turn already: one gift per turn per giver',
  'no-vacation-left': 'the vacation is longer than the days left this calendar year (VACATION_DAYS_PER_YEAR)',
  'on-vacation': 'the player is on vacation already: end it first',
  'not-on-vacation': 'the player is not on vacation',
  // Tournaments.
  'tournament-not-found': 'there is no tournament with this id',
  'cannot-seat': 'the kind cannot seat tables of `tableSeats` with these options; `detail` says why',
  'format-cannot-fit': 'the format cannot fit the players asked for (rounds, minPlayers, maxPlayers); `detail` says why',
  'tournament-started': 'the tournament has started: nobody joins or leaves any more',
  'tournament-not-running': 'the tournament is not running',
  'tournament-full': 'the tournament has as many players as it takes',
  'already-entered': 'the player has joined this tournament already',
  'not-entered': 'the player has not joined this tournament',
  'not-creator': 'only the tournament’s creator may start it',
  'too-few-players': 'fewer players have joined than the tournament needs (minPlayers)',
  withdrawn: 'the player has withdrawn from this tournament already',
  'tournament-game-private':
    'a tournament game stays private until its round ends: only its seats may read it, and its seed and history wait for the round',
} as const;

export type ProblemCode = keyof typeof PROBLEM_CODES;
export type ProblemsByStatus = Partial<Record<number, readonly ProblemCode[]>>;

const PROBLEM_JSON = 'application/problem+json';

interface Header {
  type: 'integer';
  description: string;
}

interface ProblemResponse {
  description: string;
  headers?: Record<string, Header>;
  content: {
    [PROBLEM_JSON]: { schema: { allOf: [typeof ProblemRef, { type: 'object'; properties: { code: { enum: string[] } } }] } };
  };
}

const RETRY_AFTER: Header = { type: 'integer', description: 'seconds to wait before trying again' };

/** The headers a problem answer of a status carries besides its body: when to retry, and the rate limit's state. */
const HEADERS: Partial<Record<number, Record<string, Header>>> = {
  429: {
    'Retry-After': RETRY_AFTER,
    'X-RateLimit-Limit': { type: 'integer', description: 'requests a minute this client may make' },
    'X-RateLimit-Remaining': { type: 'integer', description: 'requests left this minute (0 here)' },
    'X-RateLimit-Reset': { type: 'integer', description: 'seconds until the budget starts again' },
  },
  503: { 'Retry-After': RETRY_AFTER },
};

function problemResponse(status: number, codes: readonly ProblemCode[]): ProblemResponse {
  return {
    description: codes.map((code) => `- \`${code}\`: ${PROBLEM_CODES[code]}`).join('\n'),
    ...(HEADERS[status] ? { headers: HEADERS[status] } : {}),
    content: {
      [PROBLEM_JSON]: { schema: { allOf: [ProblemRef, { type: 'object', properties: { code: { enum: [...codes] } } }] } },
    },
  };
}

/** The problem answers of a route, by status, each listing the codes it may carry (application/problem+json). */
export function problems(byStatus: ProblemsByStatus): Record<number, ProblemResponse> {
  return Object.fromEntries(
    Object.entries(byStatus).map(([status, codes]) => [status, problemResponse(Number(status), [...new Set(codes)])]),
  );
}

/** Merges lists of problems by status. */
export function allProblems(...lists: ProblemsByStatus[]): ProblemsByStatus {
  const out: Record<number, ProblemCode[]> = {};
  for (const list of lists)
    for (const [status, codes] of Object.entries(list)) out[Number(status)] = [...(out[Number(status)] ?? []), ...(codes ?? [])];
  return out;
}

const codesOf = (response: unknown): ProblemCode[] =>
  ((response as ProblemResponse | undefined)?.content?.[PROBLEM_JSON]?.schema.allOf[1].properties.code.enum ??
    []) as ProblemCode[];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The problems the app sends around any route, whatever its handler does: malformed or oversized
 * bodies, validation, the rate limit, overload and shutdown, an SSE client that refuses the stream,
 * and the last-resort 500.
 */
export function transportProblems(route: RouteOptions): ProblemsByStatus {
  const methods = [route.method].flat();
  const body = methods.some((m) => BODY_METHODS.has(m));
  const open = route.url === '/health' || route.url === '/metrics';
  const config = route.config as { rateLimit?: unknown } | undefined;
  const params = route.url.includes(':');
  return {
    // Any part of any request is validated: text no database can store is refused on every route
    // (plugins/sane-input.ts). A path parameter is decoded before any route runs: an escape that does
    // not decode is refused then.
    // A body cut short (its client timed out, or went away) cannot be read.
    400: [
      'validation',
      ...(body ? (['malformed-json', 'bad-request'] as const) : []),
      ...(params ? (['malformed-url'] as const) : []),
    ],
    ...(params ? { 414: ['uri-too-long'] } : {}),
    ...(body ? { 413: ['body-too-large'], 415: ['unsupported-media-type'] } : {}),
    ...((route as { sse?: unknown }).sse ? { 406: ['not-acceptable'] } : {}),
    ...(config?.rateLimit === false ? {} : { 429: ['rate-limited'] }),
    500: ['internal'],
    503: open ? ['shutting-down'] : ['overloaded', 'shutting-down'],
  };
}

/**
 * Completes a route's declared answers with the transport problems (an onRoute hook): every status
 * the route can send is in its schema, so in the document, with its codes.
 */
export function declareTransportProblems(route: RouteOptions) {
  if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
  route.schema ??= {};
  route.schema.response ??= {};
  const response = route.schema.response as Record<string, unknown>;
  for (const [status, codes] of Object.entries(transportProblems(route))) {
    response[status] = problemResponse(Number(status), [...new Set([...codesOf(response[status]), ...(codes ?? [])])]);
  }
}

/** A stream takes a place, within the caller's and the server's limits. */
export const STREAM_LIMITS = { 429: ['too-many-streams'], 503: ['streams-full'] } as const satisfies ProblemsByStatus;

/** A game's route: the game must exist and have been made by these rules. */
export const GAME = { 404: ['game-not-found'], 409: ['engine-version'] } as const satisfies ProblemsByStatus;
/** A token, if any, must speak for a seat of this game (a spectator sends none). */
export const SEAT_IF_ANY = {
  401: ['invalid-token', 'token-revoked'],
  403: ['wrong-game', 'wrong-seat', 'not-seated'],
} as const satisfies ProblemsByStatus;
/** A tournament game while its round is on: only its seats may read it, and its seed and history wait for the round. */
export const TOURNAMENT_PRIVATE = { 403: ['tournament-game-private'] } as const satisfies ProblemsByStatus;
/** A seat token, or the player token of the seat's player. */
export const SEAT = {
  401: ['token-required', 'invalid-token', 'token-revoked'],
  403: ['wrong-game', 'wrong-seat', 'not-seated'],
} as const satisfies ProblemsByStatus;
/** A player token. */
export const PLAYER = {
  401: ['token-required', 'invalid-token'],
  403: ['player-token-required'],
} as const satisfies ProblemsByStatus;
