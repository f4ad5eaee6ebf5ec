import { type Node, type NodeId, nodeKey } from '../log';
import type { Sql, Statement } from './sql';

/** The perfect subtrees of each game's Merkle tree (prisma/schema.prisma, LogNode): written once, never changed. */

/** Statement texts by their number of rows: a few dozen at most, each prepared once. */
const inserts = new Map<number, string>();
const selects = new Map<number, string>();

function insertText(rows: number, orIgnore: boolean): string {
  const key = orIgnore ? -rows : rows;
  let text = inserts.get(key);
  if (!text) {
    const values = Array.from({ length: rows }, (_, i) => `($1, $${3 * i + 2}, $${3 * i + 3}, $${3 * i + 4})`);
    text = `INSERT INTO "LogNode" ("gameId", "level", "index", "hash") VALUES ${values.join(', ')}${orIgnore ? ' ON CONFLICT DO NOTHING' : ''}`;
    inserts.set(key, text);
  }
  return text;
}

/**
 * One lookup by primary key per node, in one query: an OR of the pairs would let a planner without
 * statistics (SQLite's, unanalyzed) scan every node of the game instead.
 */
function selectText(rows: number): string {
  let text = selects.get(rows);
  if (!text) {
    text = Array.from(
      { length: rows },
      (_, i) =>
        `SELECT "level", "index", "hash" FROM "LogNode" WHERE "gameId" = $1 AND "level" = $${2 * i + 2} AND "index" = $${2 * i + 3}`,
    ).join(' UNION ALL ');
    selects.set(rows, text);
  }
  return text;
}

/** Rows a driver gives back: bytes as a Buffer (better-sqlite3 and pg alike). */
interface NodeRow {
  level: number;
  index: number;
  hash: Buffer;
}

/** Rows per statement when a whole tree is written at once (a backfill): 1,501 parameters, well within both databases' limits. */
const CHUNK = 500;

export function logStore(sql: Sql) {
  return {
    /**
     * The statement that writes the nodes an append completes, for the append's own transaction: a
     * node taken by another writer's append rolls it back like the event's own position would.
     */
    insert(gameId: string, nodes: readonly Node[]): Statement {
      return { text: insertText(nodes.length, false), params: [gameId, ...nodes.flatMap((n) => [n.level, n.index, n.hash])] };
    },

    /** These nodes of a game's tree, by "level.index" (those it does not hold are missing from the map). */
    async nodes(gameId: string, ids: readonly NodeId[]): Promise<Map<string, Buffer>> {
      if (ids.length === 0) return new Map();
      const rows = await sql.all<NodeRow>(selectText(ids.length), [gameId, ...ids.flatMap((id) => [id.level, id.index])]);
      return new Map(rows.map((r) => [nodeKey(r), r.hash]));
    },

    /** Every leaf hash of a game, in order (for its record). */
    async leaves(gameId: string): Promise<Buffer[]> {
      const rows = await sql.all<NodeRow>(
        'SELECT "level", "index", "hash" FROM "LogNode" WHERE "gameId" = $1 AND "level" = 0 ORDER BY "index"',
        [gameId],
      );
      return rows.map((r) => r.hash);
    },

    /** Writes a whole tree of a game logged before trees were kept; a node another server wrote first is left as it is (the same). */
    async backfill(gameId: string, nodes: readonly Node[]): Promise<void> {
      // Full chunks, then the rest a row at a time: two statement texts in all, whatever the tree's size.
      const statements: Statement[] = [];
      for (let i = 0; i < nodes.length; ) {
        const rows = nodes.length - i >= CHUNK ? CHUNK : 1;
        const chunk = nodes.slice(i, i + rows);
        statements.push({ text: insertText(rows, true), params: [gameId, ...chunk.flatMap((n) => [n.level, n.index, n.hash])] });
        i += rows;
      }
      await sql.batch(statements, gameId);
    },
  };
}

export type LogStore = ReturnType<typeof logStore>;
