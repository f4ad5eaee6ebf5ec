import { type Card, fortyCardDeck, strictlyMost, subsetsSumming } from '../../cards';
import { fieldsOf, fortyCardValue, sideOfSeat, sidesOf, takeLeftovers } from '../../cards/fishing';
import { captureOrTrail, checkTurn, matchStatus, nextDeal, playsOf, startSumsDeal, tableView } from '../../cards/fishing-sums';
import { lowestAction } from '../../cards/fishing-turn';
import { type Game, IllegalMove, openingDeck, type SetupContext } from '../../engine';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { scoreDeal } from './scoring';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';

export { scoreDeal } from './scoring';
export * from './state';

const total = (cards: readonly Card[]) => cards.reduce((t, c) => t + fortyCardValue(c), 0);

/** Every set of table cards that makes fifteen with `card`, each a separate choice. */
export function fifteens(card: Card, table: readonly Card[]): Card[][] {
  return subsetsSumming(table, 15 - fortyCardValue(card), fortyCardValue);
}

export const sideOf = (s: Pick<State, 'seats' | 'partnerships'>, seat: number) => sideOfSeat(seat, s.partnerships);

/** Starts a deal from `deck` as the sums kit deals; four table cards making 15 or 30 go to the dealer as one or two escobas. */
function startDeal(s: State, deck: Card[], rng: State['rng']): State {
  const [dealt] = startSumsDeal(s, deck, rng, { seats: s.seats, sides: sidesOf(s.seats, s.partnerships).length });
  const four = dealt.table;
  const dealerEscobas = total(four) === 15 ? 1 : total(four) === 30 ? 2 : 0;
  const escobas = dealt.piles.map((_, side) => (side === sideOf(s, s.dealer) ? dealerEscobas : 0));
  if (dealerEscobas === 0) return { ...dealt, escobas, dealerEscobas };
  const piles = dealt.piles.map((p, side) => (side === sideOf(s, s.dealer) ? four : p));
  return { ...dealt, table: [], piles, escobas, dealerEscobas, lastCapturer: s.dealer };
}

/** Ends a deal: leftovers to the last capturer, the count, then the next deal unless the match is over. */
function finishDeal(s: State): State {
  // What is left on the table goes to the last seat that captured; this is never an escoba.
  const { table, piles } = takeLeftovers(s.table, s.piles, s.lastCapturer === null ? null : sideOf(s, s.lastCapturer));
  const record = scoreDeal(s.deal, s.dealer, piles, s.escobas, s.scores);
  const scores = record.scoresAfter;
  const leader = strictlyMost(scores);
  const winner = leader !== undefined && scores[leader] >= s.target ? leader : null;
  const counted = { ...s, table, piles, scores, history: [...s.history, record], winner };
  return winner !== null ? counted : nextDeal(counted, startDeal);
}

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
    // The deal's places are filled by startDeal; they stand here for the state's key order.
    const match = { seats, target: ctx.options.target, partnerships, rng, deal: 1, dealer: seats - 1 };
    const places = { stock: [], hands: [], table: [], piles: [], escobas: [], dealerEscobas: 0, lastCapturer: null, turn: 0 };
    const scores = Array(sidesOf(seats, partnerships).length).fill(0);
    return startDeal({ ...match, ...places, lastPlay: null, scores, history: [], winner: null }, deck, rng);
  },

  legalActions: (s, seat) => playsOf(s, seat, (card) => [[], ...fifteens(card, s.table)]),

  apply(s, seat, action) {
    checkTurn(s, seat, action);
    const { card, capture } = action;
    // Table codes are distinct, so a capture on the table (checkTurn saw to that) is one of the listed fifteens when it makes 15.
    const sum = fortyCardValue(card) + total(capture);
    if (capture.length > 0 && sum !== 15) throw new IllegalMove(`${card} and ${capture.join(' ')} add up to ${sum}, not fifteen`);
    const side = sideOf(s, seat);
    const [played, over, escoba] = captureOrTrail(s, seat, side, action);
    const escobas = s.escobas.map((n, i) => (i === side && escoba ? n + 1 : n));
    const next = { ...played, escobas, lastPlay: { seat, card, capture, escoba } };
    return over ? finishDeal(next) : next;
  },

  // Capturing is optional: the least committal play lays the lowest card down.
  defaultAction: (s, seat) => ({ type: 'play', card: lowestAction(s.hands[seat], (c) => [c]), capture: [] }),

  sides: (seats, options) => sidesOf(seats, options.partnerships && seats === 4),

  view(s, seat) {
    return {
      ...fieldsOf(s, ['deal', 'dealer']),
      turn: s.winner !== null ? null : s.turn,
      ...fieldsOf(s, ['target', 'partnerships']),
      sides: sidesOf(s.seats, s.partnerships),
      ...tableView(s, seat),
      captured: s.piles,
      capturedCounts: s.piles.map((p) => p.length),
      ...fieldsOf(s, ['escobas', 'dealerEscobas', 'lastCapturer', 'lastPlay', 'scores', 'history', 'winner']),
    };
  },

  status: (s) => matchStatus(s, sidesOf(s.seats, s.partnerships)),

  sample,
};
