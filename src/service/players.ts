import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PlayerStore } from '../store/players';
import { addressHasher, secondsUntilFree } from './addresses';
import { cursorId, cursorTime, decodeCursor, encodeCursor } from './cursor';
import { displayName } from './names';
import { gameChannel, type Notifier } from './notifier';
import { Problem } from './problem';
import { newHolding } from './tokens';

/** A player token: `ctp_` and 32 random bytes in base64url. Not a JWT: it can be revoked. */
const TOKEN_SHAPE = /^ctp_[A-Za-z0-9_-]{43}$/;

/** The channel on which a server tells the others that a token hash no longer holds. */
export const REVOKED_CHANNEL = 'player-tokens';
/** The channel on which a server tells the others which games' seats changed holdings (a JSON list of ids). */
const HOLDINGS_CHANNEL = 'seat-holdings';
/** Game ids per message: a NOTIFY payload stays well under PostgreSQL's 8,000 bytes. */
const HOLDINGS_PER_MESSAGE = 100;

/** How long a token found in the database is trusted without asking again (a second guard behind the notifier). */
const CACHE_MS = 5_000;
const CACHE_SIZE = 10_000;
const HOUR_MS = 3600 * 1000;

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
export function players(deps: {
  store: PlayerStore;
  notifier: Notifier;
  now: () => Date;
  /** Told of games whose seats changed holdings behind the game's own path (their cached copies are stale). */
  seatsChanged: (games: readonly string[]) => void;
  /** Keys the hash of client addresses kept with new players (the server's secret: no address is stored). */
  addressKey: string;
  /** New players one client address may register in an hour. */
  perAddressPerHour: number;
}) {
  const { store, notifier, now, seatsChanged, addressKey, perAddressPerHour } = deps;
  const hashAddress = addressHasher(addressKey);
  // A cache's age is not the game's time: real time here, so a test's frozen clock cannot make entries immortal.
  const cache = new Map<string, { player: string; until: number }>();
  const revokedListeners = new Set<(hash: string) => void>();

  function revoked(hash: string) {
    cache.delete(hash);
    for (const l of revokedListeners) l(hash);
  }
  notifier.subscribe(REVOKED_CHANNEL, revoked);
  notifier.subscribe(HOLDINGS_CHANNEL, (payload) => seatsChanged(JSON.parse(payload) as string[]));

  /** The player a token names, or null when it names none (unknown, rotated, or not a player token). */
  async function identify(token: string): Promise<string | null> {
    if (!isPlayerToken(token)) return null;
    return byHash(tokenHash(token));
  }

  /** The player whose token has this hash now, or null (a stream ticket names its token by hash). */
  async function byHash(hash: string): Promise<string | null> {
    const hit = cache.get(hash);
    if (hit && hit.until > performance.now()) return hit.player;
    cache.delete(hash);
    const player = await store.byTokenHash(hash);
    if (player) remember(hash, player);
    return player;
  }

  function remember(hash: string, player: string) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(hash, { player, until: performance.now() + CACHE_MS });
  }

  /** The player a token named when this server last looked it up, if it did (no database: the rate limit asks). */
  function known(token: string): string | undefined {
    return isPlayerToken(token) ? cache.get(tokenHash(token))?.player : undefined;
  }

  async function me(id: string) {
    const player = await store.get(id);
    if (!player) throw unknownPlayer(id);
    return { id: player.id, name: player.name, createdAt: player.createdAt.toISOString() };
  }

  return {
    identify,
    byHash,
    known,
    me,

    /**
     * Registers a player: the token is in this answer and nowhere else. One client address registers
     * at most `perAddressPerHour` players an hour (identities are not free: each has its own limits).
     */
    async register(body: { name: string }, clientAddress: string) {
      const token = newToken();
      const player = { id: randomUUID(), name: displayName(body.name), createdAt: now() };
      const address = hashAddress(clientAddress);
      const since = new Date(player.createdAt.getTime() - HOUR_MS);
      if (!(await store.create(player, tokenHash(token), address, since, perAddressPerHour))) {
        const first = (await store.firstFrom(address, since)) ?? player.createdAt;
        const wait = secondsUntilFree(first, since);
        throw new Problem(
          429,
          'too-many-players',
          `this address has registered ${perAddressPerHour} players in the last hour: retry in ${wait} s`,
          {},
          { 'retry-after': String(wait) },
        );
      }
      // Known at once: its first requests spend the player's own budget, not its address's.
      remember(tokenHash(token), player.id);
      return { id: player.id, name: player.name, createdAt: player.createdAt.toISOString(), token };
    },

    /**
     * A new token for the player; the one presented stops at once, and so do the seat tokens issued
     * for the seats it holds (each seat gets a new holding) and the streams opened with either.
     */
    async rotate(id: string, token: string) {
      const old = tokenHash(token);
      const fresh = newToken();
      const games = await store.rotate(id, old, tokenHash(fresh), newHolding);
      if (!games) throw new Problem(401, 'invalid-token', 'the token is not valid: it was rotated or revoked');
      revoked(old);
      seatsChanged(games);
      await notifier.publish(REVOKED_CHANNEL, old).catch(() => {});
      // Other servers drop the games from their caches (a move reads the cached seat holder unchecked)...
      for (let i = 0; i < games.length; i += HOLDINGS_PER_MESSAGE) {
        await notifier.publish(HOLDINGS_CHANNEL, JSON.stringify(games.slice(i, i + HOLDINGS_PER_MESSAGE))).catch(() => {});
      }
      // ...and every server's streams of those games look again, and end those opened with a revoked token.
      for (const game of games) await notifier.publish(gameChannel(game), 'holding').catch(() => {});
      return { ...(await me(id)), token: fresh };
    },

    /**
     * The players called exactly this name (as it is kept: NFC, trimmed), oldest first: how a friend is
     * found to be invited. Only what anyone sees at a table: the id, the name and when it registered.
     */
    async named(query: { name: string; cursor?: string; limit?: number }) {
      const limit = query.limit ?? 20;
      const after = decodeCursor(query.cursor, (raw) => {
        const id = cursorId(raw.id);
        const createdAt = cursorTime(raw.createdAt);
        return id && createdAt ? { id, createdAt } : null;
      });
      const rows = await store.named(displayName(query.name), after, limit);
      const last = rows.at(-1);
      return {
        players: rows.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString() })),
        next: last && rows.length === limit ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
      };
    },

    /** Called with a token's hash when it stops (open streams made with it are closed). */
    onRevoked(listener: (hash: string) => void) {
      revokedListeners.add(listener);
      return () => void revokedListeners.delete(listener);
    },
  };
}

export type Players = ReturnType<typeof players>;
