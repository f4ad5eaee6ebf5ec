import type { Action } from './api';

/** Shares a certificate is worth at Card Stock Market: its pips, a face card 5. */
const shares = (card: string) => {
  const rank = card[0];
  if ('JQK'.includes(rank)) return 5;
  if (rank === 'A') return 1;
  if (rank === 'T') return 10;
  return Number(rank);
};

/** What a move spends or brings, where the game prices it: "costs $42" for a buy at Card Stock Market. */
export function moveCost(kind: string, action: Action, state: Record<string, unknown> | null): string | null {
  if (kind !== 'card-stock-market' || !state || typeof action.card !== 'string') return null;
  if (action.type !== 'buy' && action.type !== 'sell') return null;
  const card = action.card;
  const stock = (state.market as { suit: string; price: number }[] | undefined)?.find((m) => m.suit === card[1]);
  if (!stock) return null;
  const dollars = shares(card) * stock.price;
  return action.type === 'buy'
    ? `costs $${dollars}: ${shares(card)} shares at $${stock.price}`
    : `brings $${dollars}: ${shares(card)} shares at $${stock.price}`;
}

/** Why the most a seat may set now is what it is, where the game says: "the round’s cap". */
function capReason(kind: string, max: number, state: Record<string, unknown> | null): string | null {
  if (kind !== 'oicho-kabu' || !state) return null;
  const { roundLimit, betTotal, chips, seat, tableaus } = state as {
    roundLimit?: number;
    betTotal?: number;
    chips?: number[];
    seat?: number | null;
    tableaus?: { bets: number[] }[];
  };
  if (typeof roundLimit === 'number' && typeof betTotal === 'number' && max === roundLimit - betTotal) {
    return betTotal > 0 ? `the round’s cap of ${roundLimit}, with ${betTotal} bet already` : 'the round’s cap';
  }
  if (typeof seat === 'number' && chips && tableaus) {
    const own = tableaus.reduce((sum, t) => sum + (t.bets[seat] ?? 0), 0);
    if (max === chips[seat] - own) return 'all the chips you have left to bet';
  }
  return null;
}

/**
 * Why an amount typed in is not a move the seat may make, in words to show beside the control: "At most
 * 30 chips: the round’s cap". Null when it is one.
 */
export function amountProblem(
  kind: string,
  value: number,
  values: readonly number[],
  state: Record<string, unknown> | null,
): string | null {
  if (values.includes(value)) return null;
  const [min, max] = [values[0], values[values.length - 1]];
  const chips = (n: number) => (kind === 'oicho-kabu' ? ` chip${n === 1 ? '' : 's'}` : '');
  if (!Number.isFinite(value)) return `Give an amount: ${min} to ${max}${chips(max)}.`;
  if (!Number.isInteger(value)) return `A whole number: ${min} to ${max}${chips(max)}.`;
  if (value < min) return `At least ${min}${chips(min)}.`;
  if (value > max) return `At most ${max}${chips(max)}: ${capReason(kind, max, state) ?? 'the most allowed now'}.`;
  return `Not allowed now: ${values.join(', ')}${chips(max)}.`;
}
