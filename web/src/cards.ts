/** Card codes (rank + suit, `TD` the ten of diamonds, `JK` a joker) and how a person reads them. */

const CARD = /^(?:[A2-9TJQK][SHDC]|JK)$/;

const RANK_NAMES: Record<string, string> = { A: 'ace', T: '10', J: 'jack', Q: 'queen', K: 'king' };
const RANK_FACES: Record<string, string> = { T: '10' };
const SUITS: Record<string, { name: string; symbol: string; red: boolean }> = {
  S: { name: 'spades', symbol: '♠', red: false },
  H: { name: 'hearts', symbol: '♥', red: true },
  D: { name: 'diamonds', symbol: '♦', red: true },
  C: { name: 'clubs', symbol: '♣', red: false },
};

/** What views write for a card that is there but that this seat may not see. */
export const FACE_DOWN = 'face-down';

export const isCard = (value: unknown): value is string => typeof value === 'string' && CARD.test(value);

/** "7 of hearts", "ace of spades", "joker". */
export function cardName(code: string): string {
  if (code === 'JK') return 'joker';
  const suit = SUITS[code[1]];
  return `${RANK_NAMES[code[0]] ?? code[0]} of ${suit.name}`;
}

/** "hearts" for H. */
export const suitName = (suit: string) => SUITS[suit]?.name ?? suit;

/** What a card shows: "10" and "♦", and whether it is red. */
export function cardFace(code: string): { rank: string; symbol: string; red: boolean } {
  if (code === 'JK') return { rank: 'Jkr', symbol: '★', red: false };
  const suit = SUITS[code[1]];
  return { rank: RANK_FACES[code[0]] ?? code[0], symbol: suit.symbol, red: suit.red };
}

/** A list as a sentence: "a", "a and b", "a, b and c". */
export function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const SUIT_ORDER: Record<string, number> = { S: 0, H: 1, C: 2, D: 3 };
const RANKS = 'A23456789TJQK';

/**
 * A hand as a player holds it: by suit, alternating colours (♠ ♥ ♣ ♦), then by rank, aces high
 * where the game ranks them high (trick-taking) and low elsewhere; jokers last.
 */
export function sortHand(cards: readonly string[], acesHigh: boolean): string[] {
  const rank = (c: string) => (c[0] === 'A' && acesHigh ? 13 : RANKS.indexOf(c[0]));
  const key = (c: string) => (c === 'JK' ? 99 : (SUIT_ORDER[c[1]] ?? 9) * 20 + rank(c));
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** "7♥", "10♦", "Jkr": a card as its face shows it. */
export function shortName(code: string): string {
  const face = cardFace(code);
  return `${face.rank}${face.symbol}`;
}
