import { type Card, strictlyMost } from '../../cards';
import { holderOf } from '../../cards/fishing';
import { diamondsIn } from '../../cards/fishing-sums';
import { primieraWinner, setentaCards } from '../../cards/primiera';
import type { DealScore } from './state';

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
  const lines = {
    cards: strictlyMost(piles.map((p) => p.length)) ?? null,
    diamonds: strictlyMost(piles.map(diamondsIn)) ?? null,
    sieteDeVelo: holderOf(piles, '7D'),
    setenta: primieraWinner(piles, 'card-by-card') ?? null,
  };
  const points = [...escobas];
  for (const side of Object.values(lines)) if (side !== null) points[side]++;
  return {
    deal,
    dealer,
    cards: piles.map((p) => p.length),
    diamonds: piles.map(diamondsIn),
    sieteDeVelo: lines.sieteDeVelo,
    setenta: piles.map((p) => setentaCards(p) ?? null),
    escobas: [...escobas],
    points,
    lines,
    scoresAfter: before.map((s, side) => s + points[side]),
  };
}
