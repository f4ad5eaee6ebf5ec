import { type Card, RANKS, type Rank, rankNumber, rankOf, strictlyMost } from '../../cards';
import type { Declaration, TendidoScore, TendidoSet } from './state';

/** Porrazo's vocabulary: ronda values, runs, playing in place, the tendido and declarations. */

/** A ronda (pair) is worth 4 in kings, 3 in queens, 2 in jacks, 1 in tens down to aces. */
export const rondaValue = (rank: Rank): number => Math.max(1, rankNumber(rank) - 9);

/** A rondine (three of a kind) is worth three times the ronda of its rank. */
export const rondineValue = (rank: Rank): number => 3 * rondaValue(rank);

/**
 * The table cards a played card captures: nothing unless a table card has its rank; otherwise that
 * card and the unbroken run going up from it (K-A wraps), one card of each rank. Where a rank lies
 * twice on the table the card laid last is taken (suits never score, so which one is immaterial).
 */
export function captureOf(table: readonly Card[], played: Card): Card[] {
  const from = RANKS.indexOf(rankOf(played));
  const taken: Card[] = [];
  // The ranks from the card's own up, the king followed by the ace, each once: a run never takes two cards of one rank.
  for (const rank of [...RANKS.slice(from), ...RANKS.slice(0, from)]) {
    const card = table.findLast((c) => rankOf(c) === rank);
    if (card === undefined) break;
    taken.push(card);
  }
  return taken;
}

/** An ace to 4 is in place when, once laid, the number of table cards equals its pips. */
export const fitsInPlace = (card: Card, tableCountBefore: number): boolean =>
  tableCountBefore < 4 && rankNumber(card) === tableCountBefore + 1;

/** The ronda value of a limpia: the rank of the last card of the run taken (not the highest). */
export const limpiaValue = (taken: readonly Card[]): number => rondaValue(rankOf(taken[taken.length - 1]));

/** Points of a pair, three or four of a kind (`count` 2 to 4: one deck): ronda, rondine, twice the rondine. */
export const setValue = (rank: Rank, count: number): number =>
  count === 2 ? rondaValue(rank) : (count - 2) * rondineValue(rank);

const placePoints = (counted: readonly Card[]): number =>
  counted.reduce((sum, c, i) => (rankNumber(c) === i + 1 ? sum + i + 1 : sum), 0);

/**
 * The dealer's tendido scored at its best: the two pairs as dealt ([t1 t2] [t3 t4]) may each be
 * swapped and counted from either end, so either pair may take positions 1-2 in either order.
 * Every pair, three or four of a kind on the table that the tendido formed (it holds a tendido card) scores too.
 */
export function scoreTendido(tendido: readonly Card[], tableBefore: readonly Card[]): TendidoScore {
  const [one, two] = [tendido.slice(0, 2), tendido.slice(2, 4)];
  const turns = <T>(pair: T[]) => [pair, [pair[1], pair[0]]];
  const orders = turns([one, two]).flatMap(([first, second]) =>
    turns(first).flatMap((a) => turns(second).map((b) => [...a, ...b])),
  );
  // The first order that scores most, in the order above (the pairs as dealt first).
  const counted = orders.reduce((best, order) => (placePoints(order) > placePoints(best) ? order : best));
  const places = placePoints(counted);
  const table = [...tableBefore, ...tendido];
  const sets: TendidoSet[] = [];
  for (const rank of RANKS) {
    const count = table.filter((c) => rankOf(c) === rank).length;
    if (count >= 2 && tendido.some((c) => rankOf(c) === rank)) sets.push({ rank, count, points: setValue(rank, count) });
  }
  return { counted, places, sets, points: places + sets.reduce((sum, s) => sum + s.points, 0) };
}

/** What a hand of three may declare: a rondine for three of a kind, a ronda for a pair, else nothing. */
export function declarationOf(hand: readonly Card[]): Declaration | null {
  const ranks = hand.map(rankOf);
  for (const rank of ranks) {
    const count = ranks.filter((r) => r === rank).length;
    if (count >= 3) return { set: 'rondine', rank };
    if (count === 2) return { set: 'ronda', rank };
  }
  return null;
}

export const declarationValue = (d: Declaration): number => (d.set === 'rondine' ? rondineValue : rondaValue)(d.rank);

/** A rondine beats any ronda; within a kind the higher rank wins, aces low. */
export function beats(a: Declaration, b: Declaration): boolean {
  if (a.set !== b.set) return a.set === 'rondine';
  return rankNumber(a.rank) > rankNumber(b.rank);
}

/**
 * The seat whose declaration scores: the best one; equal ones go to the seat first in turn order
 * from the dealer's left. `declared` is by seat, null for no declaration.
 */
export function bestDeclaration(declared: readonly (Declaration | null)[], dealer: number): number | undefined {
  let best: number | undefined;
  for (let k = 1; k <= declared.length; k++) {
    const seat = (dealer + k) % declared.length;
    const d = declared[seat];
    if (d && (best === undefined || beats(d, declared[best] as Declaration))) best = seat;
  }
  return best;
}

/** The hand's score: the side with strictly the most captured cards scores the difference to the next best. */
export function handWinner(captured: readonly number[]): { winner: number | null; points: number } {
  const winner = strictlyMost(captured);
  if (winner === undefined) return { winner: null, points: 0 };
  return { winner, points: captured[winner] - Math.max(...captured.filter((_, side) => side !== winner)) };
}
