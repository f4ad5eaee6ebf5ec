import { type Card, isFace, rankNumber, type Suit, suitOf } from '../../cards';

/** Moving the market: the information strip's price-change limits and what each card does to a price. */

/** How far one play may move a suit's price, up and down, from a number card showing. */
export interface Limit {
  up: number;
  down: number;
}

export type SuitName = 'spades' | 'hearts' | 'diamonds' | 'clubs';
export type Limits = Record<SuitName, Limit>;

export const SUIT_NAMES: Readonly<Record<Suit, SuitName>> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

/** This service's strip (RULINGS.md, "Card Stock Market limits"); the text shows only spades' fall of $3. */
export const DEFAULT_LIMITS: Limits = {
  spades: { up: 5, down: 3 },
  hearts: { up: 4, down: 4 },
  diamonds: { up: 3, down: 2 },
  clubs: { up: 2, down: 2 },
};

export type Direction = 'up' | 'down';

/** One suit's market pile (top card last) and the price it shows. */
export interface Stock {
  pile: Card[];
  price: number;
}

/** Shares a certificate stands for: its pips, the ace one, a face card five. */
export function sharesOf(c: Card): number {
  return isFace(c) ? 5 : rankNumber(c);
}

/** A number card is an ace (one) to a ten. */
export const isNumberCard = (c: Card): boolean => !isFace(c);

/** The price a card sets, or why it may not be played to its suit's pile. */
export function priceAfter(
  stock: Stock,
  c: Card,
  direction: Direction | undefined,
  limit: Limit,
  name: SuitName,
): number | string {
  if (isFace(c)) {
    if (direction === undefined) return `say whether the ${c} raises the price (up) or bankrupts the company (down)`;
    if (direction === 'down') return 0;
    // Up: a jack, queen or king sets the price to 11, 12 or 13, and only where that "increase[s] the value of the stock".
    const price = rankNumber(c);
    if (price <= stock.price)
      return `the ${c} played up sets the price to $${price}, which does not raise ${name} from $${stock.price}: a face card goes up only where it raises the price`;
    return price;
  }
  if (direction !== undefined) return `a number card sets the price to its pips: ${c} takes no direction`;
  const price = rankNumber(c);
  // Any number card may cover a face card, whatever the change.
  if (isFace(stock.pile[stock.pile.length - 1])) return price;
  const change = price - stock.price;
  if (change > limit.up)
    return `${name} may rise at most $${limit.up} in one play: $${stock.price} to $${price} is a rise of $${change}`;
  if (-change > limit.down)
    return `${name} may fall at most $${limit.down} in one play: $${stock.price} to $${price} is a fall of $${-change}`;
  return price;
}

/** Shares of one suit a player holds. */
export function sharesHeld(holdings: readonly Card[], suit: Suit): number {
  return holdings.reduce((n, c) => (suitOf(c) === suit ? n + sharesOf(c) : n), 0);
}

/** What certificates are worth at the current prices. */
export function stockValue(s: { market: Record<Suit, Stock> }, holdings: readonly Card[]): number {
  return holdings.reduce((sum, c) => sum + sharesOf(c) * s.market[suitOf(c) as Suit].price, 0);
}
