import {
  type Card,
  countCards,
  dealTable,
  type Rank,
  type RngState,
  randomInt,
  rankOf,
  shuffle,
  standardDeck,
  unseenCards,
} from '../../cards';
import { fieldsOf, movesOfDeal } from '../../cards/fishing';
import type { SeenEvent } from '../../engine';
import type { Action, Answer, Pending, Play, SetName, State, View } from './state';
import { declarationOf } from './values';

/** Tries at dealing the declared hands before giving up: each try draws them in a new order. */
const TRIES = 20;

/**
 * A Porrazo state for `seat` from its view and its reading of the log. The table, the tendido, this
 * deal's plays and every score show; the other hands, the stock and the face-down won cards are dealt
 * from the cards it has not seen. Every card seen played this hand lies on the table or in a won-cards
 * pile: this deal's captures in their capturers' piles (a counter-porrazo moving two of them), older
 * ones anywhere. A seat that declared holds, with what it has played of this deal's three cards, the
 * set it announced: its rank, secret, is drawn with the hand. The generator left over shuffles the
 * later hands.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const seats = view.handCounts.length;
  const over = view.hands !== null;
  const piles = knownPiles(view.plays, seats);
  const inPiles = new Set(piles.flat());
  const played = [...(view.tendido?.cards ?? []), ...view.leftover, ...cardsPlayedThisHand(view, seen)];
  const buried = [...new Set(played)].filter((c) => !view.table.includes(c) && !inPiles.has(c));
  const hand = view.hand ?? [];
  const inHands = over ? (view.hands ?? []).flat() : hand;
  const deck = standardDeck();
  const shown = [...view.table, ...piles.flat(), ...buried, ...(view.stock ?? [])];
  const unseen = unseenCards(deck, [...inHands, ...shown]);
  const piled = [{ size: view.capturedCounts.reduce((a, b) => a + b, 0) - inPiles.size - buried.length }];
  const thisDeal = view.handCounts.every((n) => n === 3) ? [] : view.plays;
  // The declarations to deal for: those whose rank is secret (the seat's own shows it, and every one once the game is over).
  const declared = view.declarations.flatMap((d, i) =>
    d !== null && d !== 'pass' && !('rank' in d)
      ? [{ seat: i, set: d.set, played: thisDeal.filter((p) => p.seat === i).map((p) => p.card) }]
      : [],
  );
  let next = rng;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    let pool = unseen;
    const hands: Card[][] = over ? (view.hands as Card[][]) : view.handCounts.map((_, i) => (i === seat ? hand : []));
    const answers: Answer[] = view.declarations.map((d) => (d === null || d === 'pass' || 'rank' in d ? d : null));
    let order: typeof declared;
    [order, next] = shuffle(declared, next);
    // A rondine binds a hand more than a ronda: those are dealt first.
    order.sort((a, b) => (a.set === b.set ? 0 : a.set === 'rondine' ? -1 : 1));
    for (const d of order) {
      let held: Card[] | undefined;
      [held, next] = handHolding(d.set, d.played, view.handCounts[d.seat], pool, next);
      if (!held) break;
      hands[d.seat] = held;
      pool = unseenCards(pool, held);
      answers[d.seat] = declarationOf([...d.played, ...held]);
    }
    // A hand dealt holds its set, and its answer shows it: a seat still without one is a deal that failed.
    if (order.some((d) => answers[d.seat] === null)) continue;
    const stock = over ? 0 : view.stockCount;
    const dealt = dealTable(deck, { seat, hand, handSizes: view.handCounts, inHands: hands, stock, piles: piled, shown }, next);
    const rest = [...buried, ...dealt.piles[0]];
    return {
      seats,
      ...fieldsOf(view, ['partners', 'target']),
      rng: dealt.rng,
      ...fieldsOf(view, ['handNo', 'dealer', 'deal']),
      phase: view.phase === 'over' ? 'playing' : view.phase,
      turn: view.turn ?? (view.dealer + 1) % seats,
      stock: over ? (view.stock ?? []) : dealt.stock,
      hands: dealt.hands,
      table: view.table,
      captured: piles.map((known, i) => [...known, ...rest.splice(0, view.capturedCounts[i] - known.length)]),
      ...fieldsOf(view, ['scores', 'tendidoDealt', 'tendido', 'leftover']),
      answers,
      laid: view.laid,
      pending: pendingOf(view),
      plays: view.plays,
      notes: view.scored,
      lastHand: view.lastHand,
      winner: view.winner === null ? null : view.sideOf[view.winner[0]],
    };
  }
  throw new Error('porrazo sample: no deal gives every seat the set it declared');
}

/** The cards this deal's plays put in each seat's won-cards pile, as far as they show. */
function knownPiles(plays: readonly Play[], seats: number): Card[][] {
  const piles: Card[][] = Array.from({ length: seats }, () => []);
  plays.forEach((p, k) => {
    // A counter-porrazo takes the two cards of the porrazo just made back out of its pile.
    if (p.as === 'counter-porrazo') {
      const from = plays[k - 1].seat;
      piles[from] = piles[from].filter((c) => !p.took.includes(c));
    }
    if (p.took.length > 0 || p.swept) piles[p.seat].push(p.card, ...p.took, ...(p.swept ?? []));
  });
  return piles;
}

/**
 * The cards played from the hands this hand, as far as the log reaches back: the hand's last moves,
 * back to as many cards played as were dealt to the hands less those still held.
 */
function cardsPlayedThisHand(view: View, seen: readonly SeenEvent[]): Card[] {
  const plays = view.deal * 3 * view.handCounts.length - view.handCounts.reduce((a, b) => a + b, 0);
  return movesOfDeal<Action>(seen, plays, playsCard)
    .flatMap(({ action }) => (playsCard(action) ? [action.card] : []))
    .reverse();
}

const playsCard = (a: Action): a is Extract<Action, { type: 'play' | 'inPlace' }> => a.type === 'play' || a.type === 'inPlace';

/** The porrazo waiting, with its cards: those of the last play (the laid card and the porrazo card, and the counter's own). */
function pendingOf(view: View): Pending | null {
  if (!view.porrazo) return null;
  const last = view.plays[view.plays.length - 1];
  const cards = view.porrazo.stage === 'porrazo' ? [last.took[0], last.card] : [...last.took, last.card];
  return { ...view.porrazo, cards };
}

const choose = (n: number, k: number): number => (k === 0 ? 1 : k > n ? 0 : (n * choose(n - 1, k - 1)) / k);

/**
 * `size` cards from `pool` that, with the cards `played` from the same deal of three, make `set`:
 * every such hand equally likely (ranks drawn by how many hands each rank count allows, then the
 * cards of each rank). Undefined when the pool holds none.
 */
export function handHolding(
  set: SetName,
  played: readonly Card[],
  size: number,
  pool: readonly Card[],
  rng: RngState,
): [Card[] | undefined, RngState] {
  const ranks = [...new Set(pool.map(rankOf))];
  const ofRank = (rank: Rank) => pool.filter((c) => rankOf(c) === rank);
  const before = countCards(played.map(rankOf));
  // Three cards make a rondine when one rank comes three times, a ronda when one comes twice.
  const most = Math.max(0, ...before.values());
  const makes = (counts: readonly number[]) => {
    const top = counts.reduce((m, n, k) => Math.max(m, n + (before.get(ranks[k]) ?? 0)), most);
    return top >= 3 ? 'rondine' : top === 2 ? 'ronda' : null;
  };
  // Every way to take `left` cards from the ranks from the i-th on: how many of each (most first), and in how many hands.
  const waysFrom = (i: number, left: number): { counts: number[]; weight: number }[] => {
    if (left === 0) return [{ counts: ranks.slice(i).map(() => 0), weight: 1 }];
    if (i === ranks.length) return [];
    const n = ofRank(ranks[i]).length;
    const takes = [...Array(Math.min(left, n) + 1).keys()].reverse();
    return takes.flatMap((k) =>
      waysFrom(i + 1, left - k).map((w) => ({ counts: [k, ...w.counts], weight: choose(n, k) * w.weight })),
    );
  };
  const ways = waysFrom(0, size).filter((w) => makes(w.counts) === set);
  const total = ways.reduce((n, w) => n + w.weight, 0);
  if (total === 0) return [undefined, rng];
  let [pick, next] = randomInt(rng, 0, total - 1);
  let at = 0;
  while (pick >= ways[at].weight) pick -= ways[at++].weight;
  const way = ways[at];
  const held: Card[] = [];
  for (const [k, r] of ranks.entries()) {
    if (way.counts[k] === 0) continue;
    let cards: Card[];
    [cards, next] = shuffle(ofRank(r), next);
    held.push(...cards.slice(0, way.counts[k]));
  }
  return [held, next];
}
