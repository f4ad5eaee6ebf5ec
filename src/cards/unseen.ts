import { type Card, countCards } from './cards';
import { type RngState, shuffle } from './rng';

/**
 * Determinization helpers, shared by every game's `sample` (DESIGN.md, "Bots that play well"): most
 * games hide cards the same way (hands, a stock, face-down piles of known size), so filling those
 * places with the cards a seat has not seen is written once here.
 */

/** The cards a seat has not seen: the game's cards less those it knows the place of (a multiset: decks may repeat codes). */
export function unseenCards(all: readonly Card[], known: Iterable<Card>): Card[] {
  const left = countCards(all);
  for (const c of known) {
    const n = left.get(c);
    if (!n) throw new Error(`unseenCards: ${c} is known more often than the game holds it`);
    left.set(c, n - 1);
  }
  const out: Card[] = [];
  for (const c of all) {
    const n = left.get(c) ?? 0;
    if (n > 0) {
      out.push(c);
      left.set(c, n - 1);
    }
  }
  return out;
}

/** A hidden place to fill: how many cards it holds, and what a card must be to lie there (a void shown). */
export interface HiddenPlace {
  size: number;
  /** False for a card this place cannot hold (a seat that showed a void in a suit holds none of it). */
  accepts?: (card: Card) => boolean;
}

/**
 * Deals `cards` (the unseen ones), in random order, into places of the given sizes. Places with a
 * constraint are filled first, most constrained first, each from the cards it accepts, so a void is
 * never broken; what is left goes to the unconstrained places. When that quick fill runs into a dead
 * end (two voids competing for the same few cards), the cards are placed one by one, each where the
 * rest can still be placed (a small transport problem over the cards' kinds). Throws when the sizes
 * do not add up to the cards, or when the constraints cannot all be met.
 */
export function dealUnseen(cards: readonly Card[], places: readonly HiddenPlace[], rng: RngState): [Card[][], RngState] {
  const total = places.reduce((n, p) => n + p.size, 0);
  if (total !== cards.length) throw new Error(`dealUnseen: ${cards.length} unseen cards for places of ${total}`);
  const [pool, next] = shuffle(cards, rng);
  return [quickFill(pool, places) ?? carefulFill(pool, places), next];
}

function quickFill(shuffled: readonly Card[], places: readonly HiddenPlace[]): Card[][] | undefined {
  let pool = shuffled;
  const filled: Card[][] = places.map(() => []);
  const order = places
    .map((p, i) => ({ p, i, room: p.accepts ? shuffled.filter(p.accepts).length - p.size : Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.room - b.room);
  for (const { p, i } of order) {
    const take: Card[] = [];
    const rest: Card[] = [];
    for (const c of pool) (take.length < p.size && (!p.accepts || p.accepts(c)) ? take : rest).push(c);
    if (take.length < p.size) return undefined;
    filled[i] = take;
    pool = rest;
  }
  return filled;
}

/**
 * Places the (shuffled) cards one at a time in the first place, from a random start, that accepts
 * it and leaves the rest placeable. Cards are grouped by the places that accept them: whether the
 * rest fits is a max-flow from those groups to the places' free room.
 */
function carefulFill(shuffled: readonly Card[], places: readonly HiddenPlace[]): Card[][] {
  const signature = (c: Card) => places.map((p) => (!p.accepts || p.accepts(c) ? '1' : '0')).join('');
  const kinds = new Map<string, number>();
  for (const c of shuffled) kinds.set(signature(c), (kinds.get(signature(c)) ?? 0) + 1);
  const room = places.map((p) => p.size);
  if (!fits(kinds, room)) throw new Error('dealUnseen: the places cannot all be filled as they require');
  const filled: Card[][] = places.map(() => []);
  shuffled.forEach((c, k) => {
    const sig = signature(c);
    kinds.set(sig, (kinds.get(sig) ?? 0) - 1);
    for (let j = 0; j < places.length; j++) {
      const i = (j + k) % places.length;
      if (sig[i] !== '1' || room[i] === 0) continue;
      room[i]--;
      if (fits(kinds, room)) {
        filled[i].push(c);
        return;
      }
      room[i]++;
    }
    throw new Error('dealUnseen: the places cannot all be filled as they require');
  });
  return filled;
}

/** Whether cards of these kinds (signature: which places accept them, and how many) fill the room exactly. */
function fits(kinds: ReadonlyMap<string, number>, room: readonly number[]): boolean {
  const groups = [...kinds].filter(([, n]) => n > 0);
  const need = groups.reduce((n, [, k]) => n + k, 0);
  if (need !== room.reduce((a, b) => a + b, 0)) return false;
  // Ford-Fulkerson on source -> kind -> place -> sink, capacities: kind counts, unbounded, place room.
  const flow = groups.map(() => room.map(() => 0));
  const left = groups.map(([, n]) => n);
  const free = [...room];
  let moved = 0;
  for (;;) {
    // Breadth-first search for an augmenting path from a kind with cards left to a place with room.
    const fromKind: number[] = groups.map(() => -2);
    const fromPlace: number[] = room.map(() => -1);
    const queue: number[] = [];
    groups.forEach((_, g) => {
      if (left[g] > 0) {
        fromKind[g] = -1;
        queue.push(g);
      }
    });
    let end = -1;
    while (queue.length && end < 0) {
      const g = queue.shift() as number;
      for (let p = 0; p < room.length && end < 0; p++) {
        if (groups[g][0][p] !== '1' || fromPlace[p] >= 0) continue;
        fromPlace[p] = g;
        if (free[p] > 0) end = p;
        else
          groups.forEach((_, h) => {
            if (fromKind[h] === -2 && flow[h][p] > 0) {
              fromKind[h] = p;
              queue.push(h);
            }
          });
      }
    }
    if (end < 0) return moved === need;
    // One card along the path: the last place takes it, each kind on the way hands its place on.
    let p = end;
    free[p]--;
    for (;;) {
      const g = fromPlace[p];
      flow[g][p]++;
      const back = fromKind[g];
      if (back === -1) {
        left[g]--;
        break;
      }
      flow[g][back]--;
      p = back;
    }
    moved++;
  }
}

/** A hidden place some of whose cards the seat knows for certain (a card it saw captured into a face-down pile). */
export interface KnownPlace extends HiddenPlace {
  known?: readonly Card[];
}

/**
 * Fills hidden places with the cards the seat knows lie there and, for the rest of each, the cards it
 * has not seen (`all` less the cards it sees now, `shown`, less every known card), dealt at random.
 * Each place lists its known cards first.
 */
function fillHidden(
  all: readonly Card[],
  shown: Iterable<Card>,
  places: readonly KnownPlace[],
  rng: RngState,
): [Card[][], RngState] {
  const unseen = unseenCards(all, [...shown, ...places.flatMap((p) => p.known ?? [])]);
  const [dealt, next] = dealUnseen(
    unseen,
    places.map((p) => ({ size: p.size - (p.known?.length ?? 0), accepts: p.accepts })),
    rng,
  );
  return [places.map((p, i) => [...(p.known ?? []), ...dealt[i]]), next];
}

/** What a seat sees of a table of hands and a stock, for `dealTable`. */
export interface TableSeen {
  /** The seat the state is sampled for, and its own hand. */
  seat: number;
  hand: readonly Card[];
  /** How many cards each hand holds, by seat. */
  handSizes: readonly number[];
  /** Cards the seat knows lie in other hands, by seat (its own entry unused). */
  inHands?: readonly (readonly Card[])[];
  /** What each other hand may hold, by seat (its own entry unused): a seat that showed it lacks some cards holds none. */
  accepts?: readonly HiddenPlace['accepts'][];
  /** How many cards the stock holds. */
  stock: number;
  /** Further hidden places, such as face-down won piles, and the cards known to lie in each. */
  piles?: readonly KnownPlace[];
  /** Every other card the seat sees now: the table, face-up piles. */
  shown: Iterable<Card>;
}

/**
 * The hidden places of a card table filled from what a seat knows: its own hand as it is, the other
 * hands (each holding the cards known to lie there), the stock, then any further hidden piles.
 */
export function dealTable(
  all: readonly Card[],
  table: TableSeen,
  rng: RngState,
): { hands: Card[][]; stock: Card[]; piles: Card[][]; rng: RngState } {
  const others = table.handSizes.flatMap((_, i) => (i === table.seat ? [] : [i]));
  const [places, next] = fillHidden(
    all,
    [...table.hand, ...table.shown],
    [
      ...others.map((i) => ({ size: table.handSizes[i], known: table.inHands?.[i], accepts: table.accepts?.[i] })),
      { size: table.stock },
      ...(table.piles ?? []),
    ],
    rng,
  );
  return {
    hands: table.handSizes.map((_, i) => (i === table.seat ? [...table.hand] : places[others.indexOf(i)])),
    stock: places[others.length],
    piles: places.slice(others.length + 1),
    rng: next,
  };
}
