import { sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkpointSigner, checkpointText, newSigningKey, publicKeyOf, signingKey, verifyCheckpoint } from './checkpoint';
import { canonical, leafHashOf, saltOf } from './leaves';

// RFC 8032 §7.1, TEST 1: an Ed25519 secret key, its public key, and its signature of the empty message.
const RFC8032_SECRET = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const RFC8032_PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const RFC8032_SIGNATURE =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';

const GAME = '5b2c9a6e-0f4e-4a8e-9d1e-2f0c3b7d9a11';
const root = Buffer.alloc(32, 7);

describe('the log signing key', () => {
  it('is read from the base64 of its 32-byte seed as RFC 8032 defines it', () => {
    const key = signingKey(Buffer.from(RFC8032_SECRET, 'hex').toString('base64'));
    expect(Buffer.from(publicKeyOf(key), 'base64').toString('hex')).toBe(RFC8032_PUBLIC);
    expect(sign(null, Buffer.alloc(0), key).toString('hex')).toBe(RFC8032_SIGNATURE);
  });

  it('is read from PEM as well, and a new one is PEM', () => {
    const pem = newSigningKey();
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(Buffer.from(publicKeyOf(signingKey(pem)), 'base64')).toHaveLength(32);
  });

  it('refuses text that is no Ed25519 key', () => {
    expect(() => signingKey('c2hvcnQ=')).toThrow(/base64 of 32 bytes/);
    expect(() => signingKey('not base64 at all!')).toThrow(/base64 of 32 bytes/);
  });
});

describe('a checkpoint', () => {
  const key = signingKey(newSigningKey());
  const signer = checkpointSigner(key);
  const checkpoint = signer.sign(GAME, 12, root);

  it('signs the game, the size and the root, one a line', () => {
    expect(checkpoint.root).toBe(root.toString('base64'));
    expect(checkpointText(GAME, 12, checkpoint.root)).toBe(`card-table/game/${GAME}\n12\n${checkpoint.root}\n`);
    expect(verifyCheckpoint(signer.publicKey, GAME, checkpoint)).toBe(true);
  });

  it('does not verify for another game, size, root or key, or with a changed signature', () => {
    expect(verifyCheckpoint(signer.publicKey, `${GAME.slice(0, -1)}2`, checkpoint)).toBe(false);
    expect(verifyCheckpoint(signer.publicKey, GAME, { ...checkpoint, size: 13 })).toBe(false);
    expect(verifyCheckpoint(signer.publicKey, GAME, { ...checkpoint, root: Buffer.alloc(32, 8).toString('base64') })).toBe(false);
    const other = checkpointSigner(signingKey(newSigningKey()));
    expect(verifyCheckpoint(other.publicKey, GAME, checkpoint)).toBe(false);
    const signature = Buffer.from(checkpoint.signature, 'base64');
    signature[5] ^= 1;
    expect(verifyCheckpoint(signer.publicKey, GAME, { ...checkpoint, signature: signature.toString('base64') })).toBe(false);
    expect(verifyCheckpoint('AAAA', GAME, checkpoint)).toBe(false);
  });
});

describe('leaves', () => {
  it('are RFC 8785 canonical JSON (the RFC’s own example of §3.2.3)', () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
        '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonical(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('an event’s salt is the lowercase hex HMAC-SHA256 of event:<seq> keyed by the seed: one per seed and seq', () => {
    const salt = saltOf('the seed', 3);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(saltOf('the seed', 3)).toBe(salt);
    expect(saltOf('the seed', 4)).not.toBe(salt);
    expect(saltOf('another seed', 3)).not.toBe(salt);
  });

  it('hash the same whatever the order of their keys, and differently for any change', () => {
    const leaf = { seq: 1, seat: 0, kind: 'move', by: 'seat', action: { type: 'play', card: 'QS' }, at: 'x', salt: 's' };
    const reordered = { salt: 's', at: 'x', action: { card: 'QS', type: 'play' }, by: 'seat', kind: 'move', seat: 0, seq: 1 };
    expect(leafHashOf(reordered).equals(leafHashOf(leaf))).toBe(true);
    expect(leafHashOf({ ...leaf, action: { type: 'play', card: 'QH' } }).equals(leafHashOf(leaf))).toBe(false);
  });
});
