/**
 * A game's log as a Merkle tree in the manner of Certificate Transparency (RFC 9162 §2.1), in the
 * parts of transparency-dev/merkle: the hashes (rfc6962), a tree by its right edge (compact), proofs
 * (proof), and what this service puts in it (leaves) and signs (checkpoint). It imports nothing of the
 * service: the record verifier uses it as the server does.
 */
export * from './checkpoint';
export * from './compact';
export * from './leaves';
export * from './proof';
export * from './rfc6962';
