import { type Card, deal, shuffle, standardDeck } from '../../cards';
import { sidesOf } from '../../cards/fishing';
import { IllegalMove } from '../../engine';
import { award, awardSeat, porrazoStands } from './scoring';
import type { Action, Declaration, State } from './state';
import { bestDeclaration, declarationValue, handWinner, scoreTendido } from './values';

/** The flow of a hand: deals of three, the dealer's tendido, the end of each deal and of the hand. */

/** Deals of three in a hand: 8 for two seats, 5 for three, 4 for four, 3 for five; with the tendido's four, 52 or 49 cards. */
export const dealsPerHand = (seats: number): number => Math.floor(48 / (3 * seats));

export function dealThree(s: State): void {
  s.deal += 1;
  const dealt = deal(s.stock, { seats: s.seats, count: 3, first: (s.dealer + 1) % s.seats, batch: 3, hands: s.hands });
  s.hands = dealt.hands;
  s.stock = dealt.stock;
  s.answers = Array(s.seats).fill(null);
  // Every hand has one tendido: if the dealer has not dealt it by the hand's last deal, it is dealt then, unasked.
  if (!s.tendidoDealt && s.deal === dealsPerHand(s.seats)) dealTendido(s);
  if (!s.tendidoDealt) s.phase = 'tendido';
  else if (s.winner === null) afterTendido(s);
}

function dealTendido(s: State): void {
  const cards = s.stock.slice(0, 4);
  s.stock = s.stock.slice(4);
  const score = scoreTendido(cards, s.table);
  s.table.push(...cards);
  s.tendidoDealt = true;
  s.tendido = { cards, ...score };
  awardSeat(s, s.dealer, score.points, 'tendido');
}

/** After the last deal the odd cards go face up to the table; then the declarations. */
function afterTendido(s: State): void {
  if (s.deal === dealsPerHand(s.seats) && s.stock.length > 0) {
    s.leftover = s.stock;
    s.table.push(...s.stock);
    s.stock = [];
  }
  s.phase = 'declaring';
}

export function newHand(s: State, deck: Card[]): void {
  s.stock = deck;
  s.hands = Array.from({ length: s.seats }, () => []);
  s.table = [];
  s.captured = Array.from({ length: s.seats }, () => []);
  s.tendidoDealt = false;
  s.tendido = null;
  s.leftover = [];
  s.plays = [];
  s.notes = [];
  s.deal = 0;
  dealThree(s);
}

/** The dealer's choice right after a deal of three: the tendido now, or not yet. `d` is the draft of the next state. */
export function applyTendido(d: State, seat: number, action: Extract<Action, { type: 'tendido' | 'noTendido' }>): void {
  if (seat !== d.dealer) throw new IllegalMove('only the dealer decides on the tendido');
  if (d.phase !== 'tendido')
    throw new IllegalMove(
      d.tendidoDealt ? 'the tendido has already been dealt this hand' : 'the tendido is dealt only right after a deal of three',
    );
  if (action.type === 'tendido') dealTendido(d);
  if (d.winner === null) afterTendido(d);
}

/** The deal's end: a porrazo still waiting stands, then the best declaration scores. */
export function endOfDeal(s: State): void {
  if (s.pending?.stage === 'porrazo') porrazoStands(s, s.pending);
  s.pending = null;
  s.laid = null;
  const declared = s.answers.map((a) => (a === null || a === 'pass' ? null : a));
  const best = bestDeclaration(declared, s.dealer);
  if (best !== undefined) {
    const d = declared[best] as Declaration;
    awardSeat(s, best, declarationValue(d), d.set, d.rank);
  }
  if (s.winner !== null) return;
  if (s.deal < dealsPerHand(s.seats)) dealThree(s);
  else endOfHand(s);
}

/** The side with the most captured cards scores the difference to the next best. */
function endOfHand(s: State): void {
  const counts = sidesOf(s.seats, s.partners).map((seats) => seats.reduce((n, seat) => n + s.captured[seat].length, 0));
  const { winner, points } = handWinner(counts);
  s.lastHand = { captured: counts, winner, points };
  if (winner !== null) award(s, winner, null, points, 'hand');
  if (s.winner !== null) return;
  s.dealer = (s.dealer + 1) % s.seats;
  s.handNo += 1;
  const [deck, rng] = shuffle(standardDeck(), s.rng);
  s.rng = rng;
  newHand(s, deck);
}
