import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { resolveOptions, SetupError } from '../engine';
import type { GameStore } from '../store/games';
import type { Access } from './access';
import { ENGINE_VERSION, type LiveGames } from './live';
import { Problem } from './problem';
import { seatViewJson, summary, viewTag } from './projections';
import type { SeatTokens } from './tokens';

export interface CreateRequest {
  kind: string;
  seats: number;
  /** The game's options, and `clock`, common to every kind (the service's, not the engine's). */
  options?: Record<string, unknown> & { clock?: { perMove: number; onTimeout?: 'auto' | 'forfeit' } };
  names?: string[];
  seed?: string;
  deck?: string[];
}

/** Tables: creating a game, its public summary, and what a seat sees of it. */
export function tables(deps: { live: LiveGames; store: GameStore; tokens: SeatTokens; access: Access; now: () => Date }) {
  const { live, store, tokens, access, now } = deps;

  return {
    async create(req: CreateRequest) {
      const game = live.gameOf(req.kind);
      if (req.names && req.names.length !== req.seats) {
        throw new Problem(422, 'invalid-setup', `names: give one name per seat (${req.seats}), or none`);
      }
      const seed = req.seed ?? randomBytes(32).toString('hex');
      const { clock, ...given } = req.options ?? {};
      let options: Record<string, unknown>;
      let toAct: number[];
      try {
        options = resolveOptions(game, given, req.seats);
        // Setting the game up once proves the options and any stacked deck are playable.
        toAct = game.status(game.setup({ seats: req.seats, options, seed, deck: req.deck })).toAct;
      } catch (e) {
        if (e instanceof SetupError) throw new Problem(422, 'invalid-setup', e.reason);
        throw e;
      }
      const id = randomUUID();
      const at = now();
      await store.create({
        id,
        kind: game.kind,
        options,
        clock: clock ? { perMove: clock.perMove, onTimeout: clock.onTimeout ?? 'auto' } : null,
        seatCount: req.seats,
        engineVersion: ENGINE_VERSION,
        seed,
        seedHash: createHash('sha256').update(seed).digest('hex'),
        origin: req.deck ? 'client-deck' : req.seed !== undefined ? 'client-seed' : 'server',
        deck: req.deck ?? null,
        status: 'active',
        toAct,
        createdBy: null,
        rematchOf: null,
        createdAt: at,
        seats: Array.from({ length: req.seats }, (_, seat) => ({
          seat,
          name: req.names?.[seat] ?? null,
          occupant: 'guest' as const,
          playerId: null,
          bot: null,
          joinedAt: at,
          due: toAct.includes(seat),
          dueSince: toAct.includes(seat) ? at : null,
          deadline: clock && toAct.includes(seat) ? new Date(at.getTime() + clock.perMove * 1000) : null,
        })),
      });
      const loaded = await live.load(id);
      return {
        ...summary(loaded),
        seats: loaded.record.seats.map((s) => ({ seat: s.seat, name: s.name, token: tokens.sign({ game: id, seat: s.seat }) })),
      };
    },

    async summary(id: string) {
      return summary(await live.load(id));
    },

    /**
     * What the caller's seat (or a spectator) sees, as JSON text with its entity tag. With a matching
     * If-None-Match nothing is built: `json` is null.
     */
    async view(id: string, token: string | undefined, ifNoneMatch?: string): Promise<{ etag: string; json: string | null }> {
      const current = await live.load(id);
      const seat = await access.seatOf(current.record, token, false);
      const etag = viewTag(current.record.revision, seat);
      if (ifNoneMatch?.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}`)) {
        return { etag, json: null };
      }
      return { etag, json: seatViewJson(current, seat) };
    },
  };
}

export type Tables = ReturnType<typeof tables>;
