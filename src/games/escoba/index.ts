import {
  allMost,
  type Card,
  compareCards,
  containsCards,
  fortyCardDeck,
  type RngState,
  removeCards,
  shuffle,
  sortCards,
  subsetsSumming,
} from '../../cards';
import {
  dealHandsAndTable,
  fieldsOf,
  fortyCardValue,
  replenishHands,
  sideOfSeat,
  sidesOf,
  takeLeftovers,
  withoutCard,
} from '../../cards/fishing';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { scoreDeal } from './scoring';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';

export { scoreDeal } from './scoring';
export * from './state';

/** Capture values: A 1, 2-7 their pips, J 8, Q 9, K 10. */
export const value = fortyCardValue;

const total = (cards: readonly Card[]) => cards.reduce((t, c) => t + value(c), 0);

/** Every set of table cards that makes fifteen with `card`, each a separate choice. */
export function fifteens(card: Card, table: readonly Card[]): Card[][] {
  return subsetsSumming(table, 15 - value(card), value);
}

export const sideCount = (s: Pick<State, 'seats' | 'partnerships'>) => (s.partnerships ? 2 : s.seats);
export const sideOf = (s: Pick<State, 'seats' | 'partnerships'>, seat: number) => sideOfSeat(seat, s.partnerships);
const next = (s: State, seat: number) => (seat + 1) % s.seats;

/**
 * Starts a deal from `deck`: three cards to each seat one at a time from the dealer's right (the
 * next seat number) round to the dealer, then four face up to the table. Four table cards making 15
 * or 30 go straight to the dealer, as one or two escobas.
 */
function startDeal(s: State, deck: Card[], rng: RngState): State {
  const { hands, table: four, stock } = dealHandsAndTable(deck, { seats: s.seats, count: 3, first: next(s, s.dealer) }, 4);
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
    stock,
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

/** Escoba, the Spanish fishing game of fifteens, for two to four. */
export const escoba: Game<State, Action, Options, View> = {
  kind: 'escoba',
  title: 'Escoba',
  blurb: 'Capture table cards that make 15 with a card of your hand; clearing the table is an escoba.',
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
    const hands = withoutCard(s.hands, seat, card);
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

  sides: (seats, options) => sidesOf(seats, options.partnerships && seats === 4),

  view(s, seat) {
    const finished = s.winner !== null;
    return {
      deal: s.deal,
      dealer: s.dealer,
      turn: finished ? null : s.turn,
      target: s.target,
      partnerships: s.partnerships,
      sides: sidesOf(s.seats, s.partnerships),
      hands: s.hands.map((h, i) => (finished || i === seat ? h : null)),
      handSizes: s.hands.map((h) => h.length),
      table: s.table,
      stock: s.stock.length,
      captured: s.piles,
      capturedCounts: s.piles.map((p) => p.length),
      ...fieldsOf(s, ['escobas', 'dealerEscobas', 'lastCapturer', 'lastPlay', 'scores', 'history', 'winner']),
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
