import { type Card, rankOf } from '../../cards';
import { withoutCard } from '../../cards/fishing';
import { lowestAction } from '../../cards/fishing-turn';
import { IllegalMove } from '../../engine';
import { finish, keeps, ownDeclaration, raisable, regularOf, settle } from './pending';
import { canMake, faceGroup, type LooseSets, looseSets, pips, sideOf } from './plays';
import { type Action, MAX_VALUE, type Pending, type State } from './state';

/** A turn begins: a card is laid, starts a capture, or starts a declaration. */

type Opening = Extract<Action, { type: 'lay' | 'capture' | 'declare' }>;

/**
 * Why `seat` may not begin its turn with `action` (null: it may), in the order a player thinks of it: the listing of
 * the turn's plays and the refusal of a move are the same checks. A holder of a declaration may not lay; a card captures
 * when some group is worth it (a holder's last card of the value always can).
 */
function refuseOpening(s: State, seat: number, action: Opening, loose: LooseSets): string | null {
  const { type, card } = action;
  if (type === 'declare') return refuseDeclare(s, seat, card, action.value, loose);
  if (type === 'lay') {
    const own = ownDeclaration(s, seat);
    return own ? `you have a declaration of ${own.value} to capture: you cannot lay a card until it is captured or raised` : null;
  }
  const value = pips(card);
  if (value === null)
    return faceGroup(card, s.table).length > 0 ? null : `there is no ${rankOf(card)} on the table for ${card} to capture`;
  return canMake(loose, value) || s.declarations.some((d) => d.value === value) ? null : `nothing on the table is worth ${value}`;
}

/**
 * Why `card` cannot declare `value` now (null: it can). The seat must keep a card of the value to capture it. A seat
 * holding a regular declaration may only form a group of that value, which takes its declaration in; a seat holding a
 * group declaration may form nothing. The card needs loose cards or an opponent's regular declaration to make up the
 * value with, or, alone, another set of its value to group with.
 */
function refuseDeclare(s: State, seat: number, card: Card, value: number, loose: LooseSets): string | null {
  const cardValue = pips(card);
  if (cardValue === null) return 'face cards have no value: they cannot be part of a declaration';
  const own = ownDeclaration(s, seat);
  if (own && own.sets.length > 1) return `you must capture your group declaration of ${own.value}s before you declare again`;
  if (value < cardValue) return `a declaration holds the ${card}: it is worth at least ${cardValue}`;
  if (value > MAX_VALUE) return `no card captures more than ${MAX_VALUE}`;
  if (own && value !== own.value) {
    return `you have a declaration of ${own.value} to capture: the only declaration you may form is a group of ${own.value}s that takes it in`;
  }
  if (!keeps(s.hands[seat], value, card)) {
    return `to declare ${value} you must keep a card worth ${value} in your hand to capture it`;
  }
  if (value === cardValue) {
    if (own || canMake(loose, value) || regularOf(s, value).length > 0) return null;
    return `a card alone is not a declaration: there is no other set worth ${value} to group it with`;
  }
  if (canMake(loose, value - cardValue) || raisable(s, seat, card, value).length > 0) return null;
  const onto = s.declarations.find((d) => d.value + cardValue === value);
  if (onto && onto.sets.length > 1) return 'a group declaration cannot be raised';
  if (onto?.owner === seat) return 'you cannot raise your own declaration';
  if (onto && sideOf(onto.owner) === sideOf(seat)) return "you cannot raise your partner's declaration";
  return `nothing on the table makes up ${value - cardValue} with the ${card}: no loose cards, no opponent's declaration of ${value - cardValue} to raise`;
}

/** A capture or a declaration begins: the card leaves the hand, and the play goes on at once as far as it must. */
function begin(s: State, pending: Pending, changes: Partial<State>): State {
  return settle({ ...s, ...changes, hands: withoutCard(s.hands, pending.seat, pending.card), pending });
}

function capture(s: State, seat: number, card: Card): State {
  // A face card takes every card of its rank at once, and its play ends there.
  const taken = pips(card) === null ? [faceGroup(card, s.table)] : [];
  const table = s.table.filter((c) => !taken.flat().includes(c));
  return begin(s, { kind: 'capture', seat, card, taken, open: [], from: 0 }, { table });
}

function declare(s: State, seat: number, card: Card, value: number): State {
  const own = ownDeclaration(s, seat);
  const alone = value === pips(card);
  // A holder's pending declaration is taken into the group it forms.
  const sets = [...(alone ? [[card]] : []), ...(own ? own.sets : [])];
  const forming = { sets, value, owner: seat };
  const pending: Pending = { kind: 'declare', seat, card, forming, open: alone ? [] : [card], from: 0, raised: null };
  return begin(s, pending, { declarations: s.declarations.filter((d) => d !== own) });
}

/** What a seat may begin its turn with: lay (not while it holds a declaration), capture, or declare a value. */
export function legalTurn(s: State, seat: number): Opening[] {
  // What the table can add up to is worked out once for the whole listing.
  const loose = looseSets(s.table);
  const out: Opening[] = [];
  const offer = (action: Opening) => {
    if (refuseOpening(s, seat, action, loose) === null) out.push(action);
  };
  for (const card of s.hands[seat]) {
    offer({ type: 'lay', card });
    offer({ type: 'capture', card });
    // A declaration holds the card played, so it is worth at least the card (a face card declares nothing).
    for (let value = pips(card) ?? MAX_VALUE + 1; value <= MAX_VALUE; value++) offer({ type: 'declare', card, value });
  }
  return out;
}

/** The first step of a turn, once no play is in progress. */
export function startPlay(s: State, seat: number, action: Opening): State {
  if (s.pending) {
    const next = s.pending.kind === 'capture' ? '`take`' : '`add`';
    throw new IllegalMove(`finish the play in progress with ${s.pending.card} first: ${next} or \`done\``);
  }
  if (!s.hands[seat].includes(action.card)) throw new IllegalMove(`${action.card} is not in your hand`);
  const refusal = refuseOpening(s, seat, action, looseSets(s.table));
  if (refusal) throw new IllegalMove(refusal);
  const { card } = action;
  if (action.type === 'lay')
    return finish(s, { seat, card, kind: 'lay' }, { hands: withoutCard(s.hands, seat, card), table: [...s.table, card] });
  return action.type === 'capture' ? capture(s, seat, card) : declare(s, seat, card, action.value);
}

/**
 * A clock's turn: lay the lowest card (aces low, face cards high); a seat holding a declaration may not
 * lay, and captures with its lowest card that can (it always holds one that captures its declaration).
 */
export function defaultTurn(s: State, seat: number): Action {
  const legal = legalTurn(s, seat);
  const lays: Opening[] = legal.filter((a) => a.type === 'lay');
  return lowestAction(lays.length > 0 ? lays : legal.filter((a) => a.type === 'capture'), (a) => [a.card]);
}
