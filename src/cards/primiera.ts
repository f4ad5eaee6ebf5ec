import { type Card, rankOf, SUITS, suitOf } from './cards';
import { strictlyMost } from './scoring';

/**
 * Scopa's primiera and Escoba's setenta judge a score pile by its best card in each suit, ranked
 * 7, 6, A, 5, 4, 3, 2, face cards (J Q K all equal, lowest). Scopa adds the four best cards' points
 * (7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, face = 10); Escoba compares the four best
 * cards one by one, highest first, as poker hands are compared. Both need all four suits in the pile.
 */

const POINTS: Record<string, number> = { '7': 21, '6': 18, A: 16, '5': 15, '4': 14, '3': 13, '2': 12, J: 10, Q: 10, K: 10 };

/** A card's primiera points; the same numbers order the cards for the setenta. */
export function primieraPoints(c: Card): number {
  const p = POINTS[rankOf(c)];
  if (p === undefined) throw new Error(`primieraPoints: ${c} is not in the forty-card deck`);
  return p;
}

/** The best card of each suit (S H D C order), or undefined when the pile lacks a suit (not eligible). */
export function bestOfEachSuit(pile: readonly Card[]): Card[] | undefined {
  const best: Card[] = [];
  for (const suit of SUITS) {
    let top: Card | undefined;
    for (const c of pile) {
      if (suitOf(c) === suit && (top === undefined || primieraPoints(c) > primieraPoints(top))) top = c;
    }
    if (top === undefined) return undefined;
    best.push(top);
  }
  return best;
}

/** Scopa's primiera count: the points of the best card of each suit added up; undefined without all four suits. */
export function primieraTotal(pile: readonly Card[]): number | undefined {
  return bestOfEachSuit(pile)?.reduce((sum, c) => sum + primieraPoints(c), 0);
}

/** Escoba's setenta: the four best cards' points, highest first, as compared card by card; undefined without all four suits. */
export function setentaCards(pile: readonly Card[]): number[] | undefined {
  return bestOfEachSuit(pile)
    ?.map(primieraPoints)
    .sort((a, b) => b - a);
}

/** How the piles are compared: Scopa adds the four cards, Escoba compares them card by card. */
export type PrimieraComparison = 'total' | 'card-by-card';

/**
 * The index of the pile that wins the primiera (or setenta), or undefined when nobody does: a pile
 * lacking a suit is not eligible, and a tie for the best scores nobody.
 */
export function primieraWinner(piles: readonly (readonly Card[])[], comparison: PrimieraComparison): number | undefined {
  const keys = piles.map((pile) => {
    if (comparison === 'total') return primieraTotal(pile) ?? -1;
    // Points run 10..21, so base 32 keeps the card-by-card order in one number.
    return setentaCards(pile)?.reduce((key, p) => key * 32 + p, 0) ?? -1;
  });
  const best = strictlyMost(keys);
  return best !== undefined && keys[best] >= 0 ? best : undefined;
}
