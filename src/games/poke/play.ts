/**
 * Poke's trick play: suits never matter, aces are high, and a set of one rank may be led as several
 * tricks at once (a pair as two, three or four of a kind as three or four), beaten only by a higher
 * set of as many cards.
 */
import { type Card, compareCards, rankNumberAceHigh, removeCards, sortCards } from '../../cards';
import { IllegalMove } from '../../engine';
import { checkCards } from './draw';
import { scored } from './scoring';
import type { State } from './state';

/** Every way to take `k` cards of `cards`, in hand order. */
export function choose(cards: readonly Card[], k: number): Card[][] {
  if (k === 0) return [[]];
  const out: Card[][] = [];
  for (let i = 0; i <= cards.length - k; i++) {
    for (const rest of choose(cards.slice(i + 1), k - 1)) out.push([cards[i], ...rest]);
  }
  return out;
}

/** True when the cards are one to four cards of a single rank (a card, a pair, three or four of a kind). */
export function isSet(cards: readonly Card[]): boolean {
  return cards.length >= 1 && cards.length <= 4 && cards.every((c) => c[0] === cards[0][0]);
}

/**
 * The leads a hand allows: any single card, and any two or more cards of one rank (so three of a kind
 * may be led whole or as a pair). Each set is in card order, the form a move is logged in.
 */
export function leads(hand: readonly Card[]): Card[][] {
  const out: Card[][] = hand.map((c) => [c]);
  const ranks = [...new Set(hand.map((c) => c[0]))];
  for (const r of ranks) {
    const same = sortCards(hand.filter((c) => c[0] === r));
    for (let k = 2; k <= same.length; k++) out.push(...choose(same, k));
  }
  return out;
}

/** The answers to a lead: any cards of the hand, as many as were led (they need not beat it), each in card order. */
export function answers(hand: readonly Card[], led: readonly Card[]): Card[][] {
  return choose(sortCards(hand), led.length);
}

/** Lowest first as Poke ranks cards: aces high, suits only to break ties. */
const lowestFirst = (a: Card, b: Card) => rankNumberAceHigh(a) - rankNumberAceHigh(b) || compareCards(a, b);

/** The least a seat can play: its lowest card as a lead, or its lowest cards as an answer (in card order). */
export function lowestPlay(hand: readonly Card[], lead: readonly Card[] | null): Card[] {
  return sortCards([...hand].sort(lowestFirst).slice(0, lead?.length ?? 1));
}

/**
 * Whether the answer takes the trick(s): a single card beats a single lower card; a set is beaten
 * only by a set of as many cards of a higher rank. Equal ranks go to the leader.
 */
export function answerWins(led: readonly Card[], answer: readonly Card[]): boolean {
  return answer.length === led.length && isSet(answer) && rankNumberAceHigh(answer[0]) > rankNumberAceHigh(led[0]);
}

/** A lead, or the answer to one: the answer settles the trick(s), and the last answer of a deal scores it. */
export function applyPlay(s: State, seat: number, cards: readonly Card[]): State {
  checkCards(s.hands[seat], cards);
  const hands: [Card[], Card[]] = [...s.hands];
  hands[seat] = removeCards(s.hands[seat], cards);
  if (s.lead === null) {
    if (!isSet(cards)) throw new IllegalMove('lead one card, or two to four cards of the same rank');
    return { ...s, hands, lead: [...cards] };
  }
  if (cards.length !== s.lead.length) {
    throw new IllegalMove(`answer the lead with ${s.lead.length} card${s.lead.length > 1 ? 's' : ''}`);
  }
  const winner = answerWins(s.lead, cards) ? seat : s.leader;
  const plays = [...s.plays, { leader: s.leader, led: s.lead, answer: [...cards], winner }];
  const next: State = { ...s, hands, plays, lead: null, leader: winner };
  return hands[0].length === 0 ? scored(next) : next;
}
