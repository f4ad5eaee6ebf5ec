import { completedBy, HASH_BYTES, type Node, type NodeId, nodeKey } from '../log';
import { gameKeyOf, type Sql, type Statement } from './sql';

/**
 * Each game's Merkle tree, kept with its log (prisma/schema.prisma): an event's row holds the hashes
 * of the perfect subtrees above the leaves that its leaf completes (`Event.nodes`, one per level it
 * closes, level 1 first: empty when it closes none), the genesis leaf's hash is in the game's row
 * (`Game.genesis`). Node (level, index) is so found in the row of leaf `completedBy(node)`: an append
 * writes no row of its own, and a proof reads the O(log n) rows it needs by primary key. An event's own
 * leaf hash (level 0) is not kept: it is the hash of the row itself (service/log.ts works it out), and
 * keeping it cost 32 bytes an event.
 */

/** Statement texts by their number of rows: a few dozen at most, each prepared once. */
const selects = new Map<number, string>();

/**
 * One lookup by primary key per row, in one query: an OR of the keys would let a planner without
 * statistics (SQLite's, unanalyzed) scan every event of the game instead.
 */
function selectText(rows: number): string {
  let text = selects.get(rows);
  if (!text) {
    text = Array.from(
      { length: rows },
      (_, i) => `SELECT "seq", "nodes" FROM "Event" WHERE "gameKey" = ${gameKeyOf()} AND "seq" = $${i + 2}`,
    ).join(' UNION ALL ');
    selects.set(rows, text);
  }
  return text;
}

/** An event's completed nodes as its row keeps them: their hashes one after another from level 1 up. */
export const packNodes = (completed: readonly Node[]): Buffer =>
  Buffer.concat(completed.filter((n) => n.level > 0).map((n) => n.hash));

/** The hash at `level` of a packed row: the genesis row starts at level 0, an event's at level 1. */
function hashAt(packed: Buffer, level: number, first: number): Buffer | undefined {
  const at = level - first;
  return at >= 0 && packed.length >= (at + 1) * HASH_BYTES ? packed.subarray(at * HASH_BYTES, (at + 1) * HASH_BYTES) : undefined;
}

export function logStore(sql: Sql) {
  /** The stored nodes of leaves 1 and up (the events), by seq; a row whose nodes are not stored is left out. */
  async function rows(gameId: string, seqs: readonly number[]): Promise<Map<number, Buffer>> {
    if (seqs.length === 0) return new Map();
    const found = await sql.all<{ seq: number; nodes: Buffer | null }>(selectText(seqs.length), [gameId, ...seqs]);
    return new Map(found.flatMap((r) => (r.nodes ? [[r.seq, r.nodes] as const] : [])));
  }

  async function genesis(gameId: string): Promise<Buffer | null> {
    return (await sql.one<{ genesis: Buffer | null }>('SELECT "genesis" FROM "Game" WHERE "id" = $1', [gameId]))?.genesis ?? null;
  }

  return {
    /** The statement that keeps the genesis leaf's hash, in the game's creation. */
    created(gameId: string, leaf: Buffer): Statement {
      return { text: 'UPDATE "Game" SET "genesis" = $2 WHERE "id" = $1', params: [gameId, leaf], expect: 1 };
    },

    /**
     * These nodes of a game's tree, by "level.index" (those it does not hold are missing from the map,
     * among them every event's own leaf hash: the caller works those out from the events).
     */
    async nodes(gameId: string, ids: readonly NodeId[]): Promise<Map<string, Buffer>> {
      const leaves = [...new Set(ids.filter((id) => id.level > 0 || id.index === 0).map(completedBy))];
      const [events, first] = await Promise.all([
        rows(
          gameId,
          leaves.filter((l) => l > 0),
        ),
        leaves.includes(0) ? genesis(gameId) : null,
      ]);
      const found = new Map<string, Buffer>();
      for (const id of ids) {
        const leaf = completedBy(id);
        const packed = leaf === 0 ? first : events.get(leaf);
        const hash = packed ? hashAt(packed, id.level, leaf === 0 ? 0 : 1) : undefined;
        if (hash) found.set(nodeKey(id), hash);
      }
      return found;
    },

    /**
     * Keeps the whole tree of a game logged before trees were kept: each leaf's completed nodes in its
     * row, where none are yet (another server's backfill of the same log writes the same).
     */
    async backfill(gameId: string, nodes: readonly Node[]): Promise<void> {
      const byLeaf = new Map<number, Node[]>();
      for (const n of nodes) byLeaf.set(completedBy(n), [...(byLeaf.get(completedBy(n)) ?? []), n]);
      const statements: Statement[] = [...byLeaf].map(([leaf, completed]) => {
        const sorted = completed.sort((a, b) => a.level - b.level);
        return leaf === 0
          ? {
              text: 'UPDATE "Game" SET "genesis" = $2 WHERE "id" = $1 AND "genesis" IS NULL',
              params: [gameId, Buffer.concat(sorted.map((n) => n.hash))],
            }
          : {
              text: `UPDATE "Event" SET "nodes" = $3 WHERE "gameKey" = ${gameKeyOf()} AND "seq" = $2 AND "nodes" IS NULL`,
              params: [gameId, leaf, packNodes(sorted)],
            };
      });
      await sql.batch(statements, gameId);
    },
  };
}

export type LogStore = ReturnType<typeof logStore>;
