import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PlayerStore } from '../store/players';
import type { Notifier } from './notifier';
import { Problem } from './problem';

/** A player token: `ctp_` and 32 random bytes in base64url. Not a JWT: it can be revoked. */
const TOKEN_SHAPE = /^ctp_[A-Za-z0-9_-]{43}$/;

/** The channel on which a server tells the others that a token hash no longer holds. */
export const REVOKED_CHANNEL = 'player-tokens';

/** How long a token found in the database is trusted without asking again (a second guard behind the notifier). */
const CACHE_MS = 5_000;
const CACHE_SIZE = 10_000;

export const isPlayerToken = (token: string) => TOKEN_SHAPE.test(token);

/** The SHA-256 (hex) of a token: what the database keeps. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const newToken = () => `ctp_${randomBytes(32).toString('base64url')}`;

const unknownPlayer = (id: string) => new Problem(404, 'player-not-found', `there is no player ${id}`);

/**
 * Players: registration, who a token names, and rotation. A token found in the database is cached
 * for a few seconds; a rotation drops it from this server's cache at once and from the others' as
 * soon as the notifier tells them (the cache's short life bounds the rest).
 */
export function players(deps: { store: PlayerStore; notifier: Notifier; now: () => Date }) {
  const { store, notifier, now } = deps;
  // A cache's age is not the game's time: real time here, so a test's frozen clock cannot make entries immortal.
  const cache = new Map<string, { player: string; until: number }>();
  const revokedListeners = new Set<(hash: string) => void>();

  function revoked(hash: string) {
    cache.delete(hash);
    for (const l of revokedListeners) l(hash);
  }
  notifier.subscribe(REVOKED_CHANNEL, revoked);

  /** The player a token names, or null when it names none (unknown, rotated, or not a player token). */
  async function identify(token: string): Promise<string | null> {
    if (!isPlayerToken(token)) return null;
    const hash = tokenHash(token);
    const hit = cache.get(hash);
    if (hit && hit.until > performance.now()) return hit.player;
    cache.delete(hash);
    const player = await store.byTokenHash(hash);
    if (player) {
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(hash, { player, until: performance.now() + CACHE_MS });
    }
    return player;
  }

  async function me(id: string) {
    const player = await store.get(id);
    if (!player) throw unknownPlayer(id);
    return { id: player.id, name: player.name, createdAt: player.createdAt.toISOString() };
  }

  return {
    identify,
    me,

    /** Registers a player: the token is in this answer and nowhere else. */
    async register(body: { name: string }) {
      const token = newToken();
      const player = { id: randomUUID(), name: body.name, createdAt: now() };
      await store.create(player, tokenHash(token));
      return { id: player.id, name: player.name, createdAt: player.createdAt.toISOString(), token };
    },

    /** A new token for the player; the one presented stops at once. */
    async rotate(id: string, token: string) {
      const old = tokenHash(token);
      const fresh = newToken();
      if (!(await store.rotate(id, old, tokenHash(fresh)))) {
        throw new Problem(401, 'invalid-token', 'the token is not valid: it was rotated or revoked');
      }
      revoked(old);
      await notifier.publish(REVOKED_CHANNEL, old).catch(() => {});
      return { ...(await me(id)), token: fresh };
    },

    /** Called with a token's hash when it stops (open streams made with it are closed). */
    onRevoked(listener: (hash: string) => void) {
      revokedListeners.add(listener);
      return () => void revokedListeners.delete(listener);
    },
  };
}

export type Players = ReturnType<typeof players>;
