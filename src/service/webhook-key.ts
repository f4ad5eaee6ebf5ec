import { createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto';
import { publicKeyOf, signingKey } from '../log';

/** What the derivation is for: a key derived for one use signs nothing else. */
const INFO = 'card-table webhook signing: Standard Webhooks v1a';

/**
 * The Ed25519 key that signs `v1a` webhooks, derived (HKDF-SHA256) from the log's signing key. A key
 * of its own, so that a webhook signature and a log checkpoint can never stand for each other; derived
 * rather than stored, so that it needs no secret of its own to configure or keep, and every server
 * that shares LOG_SIGNING_KEY (or its kept file) signs with the same one.
 */
export function webhookKey(logKey: KeyObject) {
  const { d } = logKey.export({ format: 'jwk' });
  const seed = Buffer.from(hkdfSync('sha256', Buffer.from(d as string, 'base64url'), Buffer.alloc(0), INFO, 32));
  const key = signingKey(seed.toString('base64'));
  const { x } = createPublicKey(key).export({ format: 'jwk' });
  return {
    /** GET /webhooks/key: the public key, as Standard Webhooks writes it and as a JWK. */
    shown: {
      algorithm: 'ed25519' as const,
      publicKey: `whpk_${publicKeyOf(key)}`,
      jwk: { kty: 'OKP' as const, crv: 'Ed25519' as const, x: x as string },
    },
    /** `v1a,<base64 signature>` of Standard Webhooks' signed content `<id>.<timestamp>.<body>`. */
    sign(id: string, at: Date, body: string) {
      const content = `${id}.${Math.floor(at.getTime() / 1000)}.${body}`;
      return `v1a,${sign(null, Buffer.from(content), key).toString('base64')}`;
    },
  };
}

export type WebhookKey = ReturnType<typeof webhookKey>;
