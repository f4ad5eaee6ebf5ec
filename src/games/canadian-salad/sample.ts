import { type Card, dealUnseen, type RngState, shuffle, suitOf, unseenCards } from '../../cards';
import { tricksOfDeal, trickWinner, voidsShown } from '../../cards/tricks';
import { cardPlays, type SeenEvent } from '../../engine';
import { DEALS, dealPoints, type State, saladDeck, type View } from './state';

/** Tries at placing the taken cards a seat did not watch so that the voids shown are kept too. */
const TRIES = 50;

/**
 * Determinization: a deal consistent with what `seat` knows. Its own hand and the cards it watched
 * played stay where they are: the tricks of this deal give each seat's taken cards, and every void
 * shown (a seat that did not follow suit holds none of it). The other hands are dealt from the cards
 * it has not seen. Taken cards it did not watch (a memory that does not reach back to the deal's
 * first trick) are drawn so that each seat's points this deal come out as the table shows them.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const seats = view.handCounts.length;
  const hands: Card[][] = view.handCounts.map(() => []);
  hands[seat] = [...(view.hand ?? [])];
  const common = {
    seats,
    phase: view.phase,
    deal: view.deal,
    dealer: view.dealer,
    trick: view.trick,
    lastTrick: view.lastTrick,
    tricks: view.tricks,
    scores: view.scores,
    lastDeal: view.lastDeal,
  };
  if (view.taken) return { ...common, hands, taken: view.taken, rng };

  const completed = view.tricks.reduce((a, b) => a + b, 0);
  const watched = tricksOfDeal(cardPlays(seen), seats, view.trick.plays.length, completed);
  const whole = watched.slice(0, -1);
  const taken: Card[][] = hands.map(() => []);
  for (const trick of whole) taken[trickWinner(trick).seat].push(...trick.map((p) => p.card));
  if (view.lastTrick && whole.length === 0) taken[view.lastTrick.winner].push(...view.lastTrick.plays.map((p) => p.card));
  const known = [...hands[seat], ...view.trick.plays.map((p) => p.card), ...taken.flat()];
  const unseen = unseenCards(saladDeck(seats), known);
  const missing = taken.map((t, s) => seats * view.tricks[s] - t.length);
  const voids = voidsShown(watched);
  const others = [...Array(seats).keys()].filter((s) => s !== seat);

  const places = others.map((s) => ({ size: view.handCounts[s], accepts: (c: Card) => !voids.get(s)?.has(suitOf(c)) }));
  const hidden = missing.reduce((a, b) => a + b, 0);
  if (hidden === 0) {
    const [dealt, next] = dealUnseen(unseen, places, rng);
    return { ...common, hands: withOthers(hands, others, dealt), taken, rng: next };
  }
  // The tricks it did not watch: what scoring cards went to them is chosen so that every seat's points
  // come out as shown (the real deal is one such choice), then the cards themselves are drawn.
  const target = dealPoints(view.deal, taken, view.tricks, null).map((p, s) => view.points[s] - p);
  let next = rng;
  for (let k = 0; k < TRIES; k++) {
    let chosen: number[][] | undefined;
    [chosen, next] = chooseKinds(view.deal, missing, target, scoringCounts(unseen), next);
    if (!chosen) break;
    // The hands keep the voids shown, each unwatched trick pile takes its share of each kind.
    const piles = chosen.flatMap((n, s) => n.flatMap((size, kind) => (size > 0 ? [{ s, size, kind }] : [])));
    try {
      const [dealt, after] = dealUnseen(
        unseen,
        [...places, ...piles.map(({ size, kind }) => ({ size, accepts: (c: Card) => kindOf(c) === kind }))],
        next,
      );
      const all = taken.map((t) => [...t]);
      piles.forEach(({ s }, i) => {
        all[s].push(...dealt[others.length + i]);
      });
      return { ...common, hands: withOthers(hands, others, dealt), taken: all, rng: after };
    } catch {
      // The voids shown cannot be kept with this split: choose again.
    }
  }
  throw new Error('canadian-salad sample: no placing of the unwatched tricks gives the points shown');
}

/** The kinds of card the deals score differently: the Q♥ (a heart and a queen), the K♠, other hearts, other queens, the rest. */
const KINDS = 5;
function kindOf(c: Card): number {
  if (c === 'QH') return 0;
  if (c === 'KS') return 1;
  if (suitOf(c) === 'H') return 2;
  return c[0] === 'Q' ? 3 : 4;
}

function scoringCounts(cards: readonly Card[]): number[] {
  const counts = Array(KINDS).fill(0);
  for (const c of cards) counts[kindOf(c)]++;
  return counts;
}

/** What a deal scores for cards of these kinds (by kind: Q♥, K♠, hearts, queens, others), tricks apart. */
function kindPoints(deal: number, n: readonly number[]): number {
  const [qh, ks, h, q] = n;
  const all = deal === DEALS;
  return (all || deal === 2 ? 10 * (qh + h) : 0) + (all || deal === 3 ? 25 * (qh + q) : 0) + (all || deal === 4 ? 100 * ks : 0);
}

/**
 * How many cards of each kind each seat's unwatched tricks hold, so that each scores its `target`:
 * each seat in turn takes one of its possible splits, in random order, backtracking when the seats
 * after it cannot be met from what is left.
 */
function chooseKinds(
  deal: number,
  missing: readonly number[],
  target: readonly number[],
  left: number[],
  rng: RngState,
): [number[][] | undefined, RngState] {
  let next = rng;
  const options = missing.map((size, s) => {
    let splits: number[][];
    [splits, next] = shuffle(
      countsFor(size, left).filter((n) => kindPoints(deal, n) === target[s]),
      next,
    );
    return splits;
  });
  const chosen: number[][] = missing.map(() => Array(KINDS).fill(0));
  const place = (s: number): boolean => {
    if (s === missing.length) return true;
    for (const n of options[s]) {
      if (n.some((x, kind) => x > left[kind])) continue;
      n.forEach((x, kind) => {
        left[kind] -= x;
      });
      chosen[s] = n;
      if (place(s + 1)) return true;
      n.forEach((x, kind) => {
        left[kind] += x;
      });
    }
    return false;
  };
  return [place(0) ? chosen : undefined, next];
}

/** Every split of `size` cards into the five kinds that the cards `left` allow. */
function countsFor(size: number, left: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let qh = 0; qh <= Math.min(left[0], size); qh++)
    for (let ks = 0; ks <= Math.min(left[1], size - qh); ks++)
      for (let h = 0; h <= Math.min(left[2], size - qh - ks); h++)
        for (let q = 0; q <= Math.min(left[3], size - qh - ks - h); q++) {
          const rest = size - qh - ks - h - q;
          if (rest <= left[4]) out.push([qh, ks, h, q, rest]);
        }
  return out;
}

function withOthers(hands: Card[][], others: number[], dealt: Card[][]): Card[][] {
  const out = [...hands];
  others.forEach((s, i) => {
    out[s] = dealt[i];
  });
  return out;
}
