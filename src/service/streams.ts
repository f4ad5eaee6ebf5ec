import type { Access } from './access';
import type { Live, LiveGames } from './live';
import { gameChannel, type Notifier } from './notifier';
import { Problem } from './problem';
import { seatViewJson } from './projections';
import type { SeatTokens } from './tokens';
import type { TournamentPrivacy } from './tournament-privacy';

/** A change as a stream sends it: the whole Server-Sent Events message, encoded once for its audience. */
export interface Delivery {
  revision: number;
  /** `id: <revision>`, `event: view`, `data: <view>`: the bytes to write, the same for every subscriber of the audience. */
  frame: Buffer;
  ended: boolean;
}

/** A listener to one game: told the new view of its seat (or a spectator's) after every change. */
export interface Subscriber {
  seat: number | null;
  /** The seat's holding when the stream opened: once the seat changes hands, the stream ends. */
  holding: string | null;
  /** The revision this subscriber was last told of. */
  revision: number;
  deliver(message: Delivery): void;
  /** The seat changed hands (or its player rotated its token): the stream ends, told nothing more. */
  revoke(revision: number): void;
}

/** What opens a game's stream: a seat or player token (none: a spectator), or a stream ticket from the cookie. */
export type StreamCredential = { token?: string } | { ticket: string };

/** Subscribers told per turn of the event loop: a move arriving meanwhile waits for one batch, not for them all. */
const BATCH = 20;

interface Hub {
  subscribers: Set<Subscriber>;
  chain: Promise<void>;
  off(): void;
}

/** One Server-Sent Events message: a view (JSON has no line breaks, so it is one data line). */
export const viewFrame = (revision: number, json: string) => Buffer.from(`id: ${revision}\nevent: view\ndata: ${json}\n\n`);

const ended = (live: Live) => live.record.status === 'finished' || live.record.status === 'aborted';

/**
 * Live views, one hub per game: a change is loaded once and each audience's view built once, then
 * sent to every subscriber of that audience, however many there are.
 */
export function streams(deps: {
  live: LiveGames;
  access: Access;
  tokens: SeatTokens;
  notifier: Notifier;
  privacy: TournamentPrivacy;
}) {
  const { live, access, tokens, notifier, privacy } = deps;
  const hubs = new Map<string, Hub>();

  /**
   * Loads the game once and tells every subscriber it has moved on since they were last told; each
   * audience's message is built and encoded once, and the subscribers are told a batch at a time.
   */
  function refresh(id: string, hub: Hub) {
    hub.chain = hub.chain
      .then(async () => {
        const current = await live.load(id);
        const { revision } = current.record;
        const messages = new Map<number | null, Delivery>();
        let told = 0;
        for (const s of [...hub.subscribers]) {
          if (s.revision >= revision || !hub.subscribers.has(s)) continue;
          if (told > 0 && told % BATCH === 0) await new Promise((r) => setImmediate(r));
          if (s.seat !== null && current.record.seats[s.seat].holding !== s.holding) {
            s.revision = revision;
            s.revoke(revision);
            continue;
          }
          let message = messages.get(s.seat);
          if (!message) {
            message = { revision, frame: viewFrame(revision, seatViewJson(current, s.seat)), ended: ended(current) };
            messages.set(s.seat, message);
          }
          s.revision = revision;
          s.deliver(message);
          told++;
        }
      })
      .catch(() => {});
  }

  notifier.onGap(() => {
    for (const [id, hub] of hubs) refresh(id, hub);
  });

  /** The seat a stream ticket opens in this game: refused when it is another game's, or its seat changed hands since. */
  function ticketSeat({ record }: Live, ticket: string): number {
    const opens = tokens.readTicket(ticket);
    if (!('game' in opens) || opens.game !== record.id) {
      throw new Problem(403, 'wrong-game', 'this stream ticket opens another stream');
    }
    if (record.seats[opens.seat]?.holding !== opens.holding) {
      throw new Problem(401, 'token-revoked', 'the seat changed hands since this stream ticket was issued: ask for a new one');
    }
    return opens.seat;
  }

  function hubFor(id: string): Hub {
    let hub = hubs.get(id);
    if (!hub) {
      const created: Hub = { subscribers: new Set(), chain: Promise.resolve(), off: () => {} };
      created.off = notifier.subscribe(gameChannel(id), () => refresh(id, created));
      hubs.set(id, created);
      hub = created;
    }
    return hub;
  }

  function leave(id: string, hub: Hub, subscriber: Subscriber) {
    hub.subscribers.delete(subscriber);
    if (hub.subscribers.size === 0 && hubs.get(id) === hub) {
      hub.off();
      hubs.delete(id);
    }
  }

  return {
    /**
     * Subscribes to a game. Answers with the current view (none when `lastEventId` is the current
     * revision: the subscriber has it) and whether the game has ended, and the function that unsubscribes.
     */
    async open(
      id: string,
      credential: StreamCredential,
      lastEventId: string | undefined,
      deliver: Subscriber['deliver'],
      revoke: Subscriber['revoke'],
    ) {
      const current = await live.load(id);
      const seat =
        'ticket' in credential
          ? ticketSeat(current, credential.ticket)
          : await access.seatOf(current.record, credential.token, false);
      await privacy.mustBeSeated(current.record, seat);
      const { revision } = current.record;
      const hub = hubFor(id);
      const holding = seat === null ? null : current.record.seats[seat].holding;
      const subscriber: Subscriber = { seat, holding, revision, deliver, revoke };
      hub.subscribers.add(subscriber);
      // A change between the load and the subscription is caught by one more look.
      refresh(id, hub);
      return {
        seat,
        revision,
        ended: ended(current),
        initial: lastEventId === String(revision) ? null : seatViewJson(current, seat),
        close: () => leave(id, hub, subscriber),
      };
    },

    /** A ticket that opens this game's stream for the caller's seat, and nothing else (the stream cookie holds it). */
    async ticket(id: string, token: string | undefined) {
      const { record } = await live.load(id);
      const seat = (await access.seatOf(record, token, true)) as number;
      return tokens.ticket({ game: id, seat, holding: record.seats[seat].holding });
    },

    /** Open subscriptions, across all games. */
    get size() {
      let n = 0;
      for (const hub of hubs.values()) n += hub.subscribers.size;
      return n;
    },
  };
}

export type Streams = ReturnType<typeof streams>;
