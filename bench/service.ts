// The client loop's work done by the service layer alone, without HTTP (issue 25): the same games,
// clients and moves as bench/loop.ts, each view and move a call of src/service (tables.view,
// moves.post) on a fresh SQLite database, in this process. What a move costs here, no HTTP layer can
// take away: with what bare Fastify spends on the loop's shapes, it bounds the loop's ratio to hello.
//   npx tsx bench/service.ts [--seconds 6] [--warm-up 20]   (prints one line of JSON)
import { sign } from 'node:crypto';
import { games } from '../src/games';
import { checkpointText, signingKey } from '../src/log';
import { services } from '../src/service';
import { inProcessNotifier } from '../src/service/notifier';
import { openDatabase } from '../src/store/database';
import { field, LOOP_KINDS } from './loop';
import { withDataDir } from './servers';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SECONDS = Number(arg('seconds', '6'));
const WARM_UP = Number(arg('warm-up', '20'));
const CLIENTS = 50;
const LOG_KEY = Buffer.alloc(32, 'bench log key').toString('base64');

export interface ServiceAlone {
  moves: number;
  /** The process's CPU time per move (the view of the seat due, then its move), in µs. */
  cpuUs: number;
  /** One Ed25519 signature of a checkpoint, as each version's answer signs it, in µs. */
  signUs: number;
}

type Service = ReturnType<typeof services>;

interface Client {
  id: string;
  tokens: string[];
  next: number;
}

async function newClient(service: Service, n: number): Promise<Client> {
  const { kind, seats } = LOOP_KINDS[n % LOOP_KINDS.length];
  const created = await service.tables.create({ kind, seats });
  return { id: created.id, tokens: created.seats.map((s) => s.token as string), next: created.toAct[0] };
}

/** Every client reads its view, then posts one of its legal actions, for `seconds`: the moves made. */
async function play(service: Service, clients: Client[], seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let moves = 0;
  let created = clients.length;
  await Promise.all(
    clients.map(async (client, n) => {
      let c = client;
      while (performance.now() < until) {
        const token = c.tokens[c.next];
        const { json } = await service.tables.view(c.id, token);
        const text = json as string;
        const version = field<number>(text, 'version') as number;
        if (field<string>(text, 'status') !== 'active') {
          c = await newClient(service, created++);
          clients[n] = c;
          continue;
        }
        const legal = field<unknown[]>(text, 'legalActions') ?? [];
        const action = legal[(version * 7919) % legal.length] as never;
        const answer = await service.moves.post(c.id, token, { action, expectedVersion: version });
        moves++;
        c.next = field<number[]>(answer.json, 'toAct')?.[0] ?? c.next;
      }
    }),
  );
  return moves;
}

/** The µs of CPU one signature of a checkpoint's text takes, over `n` signatures. */
function signatureUs(n: number): number {
  const key = signingKey(LOG_KEY);
  const text = Buffer.from(checkpointText('00000000-0000-0000-0000-000000000000', 120, 'A'.repeat(43).concat('=')));
  for (let i = 0; i < 200; i++) sign(null, text, key);
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) sign(null, text, key);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

export async function serviceAlone(seconds: number, warmUp: number): Promise<ServiceAlone> {
  return withDataDir('service', async (dataDir) => {
    const db = await openDatabase({ dataDir });
    const notifier = inProcessNotifier();
    const service = services({ games, sql: db.sql, notifier, jwtSecret: 'bench-secret', logKey: LOG_KEY });
    try {
      const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => newClient(service, n)));
      // The same warm-up as the loop's over HTTP: V8's optimizing threads settle within it.
      await play(service, clients, warmUp);
      const before = process.cpuUsage();
      const moves = await play(service, clients, seconds);
      const used = process.cpuUsage(before);
      return { moves, cpuUs: (used.user + used.system) / Math.max(1, moves), signUs: signatureUs(2000) };
    } finally {
      await notifier.close();
      await db.close();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await serviceAlone(SECONDS, WARM_UP)));
}
