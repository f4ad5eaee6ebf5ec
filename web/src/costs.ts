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
