import { join } from 'node:path';
import type { Config } from '../config';
import {
  type CheckpointSigner,
  checkpointSigner,
  type Edge,
  edgeIds,
  HASH_BYTES,
  leafHashOf,
  type Node,
  nodeKey,
  signingKey,
} from '../log';
import { eventLeaf, existingLogKey, LOG_KEY_FILE, treeNodes } from '../service/log';
import type { EventRecord, GameRecord } from '../store/games';
import type { Client } from './database';
import { Refused } from './problem';

/** A game's Merkle tree as the command line reads it from its rows (`Game.genesis`, `Event.nodes`), and the server's signing key. */

/** The tree of a game at its version, as a server would find it. */
export interface StoredTree {
  /** The right edge of the tree of version + 1 leaves. */
  edge: Edge;
  /** Every leaf hash, in order. */
  leafHashes: Buffer[];
  /** Nodes a server would write before using the tree (a game logged before trees were kept): none when it is whole. */
  missing: Node[];
}

/**
 * The nodes a leaf's row keeps (store/log.ts): its completed subtrees, lowest level first, from level 0
 * for the genesis and from level 1 for an event (whose own leaf hash is worked out from its row).
 */
function unpacked(leaf: number, packed: Uint8Array): Node[] {
  const nodes: Node[] = [];
  const first = leaf === 0 ? 0 : 1;
  for (let at = 0; (at + 1) * HASH_BYTES <= packed.length; at++) {
    const level = first + at;
    nodes.push({
      level,
      index: (leaf + 1) / 2 ** level - 1,
      hash: Buffer.from(packed.subarray(at * HASH_BYTES, (at + 1) * HASH_BYTES)),
    });
  }
  return nodes;
}

/**
 * The game's tree, from its rows. When some leaf's nodes are not there (a game logged before trees
 * were kept), the nodes missing are worked out from `events` (the whole log) as the server's backfill
 * does, the nodes stored standing as they are: the same tree a server would read afterwards.
 */
export async function storedTree(db: Client, record: GameRecord, events: readonly EventRecord[]): Promise<StoredTree> {
  const [game, rows] = await Promise.all([
    db.game.findUnique({ where: { id: record.id }, select: { genesis: true } }),
    db.event.findMany({ where: { game: { gameId: record.id } }, select: { seq: true, nodes: true }, orderBy: { seq: 'asc' } }),
  ]);
  const nodes = new Map<string, Node>();
  for (const [leaf, packed] of [[0, game?.genesis ?? null] as const, ...rows.map((r) => [r.seq, r.nodes] as const)]) {
    if (packed) for (const n of unpacked(leaf, packed)) nodes.set(nodeKey(n), n);
  }
  for (const e of events) {
    const n = { level: 0, index: e.seq, hash: Buffer.from(leafHashOf(eventLeaf(record.seed, e))) };
    nodes.set(nodeKey(n), n);
  }
  const missing: Node[] = [];
  if (nodes.size === 0 || rows.some((r) => !r.nodes) || !game?.genesis) {
    for (const n of treeNodes(record, events)) {
      if (!nodes.has(nodeKey(n))) {
        missing.push(n);
        nodes.set(nodeKey(n), { ...n, hash: Buffer.from(n.hash) });
      }
    }
  }
  const ids = edgeIds(record.version + 1);
  const leafHashes = [...nodes.values()]
    .filter((n) => n.level === 0)
    .sort((a, b) => a.index - b.index)
    .map((n) => Buffer.from(n.hash));
  return {
    edge: { size: record.version + 1, hashes: ids.map((id) => (nodes.get(nodeKey(id)) as Node).hash) },
    leafHashes,
    missing,
  };
}

/**
 * The server's signing key, as a server on this configuration would load it (LOG_SIGNING_KEY, or the
 * file a server keeps in DATA_DIR), never made here: a record signed under a key no server holds
 * would not match what its clients pinned.
 */
export function serverSigner(config: Pick<Config, 'logSigningKey' | 'dataDir'>): CheckpointSigner {
  const file = join(config.dataDir, LOG_KEY_FILE);
  const text = existingLogKey(config.logSigningKey, config.dataDir);
  if (text === undefined) {
    throw new Refused(
      `there is no log signing key: LOG_SIGNING_KEY is not set and there is no ${file} (a server makes it on its first start). A record's checkpoint is signed with the server's key: set LOG_SIGNING_KEY or DATA_DIR as the server has them`,
    );
  }
  try {
    return checkpointSigner(signingKey(text));
  } catch (e) {
    throw new Refused(`cannot sign with the key in ${config.logSigningKey ? 'LOG_SIGNING_KEY' : file}: ${(e as Error).message}`);
  }
}
