import { fold, type NodeId } from './compact';
import { type Hash, nodeHash, sameHash } from './rfc6962';

/**
 * Inclusion and consistency proofs of RFC 9162 §2.1.3-2.1.4: produced from the perfect subtrees a
 * store keeps (O(log n) of them per proof), and verified with the RFC's own algorithms.
 *
 * Every element of a proof is the head of a run of leaves [begin, end) whose start is a multiple of
 * the largest power of two not above its length: a perfect subtree, or one of the right edge made of
 * a few (transparency-dev/merkle's "ephemeral" node), hashed from them as MTH defines.
 */

/** The leaves [begin, end) whose tree head is one element of a proof. */
export interface Span {
  begin: number;
  end: number;
}

/** The largest power of two smaller than n (n > 1): where MTH splits a tree of n leaves. */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** PATH(m, D[n]) of RFC 9162 §2.1.3.1, as the spans whose heads it lists, nearest the leaf first. */
export function inclusionSpans(index: number, size: number): Span[] {
  const spans: Span[] = [];
  let begin = 0;
  let end = size;
  // Walks down from the root; each step adds the sibling, so the list is built from the top and reversed.
  while (end - begin > 1) {
    const k = split(end - begin);
    if (index - begin < k) {
      spans.push({ begin: begin + k, end });
      end = begin + k;
    } else {
      spans.push({ begin, end: begin + k });
      begin += k;
    }
  }
  return spans.reverse();
}

/** PROOF(m, D[n]) = SUBPROOF(m, D[n], true) of RFC 9162 §2.1.4.1, as spans, in the RFC's order. */
export function consistencySpans(first: number, second: number): Span[] {
  const spans: Span[] = [];
  let begin = 0;
  let end = second;
  let m = first;
  let whole = true;
  while (m !== end - begin) {
    const k = split(end - begin);
    if (m <= k) {
      spans.push({ begin: begin + k, end });
      end = begin + k;
    } else {
      spans.push({ begin, end: begin + k });
      m -= k;
      begin += k;
      whole = false;
    }
  }
  // SUBPROOF(m, D[m], false) is MTH(D[m]): the old tree's own head, unless it is the whole old tree.
  if (!whole) spans.push({ begin, end });
  return spans.reverse();
}

/** The perfect subtrees a span is made of, left to right (the set bits of its length, largest first). */
export function cover({ begin, end }: Span): NodeId[] {
  const ids: NodeId[] = [];
  let at = begin;
  for (let level = 31; level >= 0; level--) {
    if (((end - begin) >>> level) & 1) {
      ids.push({ level, index: at >>> level });
      at += 2 ** level;
    }
  }
  return ids;
}

/** Every perfect subtree the proof needs, each once: what to read from the store. */
export function nodesFor(spans: readonly Span[]): NodeId[] {
  const seen = new Map<string, NodeId>();
  for (const span of spans) for (const id of cover(span)) seen.set(nodeKey(id), id);
  return [...seen.values()];
}

export const nodeKey = ({ level, index }: NodeId) => `${level}.${index}`;

/** The proof's hashes, from the perfect subtrees `nodesFor` named (keyed by `nodeKey`). */
export function proofFrom(spans: readonly Span[], nodes: ReadonlyMap<string, Hash>): Hash[] {
  return spans.map((span) =>
    fold(
      cover(span).map((id) => {
        const hash = nodes.get(nodeKey(id));
        if (!hash) throw new Error(`the tree has no node ${nodeKey(id)}`);
        return hash;
      }),
    ),
  );
}

/** Right-shifts fn and sn together until fn's lowest bit is set or fn is 0 (the RFC's loop). */
function climb(fn: number, sn: number): [number, number] {
  while ((fn & 1) === 0 && fn !== 0) {
    fn >>>= 1;
    sn >>>= 1;
  }
  return [fn, sn];
}

/** RFC 9162 §2.1.3.2: does `proof` show the leaf with hash `leaf` at `index` in the tree of `size` whose head is `root`? */
export function verifyInclusion(leaf: Hash, index: number, size: number, proof: readonly Hash[], root: Hash): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn & 1 || fn === sn) {
      r = nodeHash(p, r);
      if (!(fn & 1)) [fn, sn] = climb(fn, sn);
    } else {
      r = nodeHash(r, p);
    }
    fn >>>= 1;
    sn >>>= 1;
  }
  return sn === 0 && sameHash(r, root);
}

/**
 * RFC 9162 §2.1.4.2: does `proof` show that the tree of `first` leaves with head `firstRoot` is the
 * beginning of the tree of `second` leaves with head `secondRoot`? Equal sizes need an empty proof
 * and equal heads; a tree of no leaves has nothing to prove and is refused.
 */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Hash,
  secondRoot: Hash,
  proof: readonly Hash[],
): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || first > second) return false;
  if (first === second) return proof.length === 0 && sameHash(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  // The old tree's head opens the path when the old tree is a perfect subtree of the new one.
  const path = (first & (first - 1)) === 0 ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn & 1) {
    fn >>>= 1;
    sn >>>= 1;
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn & 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!(fn & 1)) [fn, sn] = climb(fn, sn);
    } else {
      sr = nodeHash(sr, c);
    }
    fn >>>= 1;
    sn >>>= 1;
  }
  return sn === 0 && sameHash(fr, firstRoot) && sameHash(sr, secondRoot);
}
