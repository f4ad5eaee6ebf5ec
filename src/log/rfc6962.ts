import { createHash } from 'node:crypto';

/**
 * The two hash functions of a Merkle tree in the manner of Certificate Transparency (RFC 9162 §2.1.1,
 * as RFC 6962 first wrote them): a leaf and an inner node are hashed with different prefixes, so that
 * no leaf can pass for a node.
 */

/** A SHA-256 hash: 32 bytes. */
export type Hash = Uint8Array;

export const HASH_BYTES = 32;

const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

/** MTH({}): the hash of the empty tree, SHA-256 of nothing. */
export const emptyRoot = (): Buffer => createHash('sha256').digest();

/** MTH({d}) = SHA-256(0x00 || d). */
export const leafHash = (bytes: Uint8Array): Buffer => createHash('sha256').update(LEAF).update(bytes).digest();

/** SHA-256(0x01 || left || right): the hash of a node from its two children's. */
export const nodeHash = (left: Hash, right: Hash): Buffer =>
  createHash('sha256').update(NODE).update(left).update(right).digest();

/** The same 32 bytes. */
export const sameHash = (a: Hash, b: Hash): boolean => Buffer.compare(a, b) === 0;
