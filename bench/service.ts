// The client loop's work done by the service layer alone, without HTTP (issue 25): the same games,
// clients and moves as bench/loop.ts, each view and move a call of src/service (tables.view,
// moves.post) on a fresh SQLite database, in this process. What a move costs here, no HTTP layer can
// take away: with what bare Fastify spends on the loop's shapes, it bounds the loop's ratio to hello.
//   npx tsx bench/service.ts [--seconds 6] [--warm-up 20]   (prints one line of JSON)
import { games } from '../src/games';
import { checkpointSigner, signingKey } from '../src/log';
import { services } from '../src/service';
import { inProcessNotifier } from '../src/service/notifier';
import { openDatabase } from '../src/store/database';
import { chooseMove, type LoopTable, loopGame, loopTable, nextSeat } from './loop';
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

const newClient = async (service: Service, n: number) => loopTable(await service.tables.create(loopGame(n)));

/** Every client reads its view, then posts one of its legal actions, for `seconds`: the moves made. */
async function play(service: Service, clients: LoopTable[], seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let moves = 0;
  let created = clients.length;
  await Promise.all(
    clients.map(async (client, n) => {
      let c = client;
      while (performance.now() < until) {
        const token = c.tokens[c.next];
        const { json } = await service.tables.view(c.id, token);
        const { version, action } = chooseMove(json as string);
        if (action === undefined) {
          c = await newClient(service, created++);
          clients[n] = c;
          continue;
        }
        const answer = await service.moves.post(c.id, token, { action: action as never, expectedVersion: version });
        moves++;
        c.next = nextSeat(answer.json, c.next);
      }
    }),
  );
  return moves;
}

/** The µs of CPU the log's signer takes for one checkpoint, as each version's answer has it signed, over `n`. */
function signatureUs(n: number): number {
  const signer = checkpointSigner(signingKey(LOG_KEY));
  const root = new Uint8Array(32);
  for (let i = 0; i < 200; i++) signer.sign('00000000-0000-0000-0000-000000000000', i, root);
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) signer.sign('00000000-0000-0000-0000-000000000000', i, root);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

export async function serviceAlone(seconds: number, warmUp: number): Promise<ServiceAlone> {
  return withDataDir('service', async (dataDir) => {
    const db = await openDatabase({ dataDir });
    const notifier = inProcessNotifier();
    const service = services({
      games,
      sql: db.sql,
      notifier,
      jwtSecret: 'bench-secret-of-at-least-thirty-two-bytes',
      logKey: LOG_KEY,
    });
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
