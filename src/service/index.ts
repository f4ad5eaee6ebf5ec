import type { AnyGame } from '../engine';
import { gameStore } from '../store/games';
import type { Sql } from '../store/sql';
import { access } from './access';
import { history } from './history';
import { type Hooks, liveGames } from './live';
import { moves } from './moves';
import type { Notifier } from './notifier';
import { streams } from './streams';
import { tables } from './tables';
import { seatTokens } from './tokens';

export interface ServiceDeps {
  games: ReadonlyMap<string, AnyGame>;
  sql: Sql;
  notifier: Notifier;
  jwtSecret: string;
  /** The time: injected, so tests can move the clock. */
  now?: () => Date;
  hooks?: Hooks;
}

/**
 * The service layer, one module per concern, wired once: the live games (load and cache), access
 * (tokens and seats), tables (create, view), moves (the one path into the log), history (the log
 * and replays) and streams (live views).
 */
export function services(deps: ServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const store = gameStore(deps.sql);
  const tokens = seatTokens(deps.jwtSecret);
  const live = liveGames({ games: deps.games, store, hooks: deps.hooks });
  const who = access(tokens);
  return {
    now,
    store,
    tokens,
    live,
    access: who,
    tables: tables({ live, store, tokens, access: who, now }),
    moves: moves({ live, store, notifier: deps.notifier, access: who, now }),
    history: history({ live, store, access: who }),
    streams: streams({ live, access: who, notifier: deps.notifier }),
  };
}

export type Services = ReturnType<typeof services>;
