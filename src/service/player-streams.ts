import type { NotificationJson, Notifications } from './notifications';
import { type Notifier, playerChannel } from './notifier';
import { type Players, tokenHash } from './players';
import { Problem } from './problem';
import type { SeatTokens } from './tokens';

/** One open player stream. */
interface Subscriber {
  /** The seq of the last notification sent to it. */
  last: number;
  /** The hash of the token it was opened with: when that token is rotated, the stream ends. */
  tokenHash: string;
  deliver(n: NotificationJson): void;
  end(reason: 'token-revoked'): void;
}

interface Hub {
  subscribers: Set<Subscriber>;
  chain: Promise<void>;
  off(): void;
}

const PAGE = 100;

/**
 * Player streams: one per player across all its games, fed from the notification log. A word on the
 * player's channel (from any server) makes the hub read what is new once and hand it to each of the
 * player's streams; a reconnect names the last seq it saw and is sent everything after it from the
 * log, so nothing is lost across reconnects or restarts.
 */
export function playerStreams(deps: { notifications: Notifications; notifier: Notifier; players: Players; tokens: SeatTokens }) {
  const { notifications, notifier, players, tokens } = deps;
  const hubs = new Map<string, Hub>();

  function refresh(player: string, hub: Hub) {
    hub.chain = hub.chain
      .then(async () => {
        for (;;) {
          if (hub.subscribers.size === 0) return;
          const from = Math.min(...[...hub.subscribers].map((s) => s.last));
          const page = await notifications.after(player, from, PAGE);
          for (const n of page) {
            for (const s of hub.subscribers) {
              if (n.seq <= s.last) continue;
              s.last = n.seq;
              s.deliver(n);
            }
          }
          if (page.length < PAGE) return;
        }
      })
      .catch(() => {});
  }

  // Messages missed while the notifier's connection was down: every hub reads again.
  notifier.onGap(() => {
    for (const [player, hub] of hubs) refresh(player, hub);
  });

  players.onRevoked((hash) => {
    for (const hub of hubs.values()) for (const s of hub.subscribers) if (s.tokenHash === hash) s.end('token-revoked');
  });

  function hubFor(player: string): Hub {
    let hub = hubs.get(player);
    if (!hub) {
      const created: Hub = { subscribers: new Set(), chain: Promise.resolve(), off: () => {} };
      created.off = notifier.subscribe(playerChannel(player), () => refresh(player, created));
      hubs.set(player, created);
      hub = created;
    }
    return hub;
  }

  return {
    /** A ticket that opens the player's stream while this token holds, and nothing else (the stream cookie holds it). */
    ticket(player: string, token: string) {
      return tokens.ticket({ player, tokenHash: tokenHash(token) });
    },

    /** Who a stream ticket opens the stream of, and the token hash it stands for; 401 once that token was rotated. */
    async ticketHolder(ticket: string): Promise<{ player: string; tokenHash: string }> {
      const opens = tokens.readTicket(ticket);
      if (!('player' in opens)) throw new Problem(403, 'player-token-required', 'this stream ticket opens a game’s stream');
      if ((await players.byHash(opens.tokenHash)) !== opens.player) {
        throw new Problem(401, 'token-revoked', 'the player token this ticket was issued for was rotated: ask for a new one');
      }
      return opens;
    },

    /**
     * Opens a stream for a player from just after `after` (the last seq the client has seen; none:
     * from now on). Missed notifications are delivered at once, then new ones as they come.
     */
    async open(player: string, tokenHash: string, after: number | null, deliver: Subscriber['deliver'], end: Subscriber['end']) {
      const last = after ?? (await notifications.newest(player));
      const hub = hubFor(player);
      const subscriber: Subscriber = { last, tokenHash, deliver, end };
      hub.subscribers.add(subscriber);
      refresh(player, hub);
      return {
        last,
        close() {
          hub.subscribers.delete(subscriber);
          if (hub.subscribers.size === 0 && hubs.get(player) === hub) {
            hub.off();
            hubs.delete(player);
          }
        },
      };
    },
  };
}

export type PlayerStreams = ReturnType<typeof playerStreams>;
