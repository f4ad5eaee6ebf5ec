import { ENGINE_VERSION, games } from '../games';
import { append, type Checkpoint, type CheckpointSigner, type Edge, leafHashOf, type Node } from '../log';
import type { GameRecordDocument } from '../record/record';
import { recordDocument } from '../service/history';
import { dealt, fold, type Live } from '../service/live';
import { eventLeaf, type LogState, logState } from '../service/log';
import { changeNotes } from '../service/notifications';
import { gameChannel, pgNotifyArgs, playerChannel } from '../service/notifier';
import type { EventRecord, GameRecord } from '../store/games';
import { toEvent } from '../store/games';
import { packNodes } from '../store/log';
import type { NewNotification } from '../store/players';
import type { AdminDatabase, Client } from './database';
import { storedTree } from './log';
import { Refused } from './problem';
import { type Abandoned, abandoned, CHANGED, listed, type Sweep } from './queries';
import { ended, toRecord } from './rows';

/** The commands that replay a game through its engine, as the server would: the record, and the abort. */

/** The game as the server would hold it after these events: its deal replayed through the engine it was played under. */
function rebuilt(record: GameRecord, events: readonly EventRecord[], log: LogState): Live {
  const game = games.get(record.kind);
  if (!game) throw new Refused(`game ${record.id} is of kind "${record.kind}", which this checkout does not know`);
  if (record.engineVersion !== ENGINE_VERSION) {
    throw new Refused(
      `game ${record.id} was played under engine version ${record.engineVersion}; this checkout runs version ${ENGINE_VERSION}`,
    );
  }
  return { record, game, ...fold(game, dealt(record, game), events), views: new Map(), log };
}

/**
 * The record of an ended game: the same document as `GET /games/{id}/record`, its leaf hashes as
 * stored and its tree's head signed with the server's key.
 */
export async function exportRecord(db: Client, id: string, signer: CheckpointSigner): Promise<GameRecordDocument> {
  const g = await db.game.findUnique({
    where: { id },
    include: { seats: { orderBy: { seat: 'asc' } }, key: { include: { events: { orderBy: { seq: 'asc' } } } } },
  });
  if (!g) throw new Refused(`there is no game ${id}`);
  if (!ended(g.status)) {
    throw new Refused(
      `game ${id} is ${g.status}: a record is for a finished or aborted game (the seed stays secret until the end)`,
    );
  }
  const record = toRecord(g);
  const events = (g.key?.events ?? []).map(toEvent);
  const tree = await storedTree(db, record, events);
  const current = rebuilt(record, events, logState(signer, id, tree.edge));
  return recordDocument(
    current,
    events,
    tree.leafHashes.map((h) => h.toString('base64')),
    signer.publicKey,
  );
}

/**
 * A tree whose head the command line does not sign: an abort writes the tree's nodes, and the servers
 * sign its head when they read it, with their key.
 */
const unsigned = (edge: Edge): LogState => ({
  edge,
  get checkpoint(): Checkpoint {
    throw new Error('the command line signs no tree head when it aborts a table');
  },
});

/** An abort worked out from the table as read: its event, the tree's nodes to write, the game after it, and what its players are told. */
interface Abort {
  event: EventRecord;
  nodes: { missing: Node[]; completed: Node[] };
  revision: number;
  notes: NewNotification[];
}

/**
 * Aborts a waiting table as the server aborts a game: an `abort` event (by the service, for seat 0:
 * no seat asked) ends the log and its leaf joins the game's tree, the status becomes aborted, which
 * reveals the seed, the revision is bumped so that running servers' caches reload it, the server's
 * run grows by one as for any event a person did not make, and the players seated are told it has
 * ended (a `finished` notification, as for any abort). Refused for a table this checkout cannot replay.
 * A waiting table has no events (seats change hands by revision), so its tree is the genesis alone.
 */
async function abortOf(db: Client, g: Abandoned, at: Date): Promise<Abort> {
  const table = toRecord(g);
  const tree = await storedTree(db, table, []);
  const before = rebuilt(table, [], unsigned(tree.edge));
  const event: EventRecord = {
    seq: g.version + 1,
    seat: 0,
    kind: 'abort',
    by: 'service',
    action: { type: 'abort', reason: 'abandoned' },
    views: null,
    createdAt: at,
  };
  const grown = append(tree.edge, leafHashOf(eventLeaf(g.seed, event)));
  const record = {
    ...before.record,
    status: 'aborted' as const,
    version: event.seq,
    revision: g.revision + 1,
    serverRun: g.serverRun + 1,
    updatedAt: at,
  };
  // In player order, as the server writes them: two writers lock players' rows in the same order.
  const notes = changeNotes({ before, after: rebuilt(record, [event], unsigned(grown.edge)), event }).sort((a, b) =>
    a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0,
  );
  return { event, nodes: { missing: tree.missing, completed: grown.completed }, revision: record.revision, notes };
}

/** Thrown inside a transaction to roll it back: the table changed after it was read. */
class Changed extends Error {}

/** Writes the abort in one transaction, if nobody joined or left since the table was read; false if someone did. */
async function commit(db: AdminDatabase, g: Abandoned, { event, nodes, revision, notes }: Abort): Promise<boolean> {
  const at = event.createdAt;
  try {
    await db.client.$transaction(async (tx) => {
      const { count } = await tx.game.updateMany({
        where: { id: g.id, status: 'waiting', revision: g.revision, version: g.version },
        data: {
          status: 'aborted',
          version: event.seq,
          revision: { increment: 1 },
          serverRun: { increment: 1 },
          toAct: '[]',
          result: null,
          updatedAt: at,
        },
      });
      if (count !== 1) throw new Changed();
      // A tree from before trees were kept: its genesis written as the server's backfill writes it (a
      // waiting table has no events), unless a server wrote it meanwhile.
      for (const n of nodes.missing) {
        await tx.game.updateMany({ where: { id: g.id, genesis: null }, data: { genesis: Uint8Array.from(n.hash) } });
      }
      await tx.event.create({
        data: {
          game: { connect: { gameId: g.id } },
          seq: event.seq,
          seat: event.seat,
          kind: event.kind,
          by: event.by,
          action: JSON.stringify(event.action),
          createdAt: at,
          // What the abort's leaf completes, kept in its row as the server's append keeps it.
          nodes: Uint8Array.from(packNodes(nodes.completed)),
        },
      });
      for (const n of notes) {
        const { notified } = await tx.player.update({
          where: { id: n.playerId },
          data: { notified: { increment: 1 } },
          select: { notified: true },
        });
        await tx.notification.create({
          data: {
            playerId: n.playerId,
            seq: notified,
            type: n.type,
            gameId: g.id,
            payload: JSON.stringify(n.payload),
            createdAt: at,
          },
        });
      }
    });
  } catch (e) {
    if (e instanceof Changed) return false;
    throw e;
  }
  if (db.provider === 'postgresql') {
    // Every server's streams of the game and of its players hear of it now (on SQLite there is one
    // server, whose caches see the change; its open streams hear at their next change or reconnection).
    const messages = [
      { channel: gameChannel(g.id), payload: String(revision) },
      ...[...new Set(notes.map((n) => n.playerId))].map((p) => ({ channel: playerChannel(p), payload: 'new' })),
    ];
    const [channel, payload] = pgNotifyArgs(messages);
    await db.client.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
  }
  return true;
}

/** Aborts the waiting tables nobody joined or left since `before`; with `dryRun`, only says which it would. */
export async function abortWaiting(db: AdminDatabase, before: Date, dryRun: boolean, now: () => Date): Promise<Sweep> {
  const swept: Sweep['games'] = [];
  for (const g of await abandoned(db.client, before)) {
    let outcome: string;
    try {
      const abort = await abortOf(db.client, g, now());
      outcome = dryRun ? 'would abort' : (await commit(db, g, abort)) ? 'aborted' : CHANGED;
    } catch (e) {
      // A table this checkout cannot replay (another engine version, an unknown kind): the others go on.
      if (!(e instanceof Refused)) throw e;
      outcome = `left as it is: ${e.message}`;
    }
    swept.push({ ...listed(g), outcome });
  }
  return { dryRun, before: before.toISOString(), games: swept };
}
