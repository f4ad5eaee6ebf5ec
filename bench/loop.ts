// The loop a real client runs (issue 25): read the view of the seat to act, post one of its legal
// actions with expectedVersion, read again; each client on a game of its own, a finished game
// replaced by a new one. Driven over raw keep-alive sockets, each request written as one string, so
// that the load generator costs about what autocannon's fixed requests cost.
import { Agent, type ClientRequest, get } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Server } from './servers';
import { call } from './tables';

/** The kinds the loop plays, each at the seat count it is usually played by, with its default options. */
export const LOOP_KINDS = [
  { kind: 'kaiser', seats: 4 },
  { kind: 'scopa', seats: 2 },
  { kind: 'card-stock-market', seats: 4 },
  { kind: 'paks', seats: 4 },
] as const;

interface Answer {
  status: number;
  body: string;
}

/** One keep-alive HTTP/1.1 connection, one request at a time: the answer's head is parsed for its status and length alone. */
class Connection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((a: Answer) => void) | null = null;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.read();
    });
  }

  private read() {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const answer = { status: Number(head.slice(9, 12)), body: this.buffer.toString('utf8', end + 4, end + 4 + length) };
    this.buffer = this.buffer.subarray(end + 4 + length);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(answer);
  }

  send(request: string): Promise<Answer> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(request);
    });
  }

  close() {
    this.socket.destroy();
  }
}

/**
 * The JSON value that follows `"key":` in `text` (the first such key), parsed alone: the client reads
 * three fields of a view, and parsing the whole of each took the load generator's time from the server.
 */
function field<T>(text: string, key: string): T | undefined {
  const at = text.indexOf(`"${key}":`);
  if (at < 0) return undefined;
  const start = at + key.length + 3;
  const value = (end: number) => JSON.parse(text.slice(start, end)) as T;
  let depth = 0;
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 92) i++;
      else if (c === 34) quoted = false;
    } else if (c === 34) quoted = true;
    else if (c === 91 || c === 123) depth++;
    else if (c === 93 || c === 125) {
      // A bracket closing the object around a scalar ends it; one closing the value's own, the value.
      if (depth === 0) return value(i);
      if (--depth === 0) return value(i + 1);
    } else if (c === 44 && depth === 0) return value(i);
  }
  return undefined;
}

export interface LoopTable {
  id: string;
  tokens: string[];
  /** The seat whose view is read next: the first the game waits for. */
  next: number;
}

/** The `n`th client's game: the loop's kinds in turn. */
export const loopGame = (n: number) => LOOP_KINDS[n % LOOP_KINDS.length];

/** A client's table from the answer that created the game. */
export const loopTable = (created: { id: string; seats: { token?: string }[]; toAct: number[] }): LoopTable => ({
  id: created.id,
  tokens: created.seats.map((s) => s.token as string),
  next: created.toAct[0],
});

const newLoopTable = async (base: string, n: number) => loopTable(await call(base, 'POST', '/games', loopGame(n)));

/** The action the move loop's client posts at `version`: one of the seat's legal actions, chosen by the version. */
export const loopChoice = <T>(legal: readonly T[], version: number): T => legal[(version * 7919) % legal.length];

/**
 * What a client does with a view's JSON text: its version, and the legal action it posts (chosen by the
 * version); no action once the game is over.
 */
export function chooseMove(view: string): { version: number; action?: unknown } {
  const version = field<number>(view, 'version') as number;
  if (field<string>(view, 'status') !== 'active') return { version };
  const legal = field<unknown[]>(view, 'legalActions') ?? [];
  return { version, action: loopChoice(legal, version) };
}

/** The seat a move's answer says is due next (the one before, if it names none). */
export const nextSeat = (answer: string, before: number) => field<number[]>(answer, 'toAct')?.[0] ?? before;

export interface LoopResult {
  moves: number;
  seconds: number;
  /** The server's CPU time per move (its GET and its POST), in µs. */
  cpuUs: number;
  get: { p50: number; p99: number };
  post: { p50: number; p99: number };
  games: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** What a loop's clients count as they play. */
interface Tally {
  /** The time each read of a view took (a GET, or the wait for the stream's), in ms. */
  gets: number[];
  posts: number[];
  moves: number;
  errors: number;
  games: number;
}

/**
 * Runs `clients` clients for `seconds`, each on a game of its own (`client` plays it, and the games
 * after it, until `until`), and measures the server's CPU over them.
 */
async function runClients(
  server: Server,
  clients: number,
  seconds: number,
  client: (port: number, first: LoopTable, n: number, until: number, tally: Tally) => Promise<void>,
): Promise<LoopResult> {
  const port = Number(new URL(server.base).port);
  const tables = await Promise.all(Array.from({ length: clients }, (_, i) => newLoopTable(server.base, i)));
  const tally: Tally = { gets: [], posts: [], moves: 0, errors: 0, games: 0 };
  const cpu = server.cpu();
  const started = performance.now();
  await Promise.all(tables.map((first, n) => client(port, first, n, started + seconds * 1000, tally)));
  const { moves, gets, posts } = tally;
  gets.sort((a, b) => a - b);
  posts.sort((a, b) => a - b);
  return {
    moves,
    seconds: (performance.now() - started) / 1000,
    cpuUs: ((server.cpu() - cpu) * 1000) / Math.max(1, moves),
    get: { p50: percentile(gets, 0.5), p99: percentile(gets, 0.99) },
    post: { p50: percentile(posts, 0.5), p99: percentile(posts, 0.99) },
    games: tally.games,
    errors: tally.errors,
  };
}

/**
 * `clients` clients play for `seconds`: each reads its seat's view, posts one of its legal actions
 * (chosen by its move count) with the view's version, and goes on with the seat the answer says is
 * due. Any other answer than 200 is an error.
 */
export function clientLoop(server: Server, clients: number, seconds: number): Promise<LoopResult> {
  return runClients(server, clients, seconds, async (port, first, n, until, tally) => {
    const { gets, posts } = tally;
    const connection = new Connection(port);
    let table = first;
    try {
      while (performance.now() < until) {
        const token = table.tokens[table.next];
        const t0 = performance.now();
        const read = await connection.send(
          `GET /games/${table.id}/view HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer ${token}\r\n\r\n`,
        );
        const t1 = performance.now();
        gets.push(t1 - t0);
        if (read.status !== 200) {
          tally.errors++;
          break;
        }
        const { version, action } = chooseMove(read.body);
        if (action === undefined) {
          tally.games++;
          table = await newLoopTable(server.base, n + tally.games * clients);
          continue;
        }
        const body = JSON.stringify({ action, expectedVersion: version });
        const moved = await connection.send(
          `POST /games/${table.id}/moves HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer ${token}\r\n` +
            `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        posts.push(performance.now() - t1);
        if (moved.status !== 200) {
          tally.errors++;
          break;
        }
        tally.moves++;
        table.next = nextSeat(moved.body, table.next);
      }
    } finally {
      connection.close();
    }
  });
}

/**
 * A seat's Server-Sent Events stream (GET /games/{id}/stream), read as a listening client reads it:
 * it keeps the newest view's text, and `at(version)` waits for a view at that version or later.
 */
class SeatStream {
  private view = '';
  private version = -1;
  private ended = false;
  private waiting: { version: number; resolve: (view: string) => void } | null = null;
  private readonly request: ClientRequest;

  constructor(base: string, id: string, token: string, agent: Agent) {
    this.request = get(`${base}/games/${id}/stream`, {
      agent,
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    });
    this.request.on('response', (res) => {
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        pending += chunk;
        for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
          this.message(pending.slice(0, end));
          pending = pending.slice(end + 2);
        }
      });
      res.on('end', () => this.end());
    });
    this.request.on('error', () => this.end());
  }

  private message(text: string) {
    if (!text.includes('event: view')) return;
    const data = text.slice(text.indexOf('data: ') + 6);
    this.view = data;
    this.version = field<number>(data, 'version') as number;
    if (this.waiting && this.version >= this.waiting.version) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve(data);
    }
  }

  private end() {
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(this.view);
  }

  /** The newest view once it is at `version` or later (or the last one, if the stream ends first). */
  at(version: number): Promise<string> {
    if (this.version >= version || this.ended) return Promise.resolve(this.view);
    return new Promise((resolve) => {
      this.waiting = { version, resolve };
    });
  }

  close() {
    this.request.destroy();
  }
}

/** The limits on open streams the listening loop needs: each client holds a stream per seat of its game. */
export const STREAM_LOOP_LIMITS = { STREAM_LIMIT_TOTAL: '5000', STREAM_LIMIT_PER_ADDRESS: '5000', STREAM_LIMIT_PER_SEAT: '5000' };

/**
 * The loop of clients that listen (issue 39): each client holds the stream of every seat of its game
 * and reads the views there; it posts the move of the seat due with `Prefer: return=minimal` and
 * `expectedVersion`, and waits for the next seat's view at the version the receipt names. A finished
 * game's streams end, and the client opens those of a new game. Streams are opened and read with
 * node:http (they are long-lived: their cost is the server's writes); moves go over raw keep-alive sockets.
 */
export async function streamLoop(server: Server, clients: number, seconds: number): Promise<LoopResult> {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const listen = (table: LoopTable) => table.tokens.map((token) => new SeatStream(server.base, table.id, token, agent));
  const result = await runClients(server, clients, seconds, async (port, first, n, until, tally) => {
    const { gets: reads, posts } = tally;
    const connection = new Connection(port);
    let table = first;
    let streams = listen(table);
    let version = 0;
    try {
      while (performance.now() < until) {
        const t0 = performance.now();
        const view = await streams[table.next].at(version);
        const t1 = performance.now();
        reads.push(t1 - t0);
        if (view === '') {
          tally.errors++;
          break;
        }
        const { action } = chooseMove(view);
        if (action === undefined) {
          tally.games++;
          for (const s of streams) s.close();
          table = await newLoopTable(server.base, n + tally.games * clients);
          streams = listen(table);
          version = 0;
          continue;
        }
        const body = JSON.stringify({ action, expectedVersion: field<number>(view, 'version') });
        const moved = await connection.send(
          `POST /games/${table.id}/moves HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer ${table.tokens[table.next]}\r\n` +
            `prefer: return=minimal\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        posts.push(performance.now() - t1);
        if (moved.status !== 200) {
          tally.errors++;
          break;
        }
        tally.moves++;
        version = field<number>(moved.body, 'version') as number;
        table.next = nextSeat(moved.body, table.next);
      }
    } finally {
      connection.close();
      for (const s of streams) s.close();
    }
  });
  agent.destroy();
  return result;
}
