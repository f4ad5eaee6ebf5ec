import { type Card, strictlyMost, suitOf } from '../../cards';
import { primieraWinner, setentaCards } from '../../cards/primiera';

/** What a deal's score piles held and scored, side by side (no card codes: the cards are shuffled again). */
export interface DealScore {
  deal: number;
  dealer: number;
  cards: number[];
  diamonds: number[];
  /** The side that captured the siete de velo (7D); null when it lay unclaimed. */
  sieteDeVelo: number | null;
  /** Each side's setenta, its four best cards' points highest first (7 21, 6 18, A 16, 5 15 ... face 10); null without all four suits. */
  setenta: (number[] | null)[];
  escobas: number[];
  /** Points each side scored this deal, and the line each came from. */
  points: number[];
  lines: { cards: number | null; diamonds: number | null; sieteDeVelo: number | null; setenta: number | null };
  scoresAfter: number[];
}

const diamonds = (pile: readonly Card[]) => pile.filter((c) => suitOf(c) === 'D').length;

/**
 * Scores one deal for each side: a point for most cards, for most diamonds, for the siete de velo,
 * for the setenta, and one per escoba. A tie for most cards or diamonds, or for the best setenta,
 * scores nobody.
 */
export function scoreDeal(
  deal: number,
  dealer: number,
  piles: readonly (readonly Card[])[],
  escobas: readonly number[],
  before: readonly number[],
): DealScore {
  const holder = piles.findIndex((p) => p.includes('7D'));
  const lines = {
    cards: strictlyMost(piles.map((p) => p.length)) ?? null,
    diamonds: strictlyMost(piles.map(diamonds)) ?? null,
    sieteDeVelo: holder >= 0 ? holder : null,
    setenta: primieraWinner(piles, 'card-by-card') ?? null,
  };
  const points = [...escobas];
  for (const side of Object.values(lines)) if (side !== null) points[side]++;
  return {
    deal,
    dealer,
    cards: piles.map((p) => p.length),
    diamonds: piles.map(diamonds),
    sieteDeVelo: lines.sieteDeVelo,
    setenta: piles.map((p) => setentaCards(p) ?? null),
    escobas: [...escobas],
    points,
    lines,
    scoresAfter: before.map((s, side) => s + points[side]),
  };
}
