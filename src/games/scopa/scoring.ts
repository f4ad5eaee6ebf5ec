import { type Card, strictlyMost } from '../../cards';
import { fieldsOf, holderOf } from '../../cards/fishing';
import { diamondsIn } from '../../cards/fishing-sums';
import { primieraTotal, primieraWinner } from '../../cards/primiera';
import type { DealScore, Line, Point, State } from './state';

/**
 * Counts a deal's points in the text's order: most cards, most diamonds, the settebello, the
 * primiera, then each scopa in the order it was made. Ties for most cards or diamonds, and an equal
 * or ineligible primiera, score nobody. Counting stops the moment a seat reaches `target`.
 */
export function scoreDeal(
  piles: readonly (readonly Card[])[],
  sweeps: readonly number[],
  before: readonly number[],
  target: number,
): { points: Point[]; unscored: Point[]; scores: number[]; winner: number | null } {
  const due: { line: Line; seat: number | undefined }[] = [
    { line: 'cards', seat: strictlyMost(piles.map((p) => p.length)) },
    { line: 'diamonds', seat: strictlyMost(piles.map(diamondsIn)) },
    { line: 'settebello', seat: holderOf(piles, '7D') ?? undefined },
    { line: 'primiera', seat: primieraWinner(piles, 'total') },
    ...sweeps.map((seat) => ({ line: 'scopa' as const, seat })),
  ];
  const owed = due.flatMap(({ line, seat }) => (seat === undefined ? [] : [{ line, seat }]));
  const scores = [...before];
  for (let i = 0; i < owed.length; i++) {
    const { seat } = owed[i];
    scores[seat]++;
    if (scores[seat] >= target) return { points: owed.slice(0, i + 1), unscored: owed.slice(i + 1), scores, winner: seat };
  }
  return { points: owed, unscored: [], scores, winner: null };
}

/** Each seat's primiera count (null while its pile lacks a suit) and scopas this deal, as the view and the record show them. */
export const primieraAndScopas = (piles: readonly (readonly Card[])[], sweeps: readonly number[]) => ({
  primiera: piles.map((p) => primieraTotal(p) ?? null),
  scopas: piles.map((_, seat) => sweeps.filter((s) => s === seat).length),
});

/** The public record of the deal `s` scored as `scored`, with its score piles as they ended. */
export function dealRecord(s: State, piles: readonly (readonly Card[])[], scored: ReturnType<typeof scoreDeal>): DealScore {
  return {
    ...fieldsOf(s, ['deal', 'dealer']),
    cards: piles.map((p) => p.length),
    diamonds: piles.map(diamondsIn),
    settebello: holderOf(piles, '7D'),
    ...primieraAndScopas(piles, s.sweeps),
    awarded: scored.points,
    unscored: scored.unscored,
    scoresAfter: scored.scores,
  };
}
