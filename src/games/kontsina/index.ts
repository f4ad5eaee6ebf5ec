import {
  type Card,
  compareCards,
  isFace,
  type RngState,
  rankNumber,
  rankOf,
  removeCards,
  shuffle,
  sortCards,
  standardDeck,
  strictlyMost,
  subsetsSumming,
  suitOf,
} from '../../cards';
import { deal } from '../../cards/deal';
import { replenishHands, takeLeftovers } from '../../cards/fishing';
import {
  CardCode,
  CardSet,
  type Game,
  IllegalMove,
  openingDeck,
  type SetupContext,
  type Static,
  type Status,
  Type,
} from '../../engine';
import { sample } from './sample';

/** Kontsina: a Greek fishing game for two to four players, each playing alone. */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 1,
      maximum: 500,
      default: 21,
      description: 'the game ends after a deal in which a seat reaches this score (highest score wins; a tie plays on)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const layAction = Type.Object(
  { type: Type.Literal('lay'), card: CardCode },
  { additionalProperties: false, description: 'play a card from the hand face up to the table, capturing nothing' },
);
const captureAction = Type.Object(
  {
    type: Type.Literal('capture'),
    card: CardCode,
    take: CardSet({ minItems: 1, maxItems: 52, description: 'the table cards captured, in any order' }),
  },
  {
    additionalProperties: false,
    description: 'play a card and capture `take`: one table card of its rank, or two or more number cards adding up to it',
  },
);
export const actionSchema = Type.Union([layAction, captureAction]);
export type Action = Static<typeof actionSchema>;

/** Cards dealt to each seat at a time, and face up to the table at the start of a deal. */
const HAND = 4;
const TABLE = 4;

const Seat = (description: string) => Type.Integer({ minimum: 0, description });
const SeatOrNull = (description: string) => Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description });
const Cards = (description: string) => Type.Array(CardCode, { description });
const Counts = (description: string) => Type.Array(Type.Integer(), { description });
const CardsBySeat = (description: string) => Type.Array(Type.Array(CardCode), { description });

const PlayView = Type.Object(
  {
    seat: Seat('the seat that played'),
    card: CardCode,
    took: Cards('the table cards captured with it, in the order they lay; [] when the card was laid'),
  },
  { additionalProperties: false, description: 'one play, as everyone saw it' },
);

const DealScoreView = Type.Object(
  {
    dealer: Seat('the seat that dealt'),
    cards: Counts('cards captured by each seat, leftovers included, by seat'),
    clubs: Counts('clubs captured by each seat, by seat'),
    mostCards: SeatOrNull('the seat scoring 2 for the most cards; null on a tie for the most'),
    mostClubs: SeatOrNull('the seat scoring 1 for the most clubs; null on a tie for the most'),
    twoOfClubs: SeatOrNull('the seat that captured the 2 of clubs; null if nobody did'),
    tenOfDiamonds: SeatOrNull('the seat that captured the 10 of diamonds; null if nobody did'),
    leftovers: Type.Object(
      {
        seat: SeatOrNull('the last capturer, who took them; null if nobody captured all deal (they were not scored)'),
        cards: Cards('the cards left on the table at the end of the deal'),
      },
      { additionalProperties: false, description: 'the cards left on the table at the end, and who took them' },
    ),
    points: Counts("each seat's points for the deal, by seat"),
  },
  { additionalProperties: false, description: 'the scoring of one deal, line by line' },
);

export const viewSchema = Type.Object(
  {
    seats: Type.Integer({ minimum: 2, maximum: 4, description: 'how many seats play' }),
    target: Type.Integer({ description: 'the score that ends the game (option target)' }),
    deal: Type.Integer({ minimum: 1, description: 'the deal being played, from 1 (the last one, once the game is over)' }),
    dealer: Seat('the seat that dealt this deal; the seat on its left plays first'),
    turn: SeatOrNull('the seat to play; null once the game is over'),
    hand: Type.Union([Cards("this seat's hand"), Type.Null()], { description: "this seat's own hand; null for a spectator" }),
    handCounts: Counts('how many cards each seat holds, by seat'),
    stock: Type.Integer({ description: 'cards left in the face-down stock' }),
    table: Cards('the face-up cards on the table, in the order they arrived'),
    captured: Counts("how many cards are in each seat's face-down captured pile this deal, by seat"),
    lastCapturer: SeatOrNull('the last seat to capture this deal; null if nobody has'),
    lastPlay: Type.Union([PlayView, Type.Null()], { description: 'the last play; null at the start of a deal' }),
    scores: Counts("each seat's score, by seat"),
    deals: Type.Array(DealScoreView, { description: 'the scoring of every deal played so far, in order' }),
    finished: Type.Boolean({ description: 'whether the game is over' }),
    hands: Type.Union([CardsBySeat('every hand'), Type.Null()], {
      description: 'every hand, by seat, once the game is over (empty, as every deal is played out); null during play',
    }),
    capturedCards: Type.Union([CardsBySeat('captured piles'), Type.Null()], {
      description: "each seat's captured pile of the last deal, by seat, once the game is over; null during play",
    }),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

/** One play, as everyone saw it. */
export interface Play {
  seat: number;
  card: Card;
  /** The table cards captured with it; empty when the card was laid. */
  took: Card[];
}

/** The scoring of one deal. */
export interface DealScore {
  dealer: number;
  /** Cards and clubs captured, by seat (leftovers included). */
  cards: number[];
  clubs: number[];
  /** The seat scoring each line, null when nobody does (a tie for the most, or the card never captured). */
  mostCards: number | null;
  mostClubs: number | null;
  twoOfClubs: number | null;
  tenOfDiamonds: number | null;
  /** The cards left on the table and who took them (the last capturer; null if nobody captured all deal). */
  leftovers: { seat: number | null; cards: Card[] };
  points: number[];
}

export interface State {
  seats: number;
  target: number;
  rng: RngState;
  dealer: number;
  /** The seat to play. */
  turn: number;
  hands: Card[][];
  stock: Card[];
  table: Card[];
  /** Each seat's face-down pile of captured cards for the current deal. */
  captured: Card[][];
  lastCapturer: number | null;
  lastPlay: Play | null;
  scores: number[];
  deals: DealScore[];
  finished: boolean;
}

/** Capturing value of a number card: ace 1, two to ten their pips. Face cards have none. */
export function value(c: Card): number {
  return rankNumber(c);
}

/**
 * Every capture `card` can make on `table`: each table card of its rank on its own, and (for a number
 * card) each set of two or more number cards whose values add up to its value.
 */
export function captures(card: Card, table: readonly Card[]): Card[][] {
  const matches = table.filter((t) => rankOf(t) === rankOf(card)).map((t) => [t]);
  if (isFace(card)) return matches;
  const numbers = table.filter((t) => !isFace(t));
  return [...matches, ...subsetsSumming(numbers, value(card), value, 2).map(sortCards)];
}

/** Why `take` is not a capture `card` can make on `table`, or undefined when it is one. */
function refuseCapture(card: Card, take: readonly Card[], table: readonly Card[]): string | undefined {
  if (take.length === 0) return 'a capture takes at least one table card; to capture nothing, lay the card';
  if (new Set(take).size !== take.length) return 'a table card can be taken only once';
  const missing = take.find((t) => !table.includes(t));
  if (missing) return `${missing} is not on the table`;
  if (take.length === 1) {
    return rankOf(take[0]) === rankOf(card) ? undefined : `${card} captures a single card only of its own rank`;
  }
  if (isFace(card)) return 'a face card captures only by matching rank, one card';
  if (take.some(isFace)) return 'face cards have no value: they are captured only by matching rank';
  const sum = take.reduce((n, t) => n + value(t), 0);
  return sum === value(card) ? undefined : `the cards taken add up to ${sum}, not ${value(card)}`;
}

/** Scores a deal from the seats' captured piles (leftovers already taken). */
export function scoreDeal(captured: readonly (readonly Card[])[]): Omit<DealScore, 'dealer' | 'leftovers'> {
  const cards = captured.map((p) => p.length);
  const clubs = captured.map((p) => p.filter((c) => suitOf(c) === 'C').length);
  const holder = (c: Card) => {
    const i = captured.findIndex((p) => p.includes(c));
    return i < 0 ? null : i;
  };
  const mostCards = strictlyMost(cards) ?? null;
  const mostClubs = strictlyMost(clubs) ?? null;
  const twoOfClubs = holder('2C');
  const tenOfDiamonds = holder('TD');
  const points = captured.map(() => 0);
  if (mostCards !== null) points[mostCards] += 2;
  for (const seat of [mostClubs, twoOfClubs, tenOfDiamonds]) if (seat !== null) points[seat] += 1;
  return { cards, clubs, mostCards, mostClubs, twoOfClubs, tenOfDiamonds, points };
}

/** Four cards to each seat one at a time from the dealer's left, then four face up to the table; the rest is the stock. */
function dealFrom(deck: readonly Card[], seats: number, dealer: number) {
  const { hands, stock } = deal(deck, { seats, count: HAND, first: (dealer + 1) % seats });
  return { hands, table: stock.slice(0, TABLE), stock: stock.slice(TABLE) };
}

/** A match is over once someone has reached the target with the highest score alone. */
function matchOver(scores: readonly number[], target: number): boolean {
  return Math.max(...scores) >= target && strictlyMost(scores) !== undefined;
}

function endDeal(s: State): State {
  const leftovers = s.table;
  const taken = takeLeftovers(s.table, s.captured, s.lastCapturer);
  const score = scoreDeal(taken.piles);
  const dealScore: DealScore = { dealer: s.dealer, leftovers: { seat: s.lastCapturer, cards: leftovers }, ...score };
  const scores = s.scores.map((n, seat) => n + score.points[seat]);
  const deals = [...s.deals, dealScore];
  if (matchOver(scores, s.target)) {
    return { ...s, table: taken.table, captured: taken.piles, scores, deals, finished: true };
  }
  const dealer = (s.dealer + 1) % s.seats;
  const [deck, rng] = shuffle(standardDeck(), s.rng);
  return {
    ...s,
    ...dealFrom(deck, s.seats, dealer),
    rng,
    dealer,
    turn: (dealer + 1) % s.seats,
    captured: s.captured.map(() => []),
    lastCapturer: null,
    lastPlay: null,
    scores,
    deals,
  };
}

export const kontsina: Game<State, Action, Options, View> = {
  kind: 'kontsina',
  title: 'Kontsina',
  seats: { min: 2, max: 4 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules: [
    'Two to four seats, each playing alone, with one 52-card deck. Seat 0 deals first; the deal passes to the left (the next seat).',
    'Each seat gets four cards and four cards go face up to the table; the rest is the stock.',
    "The seat to the dealer's left plays first, then play passes to the left. A turn is one card from the hand:",
    '- lay it: it stays on the table (always allowed, even when it could capture);',
    '- or make ONE capture with it: either one table card of the same rank (with several of that rank on the table, only one',
    '  of them), or one set of two or more number cards whose values add up to the card played (ace 1, two to ten their pips).',
    '  Face cards have no value: a face card captures only a face card of its rank, and face cards are never part of a sum.',
    "  The captured cards and the card played go to the seat's face-down pile; nobody may look through the piles during the deal.",
    'When every hand is empty, four more cards each are dealt from the stock (the table gets none).',
    'When the hands and the stock are empty, the last seat to capture takes the cards left on the table (if nobody captured,',
    'they stay unscored). Each deal scores: 2 points for the most cards, 1 for the most clubs (a tie for the most scores',
    'nobody, in either line), 1 for the 2 of clubs, 1 for the 10 of diamonds.',
    'The game ends after a deal in which a seat has reached the target (option `target`, default 21) and one seat has the',
    'highest score alone: that seat wins. A tie for the highest score plays another deal.',
    "When a seat's time runs out, it lays its lowest card (ace low, then spades, hearts, diamonds, clubs), capturing nothing.",
  ].join('\n'),
  dealing: [
    "Each deal: four cards one at a time to each seat, starting with the dealer's left and going up in seat order",
    '(seat 0 deals the first deal, so seat 1 gets the top card), then the next four cards face up to the table; the rest',
    'is the stock. When every hand is empty, four more cards each are dealt from the top of the stock the same way.',
  ].join(' '),

  cards: () => standardDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, standardDeck());
    const dealer = 0;
    return {
      seats: ctx.seats,
      target: ctx.options.target,
      rng,
      dealer,
      turn: (dealer + 1) % ctx.seats,
      ...dealFrom(deck, ctx.seats, dealer),
      captured: Array.from({ length: ctx.seats }, () => []),
      lastCapturer: null,
      lastPlay: null,
      scores: Array.from({ length: ctx.seats }, () => 0),
      deals: [],
      finished: false,
    };
  },

  legalActions(s, seat) {
    if (s.finished || seat !== s.turn) return [];
    return s.hands[seat].flatMap((card): Action[] => [
      { type: 'lay', card },
      ...captures(card, s.table).map((take): Action => ({ type: 'capture', card, take })),
    ]);
  },

  apply(s, seat, action) {
    if (s.finished) throw new IllegalMove('the game is over');
    if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn`);
    const type: string = action.type;
    if (type !== 'lay' && type !== 'capture') throw new IllegalMove(`unknown action ${type}: lay or capture`);
    const { card } = action;
    if (!s.hands[seat].includes(card)) throw new IllegalMove(`${card} is not in your hand`);
    const hands = s.hands.map((h, i) => (i === seat ? removeCards(h, [card]) : h));
    let play: Pick<State, 'table' | 'captured' | 'lastCapturer' | 'lastPlay'>;
    if (action.type === 'lay') {
      play = {
        table: [...s.table, card],
        captured: s.captured,
        lastCapturer: s.lastCapturer,
        lastPlay: { seat, card, took: [] },
      };
    } else {
      const refusal = refuseCapture(card, action.take, s.table);
      if (refusal) throw new IllegalMove(refusal);
      const took = s.table.filter((t) => action.take.includes(t));
      play = {
        table: s.table.filter((t) => !took.includes(t)),
        captured: s.captured.map((p, i) => (i === seat ? [...p, ...took, card] : p)),
        lastCapturer: seat,
        lastPlay: { seat, card, took },
      };
    }
    const turn = (seat + 1) % s.seats;
    const refilled = replenishHands(hands, s.stock, HAND, (s.dealer + 1) % s.seats);
    return refilled ? { ...s, ...play, ...refilled, turn } : endDeal({ ...s, ...play, hands, turn });
  },

  defaultAction(s, seat) {
    // Capturing is never compulsory: the least a seat can do is lay its lowest card.
    const lowest = s.hands[seat].reduce((low, c) => (compareCards(c, low) < 0 ? c : low));
    return { type: 'lay', card: lowest };
  },

  view(s, seat) {
    const open = {
      seats: s.seats,
      target: s.target,
      deal: s.finished ? s.deals.length : s.deals.length + 1,
      dealer: s.dealer,
      turn: s.finished ? null : s.turn,
      hand: seat === null ? null : s.hands[seat],
      handCounts: s.hands.map((h) => h.length),
      stock: s.stock.length,
      table: s.table,
      // The captured piles are face down: only their sizes are known.
      captured: s.captured.map((p) => p.length),
      lastCapturer: s.lastCapturer,
      lastPlay: s.lastPlay,
      scores: s.scores,
      deals: s.deals,
      finished: s.finished,
    };
    // Once the game is over every card is public.
    return s.finished ? { ...open, hands: s.hands, capturedCards: s.captured } : { ...open, hands: null, capturedCards: null };
  },

  status(s): Status {
    if (!s.finished) return { toAct: [s.turn], finished: false, scores: s.scores };
    const winner = strictlyMost(s.scores) as number;
    const others = s.scores.filter((_, i) => i !== winner);
    const summary = `seat ${winner} wins with ${s.scores[winner]} points to ${others.join(', ')} after ${s.deals.length} deals`;
    return { toAct: [], finished: true, scores: s.scores, result: { winners: [winner], summary } };
  },

  sample,
};
