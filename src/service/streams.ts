import type { Access } from './access';
import type { Live, LiveGames } from './live';
import { gameChannel, type Notifier } from './notifier';
import { seatViewJson } from './projections';

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
  /** The revision this subscriber was last told of. */
  revision: number;
  deliver(message: Delivery): void;
}

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
export function streams(deps: { live: LiveGames; access: Access; notifier: Notifier }) {
  const { live, access, notifier } = deps;
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
    async open(id: string, token: string | undefined, lastEventId: string | undefined, deliver: Subscriber['deliver']) {
      const current = await live.load(id);
      const seat = await access.seatOf(current.record, token, false);
      const { revision } = current.record;
      const hub = hubFor(id);
      const subscriber: Subscriber = { seat, revision, deliver };
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

    /** Open subscriptions, across all games. */
    get size() {
      let n = 0;
      for (const hub of hubs.values()) n += hub.subscribers.size;
      return n;
    },
  };
}

export type Streams = ReturnType<typeof streams>;
