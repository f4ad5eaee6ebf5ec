import { join } from 'node:path';
import type { Config } from '../config';
import { type CheckpointSigner, checkpointSigner, type Edge, edgeIds, type Node, nodeKey, signingKey } from '../log';
import { existingLogKey, LOG_KEY_FILE, treeNodes } from '../service/log';
import type { EventRecord, GameRecord } from '../store/games';
import type { Client } from './database';
import { Refused } from './problem';

/** A game's Merkle tree as the command line reads it from the `LogNode` rows, and the server's signing key. */

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
 * The game's tree, from its `LogNode` rows. When its right edge is not all there (a game logged before
 * trees were kept), the nodes missing are worked out from `events` (the whole log) as the server's
 * backfill does, the rows there standing as they are: the same tree a server would read afterwards.
 */
export async function storedTree(db: Client, record: GameRecord, events: readonly EventRecord[]): Promise<StoredTree> {
  const rows = await db.logNode.findMany({ where: { gameId: record.id }, select: { level: true, index: true, hash: true } });
  const nodes = new Map(rows.map((r) => [nodeKey(r), { level: r.level, index: r.index, hash: Buffer.from(r.hash) }]));
  const ids = edgeIds(record.version + 1);
  const missing: Node[] = [];
  if (!ids.every((id) => nodes.has(nodeKey(id)))) {
    for (const n of treeNodes(record, events)) {
      if (!nodes.has(nodeKey(n))) {
        missing.push(n);
        nodes.set(nodeKey(n), { ...n, hash: Buffer.from(n.hash) });
      }
    }
  }
  const leafHashes = [...nodes.values()]
    .filter((n) => n.level === 0)
    .sort((a, b) => a.index - b.index)
    .map((n) => n.hash);
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
