import { type Card, dealUnseen, type HiddenPlace, type RngState, shuffle, unseenCards } from '../../cards';
import { aceToTenDeck, totalModTen } from '../../cards/banking';
import type { SeenEvent } from '../../engine';
import { dealerSpecial } from './settlement';
import type { Action, State, View } from './state';

const FACE_DOWN = 'face-down';

/** The totals, low to high, a tableau's first two cards may come to. */
type Totals = [number, number];

/**
 * An Oicho-Kabu state for `seat` from its view and its reading of the log. Everything of the round
 * shows but the other seats' private cards, the second field of each tableau the seat did not bet on,
 * the dealer's first two cards and the deck, which are dealt from the cards it has not seen; earlier
 * rounds are reshuffled away. Where a hidden second field has been asked for its third card, how that
 * went says what its first two cards come to; the dealer who has looked and may still choose holds
 * neither shippin nor kuppin, and under the drawing rule 4 to 6. The generator left over draws and
 * shuffles the later rounds.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const over = view.phase === 'over';
  const table = {
    options: view.options,
    chips: view.chips,
    round: view.round,
    dealer: view.dealer,
    order: view.order,
    dealerDraw: view.dealerDraw,
    phase: view.phase,
    bettor: view.phase === 'betting' ? view.order.indexOf(view.toAct[0]) : 0,
    asking: view.asking === null ? [] : askingFrom(view, view.asking),
    lastRound: view.lastRound,
    broke: over ? view.chips.flatMap((c, i) => (c === 0 ? [i] : [])) : [],
  };
  const privateCards = over
    ? (view.privateCards ?? [])
    : view.chips.map((_, i) => (i === view.dealer ? null : i === seat ? view.privateCard : FACE_DOWN));
  const shown = [...privateCards, ...view.tableaus.flatMap((t) => t.cards), ...view.dealerCards].filter(
    (c): c is Card => c !== null && c !== FACE_DOWN,
  );
  const unseen = unseenCards(aceToTenDeck(), shown);
  const dealerHidden = view.dealerCards.filter((c) => c === FACE_DOWN).length;
  const fields = secondFields(view, seen);
  const others = privateCards.filter((c) => c === FACE_DOWN).length;
  // Drawn last, the dealer's cards: where they are bound together, each pair that may be his in turn.
  let [pairs, next] = dealerPairs(view, unseen, rng);
  for (const pair of pairs) {
    const rest = removeOnce(unseen, pair);
    const places: HiddenPlace[] = [
      ...fields.map(([lo, hi], t) => ({
        size: hiddenSecond(view, t) ? 1 : 0,
        accepts: (c: Card) => within(totalModTen([view.tableaus[t].cards[0] as Card, c]), lo, hi),
      })),
      { size: others },
      { size: dealerHidden - pair.length },
      { size: view.deckCount },
    ];
    let dealt: Card[][];
    try {
      [dealt, next] = dealUnseen(rest, places, next);
    } catch {
      continue;
    }
    const [privates, dealer, deck] = dealt.slice(4);
    const hiddenDealer = [...pair, ...dealer];
    return {
      ...table,
      privateCards: privateCards.map((c) => (c === FACE_DOWN ? (privates.shift() as Card) : c)),
      tableaus: view.tableaus.map((t, i) => ({
        cards: t.cards.map((c) => (c === FACE_DOWN ? dealt[i][0] : c)),
        bets: t.bets,
      })),
      dealerCards: view.dealerCards.map((c) => (c === FACE_DOWN ? (hiddenDealer.shift() as Card) : c)),
      deck,
      rng: next,
    };
  }
  throw new Error('oicho-kabu sample: no deal fits what the seat saw');
}

const within = (n: number, lo: number, hi: number) => n >= lo && n <= hi;
const hiddenSecond = (view: View, t: number) => view.tableaus[t].cards[1] === FACE_DOWN;

function removeOnce(cards: readonly Card[], gone: readonly Card[]): Card[] {
  const out = [...cards];
  for (const c of gone) out.splice(out.indexOf(c), 1);
  return out;
}

/** The tableaus still to be asked for a third card, from `current` on: by their decider's place in the order of play, then left to right. */
function askingFrom(view: View, current: number): number[] {
  const queue = view.tableaus
    .map((t, i) => ({ i, by: t.decider === null ? -1 : view.order.indexOf(t.decider) }))
    .filter((t) => t.by >= 0)
    .sort((a, b) => a.by - b.by || a.i - b.i)
    .map((t) => t.i);
  return queue.slice(queue.indexOf(current));
}

/**
 * What the first two cards of each tableau may come to, as far as `seat` can tell. The third-card rule
 * is public: a tableau asked took a third card at 3 or less (compulsory) or at 4 to 6 (its decider's
 * choice), and none at 7 or more or by choice; the tableau being asked stands at 4 to 6. A choice shows
 * in the log as the decider's move: where the log reaches back to the round's first draw, a tableau
 * without one took its third card at 3 or less, or refused it at 7 or more.
 */
export function secondFields(view: View, seen: readonly SeenEvent[]): Totals[] {
  const any: Totals = [0, 9];
  const unasked = new Set(view.phase === 'thirdCards' ? askingFrom(view, view.asking as number).slice(1) : []);
  const moves = seen.filter((e) => e.kind === 'move').map((e) => e.action as Action);
  // The dealer's first draw opens the questions: the last draw in the log, or the one before while he decides his third card.
  const draws = moves.flatMap((a, i) => (a.type === 'draw' ? [i] : []));
  const opened = draws.at(view.phase === 'dealerThird' ? -2 : -1);
  const whole = opened !== undefined;
  const chosen = new Set(moves.slice((opened ?? -1) + 1).flatMap((a) => (a.type === 'thirdCard' ? [a.tableau] : [])));
  return view.tableaus.map((t, i): Totals => {
    if (t.decider === null || t.cards.length < 2 || unasked.has(i)) return any;
    if (i === view.asking || chosen.has(i)) return [4, 6];
    const third = t.cards.length === 3;
    if (whole) return third ? [0, 3] : [7, 9];
    return third ? [0, 6] : [4, 9];
  });
}

/**
 * The dealer's hidden cards that must be drawn together, each possible pair in random order: while he
 * decides on his third card, his two cards (face down to the others) are neither shippin nor kuppin,
 * and under the drawing rule come to 4 to 6. Otherwise one empty pair: his hidden card is free.
 */
function dealerPairs(view: View, unseen: readonly Card[], rng: RngState): [Card[][], RngState] {
  if (view.phase !== 'dealerThird' || view.dealerCards[0] !== FACE_DOWN) return [[[]], rng];
  const pairs: Card[][] = [];
  unseen.forEach((a, i) => {
    unseen.forEach((b, j) => {
      if (i === j || dealerSpecial([a, b])) return;
      if (view.options.dealerDrawRule && !within(totalModTen([a, b]), 4, 6)) return;
      pairs.push([a, b]);
    });
  });
  return shuffle(pairs, rng);
}
