import { completedBy, HASH_BYTES, type Node, type NodeId, nodeKey } from '../log';
import { gameKeyOf, type Sql, type Statement } from './sql';

/**
 * Each game's Merkle tree, kept with its log (prisma/schema.prisma): an event's row holds the hashes
 * of the perfect subtrees its leaf completes (`Event.nodes`, its own leaf hash first, then one per
 * level it closes), the genesis leaf's hash is in the game's row (`Game.genesis`). Node (level, index)
 * is so found in the row of leaf `completedBy(node)`, at `level`: an append writes no row of its own,
 * and a proof reads the O(log n) rows it needs by primary key.
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

/** A leaf's completed nodes as stored: their hashes one after another, lowest level first. */
export const packNodes = (completed: readonly Node[]): Buffer => Buffer.concat(completed.map((n) => n.hash));

const hashAt = (packed: Buffer, level: number): Buffer | undefined =>
  packed.length >= (level + 1) * HASH_BYTES ? packed.subarray(level * HASH_BYTES, (level + 1) * HASH_BYTES) : undefined;

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

    /** These nodes of a game's tree, by "level.index" (those it does not hold are missing from the map). */
    async nodes(gameId: string, ids: readonly NodeId[]): Promise<Map<string, Buffer>> {
      const leaves = [...new Set(ids.map(completedBy))];
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
        const hash = packed ? hashAt(packed, id.level) : undefined;
        if (hash) found.set(nodeKey(id), hash);
      }
      return found;
    },

    /** Every leaf hash of a game, in order (for its record); null when some leaf's nodes are not stored. */
    async leaves(gameId: string): Promise<Buffer[] | null> {
      const [first, events] = await Promise.all([
        genesis(gameId),
        sql.all<{ nodes: Buffer | null }>(`SELECT "nodes" FROM "Event" WHERE "gameKey" = ${gameKeyOf()} ORDER BY "seq"`, [
          gameId,
        ]),
      ]);
      if (!first || events.some((e) => !e.nodes)) return null;
      return [first, ...events.map((e) => hashAt(e.nodes as Buffer, 0) as Buffer)];
    },

    /**
     * Keeps the whole tree of a game logged before trees were kept: each leaf's completed nodes in its
     * row, where none are yet (another server's backfill of the same log writes the same).
     */
    async backfill(gameId: string, nodes: readonly Node[]): Promise<void> {
      const byLeaf = new Map<number, Node[]>();
      for (const n of nodes) byLeaf.set(completedBy(n), [...(byLeaf.get(completedBy(n)) ?? []), n]);
      const statements: Statement[] = [...byLeaf].map(([leaf, completed]) => {
        const packed = packNodes(completed.sort((a, b) => a.level - b.level));
        return leaf === 0
          ? { text: 'UPDATE "Game" SET "genesis" = $2 WHERE "id" = $1 AND "genesis" IS NULL', params: [gameId, packed] }
          : {
              text: `UPDATE "Event" SET "nodes" = $3 WHERE "gameKey" = ${gameKeyOf()} AND "seq" = $2 AND "nodes" IS NULL`,
              params: [gameId, leaf, packed],
            };
      });
      await sql.batch(statements, gameId);
    },
  };
}

export type LogStore = ReturnType<typeof logStore>;
