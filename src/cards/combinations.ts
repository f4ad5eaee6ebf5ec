import type { Card } from './cards';

/**
 * Every subset of `cards` whose values add up to `target`, each as a list of cards in table order.
 * Fishing games capture by sums (Escoba's fifteen, Scopa, Kontsina, Diloti, Chinese Ten); a table
 * holds few cards, so plain enumeration is exact and fast. With `minSize`, smaller sets are skipped.
 */
export function subsetsSumming(cards: readonly Card[], target: number, worth: (c: Card) => number, minSize = 1): Card[][] {
  const out: Card[][] = [];
  const values = cards.map(worth);
  const pick: Card[] = [];
  const walk = (from: number, left: number) => {
    if (left === 0 && pick.length >= minSize) out.push([...pick]);
    if (left <= 0) return;
    for (let i = from; i < cards.length; i++) {
      if (values[i] > left) continue;
      pick.push(cards[i]);
      walk(i + 1, left - values[i]);
      pick.pop();
    }
  };
  walk(0, target);
  // Distinct picks of distinct cards are distinct sets: only a table holding two equal cards needs the dedupe.
  return new Set(cards).size === cards.length ? out : dedupeSets(out);
}

/** Drops sets that are the same multiset of codes (two equal cards on the table make the same capture). */
export function dedupeSets(sets: readonly Card[][]): Card[][] {
  const seen = new Set<string>();
  const out: Card[][] = [];
  for (const s of sets) {
    const key = [...s].sort().join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}
