/**
 * Poke's draw: the non-dealer, then the dealer, stands pat or discards one to three cards and draws
 * as many; every draw after the dealer's first doubles the drawer.
 */
import { type Card, removeCards } from '../../cards';
import { IllegalMove } from '../../engine';
import { nonDealer } from './deal';
import type { State } from './state';
import { MAX_DISCARD } from './state';

/** Draws a seat may make in one deal: the dealer three (its first is free), the non-dealer two. */
export const maxDraws = (s: State, seat: number) => (seat === s.dealer ? 3 : 2);

/** Draws the seat may still make this deal (none once it has stood pat or play has begun). */
export function drawsLeft(s: State, seat: number): number {
  if (s.phase !== 'draw' || (seat !== s.dealer && s.drawer === s.dealer)) return 0;
  return maxDraws(s, seat) - s.draws[seat].length;
}

/** The seat's draw is over: the dealer draws next, or play begins with the non-dealer's lead. */
export function drawDone(s: State): State {
  if (s.drawer !== s.dealer) return { ...s, drawer: s.dealer };
  return { ...s, phase: 'play', held: [[...s.hands[0]], [...s.hands[1]]], leader: nonDealer(s), lead: null };
}

/** Refuses cards the seat does not hold, or names twice. */
export function checkCards(hand: readonly Card[], cards: readonly Card[]): void {
  for (const c of cards) if (!hand.includes(c)) throw new IllegalMove(`${c} is not in your hand`);
  if (new Set(cards).size !== cards.length) throw new IllegalMove('a card may be named only once');
}

export function applyDraw(s: State, seat: number, cards: readonly Card[]): State {
  if (cards.length < 1 || cards.length > MAX_DISCARD) {
    throw new IllegalMove(`a draw discards one to ${MAX_DISCARD} cards; to keep your hand, stand pat`);
  }
  checkCards(s.hands[seat], cards);
  const kept = removeCards(s.hands[seat], cards);
  const hands: [Card[], Card[]] = [...s.hands];
  hands[seat] = [...kept, ...s.stock.slice(0, cards.length)];
  const discards: [Card[], Card[]] = [...s.discards];
  discards[seat] = [...s.discards[seat], ...cards];
  const draws: [number[], number[]] = [...s.draws];
  draws[seat] = [...s.draws[seat], cards.length];
  const next: State = { ...s, hands, discards, draws, stock: s.stock.slice(cards.length) };
  return draws[seat].length === maxDraws(s, seat) ? drawDone(next) : next;
}
