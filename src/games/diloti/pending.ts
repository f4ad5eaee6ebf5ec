import { type Card, isFace, sortCards } from '../../cards';
import { IllegalMove } from '../../engine';
import { endTurn } from './deal';
import { cardsOf, looseChoices, looseSets, oneAtATime, pips, setKey, sideOf } from './plays';
import { type Action, type Declaration, MAX_VALUE, type Pending, type Play, type State } from './state';

/**
 * A capture or a declaration in progress, posted a group at a time (`take`, `add`) and ended by `done`
 * or by itself, and what a seat's declarations allow and oblige it to do.
 */

export const ownDeclaration = (s: State, seat: number): Declaration | undefined => s.declarations.find((d) => d.owner === seat);
const findDeclaration = (s: State, cards: readonly Card[]): Declaration | undefined =>
  s.declarations.find((d) => setKey(cardsOf(d)) === setKey(cards));
const sum = (cards: readonly Card[]): number => cards.reduce((n, c) => n + (pips(c) ?? 0), 0);

/** True when `hand` holds a card worth `value` besides `card` (the one being played, if it is still there). */
export const keeps = (hand: readonly Card[], value: number, card?: Card): boolean =>
  hand.some((c) => c !== card && pips(c) === value);

/** An opponent's regular declaration `card` may raise to `value`: never one's own side's, never a group. */
export function raisable(s: State, seat: number, card: Card, value: number): Declaration[] {
  const cardValue = pips(card) ?? 0;
  return s.declarations.filter((d) => d.sets.length === 1 && sideOf(d.owner) !== sideOf(seat) && d.value + cardValue === value);
}

/** Regular declarations of `value` that may join a group declaration as one set. */
export const regularOf = (s: State, value: number) => s.declarations.filter((d) => d.sets.length === 1 && d.value === value);

const valueOfPending = (p: Pending): number => (p.kind === 'declare' ? p.forming.value : (pips(p.card) as number));
/** What the open group or set still needs (0: none is open). */
export const needOf = (p: Pending): number => (p.open.length === 0 ? 0 : valueOfPending(p) - sum(p.open));

/** A declaration's first set holds the card played alone: an opponent's declaration may still be raised with it. */
const raising = (p: Pending): boolean => p.kind === 'declare' && p.open.length === 1 && p.open[0] === p.card;

/** A declaration is one when it holds a table card besides the card played, or several sets. */
const complete = (d: Declaration): boolean => d.sets.length > 1 || (d.sets.length === 1 && d.sets[0].length > 1);

/** The play in progress may end now: no group is open, and something was taken or a declaration formed. */
const canEnd = (p: Pending): boolean => p.open.length === 0 && (p.kind === 'capture' ? p.taken.length > 0 : complete(p.forming));

/**
 * What the play in progress may take or add next. An open group goes on with loose cards only (and, for a
 * declaration's first set holding the card alone, a raise); a new group may be a whole declaration. A
 * holder playing its last card of its declaration's value must take that declaration first.
 */
export function pendingChoices(s: State): Card[][] {
  const p = s.pending;
  if (!p) return [];
  const value = valueOfPending(p);
  if (p.open.length > 0) {
    const loose = looseChoices(looseSets(s.table), needOf(p), p.from);
    return raising(p) ? [...loose, ...raisable(s, p.seat, p.card, value).map(cardsOf)] : loose;
  }
  if (p.kind === 'declare') return [...looseChoices(looseSets(s.table), value), ...regularOf(s, value).map(cardsOf)];
  if (isFace(p.card)) return [];
  const own = ownDeclaration(s, p.seat);
  if (own && own.value === value && !keeps(s.hands[p.seat], value)) return [cardsOf(own)];
  return [...looseChoices(looseSets(s.table), value), ...s.declarations.filter((d) => d.value === value).map(cardsOf)];
}

/** Ends the turn with a finished play (its seat, card and kind, and what it took or formed) and what it changed. */
export function finish(s: State, play: Pick<Play, 'seat' | 'card' | 'kind'> & Partial<Play>, changes: Partial<State>): State {
  const { seat, card, kind, ...did } = play;
  const lastPlay: Play = { seat, card, kind, taken: [], declaration: null, raised: null, xeri: false, ...did };
  return endTurn({ ...s, ...changes, pending: null, lastPlay }, seat);
}

/** Ends the play in progress: the capture goes to the side's pile, or the declaration onto the table. */
function finishPending(s: State): State {
  const p = s.pending as Pending;
  if (p.kind === 'declare') {
    const declarations = [...s.declarations, p.forming];
    return finish(s, { seat: p.seat, card: p.card, kind: 'declare', declaration: p.forming, raised: p.raised }, { declarations });
  }
  const side = sideOf(p.seat);
  const won = s.won.map((pile, i) => (i === side ? [...pile, p.card, ...p.taken.flat()] : pile));
  // A capture that sweeps the table is a xeri, except on the very first play of the deal.
  const xeri = s.table.length === 0 && s.declarations.length === 0 && s.plays > 0;
  const xeris = s.xeris.map((n, i) => (i === side && xeri ? n + 1 : n));
  return finish(s, { seat: p.seat, card: p.card, kind: 'capture', taken: p.taken, xeri }, { won, xeris, lastCapturer: p.seat });
}

/** Takes `cards` (one of the pending choices) into the play in progress. */
function join(s: State, cards: Card[]): State {
  const p = s.pending as Pending;
  const d = findDeclaration(s, cards);
  const declarations = d ? s.declarations.filter((o) => o !== d) : s.declarations;
  const table = d ? s.table : s.table.filter((c) => !cards.includes(c));
  const open = d ? [] : [...p.open, ...cards];
  const closed = d !== undefined || sum(open) === valueOfPending(p);
  // Cards after the last one taken move up as the taken ones leave: the open group goes on from there.
  const next = closed ? { open: [], from: 0 } : { open, from: s.table.indexOf(cards[cards.length - 1]) - cards.length + 1 };
  if (p.kind === 'capture') {
    const taken = closed ? [...p.taken, d ? cardsOf(d) : open] : p.taken;
    return { ...s, table, declarations, pending: { ...p, taken, ...next } };
  }
  let { sets } = p.forming;
  let raised = p.raised;
  if (d && p.open.length > 0) {
    // A raise: the card played goes onto the opponent's declaration.
    sets = [[...cardsOf(d), p.card], ...sets];
    raised = d.value;
  } else if (d) {
    sets = [...sets, ...d.sets];
  } else if (closed) {
    // The set holding the card played is shown first.
    sets = open.includes(p.card) ? [open, ...sets] : [...sets, open];
  }
  return { ...s, table, declarations, pending: { ...p, forming: { ...p.forming, sets }, raised, ...next } };
}

/**
 * Plays the forced steps of the play in progress: a single possible choice where it may not end yet is
 * made at once, and a play with nothing left to take or add ends by itself.
 */
export function settle(s: State): State {
  let next = s;
  for (;;) {
    const choices = pendingChoices(next);
    if (choices.length === 0) return finishPending(next);
    if (choices.length > 1 || canEnd(next.pending as Pending)) return next;
    next = join(next, choices[0]);
  }
}

/** Why `cards` cannot be taken into the play in progress. */
function refuseGroup(s: State, p: Pending, cards: readonly Card[]): string {
  const value = valueOfPending(p);
  if (new Set(cards).size !== cards.length) return 'a card can be named only once';
  const d = findDeclaration(s, cards);
  if (d) {
    if (p.open.length > 0 && !raising(p)) {
      return `finish the group in progress first: it needs ${needOf(p)} more from loose cards`;
    }
    if (p.kind === 'declare' && d.sets.length > 1)
      return 'a group declaration can be neither raised nor taken into another group';
    if (raising(p)) {
      if (d.owner === p.seat) return 'you cannot raise your own declaration';
      if (sideOf(d.owner) === sideOf(p.seat)) return "you cannot raise your partner's declaration";
      if (d.value + sum(p.open) > MAX_VALUE)
        return `that would raise it to ${d.value + sum(p.open)}: a declaration cannot be raised above 10`;
      return `raising that declaration with the ${p.card} makes ${d.value + sum(p.open)}, not ${value}`;
    }
    if (d.value !== value) return `that declaration is worth ${d.value}, not ${value}`;
    return `${p.card} is your last ${value}: it may only capture your declaration of ${value} first`;
  }
  const missing = cards.find((c) => !s.table.includes(c));
  if (missing && s.declarations.some((o) => cardsOf(o).includes(missing))) {
    return `${missing} is part of a declaration: a declaration goes only as a whole`;
  }
  if (missing) return `${missing} is not on the table`;
  if (cards.some(isFace)) return 'face cards have no value: they are never part of a sum';
  const need = p.open.length > 0 ? needOf(p) : value;
  const total = sum(cards);
  if (total > need) return `the cards add up to ${total}, more than the ${need} needed`;
  if (oneAtATime(looseSets(s.table), need, p.open.length > 0 ? p.from : 0)) {
    return `too many ways to make ${need} to list them all: add one card at a time, in table order`;
  }
  if (total < need) return `the cards add up to ${total}: name a whole group worth ${need}`;
  if (p.open.length > 0) return `the group in progress goes on with cards after ${p.open[p.open.length - 1]}, in table order`;
  return 'that group cannot join this play';
}

export function more(s: State, action: Extract<Action, { type: 'take' | 'add' }>): State {
  const p = s.pending;
  if (action.type === 'take' && p?.kind !== 'capture') throw new IllegalMove('no capture in progress to take more with');
  if (action.type === 'add' && p?.kind !== 'declare') throw new IllegalMove('no declaration in progress to add to');
  // A group is a set: named in any order, it is taken as the choice it matches (its cards in table order).
  const chosen = pendingChoices(s).find((o) => setKey(o) === setKey(action.group));
  if (!chosen) throw new IllegalMove(refuseGroup(s, p as Pending, action.group));
  return settle(join(s, chosen));
}

export function done(s: State): State {
  const p = s.pending;
  if (!p) throw new IllegalMove('nothing in progress to end: play a card');
  if (p.open.length > 0) throw new IllegalMove(`finish the group in progress first: it needs ${needOf(p)} more`);
  if (!canEnd(p)) {
    throw new IllegalMove(
      p.kind === 'capture'
        ? `${p.card} has captured nothing yet: take a group worth ${valueOfPending(p)}`
        : `a ${p.card} alone is not a declaration: add another set worth ${p.forming.value}`,
    );
  }
  return finishPending(s);
}

/** The steps of the play in progress: each group or set it may take or add, and `done` where it may end. */
export function legalSteps(s: State, p: Pending): Action[] {
  const type = p.kind === 'capture' ? ('take' as const) : ('add' as const);
  const out: Action[] = pendingChoices(s).map((g) => ({ type, group: sortCards(g) }));
  if (canEnd(p)) out.push({ type: 'done' });
  return out;
}

/** A clock's step: end the play as soon as it may, else the first group or set offered. */
export function defaultStep(s: State, p: Pending): Action {
  const steps = legalSteps(s, p);
  return steps.find((a) => a.type === 'done') ?? steps[0];
}
