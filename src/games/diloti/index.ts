import { type Card, deal, isFace, type RngState, rankOf, removeCards, shuffle, standardDeck } from '../../cards';
import { CardCode, type Game, IllegalMove, openingDeck, type SetupContext, type Static, type Status, Type } from '../../engine';
import {
  canMake,
  cardsOf,
  type Declaration,
  faceGroup,
  LIST_LIMIT,
  looseChoices,
  MAX_VALUE,
  oneAtATime,
  pips,
  sameList,
  setKey,
  sideOf,
} from './plays';
import { type DealScore, scoreDeal } from './scoring';

export type { Declaration } from './plays';
export { LIST_LIMIT } from './plays';
export { type DealScore, scoreDeal } from './scoring';

/** Diloti: a Greek fishing game for two, or four in partnerships, with declarations and xeris. */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 61,
      description: 'the game ends after a deal in which a side reaches this score; the higher score wins (equal: a shared win)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const group = Type.Array(CardCode, { minItems: 1 });
const layAction = Type.Object(
  { type: Type.Literal('lay'), card: CardCode },
  { additionalProperties: false, description: 'lay a card face up on the table, capturing nothing' },
);
const captureAction = Type.Object(
  { type: Type.Literal('capture'), card: CardCode },
  {
    additionalProperties: false,
    description:
      'play a card to capture with it: a face card takes every table card of its rank at once; a number card then takes ' +
      'groups worth its value with `take`, and `done` ends the capture',
  },
);
const takeAction = Type.Object(
  { type: Type.Literal('take'), group },
  {
    additionalProperties: false,
    description:
      'capture with the card being played: loose cards worth its value (or, on a crowded table, one card of such a group at ' +
      'a time), or a whole declaration of its value',
  },
);
const declareAction = Type.Object(
  { type: Type.Literal('declare'), card: CardCode, value: Type.Integer({ minimum: 1, maximum: MAX_VALUE }) },
  {
    additionalProperties: false,
    description: 'play a number card to form a declaration of `value` with it; its cards follow with `add`, and `done` ends it',
  },
);
const addAction = Type.Object(
  { type: Type.Literal('add'), group },
  {
    additionalProperties: false,
    description:
      'add cards to the declaration being formed: loose cards to complete the open set (on a crowded table one at a ' +
      "time), an opponent's regular declaration to raise with the card played, or a new set of the same value (loose " +
      'cards or a regular declaration), making a group declaration',
  },
);
const doneAction = Type.Object(
  { type: Type.Literal('done') },
  { additionalProperties: false, description: 'end the capture or the declaration in progress' },
);
export const actionSchema = Type.Union([layAction, captureAction, takeAction, declareAction, addAction, doneAction]);
export type Action = Static<typeof actionSchema>;

/** Cards dealt to each seat at a time, and face up to the table at the start of a deal. */
const HAND = 6;
const TABLE = 4;

/**
 * A play in progress, posted a group at a time. `open` holds a group (capture) or set (declaration) not yet
 * worth the value: the loose cards taken into it, and for a declaration's first set the card played. It
 * goes on with table cards from position `from` on, so each group is built in table order.
 */
export type Pending =
  | { kind: 'capture'; seat: number; card: Card; taken: Card[][]; open: Card[]; from: number }
  | {
      kind: 'declare';
      seat: number;
      card: Card;
      forming: Declaration;
      open: Card[];
      from: number;
      /** The value of the opponent's declaration the card raised, if it did. */
      raised: number | null;
    };

/** One finished play, as everyone saw it. */
export interface Play {
  seat: number;
  card: Card;
  kind: 'lay' | 'capture' | 'declare';
  /** The groups captured, in the order taken. */
  taken: Card[][];
  /** The declaration formed; `raised` is the value it had when the play raised it. */
  declaration: Declaration | null;
  raised: number | null;
  xeri: boolean;
}

export interface State {
  seats: number;
  target: number;
  rng: RngState;
  dealer: number;
  /** The seat to play (the one finishing a pending play). */
  turn: number;
  hands: Card[][];
  stock: Card[];
  /** Loose cards on the table, in the order they came. */
  table: Card[];
  declarations: Declaration[];
  pending: Pending | null;
  /** Each side's face-down pile of won cards for the current deal, and its xeris. */
  won: Card[][];
  xeris: number[];
  lastCapturer: number | null;
  /** Plays finished in this deal: the first one cannot be a xeri. */
  plays: number;
  lastPlay: Play | null;
  /** Match points by side. */
  scores: number[];
  deals: DealScore[];
  finished: boolean;
}

const SIDES = 2;

function threeOfARank(cards: readonly Card[]): boolean {
  return cards.some((c) => cards.filter((o) => rankOf(o) === rankOf(c)).length >= 3);
}

/**
 * Six cards to each seat one at a time from the dealer's left, then four face up to the table (three or
 * more of one rank among them: they go back, the stock is shuffled and four more are dealt); the rest is the stock.
 */
function dealFrom(deck: readonly Card[], seats: number, dealer: number, rng: RngState) {
  const { hands, stock } = deal(deck, { seats, count: HAND, first: (dealer + 1) % seats });
  let table = stock.slice(0, TABLE);
  let rest = stock.slice(TABLE);
  let next = rng;
  while (threeOfARank(table)) {
    [rest, next] = shuffle([...table, ...rest], next);
    table = rest.slice(0, TABLE);
    rest = rest.slice(TABLE);
  }
  return { hands, table, stock: rest, rng: next };
}

function freshDeal(seats: number, dealer: number, deck: readonly Card[], rng: RngState) {
  return {
    ...dealFrom(deck, seats, dealer, rng),
    dealer,
    turn: (dealer + 1) % seats,
    declarations: [],
    pending: null,
    won: Array.from({ length: SIDES }, () => []),
    xeris: Array.from({ length: SIDES }, () => 0),
    lastCapturer: null,
    plays: 0,
    lastPlay: null,
  };
}

const ownDeclaration = (s: State, seat: number): Declaration | undefined => s.declarations.find((d) => d.owner === seat);
const findDeclaration = (s: State, cards: readonly Card[]): Declaration | undefined =>
  s.declarations.find((d) => setKey(cardsOf(d)) === setKey(cards));
const sum = (cards: readonly Card[]): number => cards.reduce((n, c) => n + (pips(c) ?? 0), 0);

/** How many number cards of each value (1 to 10) a hand holds. */
function valueCounts(hand: readonly Card[]): number[] {
  const counts = new Array<number>(MAX_VALUE + 1).fill(0);
  for (const c of hand) {
    const v = pips(c);
    if (v !== null) counts[v]++;
  }
  return counts;
}

/** An opponent's regular declaration `card` may raise to `value`: never one's own side's, never a group. */
function raisable(s: State, seat: number, card: Card, value: number): Declaration[] {
  const cardValue = pips(card) ?? 0;
  return s.declarations.filter((d) => d.sets.length === 1 && sideOf(d.owner) !== sideOf(seat) && d.value + cardValue === value);
}

/** Regular declarations of `value` that may join a group declaration as one set. */
const regularOf = (s: State, value: number) => s.declarations.filter((d) => d.sets.length === 1 && d.value === value);

/** True when `card` can start a capture: some group is worth it (a holder's last card of the value always can). */
function canCapture(s: State, card: Card): boolean {
  const value = pips(card);
  if (value === null) return s.table.some((t) => rankOf(t) === rankOf(card));
  return canMake(s.table, value) || s.declarations.some((d) => d.value === value);
}

/**
 * The values `card` can declare. The seat must keep a card of the value to capture it. A seat holding a
 * regular declaration may only form a group of that value, which takes its declaration in; a seat
 * holding a group declaration may form nothing. The card needs loose cards or an opponent's regular
 * declaration to make up the value with, or, alone, another set of its value to group with.
 */
export function declareValues(s: State, seat: number, card: Card, counts = valueCounts(s.hands[seat])): number[] {
  const cardValue = pips(card);
  if (cardValue === null) return [];
  const own = ownDeclaration(s, seat);
  if (own && own.sets.length > 1) return [];
  const out: number[] = [];
  for (let value = cardValue; value <= MAX_VALUE; value++) {
    const kept = counts[value] - (value === cardValue ? 1 : 0);
    if (kept === 0 || (own && value !== own.value)) continue;
    const possible =
      value === cardValue
        ? own !== undefined || canMake(s.table, value) || regularOf(s, value).length > 0
        : canMake(s.table, value - cardValue) || raisable(s, seat, card, value).length > 0;
    if (possible) out.push(value);
  }
  return out;
}

const valueOfPending = (p: Pending): number => (p.kind === 'declare' ? p.forming.value : (pips(p.card) as number));
/** What the open group or set still needs (0: none is open). */
const needOf = (p: Pending): number => (p.open.length === 0 ? 0 : valueOfPending(p) - sum(p.open));

/** A declaration's first set holds the card played alone: an opponent's declaration may still be raised with it. */
const raising = (p: Pending): boolean => p.kind === 'declare' && p.open.length === 1 && p.open[0] === p.card;

/** A declaration is one when it holds a table card besides the card played, or several sets. */
const complete = (d: Declaration): boolean => d.sets.length > 1 || (d.sets.length === 1 && d.sets[0].length > 1);

/** The play in progress may end now: no group is open, and something was taken or a declaration formed. */
function canEnd(p: Pending): boolean {
  if (p.open.length > 0) return false;
  return p.kind === 'capture' ? p.taken.length > 0 : complete(p.forming);
}

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
    const loose = looseChoices(s.table, needOf(p), p.from);
    return raising(p) ? [...loose, ...raisable(s, p.seat, p.card, value).map(cardsOf)] : loose;
  }
  if (p.kind === 'declare') return [...looseChoices(s.table, value), ...regularOf(s, value).map(cardsOf)];
  if (isFace(p.card)) return [];
  const own = ownDeclaration(s, p.seat);
  if (own && own.value === value && valueCounts(s.hands[p.seat])[value] === 0) return [cardsOf(own)];
  return [...looseChoices(s.table, value), ...s.declarations.filter((d) => d.value === value).map(cardsOf)];
}

function withHand(s: State, seat: number, card: Card): Card[][] {
  return s.hands.map((h, i) => (i === seat ? removeCards(h, [card]) : h));
}

function finishCapture(s: State): State {
  const p = s.pending as Extract<Pending, { kind: 'capture' }>;
  const side = sideOf(p.seat);
  const won = s.won.map((pile, i) => (i === side ? [...pile, p.card, ...p.taken.flat()] : pile));
  // A capture that sweeps the table is a xeri, except on the very first play of the deal.
  const xeri = s.table.length === 0 && s.declarations.length === 0 && s.plays > 0;
  const xeris = s.xeris.map((n, i) => (i === side && xeri ? n + 1 : n));
  const lastPlay: Play = { seat: p.seat, card: p.card, kind: 'capture', taken: p.taken, declaration: null, raised: null, xeri };
  return endTurn({ ...s, won, xeris, lastCapturer: p.seat, pending: null, lastPlay }, p.seat);
}

function finishDeclare(s: State): State {
  const p = s.pending as Extract<Pending, { kind: 'declare' }>;
  const lastPlay: Play = {
    seat: p.seat,
    card: p.card,
    kind: 'declare',
    taken: [],
    declaration: p.forming,
    raised: p.raised,
    xeri: false,
  };
  return endTurn({ ...s, declarations: [...s.declarations, p.forming], pending: null, lastPlay }, p.seat);
}

/** Takes `cards` (one of the pending choices) into the play in progress. */
function join(s: State, cards: Card[]): State {
  const p = s.pending as Pending;
  const d = findDeclaration(s, cards);
  const declarations = d ? s.declarations.filter((o) => o !== d) : s.declarations;
  const table = d ? s.table : s.table.filter((c) => !cards.includes(c));
  // Cards after the last one taken move up as the taken ones leave: the open group goes on from there.
  const from = d ? 0 : s.table.indexOf(cards[cards.length - 1]) - cards.length + 1;
  const open = d ? [] : [...p.open, ...cards];
  const closed = d !== undefined || sum(open) === valueOfPending(p);
  if (p.kind === 'capture') {
    const taken = closed ? [...p.taken, d ? cardsOf(d) : open] : p.taken;
    return { ...s, table, declarations, pending: { ...p, taken, open: closed ? [] : open, from: closed ? 0 : from } };
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
  const forming = { ...p.forming, sets };
  return { ...s, table, declarations, pending: { ...p, forming, raised, open: closed ? [] : open, from: closed ? 0 : from } };
}

/**
 * Plays the forced steps of the play in progress: a single possible choice where it may not end yet is
 * made at once, and a play with nothing left to take or add ends by itself.
 */
function settle(s: State): State {
  let next = s;
  for (;;) {
    const p = next.pending;
    if (!p) return next;
    const choices = pendingChoices(next);
    const ending = canEnd(p);
    if (choices.length === 0) return p.kind === 'capture' ? finishCapture(next) : finishDeclare(next);
    if (choices.length > 1 || ending) return next;
    next = join(next, choices[0]);
  }
}

function endTurn(s: State, seat: number): State {
  const next = { ...s, plays: s.plays + 1, turn: (seat + 1) % s.seats };
  if (next.hands.some((h) => h.length > 0)) return next;
  if (next.stock.length > 0) {
    const { hands, stock } = deal(next.stock, { seats: s.seats, count: HAND, first: (s.dealer + 1) % s.seats });
    return { ...next, hands, stock };
  }
  return endDeal(next);
}

function endDeal(s: State): State {
  const leftovers = [...s.table, ...s.declarations.flatMap(cardsOf)];
  const side = s.lastCapturer === null ? null : sideOf(s.lastCapturer);
  const won = s.won.map((pile, i) => (i === side ? [...pile, ...leftovers] : pile));
  const score = scoreDeal(won, s.xeris);
  const deals = [...s.deals, { dealer: s.dealer, leftovers: { side, cards: leftovers }, ...score }];
  const scores = s.scores.map((n, i) => n + score.points[i]);
  if (Math.max(...scores) >= s.target) {
    // Leftovers nobody captured stay on the table, so every card is still somewhere.
    const table = side === null ? s.table : [];
    const declarations = side === null ? s.declarations : [];
    return { ...s, won, table, declarations, scores, deals, finished: true };
  }
  const [deck, rng] = shuffle(standardDeck(), s.rng);
  return { ...s, ...freshDeal(s.seats, (s.dealer + 1) % s.seats, deck, rng), scores, deals };
}

function lay(s: State, seat: number, card: Card): State {
  const own = ownDeclaration(s, seat);
  if (own) {
    throw new IllegalMove(
      `you have a declaration of ${own.value} to capture: you cannot lay a card until it is captured or raised`,
    );
  }
  const lastPlay: Play = { seat, card, kind: 'lay', taken: [], declaration: null, raised: null, xeri: false };
  return endTurn({ ...s, hands: withHand(s, seat, card), table: [...s.table, card], lastPlay }, seat);
}

function capture(s: State, seat: number, card: Card): State {
  const value = pips(card);
  if (!canCapture(s, card)) {
    throw new IllegalMove(
      value === null
        ? `there is no ${rankOf(card)} on the table for ${card} to capture`
        : `nothing on the table is worth ${value}`,
    );
  }
  const hands = withHand(s, seat, card);
  if (value === null) {
    // A face card takes every card of its rank at once.
    const taken = faceGroup(card, s.table);
    const table = s.table.filter((c) => !taken.includes(c));
    return finishCapture({ ...s, hands, table, pending: { kind: 'capture', seat, card, taken: [taken], open: [], from: 0 } });
  }
  return settle({ ...s, hands, pending: { kind: 'capture', seat, card, taken: [], open: [], from: 0 } });
}

/** Why `card` cannot declare `value` now, in the order a player thinks of it. */
function refuseDeclare(s: State, seat: number, card: Card, value: number): string {
  const cardValue = pips(card);
  if (cardValue === null) return 'face cards have no value: they cannot be part of a declaration';
  const own = ownDeclaration(s, seat);
  if (own && own.sets.length > 1) return `you must capture your group declaration of ${own.value}s before you declare again`;
  if (value < cardValue) return `a declaration holds the ${card}: it is worth at least ${cardValue}`;
  if (value > MAX_VALUE) return `no card captures more than ${MAX_VALUE}`;
  if (own && value !== own.value) {
    return `you have a declaration of ${own.value} to capture: the only declaration you may form is a group of ${own.value}s that takes it in`;
  }
  if (valueCounts(s.hands[seat])[value] - (value === cardValue ? 1 : 0) === 0) {
    return `to declare ${value} you must keep a card worth ${value} in your hand to capture it`;
  }
  if (value === cardValue) return `a card alone is not a declaration: there is no other set worth ${value} to group it with`;
  const onto = s.declarations.find((d) => d.value + cardValue === value);
  if (onto && onto.sets.length > 1) return 'a group declaration cannot be raised';
  if (onto?.owner === seat) return 'you cannot raise your own declaration';
  if (onto && sideOf(onto.owner) === sideOf(seat)) return "you cannot raise your partner's declaration";
  return `nothing on the table makes up ${value - cardValue} with the ${card}: no loose cards, no opponent's declaration of ${value - cardValue} to raise`;
}

function declare(s: State, seat: number, card: Card, value: number): State {
  if (!declareValues(s, seat, card).includes(value)) throw new IllegalMove(refuseDeclare(s, seat, card, value));
  const own = ownDeclaration(s, seat);
  const alone = value === pips(card);
  // A holder's pending declaration is taken into the group it forms.
  const sets = [...(alone ? [[card]] : []), ...(own ? own.sets : [])];
  const pending: Pending = {
    kind: 'declare',
    seat,
    card,
    forming: { sets, value, owner: seat },
    open: alone ? [] : [card],
    from: 0,
    raised: null,
  };
  const declarations = s.declarations.filter((d) => d !== own);
  return settle({ ...s, hands: withHand(s, seat, card), declarations, pending });
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
  if (missing) {
    const inDeclaration = s.declarations.some((o) => cardsOf(o).includes(missing));
    return inDeclaration
      ? `${missing} is part of a declaration: a declaration goes only as a whole`
      : `${missing} is not on the table`;
  }
  if (cards.some(isFace)) return 'face cards have no value: they are never part of a sum';
  const need = p.open.length > 0 ? needOf(p) : value;
  const total = sum(cards);
  if (total > need) return `the cards add up to ${total}, more than the ${need} needed`;
  if (oneAtATime(s.table, need, p.open.length > 0 ? p.from : 0)) {
    return `too many ways to make ${need} to list them all: add one card at a time, in table order`;
  }
  if (total < need) return `the cards add up to ${total}: name a whole group worth ${need}`;
  if (p.open.length > 0) return `the group in progress goes on with cards after ${p.open[p.open.length - 1]}, in table order`;
  return 'that group cannot join this play';
}

function more(s: State, action: Extract<Action, { type: 'take' | 'add' }>): State {
  const p = s.pending;
  const wanted = action.type === 'take' ? 'capture' : 'declare';
  if (!p || p.kind !== wanted) {
    throw new IllegalMove(
      action.type === 'take' ? 'no capture in progress to take more with' : 'no declaration in progress to add to',
    );
  }
  const offered = pendingChoices(s);
  if (!offered.some((o) => sameList(o, action.group))) {
    const reordered = offered.find((o) => setKey(o) === setKey(action.group));
    throw new IllegalMove(reordered ? `name the cards in table order: ${reordered.join(' ')}` : refuseGroup(s, p, action.group));
  }
  return settle(join(s, action.group));
}

function done(s: State): State {
  const p = s.pending;
  if (!p) throw new IllegalMove('nothing in progress to end: play a card');
  if (p.open.length > 0) throw new IllegalMove(`finish the group in progress first: it needs ${needOf(p)} more`);
  if (p.kind === 'capture') {
    if (p.taken.length === 0)
      throw new IllegalMove(`${p.card} has captured nothing yet: take a group worth ${valueOfPending(p)}`);
    return finishCapture(s);
  }
  if (!complete(p.forming)) {
    throw new IllegalMove(`a ${p.card} alone is not a declaration: add another set worth ${p.forming.value}`);
  }
  return finishDeclare(s);
}

function seatsOfSide(s: State, side: number): number[] {
  return [...Array(s.seats).keys()].filter((seat) => sideOf(seat) === side);
}

const sideName = (s: State, side: number) => {
  const seats = seatsOfSide(s, side);
  return seats.length === 1 ? `seat ${seats[0]}` : `seats ${seats.join(' and ')}`;
};

export const diloti: Game<State, Action, Options> = {
  kind: 'diloti',
  title: 'Diloti',
  seats: { min: 2, max: 4 },
  optionsSchema,
  actionSchema,
  rules: [
    'Two seats, or four in partnerships (seats 0+2 against 1+3, sharing one pile of won cards and one score), one 52-card deck.',
    'Seat 0 deals first; the deal passes to the left (the next seat). Six cards to each seat, four face up to the table (three',
    'or more of one rank among them: they are shuffled back into the stock and four more are turned up); the rest is the stock.',
    "The seat to the dealer's left plays first, then play passes to the left. Values: ace 1, two to ten their pips; face cards",
    'have no value and are never part of a sum or a declaration. A turn plays one card from the hand in one of three ways',
    '(capturing is never compulsory; a card that could capture may be laid):',
    '- Lay it face up on the table (`lay`).',
    '- Capture (`capture` the card, then `take` groups, then `done`): a number card captures, in one play, any set of disjoint',
    '  groups each worth its value: a single table card of its rank, loose number cards adding up to it, or a whole declaration',
    '  of that value (a declaration is taken only whole, never as part of a sum). A face card captures every table card of its',
    "  rank at once. The card and the groups go face down to the side's pile (only its size is shown).",
    '- Declare (`declare` the card and a value, then `add`, then `done`): the card played is always part of the declaration.',
    "  Its first set is the card with loose number cards making up the value, or the card raising an opponent's regular",
    "  declaration (the card goes onto it: never one's own or a partner's, never a group declaration, never above 10), or, when",
    "  the value is the card's own, the card alone. The seat must keep another card of the value in hand to capture it. More",
    '  sets of the value may join (`add`), making a group declaration: loose cards worth the value, or any regular declaration',
    "  of that value (its side's, a partner's or an opponent's: its holder is freed and the one grouping it holds the group).",
    '  A card alone is no declaration: it needs another set. A declaration is captured later only whole, by a card of its value.',
    'Steps: groups and sets are posted one at a time, each as its cards in table order, and the list offers every one that can',
    `be taken or added. When more than ${LIST_LIMIT} sets of loose cards could complete a group, they are offered one card at a time`,
    '(each card that can start one, in table order) until the group is worth the value, so the list stays short on a crowded',
    'table. A step with a single possible choice, where the play may not end yet, is made at once; a play ends by itself when',
    'nothing more can be taken or added; `done` ends it earlier (never in the middle of a group, nor before anything is taken).',
    'The holder of a declaration (who formed it, or last raised it or grouped it) may not lay a card, raise, or form another',
    'declaration until it is captured (by anyone) or raised by an opponent, and must keep a card of its value: its last such card',
    'may only be played to capture it (that declaration is then the first group it takes; others may follow). The one exception:',
    'the holder of a regular declaration may form a group declaration of the same value (the card with loose cards, the card',
    "alone, or raising an opponent's declaration to that value), which takes its own declaration in at once as one set. The",
    'holder of a group declaration may only capture. So a seat holds at most one declaration, and always a card that captures it.',
    'A capture that leaves the table empty (no loose card, no declaration) is a xeri, except on the very first play of a deal.',
    'When every hand is empty, six more cards each are dealt from the stock. When the stock and the hands are empty, the last',
    'seat to capture takes what is left on the table for its side (not a xeri; if nobody captured in the deal, it stays unscored).',
    'Each deal scores, per side: 10 per xeri, 4 for strictly the most cards (a 26-26 tie scores nobody), 2 for the 10 of diamonds,',
    '1 per ace, 1 for the 2 of clubs. After a deal in which a side has reached the target (option `target`, default 61) the game',
    'ends and the higher score wins; equal scores are a shared win.',
  ].join('\n'),
  dealing: [
    "Each deal: six cards one at a time to each seat, starting with the dealer's left and going up in seat order",
    '(seat 0 deals the first deal, so seat 1 gets the top card), then the next four cards face up to the table; the rest is the',
    'stock. If three or more of those four have the same rank, they go back into the stock, the stock is shuffled (seeded) and',
    'four more are turned up. When every hand is empty, six more cards each are dealt from the top of the stock the same way.',
  ].join(' '),

  cards: () => standardDeck(),

  checkSetup(seats) {
    return seats === 3 ? 'Diloti is played by two seats, or by four in partnerships: not by three' : undefined;
  },

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, standardDeck());
    return {
      seats: ctx.seats,
      target: ctx.options.target,
      ...freshDeal(ctx.seats, 0, deck, rng),
      scores: Array.from({ length: SIDES }, () => 0),
      deals: [],
      finished: false,
    };
  },

  legalActions(s, seat) {
    if (s.finished || seat !== s.turn) return [];
    const p = s.pending;
    if (p) {
      const type = p.kind === 'capture' ? ('take' as const) : ('add' as const);
      const out: Action[] = pendingChoices(s).map((g) => ({ type, group: g }));
      if (canEnd(p)) out.push({ type: 'done' });
      return out;
    }
    const own = ownDeclaration(s, seat);
    const counts = valueCounts(s.hands[seat]);
    const out: Action[] = [];
    for (const card of s.hands[seat]) {
      if (!own) out.push({ type: 'lay', card });
      if (canCapture(s, card)) out.push({ type: 'capture', card });
      for (const value of declareValues(s, seat, card, counts)) out.push({ type: 'declare', card, value });
    }
    return out;
  },

  apply(s, seat, action) {
    if (s.finished) throw new IllegalMove('the game is over');
    if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn`);
    const type: string = action.type;
    if (action.type === 'take' || action.type === 'add') return more(s, action);
    if (action.type === 'done') return done(s);
    if (action.type !== 'lay' && action.type !== 'capture' && action.type !== 'declare') {
      throw new IllegalMove(`unknown action ${type}: lay, capture, take, declare, add or done`);
    }
    if (s.pending) {
      const next = s.pending.kind === 'capture' ? '`take`' : '`add`';
      throw new IllegalMove(`finish the play in progress with ${s.pending.card} first: ${next} or \`done\``);
    }
    if (!s.hands[seat].includes(action.card)) throw new IllegalMove(`${action.card} is not in your hand`);
    if (action.type === 'lay') return lay(s, seat, action.card);
    if (action.type === 'capture') return capture(s, seat, action.card);
    return declare(s, seat, action.card, action.value);
  },

  view(s, seat) {
    const own = seat === null ? undefined : ownDeclaration(s, seat);
    const open = {
      seats: s.seats,
      target: s.target,
      deal: s.finished ? s.deals.length : s.deals.length + 1,
      dealer: s.dealer,
      turn: s.finished ? null : s.turn,
      phase: s.finished ? 'over' : s.pending ? (s.pending.kind === 'capture' ? 'capturing' : 'declaring') : 'play',
      // The card being played and what it has gathered so far lie face up.
      pending: s.pending && { ...s.pending, needs: needOf(s.pending) },
      hand: seat === null ? null : s.hands[seat],
      handCounts: s.hands.map((h) => h.length),
      stock: s.stock.length,
      table: s.table,
      declarations: s.declarations,
      /** The value this seat is obliged to capture, if it holds a declaration. */
      obligation: own ? own.value : null,
      sides: [0, 1].map((side) => ({
        seats: seatsOfSide(s, side),
        // The won piles are face down: only their sizes (and the xeris marked on them) are known.
        won: s.won[side].length,
        xeris: s.xeris[side],
        score: s.scores[side],
      })),
      lastCapturer: s.lastCapturer,
      lastPlay: s.lastPlay,
      scores: s.scores,
      // The scoresheet: each finished deal's points by side; the last deal's lines in full.
      scoresheet: s.deals.map((d) => d.points),
      lastDeal: s.deals.at(-1) ?? null,
      finished: s.finished,
    };
    // Once the game is over every card is public.
    return s.finished ? { ...open, hands: s.hands, wonCards: s.won, stockCards: s.stock, deals: s.deals } : open;
  },

  status(s): Status {
    const scores = [...Array(s.seats).keys()].map((seat) => s.scores[sideOf(seat)]);
    if (!s.finished) return { toAct: [s.turn], finished: false, scores };
    const best = Math.max(...s.scores);
    const sides = [0, 1].filter((side) => s.scores[side] === best);
    const winners = [...Array(s.seats).keys()].filter((seat) => sides.includes(sideOf(seat)));
    const [a, b] = s.scores;
    const deals = `${s.deals.length} deal${s.deals.length === 1 ? '' : 's'}`;
    const summary =
      sides.length === 2
        ? `a tie at ${best} points each after ${deals}`
        : `${sideName(s, sides[0])} ${s.seats === 2 ? 'wins' : 'win'} ${best} to ${Math.min(a, b)} after ${deals}`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },
};
