import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import type { Hash } from './rfc6962';

/**
 * Checkpoints: a game's tree head signed with Ed25519, so that anyone holding the public key can
 * prove what the server said the log was at that size.
 */

export interface Checkpoint {
  /** Leaves in the tree: the game's version + 1 (leaf 0 is the genesis). */
  size: number;
  /** The tree head, standard padded base64. */
  root: string;
  /** Ed25519 over `checkpointText`, standard padded base64. */
  signature: string;
}

/** The signed text: the game, the size and the root, one a line. */
export const checkpointText = (gameId: string, size: number, root: string) => `card-table/game/${gameId}\n${size}\n${root}\n`;

/** DER prefix of an Ed25519 private key in PKCS #8, before its 32-byte seed (RFC 8410). */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * A signing key from its text: PKCS #8 PEM (`openssl genpkey -algorithm ed25519`), or the standard
 * base64 of its 32-byte seed (`openssl rand -base64 32`).
 */
export function signingKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    const key = createPrivateKey(trimmed);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the log signing key is ${key.asymmetricKeyType}, not Ed25519`);
    return key;
  }
  const seed = Buffer.from(trimmed, 'base64');
  if (seed.length !== 32 || seed.toString('base64') !== trimmed) {
    throw new Error('the log signing key is neither an Ed25519 PEM key nor the base64 of 32 bytes');
  }
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** A new signing key, as PEM text. */
export const newSigningKey = (): string =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/** The public key of a signing key: standard base64 of its 32 raw bytes. */
export function publicKeyOf(key: KeyObject): string {
  const { x } = createPublicKey(key).export({ format: 'jwk' });
  return Buffer.from(x as string, 'base64url').toString('base64');
}

/** Signs tree heads with one key. */
export function checkpointSigner(key: KeyObject) {
  return {
    publicKey: publicKeyOf(key),
    sign(gameId: string, size: number, root: Hash): Checkpoint {
      const root64 = Buffer.from(root).toString('base64');
      const text = checkpointText(gameId, size, root64);
      return { size, root: root64, signature: sign(null, Buffer.from(text), key).toString('base64') };
    },
  };
}

export type CheckpointSigner = ReturnType<typeof checkpointSigner>;

/** Was this checkpoint of this game signed by the key whose 32 raw bytes `publicKey` gives in base64? */
export function verifyCheckpoint(publicKey: string, gameId: string, checkpoint: Checkpoint): boolean {
  const raw = Buffer.from(publicKey, 'base64');
  if (raw.length !== 32) return false;
  const text = checkpointText(gameId, checkpoint.size, checkpoint.root);
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    return verify(null, Buffer.from(text), key, Buffer.from(checkpoint.signature, 'base64'));
  } catch {
    // Bytes that are no point of the curve: no signature verifies under them.
    return false;
  }
}
