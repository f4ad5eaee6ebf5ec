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
    slot = slots.take(request.ip);
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
