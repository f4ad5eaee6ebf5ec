import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Action,
  type CreateGameRequest,
  createGame,
  getGame,
  getView,
  listCatalog,
  makeMove,
  type View,
} from '../clients/typescript/src';
import { type Client, createClient } from '../clients/typescript/src/client';
import { games } from '../src/games';
import { listening, privateDatabase, startServer, type TestServer } from './support/harness';
import { shortOptions } from './support/short-games';

/**
 * The generated client (clients/typescript) plays one whole game of every kind against a server on
 * a free port, as a bot would: through the client alone, posting only actions read from the view's
 * legalActions. This file is type-checked with the project: the client's types must carry a game.
 */

let server: TestServer;
let drop: () => Promise<void>;
let baseUrl: string;

beforeAll(async () => {
  const where = await privateDatabase();
  drop = where.drop;
  server = await startServer(where);
  baseUrl = (await listening(server)).base;
});
afterAll(async () => {
  await server.close();
  await drop();
});

/** A client speaking for one seat: its token goes with every call that takes one. */
const seatClient = (token?: string): Client => createClient({ baseUrl, ...(token ? { auth: token } : {}) });

/** What a front end shows of a view, by kind: the client narrows the view's state to the kind's own. */
function headline(view: View): string {
  switch (view.kind) {
    case 'kaiser':
      return `Kaiser, ${view.state?.phase ?? 'waiting'}, dealer ${view.state?.dealer}`;
    case 'scopa':
      return `Scopa, ${view.state?.table.length ?? 0} cards on the table`;
    case 'divide-and-conquer':
      return `Divide and Conquer, ${view.state?.matches.length ?? 0} matches`;
    default:
      return `${view.kind}, version ${view.version}`;
  }
}

describe('the generated TypeScript client', () => {
  for (const kind of games.keys()) {
    it(`plays a whole game of ${kind}, posting only the actions the view lists`, async () => {
      const anyone = seatClient();
      const entry = (await listCatalog({ client: anyone, throwOnError: true })).data.games.find((g) => g.kind === kind);
      expect(entry).toBeDefined();
      const seats = entry?.seats.counts[0] as number;
      const request = { kind, seats, options: shortOptions(kind) } as CreateGameRequest;
      const created = (await createGame({ client: anyone, body: request, throwOnError: true })).data;
      expect(created.kind).toBe(kind);
      const clients = created.seats.map((s) => seatClient(s.token));

      let { status, toAct } = created;
      for (let n = 0; status === 'active'; n++) {
        expect(n, `${kind} is still being played after ${n} moves`).toBeLessThan(5_000);
        const seat = toAct[n % toAct.length];
        const client = clients[seat];
        const view = (await getView({ client, path: { id: created.id }, throwOnError: true })).data;
        expect(view.kind).toBe(kind);
        const legal: Action[] = view.legalActions;
        const action = legal[(n * 7919) % legal.length];
        const after = (
          await makeMove({
            client,
            path: { id: created.id },
            body: { action, expectedVersion: view.version },
            throwOnError: true,
          })
        ).data;
        ({ status, toAct } = after);
      }

      const summary = (await getGame({ client: anyone, path: { id: created.id }, throwOnError: true })).data;
      expect(summary.status).toBe('finished');
      expect(summary.result?.winners.length).toBeGreaterThan(0);
      const spectator = (await getView({ client: anyone, path: { id: created.id }, throwOnError: true })).data;
      expect(headline(spectator)).toMatch(/\w/);
    });
  }
});
