import { cardName, listed } from './cards';

/** Cactus's end as told: how it ended, both layouts turned up, their totals; the lower wins. */
export interface CactusEnd {
  said: string;
  heads: string[];
  rows: (string | number)[][];
}

/** The end of a Cactus game from its view's state; null while it is played. */
export function cactusEnding(state: Record<string, unknown>, seatName: (seat: number) => string): CactusEnd | null {
  if (!Array.isArray(state.totals)) return null;
  const totals = state.totals as number[];
  const layouts = (state.layouts as (string | null)[][]).map((l) =>
    l.filter((c): c is string => c !== null && c !== 'face-down'),
  );
  const seats = totals.map((_, s) => s);
  const how =
    state.end === 'cactus' && typeof state.cactus === 'number' ? `${seatName(state.cactus)} called Cactus` : 'The stock ran out';
  const low = Math.min(...totals);
  const winners = seats.filter((s) => totals[s] === low);
  const verdict = winners.length > 1 ? 'a tie' : `${seatName(winners[0])} wins with the lower total`;
  return {
    said: `${how}: the layouts are turned up, ${listed(seats.map((s) => `${seatName(s)} ${totals[s]}`))}; ${verdict}.`,
    heads: seats.map(seatName),
    rows: [
      ['Cards', ...layouts.map((l) => (l.length ? listed(l.map(cardName)) : 'none'))],
      ['Total (the lower wins)', ...totals],
    ],
  };
}
