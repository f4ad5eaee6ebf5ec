import { emptyRoot, type Hash, nodeHash } from './rfc6962';

/**
 * A tree by its right edge (transparency-dev/merkle's `compact` range over [0, size)): the roots of
 * the perfect subtrees that make up a tree of `size` leaves, one per bit set in `size`, the largest
 * (leftmost) first. A leaf is appended, and the root read, in O(log n) without rereading the tree.
 */

/** A perfect subtree: at `level` it covers leaves index·2^level up to (index+1)·2^level - 1. Level 0 is a leaf. */
export interface NodeId {
  level: number;
  index: number;
}

export interface Node extends NodeId {
  hash: Hash;
}

export interface Edge {
  size: number;
  /** The hashes of the perfect subtrees of `edgeIds(size)`, in that order. */
  hashes: Hash[];
}

export const EMPTY: Edge = { size: 0, hashes: [] };

/** The perfect subtrees that make up a tree of `size` leaves, left to right. */
export function edgeIds(size: number): NodeId[] {
  const ids: NodeId[] = [];
  for (let level = 31; level >= 0; level--) {
    if ((size >>> level) & 1) ids.push({ level, index: (size >>> level) - 1 });
  }
  return ids;
}

/**
 * Appends a leaf: the new edge, and every perfect subtree the leaf completes (the leaf itself first,
 * then one more for each trailing one bit of the old size: two on average).
 */
export function append(edge: Edge, leaf: Hash): { edge: Edge; completed: Node[] } {
  const hashes = edge.hashes.slice();
  let node: Node = { level: 0, index: edge.size, hash: leaf };
  const completed = [node];
  for (let size = edge.size; size & 1; size >>>= 1) {
    const left = hashes.pop() as Hash;
    node = { level: node.level + 1, index: node.index >>> 1, hash: nodeHash(left, node.hash) };
    completed.push(node);
  }
  hashes.push(node.hash);
  return { edge: { size: edge.size + 1, hashes }, completed };
}

/**
 * The leaf whose append completes a node: the last leaf it covers. Each leaf completes its own node
 * and one per level above it that it closes, so a store can keep a leaf's completed nodes with the
 * leaf, `level` being the node's place among them.
 */
export const completedBy = (id: NodeId): number => (id.index + 1) * 2 ** id.level - 1;

/** MTH of the hashes of consecutive perfect subtrees, largest first: each is the left child of the rest. */
export function fold(hashes: readonly Hash[]): Hash {
  if (hashes.length === 0) return emptyRoot();
  let root = hashes[hashes.length - 1];
  for (let i = hashes.length - 2; i >= 0; i--) root = nodeHash(hashes[i], root);
  return root;
}

/** The tree head (MTH, RFC 9162 §2.1.1) of the tree the edge ends. */
export const rootOf = (edge: Edge): Hash => fold(edge.hashes);
