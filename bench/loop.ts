// The loop a real client runs (issue 25): read the view of the seat to act, post one of its legal
// actions with expectedVersion, read again; each client on a game of its own, a finished game
// replaced by a new one. Driven over raw keep-alive sockets, each request written as one string, so
// that the load generator costs about what autocannon's fixed requests cost.
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

/**
 * What a client does with a view's JSON text: its version, and the legal action it posts (chosen by the
 * version); no action once the game is over.
 */
export function chooseMove(view: string): { version: number; action?: unknown } {
  const version = field<number>(view, 'version') as number;
  if (field<string>(view, 'status') !== 'active') return { version };
  const legal = field<unknown[]>(view, 'legalActions') ?? [];
  return { version, action: legal[(version * 7919) % legal.length] };
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

/**
 * `clients` clients play for `seconds`: each reads its seat's view, posts one of its legal actions
 * (chosen by its move count) with the view's version, and goes on with the seat the answer says is
 * due. Any other answer than 200 is an error.
 */
export async function clientLoop(server: Server, clients: number, seconds: number): Promise<LoopResult> {
  const port = Number(new URL(server.base).port);
  const tables = await Promise.all(Array.from({ length: clients }, (_, i) => newLoopTable(server.base, i)));
  const gets: number[] = [];
  const posts: number[] = [];
  let moves = 0;
  let errors = 0;
  let games = 0;
  const cpu = server.cpu();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    tables.map(async (first, n) => {
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
            errors++;
            break;
          }
          const { version, action } = chooseMove(read.body);
          if (action === undefined) {
            games++;
            table = await newLoopTable(server.base, n + games * clients);
            continue;
          }
          const body = JSON.stringify({ action, expectedVersion: version });
          const moved = await connection.send(
            `POST /games/${table.id}/moves HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer ${token}\r\n` +
              `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
          );
          posts.push(performance.now() - t1);
          if (moved.status !== 200) {
            errors++;
            break;
          }
          moves++;
          table.next = nextSeat(moved.body, table.next);
        }
      } finally {
        connection.close();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuUs = ((server.cpu() - cpu) * 1000) / Math.max(1, moves);
  gets.sort((a, b) => a - b);
  posts.sort((a, b) => a - b);
  return {
    moves,
    seconds: elapsed,
    cpuUs,
    get: { p50: percentile(gets, 0.5), p99: percentile(gets, 0.99) },
    post: { p50: percentile(posts, 0.5), p99: percentile(posts, 0.99) },
    games,
    errors,
  };
}
