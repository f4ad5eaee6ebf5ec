import { type Card, dealTable, type RngState, randomInt, removeCards, SUITS, suitOf, unseenCards } from '../../cards';
import { fieldsOf } from '../../cards/fishing';
import { capturable } from './forming';
import type { Happening, State, Turn, View } from './state';
import { cardsFor } from './table';
import { setValue, singleValue } from './values';

type Hidden = Pick<State, 'hands' | 'stock' | 'rng'>;

/** Deals tried before a hand that must form a pak is built around a set that can. */
const TRIES = 50;

/**
 * A Paks state for `seat` from its view. The board and every pak lie face up; the other hands and the
 * stock are dealt from the cards it has not seen, except the cards it saw go into a hand and not leave
 * it (drawn face up, or shown when a seat could form no pak on a full table), as far as the recent
 * happenings show them. A seat whose turn began on a full table and has formed no pak yet can form one
 * (else its hand would have been shown): its hand is dealt again until it can. A draw kept secret from
 * this seat is given a card of the drawer's hand. Once the game is over everything shows.
 */
export function sample(view: View, seat: number, rng: RngState): State {
  const hidden: Hidden =
    view.hands && view.stockCards ? { hands: view.hands, stock: view.stockCards, rng } : dealHidden(view, seat, rng);
  return {
    ...fieldsOf(view, ['seats', 'target', 'sides']),
    rng: hidden.rng,
    ...fieldsOf(view, ['hand', 'dealer']),
    stock: hidden.stock,
    board: view.board,
    hands: hidden.hands,
    paks: view.paks.map((held) => held.map((p) => ({ suit: p.suit, cards: p.cards }))),
    turn: turnOf(view, seat, hidden.hands),
    recent: recentOf(view, hidden.hands),
    ...fieldsOf(view, ['scores', 'history', 'lastHand', 'finished']),
  };
}

/** The cards `seat` saw go into each hand this hand and not come out since, from the recent happenings. */
function seenInHands(view: View, seat: number): Card[][] {
  let known: Card[][] = view.handCounts.map(() => []);
  for (const h of view.recent) {
    if (h.type === 'deal') known = view.handCounts.map(() => []);
    if ('seat' in h && h.seat === seat) continue;
    if (h.type === 'draw' && h.card !== null) known[h.seat].push(h.card);
    if (h.type === 'reveal') known[h.seat] = [...h.hand];
    // A card played may be another copy of the one seen (two decks): removing it keeps only what is certain.
    if (h.type === 'pak' || h.type === 'steal')
      known[h.seat] = h.with.reduce((left, c) => (left.includes(c) ? removeCards(left, [c]) : left), known[h.seat]);
  }
  return known;
}

function dealHidden(view: View, seat: number, rng: RngState): Hidden {
  const all = cardsFor(view.seats);
  const hand = view.myHand ?? [];
  const shown = [...view.board, ...view.paks.flatMap((held) => held.flatMap((p) => p.cards))];
  const known = seenInHands(view, seat);
  const deal = (inHands: Card[][], from: RngState) =>
    dealTable(all, { seat, hand, handSizes: view.handCounts, inHands, stock: view.stock, shown }, from);
  // The hand of the seat to play must be able to form a pak if its turn began on a full table and it has formed none.
  const t = view.turn;
  if (!t || t.seat === seat || !t.fullTable || t.formed !== null) return deal(known, rng);
  const forming = t.seat;
  let next = rng;
  for (let tries = 0; tries < TRIES; tries++) {
    const dealt = deal(known, next);
    if (capturable(dealt.hands[forming], view.board).length > 0) return dealt;
    next = dealt.rng;
  }
  // Rarely dealt at random (its known cards leave little room): built around a set that wins.
  const pool = unseenCards(all, [...hand, ...shown, ...known.flat()]);
  const sets = winningSets(pool, known[forming], view.board, view.handCounts[forming]);
  const [n, after] = randomInt(next, 0, sets.length - 1);
  const withSet = known.map((cards, i) => (i === forming ? [...cards, ...sets[n]] : cards));
  return deal(withSet, after);
}

/**
 * The smallest sets of unseen cards that, joined to a hand's known cards, take a board card (two or
 * three cards nearly always do: a pair of low cards beats even an ace).
 */
function winningSets(pool: readonly Card[], known: readonly Card[], board: readonly Card[], size: number): Card[][] {
  for (let k = 1; k <= size - known.length; k++) {
    const found: Card[][] = [];
    for (const suit of SUITS) {
      const beat = Math.min(...board.filter((c) => suitOf(c) === suit).map(singleValue));
      const mine = known.filter((c) => suitOf(c) === suit);
      const free = pool.filter((c) => suitOf(c) === suit);
      for (const set of choose(free, k)) {
        if (setValue([...mine, ...set]) > beat) found.push(set);
      }
    }
    if (found.length > 0) return found;
  }
  throw new Error('paks: no hand can form the pak this turn must form');
}

function choose<T>(items: readonly T[], k: number, from = 0): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  for (let i = from; i <= items.length - k; i++) for (const rest of choose(items, k - 1, i + 1)) out.push([items[i], ...rest]);
  return out;
}

/** The turn as the view shows it; a draw kept secret from this seat is the drawer's last dealt card (dealt in random order). */
function turnOf(view: View, seat: number, hands: Card[][]): Turn | null {
  const t = view.turn;
  if (!t) return null;
  const making = (t.seat === seat && t.making) || { capture: null, steal: null, chosen: [] };
  return {
    seat: t.seat,
    drawn: t.drawn ?? (hands[t.seat].at(-1) as Card),
    ...fieldsOf(t, ['fullTable', 'formed', 'stolen']),
    ...fieldsOf(making, ['capture', 'steal', 'chosen']),
  };
}

/**
 * The recent happenings, each draw kept secret from this seat given a card of the drawer's hand, from
 * its last dealt card back (the newest is the turn's own draw). A drawer whose hand is now empty used
 * it or lost it: the card plays no further part, and the game's first card stands for it.
 */
function recentOf(view: View, hands: Card[][]): Happening[] {
  const given = hands.map(() => 0);
  const newestFirst = view.recent.toReversed().map((h): Happening => {
    if (h.type !== 'draw' || h.card !== null) return h as Happening;
    const hand = hands[h.seat];
    return { ...h, card: hand.length > 0 ? hand[hand.length - 1 - (given[h.seat]++ % hand.length)] : cardsFor(view.seats)[0] };
  });
  return newestFirst.reverse();
}
