import { bots as allBots, type Bot } from '../bots';
import { DEFAULT_LIMITS, type DelayRange, type Limits } from '../config';
import type { AnyGame } from '../engine';
import { checkpointSigner, signingKey } from '../log';
import { PROVISIONAL_SIGMA } from '../ratings';
import { clockStore } from '../store/clocks';
import { endingStore } from '../store/endings';
import { gameStore } from '../store/games';
import { invitationStore } from '../store/invitations';
import { lobbyStore } from '../store/lobby';
import { logStore } from '../store/log';
import { playerStore } from '../store/players';
import { ratingStore } from '../store/ratings';
import type { Sql } from '../store/sql';
import { tournamentStore } from '../store/tournaments';
import { vacationStore } from '../store/vacations';
import { webhookStore } from '../store/webhooks';
import { access } from './access';
import { type BotDelay, botDelay, type Fallback, type Logger, seatPlayers } from './bots';
import { clocks } from './clocks';
import { correspondence } from './correspondence';
import { endings } from './endings';
import { history } from './history';
import { lapses } from './invitations';
import { type Hooks, liveGames } from './live';
import { lobby } from './lobby';
import { gameLog, logProofs } from './log';
import { moves } from './moves';
import { myGames } from './my-games';
import { notifications } from './notifications';
import type { Notifier } from './notifier';
import { playerStreams } from './player-streams';
import { players } from './players';
import { ratings } from './ratings';
import { streams } from './streams';
import { tables } from './tables';
import { seatTokens } from './tokens';
import { tournamentPrivacy } from './tournament-privacy';
import { tournaments } from './tournaments';
import { webhookKey } from './webhook-key';
import { deliveryWorker, type WebhookOptions, webhooks } from './webhooks';

export interface ServiceDeps {
  games: ReadonlyMap<string, AnyGame>;
  sql: Sql;
  notifier: Notifier;
  jwtSecret: string;
  /** The Ed25519 key that signs every game's checkpoints: PEM, or the base64 of its 32-byte seed. */
  logKey: string;
  /** The time: injected, so tests can move the clock. */
  now?: () => Date;
  hooks?: Hooks;
  /** The bots seats may be given, by name (default: those of src/bots, deciding on the event loop; the app runs them in worker threads). */
  bots?: ReadonlyMap<string, Bot>;
  /** Told of each bot move that fell back to the seat's default action (a bot failed, or chose an illegal action). */
  botFallback?: (bot: string, kind: string, why: Fallback) => void;
  log?: Logger;
  webhooks?: WebhookOptions;
  /** What nobody may make the server do (default: DEFAULT_LIMITS). */
  limits?: Partial<Limits>;
  /** How long a bot's move waits before it is written (BOT_MOVE_DELAY_MS; none when absent). */
  botMoveDelay?: DelayRange;
  /** The pacing itself, injected (tests wait on their own clock). */
  botDelay?: BotDelay;
}

/**
 * The service layer, one module per concern, wired once: the live games (load and cache), access
 * (tokens and seats), players, tables (create, view) and the lobby (join, leave), moves (the one
 * path into the log), the log's Merkle tree (its signed heads and proofs), notifications (the
 * players' log, their streams and webhooks), history (the log and replays), streams (live views), the seats the server plays (bots, resigned seats),
 * endings (resign, abort, forfeit, rematch) and the clocks.
 */
export function services(deps: ServiceDeps) {
  const { sql, notifier } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? { error: () => {} };
  const limits: Limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const store = gameStore(sql);
  const playerRows = playerStore(sql);
  const webhookRows = webhookStore(sql);
  const tokens = seatTokens(deps.jwtSecret);
  const logKey = signingKey(deps.logKey);
  const tree = gameLog({ store: logStore(sql), games: store, signer: checkpointSigner(logKey) });
  const hookKey = webhookKey(logKey);
  const live = liveGames({ games: deps.games, store, log: tree, hooks: deps.hooks });
  const people = players({
    store: playerRows,
    notifier,
    now,
    seatsChanged: (ids) => {
      for (const id of ids) live.forget(id);
    },
    addressKey: deps.jwtSecret,
    perAddressPerHour: limits.playersPerAddressPerHour,
  });
  const who = access(tokens, people.identify, {
    player: people.known,
    holding: (game, seat) => {
      const held = live.peek(game)?.record.seats[seat];
      return held ? held.holding : undefined;
    },
  });
  const play = moves({ live, store, log: tree, notifier, access: who, now });
  const told = notifications({ players: playerRows, notifier, moves: play });
  const privacy = tournamentPrivacy(sql);
  const logs = history({ live, store, log: tree, access: who, privacy });
  const robots = seatPlayers({
    live,
    moves: play,
    history: logs,
    bots: deps.bots ?? allBots,
    log,
    fellBack: deps.botFallback,
    abandonAfter: limits.abandonAfterMoves,
    // Endings are made below, with what they need of the tables (which need the bots).
    abandon: (id, seat, version, by) => ends.abandon(id, seat, version, by),
    delay: deps.botDelay ?? (deps.botMoveDelay ? botDelay(deps.botMoveDelay, now) : undefined),
  });
  const table = tables({
    live,
    store,
    log: tree,
    players: playerRows,
    tokens,
    access: who,
    notifications: told,
    bots: robots,
    now,
    limits,
    privacy,
    sql,
    addressKey: deps.jwtSecret,
  });
  // A table that starts with bots at it: they play at once.
  table.onStarted((started) => robots.wake(started.record.id));
  const webhookOptions = deps.webhooks ?? {};
  const deliveries = deliveryWorker({ store: webhookRows, players: playerRows, now, options: webhookOptions, key: hookKey });
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
    log: tree,
    now,
  });
  const clockEvents = correspondence({
    live,
    store: vacationStore(sql),
    access: who,
    endings: ends,
    notifications: told,
    now,
    log,
    vacationDaysPerYear: limits.vacationDaysPerYear,
  });
  const rated = ratings({
    store: ratingStore(sql, PROVISIONAL_SIGMA),
    players: playerRows,
    live,
    moves: play,
    notifications: told,
    bots: new Set((deps.bots ?? allBots).keys()),
  });
  const cups = tournaments({
    store: tournamentStore(sql),
    live,
    tables: table,
    endings: ends,
    moves: play,
    access: who,
    tokens,
    notifications: told,
    now,
    log,
    ratingsOf: rated.ratingsOf,
  });
  return {
    now,
    store,
    ratings: rated,
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
    myGames: myGames({ players: playerRows, now }),
    moves: play,
    notifications: told,
    playerStreams: playerStreams({ notifications: told, notifier, players: people, tokens }),
    webhooks: webhooks({ store: webhookRows, now, options: webhookOptions, key: hookKey }),
    deliveries,
    history: logs,
    log: logProofs({ live, log: tree }),
    streams: streams({ live, access: who, tokens, notifier, privacy }),
    bots: robots,
    endings: ends,
    clocks: clocks({
      store: clockStore(sql),
      live,
      moves: play,
      endings: ends,
      seatPlayers: robots,
      now,
      log,
      abandonAfter: limits.abandonAfterMoves,
      correspondence: clockEvents,
      alsoSweep: cups.tick,
      lapses: lapses({ store: invitationStore(sql), live, moves: play, now, log }),
    }),
    correspondence: clockEvents,
    tournaments: cups,
  };
}

export type Services = ReturnType<typeof services>;
