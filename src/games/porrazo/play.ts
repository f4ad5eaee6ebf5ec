import { type Card, compareCards, rankNumber, rankOf, removeCards } from '../../cards';
import { allHandsEmpty } from '../../cards/fishing';
import { IllegalMove } from '../../engine';
import { dealsPerHand, endOfDeal } from './deal';
import { award, awardSeat, porrazoStands, sideOf } from './scoring';
import type { Action, Pending, State } from './state';
import { captureOf, fitsInPlace, limpiaValue, rondaValue, rondineValue } from './values';

/** The play of the hand: captures and runs, limpias, playing in place, porrazos, and the dealer's last card. */

/** The card a seat may lay in place instead of capturing: an ace to 4 in place that would capture (or counter a porrazo). */
function mayForgo(s: State, card: Card): boolean {
  if (!fitsInPlace(card, s.table.length)) return false;
  const counters = s.pending?.stage === 'porrazo' && s.pending.rank === rankOf(card);
  return counters || captureOf(s.table, card).length > 0;
}

/**
 * Takes `card` from the seat's hand, and the porrazo waiting and the card laid before it off the
 * table's record: the play answers them. Gives the porrazo waiting, and whether the card is of the
 * laid card's rank (a porrazo if it takes). A san benito (the fourth card of a counter-porrazo's
 * rank) is the whole play and wins the game: then null.
 */
function follow(s: State, seat: number, card: Card): { pending: Pending | null; porrazo: boolean } | null {
  s.hands[seat] = removeCards(s.hands[seat], [card]);
  const { pending, laid } = s;
  s.pending = null;
  s.laid = null;
  const porrazo = laid !== null && rankOf(laid.card) === rankOf(card);
  if (pending?.stage !== 'counter' || pending.rank !== rankOf(card)) return { pending, porrazo };
  s.table.push(card);
  s.plays.push({ seat, card, as: 'san benito', took: [] });
  const side = sideOf(s, seat);
  // The san benito scores the entire game: the side is raised to the target.
  award(s, side, seat, s.target - s.scores[side], 'san benito', rankOf(card));
  return null;
}

/**
 * A porrazo waiting stands unless the play counters it (`counters`: not laid in place) with the third card of
 * its rank, which takes the laid card and the porrazo card from its pile. With the dealer's last card a counter
 * also sweeps the table (`swept`), and no san benito can follow. True when countered: that is the whole play.
 */
function answerPorrazo(s: State, seat: number, card: Card, porrazo: Pending | null, counters: boolean, swept?: Card[]): boolean {
  if (porrazo?.stage !== 'porrazo') return false;
  if (!counters || porrazo.rank !== rankOf(card)) {
    porrazoStands(s, porrazo);
    return false;
  }
  s.captured[porrazo.seat] = removeCards(s.captured[porrazo.seat], porrazo.cards);
  s.captured[seat] = [...s.captured[seat], card, ...porrazo.cards, ...(swept ?? [])];
  const took = [...porrazo.cards];
  s.plays.push(swept ? { seat, card, as: 'counter-porrazo', took, swept } : { seat, card, as: 'counter-porrazo', took });
  if (!swept) s.pending = { stage: 'counter', seat, rank: porrazo.rank, cards: [...porrazo.cards, card] };
  awardSeat(s, seat, rondineValue(porrazo.rank), 'counter-porrazo', porrazo.rank);
  return true;
}

/** One card from the hand of the seat to play, after the porrazo of the previous play is settled. */
function playCard(s: State, seat: number, card: Card, inPlace: boolean): void {
  if (s.hands.every((h) => h.length === 3)) s.plays = [];
  const followed = follow(s, seat, card);
  if (!followed) return;
  const { pending, porrazo } = followed;
  if (answerPorrazo(s, seat, card, pending, !inPlace)) return;
  const took = inPlace ? [] : captureOf(s.table, card);
  if (took.length > 0) {
    s.table = removeCards(s.table, took);
    s.captured[seat] = [...s.captured[seat], card, ...took];
    if (porrazo) s.pending = { stage: 'porrazo', seat, rank: rankOf(card), cards: [took[0], card] };
    s.plays.push({ seat, card, as: porrazo ? 'porrazo' : 'capture', took });
    if (s.table.length === 0) awardSeat(s, seat, limpiaValue(took), 'limpia', rankOf(took[took.length - 1]));
    return;
  }
  const placed = fitsInPlace(card, s.table.length);
  s.table.push(card);
  s.laid = { seat, card };
  s.plays.push({ seat, card, as: placed ? 'in place' : 'laid', took: [] });
  if (placed) awardSeat(s, seat, rankNumber(card), 'in place');
}

/**
 * The dealer's last card of the hand: the porrazo family still counts (it follows the previous
 * play), but it neither scores in place nor as a limpia, and every table card is swept up with it.
 */
function lastCard(s: State): void {
  const seat = s.dealer;
  const [card] = s.hands[seat];
  const followed = follow(s, seat, card);
  if (!followed) return;
  const swept = s.table;
  s.table = [];
  if (answerPorrazo(s, seat, card, followed.pending, true, swept)) return;
  // Nobody plays after the dealer's last card, so a porrazo made with it stands at once.
  const { porrazo } = followed;
  s.captured[seat] = [...s.captured[seat], card, ...swept];
  s.plays.push({ seat, card, as: porrazo ? 'porrazo' : 'last card', took: [], swept });
  if (porrazo) awardSeat(s, seat, rondaValue(rankOf(card)), 'porrazo', rankOf(card));
}

/** The next seat's turn; the dealer's last card of the hand is played at once, and a deal played out ends. */
function afterPlay(s: State): void {
  if (s.winner !== null) return;
  if (!allHandsEmpty(s.hands)) s.turn = (s.turn + 1) % s.seats;
  if (s.deal === dealsPerHand(s.seats) && s.turn === s.dealer && s.hands[s.dealer].length === 1) lastCard(s);
  if (s.winner === null && allHandsEmpty(s.hands)) endOfDeal(s);
}

export function legalPlays(s: State, seat: number): Action[] {
  return s.hands[seat].flatMap((card): Action[] => [
    { type: 'play', card },
    ...(mayForgo(s, card) ? [{ type: 'inPlace', card } as const] : []),
  ]);
}

/** One card played, and what follows from it. `d` is the draft of the next state. */
export function applyPlay(d: State, seat: number, action: Extract<Action, { type: 'play' | 'inPlace' }>): void {
  if (d.phase !== 'playing')
    throw new IllegalMove(
      d.phase === 'tendido' ? 'the dealer must decide on the tendido first' : 'declarations are still being made',
    );
  if (seat !== d.turn) throw new IllegalMove(`it is seat ${d.turn}'s turn to play`);
  if (!d.hands[seat].includes(action.card)) throw new IllegalMove(`${action.card} is not in your hand`);
  if (action.type === 'inPlace' && !mayForgo(d, action.card))
    throw new IllegalMove(
      fitsInPlace(action.card, d.table.length)
        ? `${action.card} captures nothing: play it and it lies in place by itself`
        : `${action.card} is not in place: only an ace to 4 that makes the table count its pips is`,
    );
  playCard(d, seat, action.card, action.type === 'inPlace');
  afterPlay(d);
}

/** The lowest card (aces low), laid in place where it may forgo a capture: capturing is otherwise compulsory. */
export function defaultPlay(s: State, seat: number): Action {
  const card = s.hands[seat].reduce((a, b) => (compareCards(b, a) < 0 ? b : a));
  return mayForgo(s, card) ? { type: 'inPlace', card } : { type: 'play', card };
}
