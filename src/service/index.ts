import { bots as allBots, type Bot } from '../bots';
import type { AnyGame } from '../engine';
import { clockStore } from '../store/clocks';
import { endingStore } from '../store/endings';
import { gameStore } from '../store/games';
import { lobbyStore } from '../store/lobby';
import { playerStore } from '../store/players';
import type { Sql } from '../store/sql';
import { webhookStore } from '../store/webhooks';
import { access } from './access';
import { type Fallback, type Logger, seatPlayers } from './bots';
import { clocks } from './clocks';
import { endings } from './endings';
import { history } from './history';
import { type Hooks, liveGames } from './live';
import { lobby } from './lobby';
import { moves } from './moves';
import { myGames } from './my-games';
import { notifications } from './notifications';
import type { Notifier } from './notifier';
import { playerStreams } from './player-streams';
import { players } from './players';
import { streams } from './streams';
import { tables } from './tables';
import { seatTokens } from './tokens';
import { deliveryWorker, type WebhookOptions, webhooks } from './webhooks';

export interface ServiceDeps {
  games: ReadonlyMap<string, AnyGame>;
  sql: Sql;
  notifier: Notifier;
  jwtSecret: string;
  /** The time: injected, so tests can move the clock. */
  now?: () => Date;
  hooks?: Hooks;
  /** The bots seats may be given, by name (default: those of src/bots, deciding on the event loop; the app runs them in worker threads). */
  bots?: ReadonlyMap<string, Bot>;
  /** Told of each bot move that fell back to the seat's default action (a bot failed, or chose an illegal action). */
  botFallback?: (bot: string, kind: string, why: Fallback) => void;
  log?: Logger;
  webhooks?: WebhookOptions;
}

/**
 * The service layer, one module per concern, wired once: the live games (load and cache), access
 * (tokens and seats), players, tables (create, view) and the lobby (join, leave), moves (the one
 * path into the log), notifications (the players' log, their streams and webhooks), history (the
 * log and replays), streams (live views), the seats the server plays (bots, resigned seats),
 * endings (resign, abort, forfeit, rematch) and the clocks.
 */
export function services(deps: ServiceDeps) {
  const { sql, notifier } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? { error: () => {} };
  const store = gameStore(sql);
  const playerRows = playerStore(sql);
  const webhookRows = webhookStore(sql);
  const tokens = seatTokens(deps.jwtSecret);
  const live = liveGames({ games: deps.games, store, hooks: deps.hooks });
  const people = players({ store: playerRows, notifier, now });
  const who = access(tokens, people.identify);
  const play = moves({ live, store, notifier, access: who, now });
  const told = notifications({ players: playerRows, notifier, moves: play });
  const logs = history({ live, store, access: who });
  const robots = seatPlayers({ live, moves: play, history: logs, bots: deps.bots ?? allBots, log, fellBack: deps.botFallback });
  const table = tables({ live, store, players: playerRows, tokens, access: who, notifications: told, bots: robots, now });
  // A table that starts with bots at it: they play at once.
  table.onStarted((started) => robots.wake(started.record.id));
  const webhookOptions = deps.webhooks ?? {};
  const deliveries = deliveryWorker({ store: webhookRows, players: playerRows, now, options: webhookOptions });
  told.onAnnounced(() => deliveries.nudge());
  const ends = endings({
    live,
    store,
    endingStore: endingStore(sql),
    moves: play,
    access: who,
    tokens,
    notifier,
    notifications: told,
    tables: table,
    now,
  });
  return {
    now,
    store,
    tokens,
    live,
    access: who,
    players: people,
    tables: table,
    lobby: lobby({
      live,
      sql,
      store: lobbyStore(sql),
      players: playerRows,
      access: who,
      tokens,
      tables: table,
      notifications: told,
      notifier,
      now,
    }),
    myGames: myGames({ players: playerRows }),
    moves: play,
    notifications: told,
    playerStreams: playerStreams({ notifications: told, notifier, players: people }),
    webhooks: webhooks({ store: webhookRows, now, options: webhookOptions }),
    deliveries,
    history: logs,
    streams: streams({ live, access: who, notifier }),
    bots: robots,
    endings: ends,
    clocks: clocks({ store: clockStore(sql), live, moves: play, endings: ends, seatPlayers: robots, now, log }),
  };
}

export type Services = ReturnType<typeof services>;
