import {
  allMost,
  type Card,
  compareCards,
  containsCards,
  deal,
  fortyCardDeck,
  type RngState,
  rankNumber,
  removeCards,
  shuffle,
  sortCards,
  subsetsSumming,
  teamOf,
} from '../../cards';
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
import { dealing, rules } from './rules';
import { sample } from './sample';
import { type DealScore, scoreDeal } from './scoring';

export { type DealScore, scoreDeal } from './scoring';

/** Escoba, the Spanish fishing game of fifteens, for two to four. */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 1,
      maximum: 99,
      default: 21,
      description: 'points that end the match after a deal; the highest score then wins (an equal highest plays on)',
    }),
    partnerships: Type.Boolean({
      default: false,
      description: 'four seats only: seats 0 and 2 against 1 and 3, each partnership sharing one score pile',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

export const actionSchema = Type.Object(
  {
    type: Type.Literal('play'),
    card: CardCode,
    capture: CardSet({
      maxItems: 14,
      description:
        'the table cards taken, in any order, which with the card played make fifteen; [] to lay the card on the table',
    }),
  },
  { additionalProperties: false, description: 'play one card from the hand, capturing a fifteen or laying it down' },
);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => Type.Integer({ minimum: 0, description });
const Cards = (description: string) => Type.Array(CardCode, { description });
const BySide = (description: string) => Type.Array(Type.Integer({ minimum: 0 }), { description });
const Side = (description: string) => Type.Integer({ minimum: 0, description });

export const viewSchema = Type.Object(
  {
    deal: Type.Integer({ minimum: 1, description: 'the deal being played (the last one once the game is over), from 1' }),
    dealer: Seat('the seat that dealt this deal; the next seat plays first'),
    turn: Type.Union([Seat('the seat to play'), Type.Null()], { description: 'the seat to play; null once the game is over' }),
    target: Type.Integer({ description: 'the points that end the match (option target)' }),
    partnerships: Type.Boolean({ description: 'true when four seats play as partners 0+2 against 1+3' }),
    sides: Type.Array(Type.Array(Seat('a seat of the side')), {
      description: 'the seats of each side, by side: a seat alone, or a partnership; piles and scores are by side',
    }),
    hands: Type.Array(Type.Union([Cards('a hand, in the order dealt'), Type.Null()]), {
      description: 'the hands by seat: your own (every hand once the game is over); null for a hand you may not see',
    }),
    handSizes: Type.Array(Type.Integer({ minimum: 0 }), { description: 'how many cards each seat holds, by seat' }),
    table: Cards('the face-up table cards, in the order they came'),
    stock: Type.Integer({ minimum: 0, description: 'how many cards are left in the stock' }),
    captured: Type.Array(Cards("a side's score pile, in the order taken"), {
      description: "each side's score pile this deal, by side (captures are made face up)",
    }),
    capturedCounts: BySide('how many cards each score pile holds, by side'),
    escobas: BySide("each side's escobas this deal, by side, the dealer's from the four table cards included"),
    dealerEscobas: Type.Integer({
      minimum: 0,
      maximum: 2,
      description: 'escobas the dealer took this deal from the four table cards: 1 for 15, 2 for 30, else 0',
    }),
    lastCapturer: Type.Union([Seat('the last seat to capture'), Type.Null()], {
      description: 'the last seat to capture this deal (its side takes the leftovers); null before any capture',
    }),
    lastPlay: Type.Union(
      [
        Type.Object(
          {
            seat: Seat('the seat that played'),
            card: Type.With(CardCode, { description: 'the card played from the hand' }),
            capture: Cards('the table cards it took; empty when it was laid down'),
            escoba: Type.Boolean({ description: 'true when it swept the table for an escoba' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'the last card played this deal and what it took; null before the first' },
    ),
    scores: BySide('match points, by side'),
    history: Type.Array(
      Type.Object(
        {
          deal: Type.Integer({ minimum: 1, description: 'which deal, from 1' }),
          dealer: Seat('the seat that dealt it'),
          cards: BySide('cards in each score pile, by side'),
          diamonds: BySide('diamonds in each score pile, by side'),
          sieteDeVelo: Type.Union([Side('the side that took the 7 of diamonds'), Type.Null()], {
            description: 'the side that took the siete de velo (7D); null when nobody did',
          }),
          setenta: Type.Array(Type.Union([Type.Array(Type.Integer()), Type.Null()]), {
            description:
              "each side's setenta by side: its four best cards' points, highest first (7 21, 6 18, A 16, 5 15 ... face 10); null without all four suits",
          }),
          escobas: BySide('escobas made, by side'),
          points: BySide('points scored this deal, by side'),
          lines: Type.Object(
            {
              cards: Type.Union([Side('the side with the most cards'), Type.Null()], {
                description: 'the side scoring most cards; null on a tie',
              }),
              diamonds: Type.Union([Side('the side with the most diamonds'), Type.Null()], {
                description: 'the side scoring most diamonds; null on a tie',
              }),
              sieteDeVelo: Type.Union([Side('the side with the 7 of diamonds'), Type.Null()], {
                description: 'the side scoring the siete de velo; null when nobody took it',
              }),
              setenta: Type.Union([Side('the side with the best setenta'), Type.Null()], {
                description: 'the side scoring la setenta; null on a tie or when nobody holds all four suits',
              }),
            },
            { additionalProperties: false, description: 'the side that scored each one-point line' },
          ),
          scoresAfter: BySide('match points after this deal, by side'),
        },
        { additionalProperties: false },
      ),
      { description: 'every finished deal and its count, in order' },
    ),
    winner: Type.Union([Side('the side that won'), Type.Null()], {
      description: 'the side that won (see sides); null during play',
    }),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export interface Play {
  seat: number;
  card: Card;
  capture: Card[];
  escoba: boolean;
}

export interface State {
  seats: number;
  target: number;
  partnerships: boolean;
  rng: RngState;
  /** Deals played so far, this one included (1 for the first). */
  deal: number;
  dealer: number;
  stock: Card[];
  hands: Card[][];
  table: Card[];
  /** Each side's score pile this deal (a side is a seat, or a partnership). */
  piles: Card[][];
  /** Each side's escobas this deal, the dealer's from the four table cards included. */
  escobas: number[];
  /** Escobas the dealer scored this deal because the four table cards made 15 (one) or 30 (two). */
  dealerEscobas: number;
  lastCapturer: number | null;
  turn: number;
  lastPlay: Play | null;
  /** Match points by side. */
  scores: number[];
  history: DealScore[];
  /** The winning side once the match is over. */
  winner: number | null;
}

/** Capture values: A 1, 2-7 their pips, J (sota) 8, Q (caballo) 9, K (rey) 10. */
export function value(c: Card): number {
  const n = rankNumber(c);
  return n <= 7 ? n : n - 3;
}

const total = (cards: readonly Card[]) => cards.reduce((t, c) => t + value(c), 0);

/** Every set of table cards that makes fifteen with `card`, each a separate choice. */
export function fifteens(card: Card, table: readonly Card[]): Card[][] {
  return subsetsSumming(table, 15 - value(card), value);
}

export const sideCount = (s: Pick<State, 'seats' | 'partnerships'>) => (s.partnerships ? 2 : s.seats);
export const sideOf = (s: Pick<State, 'seats' | 'partnerships'>, seat: number) => (s.partnerships ? teamOf(seat, 2) : seat);
const next = (s: State, seat: number) => (seat + 1) % s.seats;

/**
 * Starts a deal from `deck`: three cards to each seat one at a time from the dealer's right (the
 * next seat number) round to the dealer, then four face up to the table. Four table cards making 15
 * or 30 go straight to the dealer, as one or two escobas.
 */
function startDeal(s: State, deck: Card[], rng: RngState): State {
  const { hands, stock } = deal(deck, { seats: s.seats, count: 3, first: next(s, s.dealer) });
  const four = stock.slice(0, 4);
  const dealerEscobas = total(four) === 15 ? 1 : total(four) === 30 ? 2 : 0;
  const sides = sideCount(s);
  const piles: Card[][] = Array.from({ length: sides }, () => []);
  const escobas: number[] = Array(sides).fill(0);
  if (dealerEscobas > 0) {
    piles[sideOf(s, s.dealer)] = four;
    escobas[sideOf(s, s.dealer)] = dealerEscobas;
  }
  return {
    ...s,
    rng,
    stock: stock.slice(4),
    hands,
    table: dealerEscobas > 0 ? [] : four,
    piles,
    escobas,
    dealerEscobas,
    lastCapturer: dealerEscobas > 0 ? s.dealer : null,
    lastPlay: null,
    turn: next(s, s.dealer),
  };
}

/** Ends a deal: leftovers to the last capturer, the count, then the next deal unless the match is over. */
function finishDeal(s: State): State {
  // What is left on the table goes to the last seat that captured; this is never an escoba.
  const { table, piles } = takeLeftovers(s.table, s.piles, s.lastCapturer === null ? null : sideOf(s, s.lastCapturer));
  const record = scoreDeal(s.deal, s.dealer, piles, s.escobas, s.scores);
  const scores = record.scoresAfter;
  const history = [...s.history, record];
  const leaders = allMost(scores);
  if (scores[leaders[0]] >= s.target && leaders.length === 1) return { ...s, table, piles, scores, history, winner: leaders[0] };
  const [deck, rng] = shuffle(fortyCardDeck(), s.rng);
  return startDeal({ ...s, scores, history, deal: s.deal + 1, dealer: next(s, s.dealer) }, deck, rng);
}

/** Why a play is refused, in the player's words. */
function refusal(table: readonly Card[], card: Card, capture: readonly Card[]): string {
  if (!containsCards(table, capture)) return `${capture.join(' ')}: not all of these are on the table`;
  return `${card} and ${capture.join(' ')} add up to ${value(card) + total(capture)}, not fifteen`;
}

const sideName = (s: State, side: number) => (s.partnerships ? `seats ${side} and ${side + 2}` : `seat ${side}`);

export const escoba: Game<State, Action, Options, View> = {
  kind: 'escoba',
  title: 'Escoba',
  seats: { min: 2, max: 4 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

  cards: () => fortyCardDeck(),

  checkSetup(seats, options) {
    return options.partnerships && seats !== 4 ? 'partnerships need four seats' : undefined;
  },

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, fortyCardDeck());
    const { seats } = ctx;
    const partnerships = ctx.options.partnerships && seats === 4;
    const sides = partnerships ? 2 : seats;
    const base: State = {
      seats,
      target: ctx.options.target,
      partnerships,
      rng,
      deal: 1,
      dealer: seats - 1,
      stock: [],
      hands: [],
      table: [],
      piles: [],
      escobas: [],
      dealerEscobas: 0,
      lastCapturer: null,
      turn: 0,
      lastPlay: null,
      scores: Array(sides).fill(0),
      history: [],
      winner: null,
    };
    return startDeal(base, deck, rng);
  },

  legalActions(s, seat) {
    if (s.winner !== null || seat !== s.turn) return [];
    return s.hands[seat].flatMap((card) =>
      [[], ...fifteens(card, s.table)].map((capture) => ({ type: 'play' as const, card, capture: sortCards(capture) })),
    );
  },

  apply(s, seat, action) {
    if (action.type !== 'play') throw new IllegalMove(`unknown action ${action.type}`);
    if (s.winner !== null) throw new IllegalMove('the game is over');
    if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn`);
    const { card, capture } = action;
    if (!s.hands[seat].includes(card)) throw new IllegalMove(`${card} is not in your hand`);
    const captured = capture.length > 0;
    // Table codes are distinct, so a capture is one of the listed fifteens exactly when its cards lie on the table and make fifteen.
    if (captured && (!containsCards(s.table, capture) || value(card) + total(capture) !== 15)) {
      throw new IllegalMove(refusal(s.table, card, capture));
    }

    const side = sideOf(s, seat);
    const hands = s.hands.map((h, i) => (i === seat ? removeCards(h, [card]) : h));
    const table = captured ? removeCards(s.table, capture) : [...s.table, card];
    const escoba = captured && table.length === 0;
    const after: State = {
      ...s,
      hands,
      table,
      piles: s.piles.map((p, i) => (i === side && captured ? [...p, card, ...capture] : p)),
      escobas: s.escobas.map((n, i) => (i === side && escoba ? n + 1 : n)),
      lastCapturer: captured ? seat : s.lastCapturer,
      lastPlay: { seat, card, capture, escoba },
      turn: next(s, seat),
    };
    const refill = replenishHands(hands, s.stock, 3, next(s, s.dealer));
    return refill ? { ...after, ...refill } : finishDeal(after);
  },

  // Capturing is optional: the least committal play lays the lowest card down.
  defaultAction(s, seat) {
    return { type: 'play', card: s.hands[seat].reduce((a, b) => (compareCards(b, a) < 0 ? b : a)), capture: [] };
  },

  sides: (seats, options) =>
    options.partnerships && seats === 4
      ? [
          [0, 2],
          [1, 3],
        ]
      : Array.from({ length: seats }, (_, seat) => [seat]),

  view(s, seat) {
    const finished = s.winner !== null;
    return {
      deal: s.deal,
      dealer: s.dealer,
      turn: finished ? null : s.turn,
      target: s.target,
      partnerships: s.partnerships,
      sides: Array.from({ length: sideCount(s) }, (_, side) =>
        Array.from({ length: s.seats }, (_, x) => x).filter((x) => sideOf(s, x) === side),
      ),
      hands: s.hands.map((h, i) => (finished || i === seat ? h : null)),
      handSizes: s.hands.map((h) => h.length),
      table: s.table,
      stock: s.stock.length,
      captured: s.piles,
      capturedCounts: s.piles.map((p) => p.length),
      escobas: s.escobas,
      dealerEscobas: s.dealerEscobas,
      lastCapturer: s.lastCapturer,
      lastPlay: s.lastPlay,
      scores: s.scores,
      history: s.history,
      winner: s.winner,
    };
  },

  status(s): Status {
    const scores = Array.from({ length: s.seats }, (_, seat) => s.scores[sideOf(s, seat)]);
    if (s.winner === null) return { toAct: [s.turn], finished: false, scores };
    const w = s.winner;
    const others = s.scores.filter((_, side) => side !== w).sort((a, b) => b - a);
    return {
      toAct: [],
      finished: true,
      scores,
      result: {
        winners: Array.from({ length: s.seats }, (_, seat) => seat).filter((seat) => sideOf(s, seat) === w),
        summary: `${sideName(s, w)} win${s.partnerships ? '' : 's'} ${s.scores[w]} to ${others.join(' to ')}`,
      },
    };
  },

  sample,
};
