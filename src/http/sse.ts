import type { FastifyReply, FastifyRequest } from 'fastify';
import { Problem } from '../service/problem';
import type { Slot, StreamSlots } from './stream-slots';

/**
 * Takes a place for a stream from the caller's address (refused with 429 `too-many-streams`, or 503
 * `streams-full` with Retry-After), given back when the connection closes.
 */
export function holdSlot(slots: StreamSlots, request: FastifyRequest, reply: FastifyReply): Slot {
  let slot: Slot;
  try {
    slot = slots.take(request.clientNetwork);
  } catch (e) {
    if (e instanceof Problem && e.status === 503) reply.header('retry-after', '5');
    throw e;
  }
  reply.raw.once('close', () => slot.release());
  return slot;
}

/**
 * Commits the response as an event stream now, with nothing to send yet (a reconnect that has seen
 * everything): Node holds back a head until the first byte of the body, and a browser's EventSource
 * counts as connecting until it has one, so a comment goes with it.
 */
export function startStream(reply: FastifyReply) {
  reply.sse.sendHeaders();
  reply.raw.write(': open\n\n');
}

/** Sends the closing `end` event (data: GameStreamEnd or PlayerStreamEnd), with the id it stands at if any, and closes the stream. */
export function endStream(reply: FastifyReply, reason: 'game-over' | 'token-revoked', id?: number) {
  const sse = reply.sse;
  if (!sse.isConnected) return;
  const event = { ...(id === undefined ? {} : { id: String(id) }), event: 'end', data: JSON.stringify({ reason }) };
  void sse.send(event).then(() => sse.close());
}

/**
 * Opens what a stream follows, within its slot: `open` subscribes with a `deliver` whose messages are
 * held until `start()` (once the stream's head has gone out), then passed to `send` in order. A refusal
 * gives the slot back. The subscription ends with the connection, the server's graceful close
 * included (plugins/shutdown.ts); null when the client left while it opened.
 */
export async function subscribe<S extends { close(): void }, M>(
  reply: FastifyReply,
  slot: Slot,
  open: (deliver: (message: M) => void) => Promise<S>,
  send: (message: M) => void,
): Promise<{ subscription: S; start(): void } | null> {
  let started = false;
  const held: M[] = [];
  let subscription: S;
  try {
    subscription = await open((m) => {
      if (started) send(m);
      else held.push(m);
    });
  } catch (e) {
    slot.release();
    throw e;
  }
  reply.sse.onClose(subscription.close);
  if (!reply.sse.isConnected) {
    subscription.close();
    return null;
  }
  reply.sse.keepAlive();
  return {
    subscription,
    start() {
      started = true;
      for (const m of held.splice(0)) send(m);
    },
  };
}
