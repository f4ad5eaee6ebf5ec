import { describe, expect, it } from 'vitest';
import { append, type Edge, EMPTY, edgeIds, type Node, rootOf } from './compact';
import { consistencySpans, inclusionSpans, nodeKey, nodesFor, proofFrom, verifyConsistency, verifyInclusion } from './proof';
import { emptyRoot, type Hash, leafHash, nodeHash } from './rfc6962';

// RFC 6962 reference data of certificate-transparency, as transparency-dev/merkle uses it (testonly/constants.go, testdata/).
const LEAF_INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION = [
  { index: 0, size: 1, proof: [] },
  {
    index: 0,
    size: 8,
    proof: [
      'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'a0eq8p7jwq+a+Im8H7klTavTEXfxYjLdaqsDXKOb9uQ=',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms=',
      'yoVOoSjtBQtBs1/8G4e46yveRh6eO1WW7Oa51ZdaCuA=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
  },
  { index: 2, size: 3, proof: ['+sVCA+fMaWzw38tCySodnbr3CtnmIfS9jZhmLwDjwSU='] },
  {
    index: 1,
    size: 5,
    proof: [
      'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms=',
    ],
  },
];
const CONSISTENCY = [
  { first: 1, second: 1, proof: [] },
  {
    first: 1,
    second: 8,
    proof: [
      'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'a0eq8p7jwq+a+Im8H7klTavTEXfxYjLdaqsDXKOb9uQ=',
    ],
  },
  {
    first: 6,
    second: 8,
    proof: [
      'DrxdNDf74tsVi58Sah0RjjCBgQMdCpSfje3t68VY72o=',
      'yoVOoSjtBQtBs1/8G4e46yveRh6eO1WW7Oa51ZdaCuA=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
  },
  {
    first: 2,
    second: 5,
    proof: ['Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=', 'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms='],
  },
  {
    first: 6,
    second: 7,
    proof: [
      'DrxdNDf74tsVi58Sah0RjjCBgQMdCpSfje3t68VY72o=',
      'sIaT7C5yFZcTBkHoIR5+7cy0wmQTlj7ubB4u0W/7Gl8=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
  },
];

const hex = (h: Hash) => Buffer.from(h).toString('hex');
const b64 = (h: Hash) => Buffer.from(h).toString('base64');
const fromB64 = (list: string[]) => list.map((s) => Buffer.from(s, 'base64'));

/** A tree grown leaf by leaf as the store grows it: every perfect subtree kept, every edge along the way. */
function grow(leaves: readonly Hash[]) {
  const nodes = new Map<string, Hash>();
  const edges: Edge[] = [EMPTY];
  let completedCount = 0;
  for (const leaf of leaves) {
    const { edge, completed } = append(edges[edges.length - 1], leaf);
    for (const n of completed) nodes.set(nodeKey(n), n.hash);
    completedCount += completed.length;
    edges.push(edge);
  }
  return { nodes, edges, roots: edges.map(rootOf), completedCount };
}

// The RFC's definitions, written out as recursions: what the store-driven proofs must equal.
const split = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);
const mth = (d: readonly Hash[]): Hash =>
  d.length === 0
    ? emptyRoot()
    : d.length === 1
      ? d[0]
      : nodeHash(mth(d.slice(0, split(d.length))), mth(d.slice(split(d.length))));
function path(m: number, d: readonly Hash[]): Hash[] {
  if (d.length <= 1) return [];
  const k = split(d.length);
  return m < k ? [...path(m, d.slice(0, k)), mth(d.slice(k))] : [...path(m - k, d.slice(k)), mth(d.slice(0, k))];
}
function subproof(m: number, d: readonly Hash[], whole: boolean): Hash[] {
  if (m === d.length) return whole ? [] : [mth(d)];
  const k = split(d.length);
  return m <= k
    ? [...subproof(m, d.slice(0, k), whole), mth(d.slice(k))]
    : [...subproof(m - k, d.slice(k), false), mth(d.slice(0, k))];
}

const vectorLeaves = LEAF_INPUTS.map((h) => leafHash(Buffer.from(h, 'hex')));
const vectorTree = grow(vectorLeaves);
const flipped = (h: Hash, at: number) => {
  const copy = Buffer.from(h);
  copy[at % copy.length] ^= 0x01;
  return copy;
};

describe('RFC 6962 reference vectors', () => {
  it('the empty tree and the trees of 1 to 8 leaves have the published heads', () => {
    expect(vectorTree.roots.map(hex)).toEqual(ROOTS);
  });

  it('inclusion proofs are the published ones, and verify', () => {
    for (const v of INCLUSION) {
      const spans = inclusionSpans(v.index, v.size);
      const proof = proofFrom(spans, vectorTree.nodes);
      expect(proof.map(b64), `${v.index} in ${v.size}`).toEqual(v.proof);
      expect(verifyInclusion(vectorLeaves[v.index], v.index, v.size, fromB64(v.proof), vectorTree.roots[v.size])).toBe(true);
    }
  });

  it('consistency proofs are the published ones, and verify', () => {
    for (const v of CONSISTENCY) {
      const proof = proofFrom(consistencySpans(v.first, v.second), vectorTree.nodes);
      expect(proof.map(b64), `${v.first} to ${v.second}`).toEqual(v.proof);
      const [r1, r2] = [vectorTree.roots[v.first], vectorTree.roots[v.second]];
      expect(verifyConsistency(v.first, v.second, r1, r2, fromB64(v.proof))).toBe(true);
    }
  });

  it('the published failing probes fail: a wrong leaf, swapped heads, a truncated proof', () => {
    const [, eight] = INCLUSION;
    expect(verifyInclusion(Buffer.from('V3JvbmdMZWFm', 'base64'), 0, 8, fromB64(eight.proof), vectorTree.roots[8])).toBe(false);
    const [, oneToEight, sixToEight] = CONSISTENCY;
    expect(verifyConsistency(1, 8, vectorTree.roots[8], vectorTree.roots[1], fromB64(oneToEight.proof))).toBe(false);
    const truncated = fromB64(sixToEight.proof).slice(0, 2);
    expect(verifyConsistency(6, 8, vectorTree.roots[6], vectorTree.roots[8], truncated)).toBe(false);
  });
});

const MAX = 64;
/** The other sizes a forger might claim instead of n: the nearest four either side, half and double, within 1..MAX. */
const near = (n: number) =>
  [...new Set([n - 4, n - 3, n - 2, n - 1, n + 1, n + 2, n + 3, n + 4, n >> 1, n * 2])].filter(
    (m) => m !== n && m >= 1 && m <= MAX,
  );
const leaves = Array.from({ length: MAX }, (_, i) => leafHash(Buffer.from(`leaf ${i}`)));
const tree = grow(leaves);

describe('a tree grown leaf by leaf', () => {
  it('has, at every size, the head MTH gives, from the perfect subtrees its edge names', () => {
    for (let size = 0; size <= MAX; size++) {
      expect(hex(tree.roots[size])).toBe(hex(mth(leaves.slice(0, size))));
      const ids = edgeIds(size);
      expect(tree.edges[size].hashes.map(hex)).toEqual(ids.map((id) => hex(tree.nodes.get(nodeKey(id)) as Hash)));
    }
  });

  it('keeps every perfect subtree once: 2n - popcount(n) nodes for n leaves, two an append on average', () => {
    expect(tree.completedCount).toBe(2 * MAX - 1);
    expect(tree.nodes.size).toBe(2 * MAX - 1);
    const node = (level: number, index: number) => tree.nodes.get(nodeKey({ level, index }));
    // Node (2, 3) covers leaves 12 to 15.
    expect(hex(node(2, 3) as Hash)).toBe(hex(mth(leaves.slice(12, 16))));
    const appended: Node[] = append(tree.edges[7], leaves[7]).completed;
    expect(appended.map(({ level, index }) => [level, index])).toEqual([
      [0, 7],
      [1, 3],
      [2, 1],
      [3, 0],
    ]);
  });
});

describe('every inclusion proof of every tree of 1 to 64 leaves', () => {
  it('is RFC 9162 PATH, read from O(log n) perfect subtrees, and verifies', () => {
    for (let size = 1; size <= MAX; size++) {
      for (let index = 0; index < size; index++) {
        const spans = inclusionSpans(index, size);
        expect(nodesFor(spans).length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(size)) + 1);
        const proof = proofFrom(spans, tree.nodes);
        expect(proof.map(hex)).toEqual(path(index, leaves.slice(0, size)).map(hex));
        expect(verifyInclusion(leaves[index], index, size, proof, tree.roots[size])).toBe(true);
      }
    }
  });

  it('is refused with any byte changed, another leaf, index or size, or an element more or less', () => {
    // Every forgery that verified, named: none should.
    const accepted: string[] = [];
    const refuse = (ok: boolean, what: string) => ok && accepted.push(what);
    for (let size = 1; size <= MAX; size++) {
      const root = tree.roots[size];
      for (let index = 0; index < size; index++) {
        const proof = proofFrom(inclusionSpans(index, size), tree.nodes);
        const leaf = leaves[index];
        const at = `${index} in ${size}`;
        for (const [i, p] of proof.entries()) {
          const changed = proof.map((q, j) => (j === i ? flipped(p, i * 7 + index) : q));
          refuse(verifyInclusion(leaf, index, size, changed, root), `${at}: element ${i} changed`);
        }
        refuse(verifyInclusion(flipped(leaf, index), index, size, proof, root), `${at}: leaf changed`);
        refuse(verifyInclusion(leaf, index, size, proof, flipped(root, size)), `${at}: head changed`);
        for (let other = 0; other < size + 2; other++) {
          if (other !== index) refuse(verifyInclusion(leaf, other, size, proof, root), `${at}: as index ${other}`);
        }
        // Another size with its own head: what a client holding that size's checkpoint would check against.
        for (const other of near(size)) {
          if (other > index) refuse(verifyInclusion(leaf, index, other, proof, tree.roots[other]), `${at}: as size ${other}`);
        }
        refuse(verifyInclusion(leaf, index, size, [...proof, root], root), `${at}: an element more`);
        if (proof.length > 0) refuse(verifyInclusion(leaf, index, size, proof.slice(1), root), `${at}: an element less`);
      }
    }
    expect(accepted).toEqual([]);
  });
});

describe('every consistency proof between trees of 1 to 64 leaves', () => {
  it('is RFC 9162 PROOF, read from O(log n) perfect subtrees, and verifies', () => {
    for (let second = 1; second <= MAX; second++) {
      for (let first = 1; first <= second; first++) {
        const spans = consistencySpans(first, second);
        expect(nodesFor(spans).length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(second)) + 2);
        const proof = proofFrom(spans, tree.nodes);
        expect(proof.map(hex)).toEqual(subproof(first, leaves.slice(0, second), true).map(hex));
        expect(verifyConsistency(first, second, tree.roots[first], tree.roots[second], proof)).toBe(true);
      }
    }
  });

  it('is refused with any byte changed, another size at either end, or an element more or less', () => {
    const accepted: string[] = [];
    const refuse = (ok: boolean, what: string) => ok && accepted.push(what);
    for (let second = 1; second <= MAX; second++) {
      for (let first = 1; first <= second; first++) {
        const proof = proofFrom(consistencySpans(first, second), tree.nodes);
        const [r1, r2] = [tree.roots[first], tree.roots[second]];
        const at = `${first} to ${second}`;
        for (const [i, p] of proof.entries()) {
          const changed = proof.map((q, j) => (j === i ? flipped(p, i * 5 + first) : q));
          refuse(verifyConsistency(first, second, r1, r2, changed), `${at}: element ${i} changed`);
        }
        refuse(verifyConsistency(first, second, flipped(r1, first), r2, proof), `${at}: first head changed`);
        refuse(verifyConsistency(first, second, r1, flipped(r2, second), proof), `${at}: second head changed`);
        for (const other of near(first)) {
          if (other <= second) refuse(verifyConsistency(other, second, tree.roots[other], r2, proof), `${at}: from ${other}`);
        }
        for (const other of near(second)) {
          if (other >= first) refuse(verifyConsistency(first, other, r1, tree.roots[other], proof), `${at}: to ${other}`);
        }
        refuse(verifyConsistency(first, second, r1, r2, [...proof, r2]), `${at}: an element more`);
        if (proof.length > 0) refuse(verifyConsistency(first, second, r1, r2, proof.slice(1)), `${at}: an element less`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('is refused from an empty tree, or backwards', () => {
    expect(verifyConsistency(0, 5, emptyRoot(), tree.roots[5], [])).toBe(false);
    const proof = proofFrom(consistencySpans(3, 5), tree.nodes);
    expect(verifyConsistency(5, 3, tree.roots[5], tree.roots[3], proof)).toBe(false);
  });
});
