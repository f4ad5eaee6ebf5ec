import type { Action } from './api';
import { cardName, isCard, listed, suitName } from './cards';

/** A field name as words: "noTrump" is "no trump", "dealerThirdCard" "dealer third card". */
export const humanize = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A description in words: the API's asides left out (the default, which the form marks on its choice;
 * a value's own name in brackets), and "null" said as what it means in a form: left empty.
 */
export function describedInWords(text: string, values: readonly unknown[]): string {
  return text
    .replace(/\s*\(([^()]*)\)/g, (aside, inner: string) => {
      if (/\bdefault\b/.test(inner)) {
        const reason = inner.split(':').slice(1).join(':').trim();
        return reason ? ` (${reason})` : '';
      }
      return values.some((v) => String(v) === inner.trim()) ? '' : aside;
    })
    .replace(/\bdefault null,?\s*(?:off:\s*)?/g, 'left empty, ')
    .replace(/\bnull:/g, 'left empty:')
    .replace(/\bnull\b/g, 'none');
}

/** A yes/no option's description split: what yes means, what no means, and which is the default. */
export function yesNoWords(text: string): { yes: string; no: string | null } {
  let no: string | null = null;
  const yes = text
    .replace(/\s*\(default (true|false)(?::\s*([^()]*))?\)/, (_, value: string, reason?: string) => {
      if (reason && value === 'false') no = reason.trim();
      return '';
    })
    .replace(/;\s*false:\s*(.*)$/, (_, rest: string) => {
      no = rest.trim();
      return '';
    });
  return { yes: describedInWords(yes, []), no };
}

/** A value as words: cards by name, lists as sentences, yes/no for booleans. */
export function spoken(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (isCard(value)) return cardName(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? 'nothing' : listed(value.map(spoken));
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => `${humanize(k)} ${spoken(v)}`)
      .join(', ');
  }
  return String(value);
}

/** Where a game's actions read better in words of their own. */
const CUSTOM: Record<string, (a: Action) => string | undefined> = {
  kaiser: (a) => {
    if (a.type === 'bid') return `Bid ${a.points}${a.noTrump ? ' no trump' : ''}`;
    if (a.type === 'trump') return `Trumps: ${suitName(String(a.suit))}`;
    return undefined;
  },
  'oicho-kabu': (a) => {
    if (a.type === 'bet') return `Bet ${a.amount} on tableau ${Number(a.tableau) + 1}`;
    if (a.type === 'thirdCard') return `${a.take ? 'Take' : 'Refuse'} a third card on tableau ${Number(a.tableau) + 1}`;
    if (a.type === 'dealerThirdCard') return `${a.take ? 'Take' : 'Refuse'} a third card for the dealer`;
    if (a.type === 'draw') return `Draw from the ${a.from}`;
    return undefined;
  },
  // A card laid first stays face down to the other seat until the second is laid: its move names no card then.
  // The second card laid shows both (its event adds the match, told on the felt).
  'divide-and-conquer': (a) => {
    if (a.type !== 'play') return undefined;
    return isCard(a.card) ? `Play ${cardName(a.card)}` : 'Lay a card face down';
  },
  cactus: (a) => {
    const call = a.cactus ? ' and call Cactus' : '';
    if (typeof a.position === 'number') {
      const where = positionName(a.position);
      const verb: Record<string, string> = {
        swap: 'Swap the card held with',
        peek: 'Peek at',
        spy: 'Spy on the opponent’s',
        queen: 'Queen: offer',
        exchange: 'Take in exchange the opponent’s',
        match: 'Match the top discard with',
      };
      const mine = a.type === 'spy' || a.type === 'exchange' ? where : `your ${where}`;
      return `${verb[a.type] ?? capitalize(humanize(a.type))} ${mine}${call}`;
    }
    if (a.type === 'discard') return `Discard the card held${call}`;
    if (a.type === 'draw') return isCard(a.card) ? `Draw the ${cardName(a.card)} from the stock` : 'Draw from the stock';
    if (a.type === 'take') return isCard(a.card) ? `Take the ${cardName(a.card)} from the discards` : 'Take the top discard';
    return undefined;
  },
};

/** Cactus lays four cards in a grid, 0 1 over 2 3; penalty cards follow. */
export function positionName(position: number): string {
  const grid = ['top left card', 'top right card', 'bottom left card', 'bottom right card'];
  return grid[position] ?? `penalty card ${position - 3}`;
}

/**
 * What a button for this action says, for the eye and the screen reader alike: "Play 7 of hearts",
 * "Play 7 of hearts, capture 3 of spades and 4 of diamonds", "Bid 6 no trump".
 */
export function actionLabel(action: Action, kind?: string): string {
  const custom = kind ? CUSTOM[kind]?.(action) : undefined;
  if (custom) return custom;
  const parts = [capitalize(humanize(action.type))];
  for (const [key, value] of Object.entries(action)) {
    if (key === 'type') continue;
    if (key === 'card' && isCard(value)) parts[0] += ` ${cardName(value)}`;
    else if (typeof value === 'boolean') parts.push(value ? humanize(key) : `${humanize(key)}: no`);
    else parts.push(`${humanize(key)} ${spoken(value)}`);
  }
  return parts.join(', ');
}

/** Every card an action names, wherever it names it. */
export function cardsOf(action: Action): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (isCard(v)) found.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const [key, value] of Object.entries(action)) if (key !== 'type') walk(value);
  return found;
}
