import type { StreamLimits } from '../config';
import { Problem } from '../service/problem';

/** A stream's place in the counts, held from before it opens until its connection closes. */
export interface Slot {
  /** Counts the stream against a seat (or a player) too; refused when that one has its most open. */
  claim(holder: string): void;
  /** Gives the place back; calling it again does nothing. */
  release(): void;
}

/**
 * Open streams counted by address, by seat and in all. Each stream holds a socket, timers and a
 * place in its game's hub for as long as it lasts: without a cap, one client could open thousands
 * (2,000 on one game were all accepted). The server's own limit is a 503 (another server may have
 * room); a client's, a 429 (it should close a stream before opening another).
 */
export function streamSlots(limits: StreamLimits) {
  let total = 0;
  const byAddress = new Map<string, number>();
  const byHolder = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, n: number) => {
    const next = (counts.get(key) ?? 0) + n;
    if (next === 0) counts.delete(key);
    else counts.set(key, next);
  };

  return {
    /** Takes a place for a stream from `address`, or throws the problem that refuses it. */
    take(address: string): Slot {
      if (total >= limits.total) {
        throw new Problem(503, 'streams-full', `this server has ${limits.total} streams open, its most: retry shortly`);
      }
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) {
        throw new Problem(
          429,
          'too-many-streams',
          `this address has ${limits.perAddress} streams open, the most allowed: close one before opening another`,
        );
      }
      total++;
      add(byAddress, address, 1);
      let holder: string | undefined;
      let released = false;
      return {
        claim(key) {
          if ((byHolder.get(key) ?? 0) >= limits.perSeat) {
            throw new Problem(
              429,
              'too-many-streams',
              `this seat has ${limits.perSeat} streams open, the most allowed: close one before opening another`,
            );
          }
          holder = key;
          add(byHolder, key, 1);
        },
        release() {
          if (released) return;
          released = true;
          total--;
          add(byAddress, address, -1);
          if (holder !== undefined) add(byHolder, holder, -1);
        },
      };
    },

    /** Streams holding a place now. */
    get open() {
      return total;
    },
  };
}

export type StreamSlots = ReturnType<typeof streamSlots>;
