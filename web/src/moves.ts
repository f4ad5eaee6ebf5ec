import type { Action } from './api';
import { cardsOf } from './labels';

/**
 * Direct manipulation over the legal actions (BGA's onUpdateActionButtons): a player chooses cards,
 * and the page keeps the actions that use every card chosen. Actions that name no card are buttons,
 * an amount with many values one stepper.
 */

/** How many of each card a list holds (two decks repeat codes). */
function counts(cards: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/** Whether `cards` holds every card of `chosen`, as many times. */
function holds(cards: readonly string[], chosen: readonly string[]): boolean {
  const have = counts(cards);
  for (const [c, n] of counts(chosen)) if ((have.get(c) ?? 0) < n) return false;
  return true;
}

/** The actions that use every chosen card. */
export const narrowed = (actions: readonly Action[], chosen: readonly string[]) =>
  actions.filter((a) => holds(cardsOf(a), chosen));

/** The actions whose cards are exactly the chosen ones. */
export const exactly = (actions: readonly Action[], chosen: readonly string[]) =>
  actions.filter((a) => {
    const cards = cardsOf(a);
    return cards.length === chosen.length && holds(cards, chosen);
  });

/**
 * A card touched that is not chosen yet: it joins the choice while some action still uses every card
 * chosen and it ('add'). Otherwise a hand card with moves of its own starts a new choice ('restart':
 * the player changed their mind about the card to play); a table card never does, so touching the
 * table can never swap the card the player chose in hand for another.
 */
export function pick(
  actions: readonly Action[],
  chosen: readonly string[],
  card: string,
  from: 'hand' | 'table',
): 'add' | 'restart' | 'none' {
  if (narrowed(actions, [...chosen, card]).length > 0) return 'add';
  return from === 'hand' && narrowed(actions, [card]).length > 0 ? 'restart' : 'none';
}

/** What a choice leads to: the one move it makes (to play at once), or what remains to confirm or choose. */
export interface Outcome {
  /** Every action using the chosen cards. */
  remaining: Action[];
  /** Those whose cards are exactly the chosen ones: each a move to confirm. */
  complete: Action[];
  /**
   * The move the choice makes, played on the touch: only when one action remains and its cards are
   * exactly the chosen ones, so a move never uses a card the player did not touch.
   */
  immediate: Action | null;
  /** Cards not yet chosen that some remaining action uses: they may be touched next (they light up). */
  next: Set<string>;
}

export function outcome(actions: readonly Action[], chosen: readonly string[]): Outcome {
  const remaining = chosen.length ? narrowed(actions, chosen) : [];
  const complete = chosen.length ? exactly(remaining, chosen) : [];
  const immediate = remaining.length === 1 && complete.length === 1 ? complete[0] : null;
  const next = new Set<string>();
  const have = counts(chosen);
  for (const a of remaining) {
    for (const [c, n] of counts(cardsOf(a))) if (n > (have.get(c) ?? 0)) next.add(c);
  }
  return { remaining, complete, immediate, next };
}

/**
 * The table cards that may be touched now: with a choice made, those that can still complete a move
 * with it (a capture with the chosen card); with none, those of moves that use no card of the hand
 * (Diloti's groups taken once the capturing card is down). Others stay plain cards.
 */
export function tableTouchable(actions: readonly Action[], chosen: readonly string[], hand: readonly string[]): Set<string> {
  if (chosen.length > 0) return outcome(actions, chosen).next;
  const held = new Set(hand);
  return new Set(actions.map(cardsOf).flatMap((cards) => (cards.some((c) => held.has(c)) ? [] : cards)));
}

/** Actions that differ only in one number with many values (a bet's amount): one stepper, never a button per amount. */
export interface Amount {
  key: string;
  /** The action with every other field; the amount is put in. */
  base: Action;
  values: number[];
  actions: Action[];
}

/** Buttons for up to this many values of a number; a stepper past it. */
const MANY = 6;

/** Splits card-less actions into plain ones (a button each) and amounts (a stepper each). */
export function grouped(actions: readonly Action[]): { buttons: Action[]; amounts: Amount[] } {
  const numeric = new Map<string, Set<number>>();
  for (const a of actions) {
    for (const [k, v] of Object.entries(a)) {
      if (typeof v !== 'number') continue;
      const key = `${a.type} ${k}`;
      numeric.set(key, (numeric.get(key) ?? new Set()).add(v));
    }
  }
  const buttons: Action[] = [];
  const amounts = new Map<string, Amount>();
  for (const a of actions) {
    const key = Object.keys(a).find((k) => typeof a[k] === 'number' && (numeric.get(`${a.type} ${k}`)?.size ?? 0) > MANY);
    if (!key) {
      buttons.push(a);
      continue;
    }
    const base = { ...a, [key]: null } as Action;
    const id = `${key} ${JSON.stringify(base)}`;
    const group = amounts.get(id) ?? { key, base, values: [], actions: [] };
    group.values.push(a[key] as number);
    group.actions.push(a);
    amounts.set(id, group);
  }
  for (const g of amounts.values()) g.values.sort((x, y) => x - y);
  return { buttons, amounts: [...amounts.values()] };
}
