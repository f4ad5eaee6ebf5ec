import {
  buildDeck,
  type Card,
  countCards,
  deal,
  type RngState,
  removeCards,
  type Suit,
  shuffle,
  strictlyMost,
  suitOf,
  teamOf,
} from '../../cards';
import {
  CardCode,
  type Game,
  IllegalMove,
  type MoveContext,
  openingDeck,
  type SetupContext,
  type Static,
  type Status,
  Type,
} from '../../engine';
import { type Pak, type SideScore, scoreHand } from './scoring';
import { bestValue, setValue, singleValue, sumOfSingles } from './values';

export type { Pak, SideScore } from './scoring';
export { scoreHand } from './scoring';
export { bestValue, cardPoints, setValue, singleValue, sumOfSingles } from './values';

/** Paks (Phil Laurence, in Sackson's A Gamut of Games): capture board cards into paks, steal the opponents' paks. */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 50,
      maximum: 5000,
      default: 500,
      description:
        'a hand that ends with a seat or team at this score or more wins the game for the highest score (a tie at the top plays another hand)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const Seat = Type.Integer({ minimum: 0, maximum: 5 });
export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('capture'), card: CardCode, with: CardCode },
    {
      additionalProperties: false,
      description:
        'start a pak: the board card to capture and the first hand card of its suit to capture it with; more cards follow with play, then done',
    },
  ),
  Type.Object(
    { type: Type.Literal('steal'), from: Seat, pak: Type.Integer({ minimum: 0 }) },
    {
      additionalProperties: false,
      description: "start a steal of pak number `pak` of seat `from`, or add another of that seat's paks of the same suit to it",
    },
  ),
  Type.Object(
    { type: Type.Literal('play'), card: CardCode },
    { additionalProperties: false, description: 'put a card from the hand into the capturing or stealing set being made' },
  ),
  Type.Object(
    { type: Type.Literal('done') },
    { additionalProperties: false, description: 'make the capture or steal: the set beats the board card or the paks chosen' },
  ),
  Type.Object(
    { type: Type.Literal('pass') },
    { additionalProperties: false, description: 'form no pak this turn (not on a full table)' },
  ),
  Type.Object({ type: Type.Literal('end') }, { additionalProperties: false, description: 'steal nothing more: end the turn' }),
]);
export type Action = Static<typeof actionSchema>;

/** What the table saw happen, in order. */
export type Happening =
  /** A new hand: its dealer and the three board cards dealt face up. */
  | { type: 'deal'; hand: number; dealer: number; board: Card[] }
  | { seat: number; type: 'feed'; card: Card }
  /** A drawn card kept in the hand: shown to all unless the table was full. */
  | { seat: number; type: 'draw'; card: Card; shown: boolean }
  /** A full table and no pak possible: the hand is shown to all. */
  | { seat: number; type: 'reveal'; hand: Card[] }
  | { seat: number; type: 'pass' }
  /** A pak formed: the board card captured, then the cards that captured it. */
  | { seat: number; type: 'pak'; captured: Card; with: Card[] }
  | { seat: number; type: 'steal'; from: number; paks: Card[][]; with: Card[] };

export interface Turn {
  seat: number;
  drawn: Card;
  /** The board held every suit when the card was drawn: the draw is secret and a pak is compulsory if possible. */
  fullTable: boolean;
  /** Suit of the pak formed this turn, null before one is formed. */
  formed: Suit | null;
  /** Suits stolen this turn (one steal, from one seat, per suit). */
  stolen: Suit[];
  /** The board card of the pak being made, or the paks being stolen; null when neither. */
  capture: Card | null;
  steal: { from: number; suit: Suit; paks: number[] } | null;
  /** Hand cards put into the set being made (they stay in the hand until done). */
  chosen: Card[];
}

export interface HandResult {
  hand: number;
  dealer: number;
  sides: SideScore[];
  /** Scores by side after the hand. */
  scores: number[];
}

export interface State {
  seats: number;
  target: number;
  /** Seats of each side: one seat each with 2 or 3 seats, two teams of alternate seats with 4 or 6. */
  sides: number[][];
  rng: RngState;
  /** Hands played so far, counting the current one. */
  hand: number;
  dealer: number;
  stock: Card[];
  board: Card[];
  hands: Card[][];
  /** Each seat's paks in the current hand, in the order formed. */
  paks: Pak[][];
  /** The turn in progress; null once the game is over. */
  turn: Turn | null;
  /** The latest happenings (at most RECENT), across hands: feeds and draws are made by the engine, not posted. */
  recent: Happening[];
  /** By side. */
  scores: number[];
  /** Points by side of every hand played. */
  history: number[][];
  lastHand: HandResult | null;
  finished: boolean;
}

const HAND = 5;
const BOARD = 3;

export function sidesFor(seats: number): number[][] {
  const all = [...Array(seats).keys()];
  return Array.from({ length: seats >= 4 ? 2 : seats }, (_, side) => all.filter((seat) => sideOf(seats, seat) === side));
}

/** The side a seat plays for: itself alone, or its team of alternate seats. */
export function sideOf(seats: number, seat: number): number {
  return seats >= 4 ? teamOf(seat, 2) : seat;
}

/** One 52-card deck for two seats, two for three or more. */
export function cardsFor(seats: number): Card[] {
  return buildDeck({ copies: seats === 2 ? 1 : 2 });
}

const ofSuit = (cards: readonly Card[], suit: Suit) => cards.filter((c) => suitOf(c) === suit);
const boardSuits = (board: readonly Card[]) => new Set(board.map(suitOf));

/** Board cards (one per code) that some set of the hand's cards of their suit beats. */
export function capturable(hand: readonly Card[], board: readonly Card[]): Card[] {
  const best = new Map<Suit, number>();
  const out: Card[] = [];
  for (const c of new Set(board)) {
    const suit = suitOf(c);
    let b = best.get(suit);
    if (b === undefined) {
      b = bestValue(ofSuit(hand, suit));
      best.set(suit, b);
    }
    if (b > singleValue(c)) out.push(c);
  }
  return out;
}

/** The value the set being made must beat, and its suit. */
function pendingTarget(s: State, t: Turn): { suit: Suit; beat: number } | undefined {
  if (t.capture) return { suit: suitOf(t.capture), beat: singleValue(t.capture) };
  if (t.steal) {
    const victim = s.paks[t.steal.from];
    return { suit: t.steal.suit, beat: t.steal.paks.reduce((n, i) => n + sumOfSingles(victim[i].cards), 0) };
  }
  return undefined;
}

/** Whether the paks of another seat may be stolen this turn: not the suit formed, not a suit already stolen. */
function stealableSuit(t: Turn, suit: Suit): boolean {
  return suit !== t.formed && !t.stolen.includes(suit);
}

function anyStealablePak(s: State, t: Turn): boolean {
  return s.paks.some((held, seat) => seat !== t.seat && held.some((p) => stealableSuit(t, p.suit)));
}

type Phase = 'form' | 'steal' | 'choosing';
function phaseOf(t: Turn): Phase {
  if (t.capture || t.steal) return 'choosing';
  return t.formed ? 'steal' : 'form';
}

// ---- the flow of a hand (on a private draft copy, so the public functions never mutate) ----

function draft(s: State): State {
  return {
    seats: s.seats,
    target: s.target,
    sides: s.sides,
    rng: s.rng,
    hand: s.hand,
    dealer: s.dealer,
    stock: s.stock,
    board: s.board.slice(),
    hands: s.hands.map((h) => h.slice()),
    paks: s.paks.map((p) => p.slice()),
    turn: s.turn && { ...s.turn, stolen: s.turn.stolen.slice(), chosen: s.turn.chosen.slice() },
    recent: s.recent,
    scores: s.scores.slice(),
    history: s.history,
    lastHand: s.lastHand,
    finished: s.finished,
  };
}

/** Deals a hand on the draft: five cards each one at a time from the dealer's left, three to the board. */
function dealHand(d: State, deck: readonly Card[]): void {
  const { hands, stock } = deal(deck, { seats: d.seats, count: HAND, first: (d.dealer + 1) % d.seats });
  d.hands = hands;
  d.board = stock.slice(0, BOARD);
  d.stock = stock.slice(BOARD);
  d.paks = hands.map(() => []);
  record(d, { type: 'deal', hand: d.hand, dealer: d.dealer, board: [...d.board] });
}

/**
 * Starts the turn of `seat` and plays on by itself while nobody has a choice: a drawn card of a suit
 * missing from the board feeds the table and ends the turn; on a full table a seat that cannot form a
 * pak shows its hand and its turn ends. A turn begun on an empty stock ends the hand instead.
 */
function beginTurn(d: State, first: number): void {
  let seat = first;
  for (;;) {
    if (d.stock.length === 0) {
      if (!endHand(d)) return;
      seat = (d.dealer + 1) % d.seats;
      continue;
    }
    const card = d.stock[0];
    d.stock = d.stock.slice(1);
    const suits = boardSuits(d.board);
    const next = (seat + 1) % d.seats;
    if (!suits.has(suitOf(card))) {
      d.board.push(card);
      record(d, { seat, type: 'feed', card });
      seat = next;
      continue;
    }
    const fullTable = suits.size === 4;
    d.hands[seat].push(card);
    record(d, { seat, type: 'draw', card, shown: !fullTable });
    if (fullTable && capturable(d.hands[seat], d.board).length === 0) {
      record(d, { seat, type: 'reveal', hand: [...d.hands[seat]] });
      seat = next;
      continue;
    }
    d.turn = { seat, drawn: card, fullTable, formed: null, stolen: [], capture: null, steal: null, chosen: [] };
    return;
  }
}

const RECENT = 16;

function record(d: State, h: Happening): void {
  d.recent = [...d.recent.slice(1 - RECENT), h];
}

function endTurn(d: State): void {
  const seat = (d.turn as Turn).seat;
  d.turn = null;
  beginTurn(d, (seat + 1) % d.seats);
}

/** The side that has won: the one highest score, at the target or more; undefined to play another hand. */
export function matchWinner(scores: readonly number[], target: number): number | undefined {
  const top = strictlyMost(scores);
  return top !== undefined && scores[top] >= target ? top : undefined;
}

/** Scores the hand; deals the next one and returns true unless the game is over. */
function endHand(d: State): boolean {
  const sides = scoreHand(d.sides, d.paks);
  d.scores = d.scores.map((n, i) => n + sides[i].points);
  d.history = [...d.history, sides.map((side) => side.points)];
  d.lastHand = { hand: d.hand, dealer: d.dealer, sides, scores: [...d.scores] };
  d.turn = null;
  if (matchWinner(d.scores, d.target) !== undefined) {
    d.finished = true;
    return false;
  }
  const [deck, rng] = shuffle(cardsFor(d.seats), d.rng);
  d.rng = rng;
  d.dealer = (d.dealer + 1) % d.seats;
  d.hand += 1;
  dealHand(d, deck);
  return true;
}

/** After a pak or a steal: the turn ends by itself once nothing could be stolen whatever the hand held. */
function afterTaking(d: State): void {
  const t = d.turn as Turn;
  t.capture = null;
  t.steal = null;
  t.chosen = [];
  if (d.hands[t.seat].length === 0 || !anyStealablePak(d, t)) endTurn(d);
}

// ---- the rules of a move ----

/** Why `action` is not legal for `seat` now, or undefined when it is. */
function refusal(s: State, seat: number, action: Action): string | undefined {
  if (s.finished || !s.turn) return 'the game is over';
  const t = s.turn;
  if (t.seat !== seat) return `it is seat ${t.seat}'s turn`;
  const hand = s.hands[seat];
  const phase = phaseOf(t);
  switch (action.type) {
    case 'capture': {
      if (phase === 'choosing') return 'finish the capture or steal you are making first';
      if (phase === 'steal') return 'you have formed your pak this turn: you may only steal now';
      if (!s.board.includes(action.card)) return `${action.card} is not on the board`;
      if (!hand.includes(action.with)) return `${action.with} is not in your hand`;
      if (suitOf(action.with) !== suitOf(action.card)) return 'a board card is captured with cards of its own suit';
      if (bestValue(ofSuit(hand, suitOf(action.card)), [action.with]) <= singleValue(action.card)) {
        return `no set with ${action.with} in it can beat ${action.card} (${singleValue(action.card)})`;
      }
      return undefined;
    }
    case 'steal': {
      if (phase === 'form') return 'you may steal only after forming a pak this turn';
      if (t.capture) return 'finish the capture you are making first';
      const victim = s.paks[action.from];
      if (action.from === seat || !victim) return 'steal from another seat';
      const pak = victim[action.pak];
      if (!pak) return `seat ${action.from} has no pak number ${action.pak}`;
      if (pak.suit === t.formed) return 'you may not steal paks of the suit of the pak you formed this turn';
      if (t.stolen.includes(pak.suit)) return 'you have already stolen paks of that suit this turn';
      let beat = sumOfSingles(pak.cards);
      if (t.steal) {
        if (t.steal.from !== action.from || t.steal.suit !== pak.suit) {
          return 'several paks are stolen together only when they are of one suit and belong to one seat';
        }
        if (t.steal.paks.includes(action.pak)) return 'that pak is already part of the steal';
        beat += (pendingTarget(s, t) as { beat: number }).beat;
      }
      if (bestValue(ofSuit(hand, pak.suit), t.chosen) <= beat) return `your cards cannot beat ${beat}, the value to steal`;
      return undefined;
    }
    case 'play': {
      const target = pendingTarget(s, t);
      if (!target) return 'choose a board card to capture or a pak to steal first';
      if (suitOf(action.card) !== target.suit) return 'the set must be all of the suit of what it takes';
      const held = countCards(hand).get(action.card) ?? 0;
      const used = t.chosen.filter((c) => c === action.card).length;
      if (held <= used) return `${action.card} is not in your hand`;
      if (bestValue(ofSuit(hand, target.suit), [...t.chosen, action.card]) <= target.beat) {
        return `no set with ${action.card} in it can beat ${target.beat}`;
      }
      return undefined;
    }
    case 'done': {
      const target = pendingTarget(s, t);
      if (!target) return 'there is no capture or steal to make';
      const value = setValue(t.chosen);
      if (value <= target.beat) return `the set is worth ${value}: it must beat ${target.beat}`;
      return undefined;
    }
    case 'pass':
      if (phase !== 'form')
        return phase === 'steal' ? 'end your turn instead' : 'finish the capture or steal you are making first';
      return t.fullTable ? 'the table is full: you must form a pak when you can' : undefined;
    case 'end':
      return phase === 'steal'
        ? undefined
        : phase === 'form'
          ? 'form a pak or pass'
          : 'finish the capture or steal you are making first';
    default:
      return `unknown action ${(action as { type: string }).type}`;
  }
}

function legal(s: State, seat: number): Action[] {
  const t = s.turn;
  if (s.finished || !t || t.seat !== seat) return [];
  const hand = s.hands[seat];
  const out: Action[] = [];
  const target = pendingTarget(s, t);
  if (target) {
    const available = ofSuit(hand, target.suit);
    const left = removeCards(available, t.chosen);
    for (const card of new Set(left)) {
      if (bestValue(available, [...t.chosen, card]) > target.beat) out.push({ type: 'play', card });
    }
    if (t.steal) {
      const best = bestValue(available, t.chosen);
      s.paks[t.steal.from].forEach((p, i) => {
        const steal = t.steal as { suit: Suit; paks: number[]; from: number };
        if (p.suit === steal.suit && !steal.paks.includes(i) && best > target.beat + sumOfSingles(p.cards)) {
          out.push({ type: 'steal', from: steal.from, pak: i });
        }
      });
    }
    if (t.chosen.length > 0 && setValue(t.chosen) > target.beat) out.push({ type: 'done' });
    return out;
  }
  if (!t.formed) {
    for (const card of capturable(hand, s.board)) {
      const available = ofSuit(hand, suitOf(card));
      for (const first of new Set(available)) {
        if (bestValue(available, [first]) > singleValue(card)) out.push({ type: 'capture', card, with: first });
      }
    }
    if (!t.fullTable) out.push({ type: 'pass' });
    return out;
  }
  const best = new Map<Suit, number>();
  s.paks.forEach((held, from) => {
    if (from === seat) return;
    held.forEach((p, pak) => {
      if (!stealableSuit(t, p.suit)) return;
      let b = best.get(p.suit);
      if (b === undefined) {
        b = bestValue(ofSuit(hand, p.suit));
        best.set(p.suit, b);
      }
      if (b > sumOfSingles(p.cards)) out.push({ type: 'steal', from, pak });
    });
  });
  out.push({ type: 'end' });
  return out;
}

function applyAction(s: State, seat: number, action: Action): State {
  const why = refusal(s, seat, action);
  if (why) throw new IllegalMove(why);
  const t = s.turn as Turn;
  switch (action.type) {
    case 'capture':
      return settle({ ...s, turn: { ...t, capture: action.card, chosen: [action.with] } });
    case 'steal': {
      const steal = t.steal
        ? { ...t.steal, paks: [...t.steal.paks, action.pak] }
        : { from: action.from, suit: s.paks[action.from][action.pak].suit, paks: [action.pak] };
      return settle({ ...s, turn: { ...t, steal } });
    }
    case 'play':
      return settle({ ...s, turn: { ...t, chosen: [...t.chosen, action.card] } });
    case 'done':
      return take(s);
    default: {
      const d = draft(s);
      if (action.type === 'pass') record(d, { seat, type: 'pass' });
      endTurn(d);
      return d;
    }
  }
}

/** A capture or steal in the making goes on by itself while it has one way only: one card to play, or done. */
function settle(s: State): State {
  let st = s;
  for (;;) {
    const t = st.turn as Turn;
    const ways = legal(st, t.seat);
    if (ways.length !== 1) return st;
    const [only] = ways;
    if (only.type === 'done') return take(st);
    if (only.type !== 'play') return st;
    st = { ...st, turn: { ...t, chosen: [...t.chosen, only.card] } };
  }
}

/** Makes the capture or steal: the chosen cards leave the hand and a new pak is formed. */
function take(s: State): State {
  const d = draft(s);
  const t = d.turn as Turn;
  const seat = t.seat;
  d.hands[seat] = removeCards(d.hands[seat], t.chosen);
  if (t.capture) {
    const captured = t.capture;
    d.board.splice(d.board.indexOf(captured), 1);
    d.paks[seat].push({ suit: suitOf(captured), cards: [captured, ...t.chosen] });
    record(d, { seat, type: 'pak', captured, with: [...t.chosen] });
    t.formed = suitOf(captured);
  } else {
    const { from, suit, paks } = t.steal as { from: number; suit: Suit; paks: number[] };
    const taken = paks.map((i) => d.paks[from][i].cards);
    d.paks[from] = d.paks[from].filter((_, i) => !paks.includes(i));
    // Stolen paks and the cards that stole them make one new pak; the stealer's older paks stay apart.
    d.paks[seat].push({ suit, cards: [...taken.flat(), ...t.chosen] });
    record(d, { seat, type: 'steal', from, paks: taken, with: [...t.chosen] });
    t.stolen.push(suit);
  }
  afterTaking(d);
  return d;
}

// ---- what a seat may see ----

function publicHappening(
  h: Happening,
  seat: number | null,
): Happening | { seat: number; type: 'draw'; card: null; shown: false } {
  if (h.type === 'draw' && !h.shown && h.seat !== seat) return { seat: h.seat, type: 'draw', card: null, shown: false };
  return h;
}

/** What a seat sees: the table, its own hand, counts of the others and of the stock. */
export type View = ReturnType<typeof view>;

function view(s: State, seat: number | null) {
  const t = s.turn;
  const own = seat !== null && t?.seat === seat;
  const everything = s.finished;
  return {
    seats: s.seats,
    sides: s.sides,
    target: s.target,
    hand: s.hand,
    dealer: s.dealer,
    stock: s.stock.length,
    board: s.board,
    myHand: seat === null ? null : s.hands[seat],
    handCounts: s.hands.map((h) => h.length),
    hands: everything ? s.hands : null,
    stockCards: everything ? s.stock : null,
    paks: s.paks.map((held) => held.map((p) => ({ suit: p.suit, cards: p.cards, value: sumOfSingles(p.cards) }))),
    turn: t && {
      seat: t.seat,
      phase: own ? phaseOf(t) : t.formed ? 'steal' : 'form',
      drawn: own || !t.fullTable ? t.drawn : null,
      fullTable: t.fullTable,
      formed: t.formed,
      stolen: t.stolen,
      making: own ? makingView(s, t) : null,
    },
    recent: s.recent.map((h) => publicHappening(h, seat)),
    scores: s.scores,
    history: s.history,
    lastHand: s.lastHand,
    toAct: t && !s.finished ? [t.seat] : [],
    finished: s.finished,
  };
}

/** The capture or steal the seat to play is making (its own eyes only: it is done in the hand). */
function makingView(s: State, t: Turn) {
  const target = pendingTarget(s, t);
  if (!target) return null;
  return {
    capture: t.capture,
    steal: t.steal,
    beat: target.beat,
    chosen: t.chosen,
    worth: t.chosen.length > 0 ? setValue(t.chosen) : 0,
  };
}

function status(s: State): Status {
  const scores = Array.from({ length: s.seats }, (_, seat) => s.scores[sideOf(s.seats, seat)]);
  if (!s.finished) return { toAct: s.turn ? [s.turn.seat] : [], finished: false, scores };
  const side = matchWinner(s.scores, s.target) as number;
  const name = (i: number) => (s.seats >= 4 ? `team ${s.sides[i].join('+')}` : `seat ${i}`);
  const others = s.sides.flatMap((_, i) => (i === side ? [] : [i])).sort((a, b) => s.scores[b] - s.scores[a]);
  const against = others.length === 1 ? `${s.scores[others[0]]}` : others.map((i) => `${s.scores[i]} (${name(i)})`).join(' and ');
  const hands = `${s.hand} hand${s.hand === 1 ? '' : 's'}`;
  const summary = `${name(side)} ${s.seats >= 4 ? 'win' : 'wins'} ${s.scores[side]} to ${against} after ${hands}`;
  return { toAct: [], finished: true, scores, result: { winners: s.sides[side], summary } };
}

const SECRET_STEPS = new Set(['capture', 'steal', 'play']);

export const paks: Game<State, Action, Options> = {
  kind: 'paks',
  title: 'Paks',
  seats: { min: 2, max: 6 },
  optionsSchema,
  actionSchema,
  rules: [
    'Two or three seats play alone; four seats play as two teams (0+2, 1+3), six as two teams (0+2+4, 1+3+5). Five seats cannot play.',
    'One 52-card deck for two seats, two decks shuffled together (104 cards) for three or more. Each hand: five cards each, three face up to the board, the rest is the stock.',
    "Seat 0 deals first (seat 1 plays first); the deal passes to the next seat each hand, and the seat to the dealer's left plays first.",
    'A turn begins by drawing the top card of the stock; the engine does it. A card of a suit missing from the board feeds the table (it goes to the board) and ends the turn.',
    'Otherwise the card joins the hand. When the board held every suit (a full table) the draw is secret and the seat must form a pak if it can; if it cannot, its hand is shown to all and its turn ends (both by themselves).',
    'Otherwise it may form one pak or pass.',
    'Forming a pak: capture one board card with one or more hand cards of its suit worth more than it. Single values: A 20, K Q J 10, others their pips.',
    'A set of exactly two cards both ranked 2 to 5 is the two-digit number, higher first: 5-2 = 52, 3-3 = 33 (pairs only exist with two decks). Any other set is the sum of its single values (so 10-5-2 is 17, not 62).',
    'The captured card and its capturers form a pak in front of the seat; paks of one suit stay separate.',
    "After forming a pak, the seat may steal other seats' paks (a partner's too): with hand cards of the pak's suit worth more (same set values) than the sum of the single values of the pak's cards.",
    'No steal of the suit of the pak formed this turn; one steal per suit per turn, from one seat, taking one or several of its paks of that suit against their total value. The stolen paks and the stealing cards become one new pak.',
    'Making a capture or a steal takes steps: "capture" names the board card and the first hand card to take it with (or "steal" names a pak, then "steal" more of the same seat and suit), "play" adds hand cards to the set one at a time, and "done" makes the pak once the set wins. A step, once made, is not taken back.',
    'Only cards and paks that can still lead to a winning set are offered; when only one step is possible (one card that can still win, or "done") the engine makes it. The steps stay private until the pak is made.',
    'After forming, "end" ends the turn; the turn ends by itself when the hand is empty or no other seat holds a pak of a suit that may be stolen (whatever the hand holds, so nothing is given away).',
    'The hand ends after the turn of the seat that drew the last card of the stock. Cards left in hands do not score; teams pool their paks.',
    "In each suit, every side discards as many paks as the side with the fewest paks of that suit holds; the engine discards each side's lowest-scoring paks of that suit (the best choice).",
    'The cards of the paks kept score: ace 20, king to 8 ten each, 7 to 2 five each.',
    'The game ends after a hand in which a seat or team has the target (default 500) or more and the highest score alone; a tie at the top plays another hand.',
  ].join('\n'),
  dealing:
    "Each hand, from the top of the deck: five rounds of one card to each seat, starting with the seat to the dealer's left and going up in seat order; then three cards face up to the board; the rest is the stock, drawn from the top. Seat 0 deals the first hand, so deck[0] goes to seat 1 and, with n seats, deck[5n..5n+2] to the board and deck[5n+3] is seat 1's first draw.",

  cards: (seats) => cardsFor(seats),

  checkSetup: (seats) =>
    seats === 5 ? 'Paks cannot be played by five: two or three seats play alone, four or six in two teams' : undefined,

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, cardsFor(ctx.seats));
    const d: State = {
      seats: ctx.seats,
      target: ctx.options.target,
      sides: sidesFor(ctx.seats),
      rng,
      hand: 1,
      dealer: 0,
      stock: [],
      board: [],
      hands: [],
      paks: [],
      turn: null,
      recent: [],
      scores: sidesFor(ctx.seats).map(() => 0),
      history: [],
      lastHand: null,
      finished: false,
    };
    dealHand(d, deck);
    beginTurn(d, 1 % ctx.seats);
    return d;
  },

  legalActions: legal,
  apply: applyAction,
  view,
  status,

  moveView(move: MoveContext<State, Action>, viewer) {
    // The steps of a capture or steal are made in the hand: others see only that the seat is choosing.
    if (viewer !== move.seat && SECRET_STEPS.has(move.action.type)) return { type: move.action.type };
    return move.action;
  },
};
