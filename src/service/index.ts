import { bots as allBots, type Bot } from '../bots';
import type { AnyGame } from '../engine';
import { clockStore } from '../store/clocks';
import { endingStore } from '../store/endings';
import { gameStore } from '../store/games';
import type { Sql } from '../store/sql';
import { access } from './access';
import { type Logger, seatPlayers } from './bots';
import { clocks } from './clocks';
import { endings } from './endings';
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
  /** The bots seats may be given, by name (default: those of src/bots). */
  bots?: ReadonlyMap<string, Bot>;
  log?: Logger;
}

/**
 * The service layer, one module per concern, wired once: the live games (load and cache), access
 * (tokens and seats), tables (create, view), moves (the one path into the log), history (the log
 * and replays), streams (live views), the seats the server plays (bots, resigned seats), endings
 * (resign, abort, forfeit, rematch) and the clocks.
 */
export function services(deps: ServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const store = gameStore(deps.sql);
  const tokens = seatTokens(deps.jwtSecret);
  const live = liveGames({ games: deps.games, store, hooks: deps.hooks });
  const who = access(tokens);
  const log = deps.log ?? { error: () => {} };
  const path = moves({ live, store, notifier: deps.notifier, access: who, now });
  const players = seatPlayers({ live, moves: path, bots: deps.bots ?? allBots, log });
  const ends = endings({
    live,
    store,
    endingStore: endingStore(deps.sql),
    moves: path,
    access: who,
    tokens,
    notifier: deps.notifier,
    seatPlayers: players,
    now,
  });
  return {
    now,
    store,
    tokens,
    live,
    access: who,
    tables: tables({ live, store, tokens, access: who, now }),
    moves: path,
    history: history({ live, store, access: who }),
    streams: streams({ live, access: who, notifier: deps.notifier }),
    bots: players,
    endings: ends,
    clocks: clocks({ store: clockStore(deps.sql), live, moves: path, endings: ends, seatPlayers: players, now, log }),
  };
}

export type Services = ReturnType<typeof services>;
