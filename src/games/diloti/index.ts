import { type Card, deal, isFace, type RngState, rankOf, removeCards, shuffle, standardDeck } from '../../cards';
import { CardCode, type Game, IllegalMove, openingDeck, type SetupContext, type Static, type Status, Type } from '../../engine';
import {
  cardsOf,
  type Declaration,
  faceGroup,
  groupsWorth,
  looseSetsWorth,
  MAX_VALUE,
  pips,
  sameList,
  setKey,
  setsToGroup,
  sideOf,
} from './plays';
import { type DealScore, scoreDeal } from './scoring';

export type { Declaration } from './plays';
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
  { type: Type.Literal('capture'), card: CardCode, group },
  {
    additionalProperties: false,
    description:
      'play a card and capture one group with it: loose cards adding up to its value (one card of its rank is one), or a whole ' +
      'declaration of its value; a face card captures every table card of its rank. More groups may follow with `take`.',
  },
);
const takeAction = Type.Object(
  { type: Type.Literal('take'), group },
  { additionalProperties: false, description: 'capture one more group worth the card being played' },
);
const declareAction = Type.Object(
  { type: Type.Literal('declare'), card: CardCode, with: Type.Array(CardCode) },
  {
    additionalProperties: false,
    description:
      'play a number card onto `with` to form a declaration worth their total: loose number cards, or the cards of an ' +
      "opponent's regular declaration (a raise); `with` empty: the card alone is the first set of a group declaration. " +
      'More sets of the same value may follow with `add`.',
  },
);
const addAction = Type.Object(
  { type: Type.Literal('add'), group },
  {
    additionalProperties: false,
    description:
      'add one more set to the declaration being formed, making a group declaration: loose cards or a regular declaration',
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

/** A play in progress: a capture of several groups or a declaration of several sets is posted one group at a time. */
export type Pending =
  | { kind: 'capture'; seat: number; card: Card; taken: Card[][] }
  | { kind: 'declare'; seat: number; card: Card; forming: Declaration; raised: number | null };

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

/** How many number cards of each value (1 to 10) a hand holds. */
function valueCounts(hand: readonly Card[]): number[] {
  const counts = new Array<number>(MAX_VALUE + 1).fill(0);
  for (const c of hand) {
    const v = pips(c);
    if (v !== null) counts[v]++;
  }
  return counts;
}

/** The first groups `card` may capture: a holder's last card of its declaration's value must take that declaration. */
export function firstGroups(s: State, seat: number, card: Card, counts = valueCounts(s.hands[seat])): Card[][] {
  const value = pips(card);
  if (value === null) {
    const taken = faceGroup(card, s.table);
    return taken.length > 0 ? [taken] : [];
  }
  const own = ownDeclaration(s, seat);
  if (own && own.value === value && counts[value] === 1) return [cardsOf(own)];
  return groupsWorth(s.table, s.declarations, value);
}

/** A declaration `card` can start: what it is played onto, the value, and the raised declaration if it is a raise. */
interface DeclareChoice {
  with: Card[];
  value: number;
  raising: Declaration | null;
}

/**
 * Every declaration `card` can start. The seat must keep a card of the value to capture it. A seat with a
 * pending regular declaration may only form a group of that value, which takes its declaration in; a seat
 * with a pending group declaration may form nothing. Only an opponent's regular declaration can be raised.
 */
export function declareChoices(s: State, seat: number, card: Card, counts = valueCounts(s.hands[seat])): DeclareChoice[] {
  const cardValue = pips(card);
  if (cardValue === null) return [];
  const own = ownDeclaration(s, seat);
  if (own && own.sets.length > 1) return [];
  const out: DeclareChoice[] = [];
  for (let value = cardValue; value <= MAX_VALUE; value++) {
    // Once `card` is played the seat must still hold a card of the value.
    const kept = counts[value] - (value === cardValue ? 1 : 0);
    if (kept === 0 || (own && value !== own.value)) continue;
    if (value === cardValue) {
      // The card alone is one set: a group needs another, the holder's own declaration or one on the table.
      if (own || setsToGroup(s.table, s.declarations, value).length > 0) out.push({ with: [], value, raising: null });
      continue;
    }
    for (const loose of looseSetsWorth(s.table, value - cardValue)) out.push({ with: loose, value, raising: null });
    for (const d of s.declarations) {
      const raisable = d !== own && d.sets.length === 1 && sideOf(d.owner) !== sideOf(seat);
      if (raisable && d.value + cardValue === value) out.push({ with: cardsOf(d), value, raising: d });
    }
  }
  return out;
}

/** A declaration is one when it holds a table card besides the card played, or several sets. */
const complete = (d: Declaration): boolean => d.sets.length > 1 || d.sets[0].length > 1;

/** The sets that may still join the declaration in progress, or the groups the capture in progress may still take. */
function nextGroups(s: State): Card[][] {
  const p = s.pending;
  if (!p) return [];
  if (p.kind === 'declare') return setsToGroup(s.table, s.declarations, p.forming.value);
  const value = pips(p.card);
  return value === null ? [] : groupsWorth(s.table, s.declarations, value);
}

function withHand(s: State, seat: number, card: Card): Card[][] {
  return s.hands.map((h, i) => (i === seat ? removeCards(h, [card]) : h));
}

/** The table after `cards` leave it: a whole declaration, or loose cards. */
function without(s: State, cards: readonly Card[]): Pick<State, 'table' | 'declarations'> {
  const d = findDeclaration(s, cards);
  if (d) return { table: s.table, declarations: s.declarations.filter((o) => o !== d) };
  return { table: s.table.filter((c) => !cards.includes(c)), declarations: s.declarations };
}

/** Why `cards` is not a group worth `value` on this table, or undefined when it is one. */
function refuseGroup(s: State, cards: readonly Card[], value: number, intoGroup: boolean): string | undefined {
  if (new Set(cards).size !== cards.length) return 'a card can be named only once';
  const d = findDeclaration(s, cards);
  if (d) {
    if (d.value !== value) return `that declaration is worth ${d.value}, not ${value}`;
    if (intoGroup && d.sets.length > 1) return 'a group declaration cannot be taken into another group';
    return undefined;
  }
  const missing = cards.find((c) => !s.table.includes(c));
  if (missing) {
    const inDeclaration = s.declarations.some((o) => cardsOf(o).includes(missing));
    return inDeclaration
      ? `${missing} is part of a declaration: a declaration goes only as a whole`
      : `${missing} is not on the table`;
  }
  if (cards.some(isFace)) return 'face cards have no value: they are never part of a sum';
  const sum = cards.reduce((n, c) => n + (pips(c) ?? 0), 0);
  return sum === value ? undefined : `the cards add up to ${sum}, not ${value}`;
}

/** Refuses `given` unless it is one of `offered` in the same order; a reordered group gets the order to use. */
function requireOffered(given: readonly Card[], offered: readonly Card[][], otherwise: string): void {
  if (offered.some((o) => sameList(o, given))) return;
  const reordered = offered.find((o) => setKey(o) === setKey(given));
  if (reordered) throw new IllegalMove(`name the cards in table order: ${reordered.join(' ')}`);
  throw new IllegalMove(otherwise);
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

/** A capture or a declaration ends by itself once nothing more can join it. */
function continuePending(s: State): State {
  if (nextGroups(s).length > 0) return s;
  return s.pending?.kind === 'capture' ? finishCapture(s) : finishDeclare(s);
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

function capture(s: State, seat: number, card: Card, cards: Card[]): State {
  const value = pips(card);
  if (value === null) {
    const taken = faceGroup(card, s.table);
    if (taken.length === 0) throw new IllegalMove(`there is no ${rankOf(card)} on the table for ${card} to capture`);
    requireOffered(cards, [taken], `a ${card} captures every ${rankOf(card)} on the table: ${taken.join(' ')}`);
  } else {
    const refusal = refuseGroup(s, cards, value, false);
    if (refusal) throw new IllegalMove(refusal);
    const own = ownDeclaration(s, seat);
    requireOffered(
      cards,
      firstGroups(s, seat, card),
      `${card} is your last ${value}: it may only capture your declaration of ${own?.value} (take that group first)`,
    );
  }
  const next: State = {
    ...s,
    hands: withHand(s, seat, card),
    ...without(s, cards),
    pending: { kind: 'capture', seat, card, taken: [cards] },
  };
  return continuePending(next);
}

/** Why `card` cannot declare onto `cards`, checked in the order a player thinks of it. */
function refuseDeclare(s: State, seat: number, card: Card, cards: readonly Card[]): string {
  const cardValue = pips(card);
  if (cardValue === null) return 'face cards have no value: they cannot be part of a declaration';
  const own = ownDeclaration(s, seat);
  if (own && own.sets.length > 1) return `you must capture your group declaration of ${own.value}s before you declare again`;
  if (new Set(cards).size !== cards.length) return 'a card can be named only once';
  let value = cardValue;
  const raised = cards.length > 0 ? findDeclaration(s, cards) : undefined;
  if (raised) {
    if (raised.sets.length > 1) return 'a group declaration cannot be raised';
    if (raised.owner === seat) return 'you cannot raise your own declaration';
    if (sideOf(raised.owner) === sideOf(seat)) return "you cannot raise your partner's declaration";
    value += raised.value;
    if (value > 10) return `that would raise it to ${value}: a declaration cannot be raised above 10`;
  } else {
    for (const c of cards) {
      if (!s.table.includes(c)) {
        const inDeclaration = s.declarations.some((o) => cardsOf(o).includes(c));
        return inDeclaration
          ? `${c} is part of a declaration: only a whole declaration can be raised`
          : `${c} is not on the table`;
      }
      if (isFace(c)) return 'face cards have no value: they cannot be part of a declaration';
      value += pips(c) as number;
    }
    if (value > 10) return `that makes ${value}: no card captures more than 10`;
  }
  if (own && value !== own.value) {
    return `you have a declaration of ${own.value} to capture: the only declaration you may form is a group of ${own.value}s that takes it in`;
  }
  if (valueCounts(s.hands[seat])[value] - (value === cardValue ? 1 : 0) === 0) {
    return `to declare ${value} you must keep a card worth ${value} in your hand to capture it`;
  }
  if (cards.length === 0 && !own)
    return `a card alone is not a declaration: there is no other set worth ${value} to group it with`;
  return 'not a declaration you can form now';
}

function declare(s: State, seat: number, card: Card, cards: Card[]): State {
  const choices = declareChoices(s, seat, card);
  const choice = choices.find((c) => sameList(c.with, cards));
  if (!choice) {
    const reordered = choices.find((c) => setKey(c.with) === setKey(cards));
    throw new IllegalMove(
      reordered ? `name the cards in table order: ${reordered.with.join(' ')}` : refuseDeclare(s, seat, card, cards),
    );
  }
  const forming: Declaration = choice.raising
    ? { sets: [[...cardsOf(choice.raising), card]], value: choice.value, owner: seat }
    : { sets: [[card, ...cards]], value: choice.value, owner: seat };
  let declarations = s.declarations.filter((d) => d !== choice.raising);
  const own = ownDeclaration(s, seat);
  if (own) {
    // The holder's pending declaration is taken into the group it forms.
    forming.sets.push(...own.sets);
    declarations = declarations.filter((d) => d !== own);
  }
  const table = choice.raising ? s.table : s.table.filter((c) => !cards.includes(c));
  const pending: Pending = { kind: 'declare', seat, card, forming, raised: choice.raising?.value ?? null };
  return continuePending({ ...s, hands: withHand(s, seat, card), table, declarations, pending });
}

function more(s: State, action: Extract<Action, { type: 'take' | 'add' }>): State {
  const p = s.pending;
  const wanted = action.type === 'take' ? 'capture' : 'declare';
  if (!p || p.kind !== wanted) {
    throw new IllegalMove(
      action.type === 'take' ? 'no capture in progress to take more with' : 'no declaration in progress to add to',
    );
  }
  const value = p.kind === 'declare' ? p.forming.value : (pips(p.card) as number);
  const refusal = refuseGroup(s, action.group, value, p.kind === 'declare');
  if (refusal) throw new IllegalMove(refusal);
  requireOffered(action.group, nextGroups(s), 'that group cannot join this play');
  const rest = without(s, action.group);
  if (p.kind === 'capture') return continuePending({ ...s, ...rest, pending: { ...p, taken: [...p.taken, action.group] } });
  const joined = findDeclaration(s, action.group);
  const sets = joined ? joined.sets : [action.group];
  const forming = { ...p.forming, sets: [...p.forming.sets, ...sets] };
  return continuePending({ ...s, ...rest, pending: { ...p, forming } });
}

function done(s: State): State {
  const p = s.pending;
  if (!p) throw new IllegalMove('nothing in progress to end: play a card');
  if (p.kind === 'capture') return finishCapture(s);
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
    'Two seats, or four in partnerships (seats 0+2 against 1+3, sharing one pile of won cards), one 52-card deck.',
    'Seat 0 deals first; the deal passes to the left (the next seat). Six cards to each seat, four face up to the table',
    '(three or more of one rank among them: they are shuffled back into the stock and four more are dealt); the rest is the stock.',
    "The seat to the dealer's left plays first, then play passes to the left. Values: ace 1, two to ten their pips; face cards",
    'have no value. A turn plays one card from the hand, in one of three ways (capturing is never compulsory):',
    '- lay it face up on the table (`lay`);',
    '- capture (`capture`, then optionally `take` ... and `done`): a number card captures, in one play, any set of disjoint',
    '  groups each worth its value: a single table card of its rank, loose number cards adding up to it, or a whole declaration',
    '  of that value. The first group is posted with the card, each further group with `take` (the list offers every group still',
    '  on the table); `done` ends the capture, which also ends by itself when no group is left. A face card captures every',
    "  table card of its rank at once. The card and the groups go to the side's face-down pile (only its size is shown).",
    '- declare (`declare`, then optionally `add` ... and `done`): play a number card onto loose number cards (never face cards)',
    '  to form a declaration worth their total, captured later only whole, by a card of that value. The seat must hold another',
    "  card of that value. Raising: playing the card onto an opponent's regular declaration (`with` = its cards) adds the card",
    "  to it; never one's own or a partner's, never above 10, never a group declaration. A group declaration is several sets of",
    '  the same value: `declare` makes the first set (the card alone when `with` is empty, the card on loose cards, or a raise),',
    "  `add` joins another set: loose cards worth the value, or any regular declaration of that value (own side's or an",
    "  opponent's: its holder is freed and the obligation passes to the one grouping it). `done` ends the declaration; it ends by",
    '  itself when no set can join. A card alone is no declaration: `declare` with `with` empty needs a set to join.',
    '- The holder of a declaration (who formed it, or last raised it or grouped it) may not lay a card, raise, or form another',
    '  declaration until it is captured (by anyone) or raised by an opponent, and must keep a card of its value: its last such card',
    '  may only be played to capture it (that declaration is then the first group taken). The one exception: the holder of a',
    '  regular declaration may form a group declaration of the same value, which takes its own declaration in automatically as',
    '  one set. The holder of a group declaration may only capture. So a seat holds at most one declaration.',
    'A capture that leaves the table empty is a xeri, except on the very first play of a deal. When every hand is empty, six more',
    'cards each are dealt from the stock. When the stock and the hands are empty the last seat to capture takes what is left on the',
    'table for its side (not a xeri; if nobody captured in the deal, the leftovers stay unscored).',
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
      const ending = p.kind === 'capture' || complete(p.forming) ? [{ type: 'done' as const }] : [];
      return [...nextGroups(s).map((g) => ({ type, group: g })), ...ending];
    }
    const own = ownDeclaration(s, seat);
    const counts = valueCounts(s.hands[seat]);
    const out: Action[] = [];
    for (const card of s.hands[seat]) {
      if (!own) out.push({ type: 'lay', card });
      for (const g of firstGroups(s, seat, card, counts)) out.push({ type: 'capture', card, group: g });
      for (const c of declareChoices(s, seat, card, counts)) out.push({ type: 'declare', card, with: c.with });
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
      const next = s.pending.kind === 'capture' ? '`take` another group' : '`add` another set';
      throw new IllegalMove(`finish the play in progress with ${s.pending.card} first: ${next} or \`done\``);
    }
    if (!s.hands[seat].includes(action.card)) throw new IllegalMove(`${action.card} is not in your hand`);
    if (action.type === 'lay') return lay(s, seat, action.card);
    if (action.type === 'capture') return capture(s, seat, action.card, action.group);
    return declare(s, seat, action.card, action.with);
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
      pending: s.pending,
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
      deals: s.deals,
      finished: s.finished,
    };
    // Once the game is over every card is public.
    return s.finished ? { ...open, hands: s.hands, wonCards: s.won, stockCards: s.stock } : open;
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
