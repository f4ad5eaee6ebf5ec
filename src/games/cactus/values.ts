import { type Card, rankNumber, rankOf } from '../../cards';

/** What a card is worth at the end: king 0, ace 1, queen and jack 10, every other card its pips. */
export function cardValue(c: Card): number {
  const rank = rankOf(c);
  if (rank === 'K') return 0;
  if (rank === 'Q' || rank === 'J') return 10;
  return rankNumber(c);
}

/** A layout's total: the sum of its cards (an emptied position counts nothing). */
export function layoutTotal(cards: readonly (Card | null)[]): number {
  return cards.reduce((sum, c) => sum + (c === null ? 0 : cardValue(c)), 0);
}

/**
 * The power of a queen-to-six drawn from the stock: the queen exchanges a card of yours with one of
 * the opponent's; a jack, ten or nine looks at an opponent's card (spy); an eight, seven or six at
 * one of your own (peek). Other cards have no power.
 */
export type Power = 'queen' | 'spy' | 'peek';

export function powerOf(c: Card): Power | null {
  switch (rankOf(c)) {
    case 'Q':
      return 'queen';
    case 'J':
    case 'T':
    case '9':
      return 'spy';
    case '8':
    case '7':
    case '6':
      return 'peek';
    default:
      return null;
  }
}

/** A match is right when the layout card has the rank of the top discard. */
export function matches(layoutCard: Card, topDiscard: Card): boolean {
  return rankOf(layoutCard) === rankOf(topDiscard);
}
