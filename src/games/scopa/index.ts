import { type Card, compareCards, fortyCardDeck, rankOf, sameCards, subsetsSumming } from '../../cards';
import { fieldsOf, fortyCardValue, sidesOf, takeLeftovers } from '../../cards/fishing';
import { captureOrTrail, checkTurn, matchStatus, nextDeal, playsOf, startSumsDeal, tableView } from '../../cards/fishing-sums';
import { type Game, IllegalMove, openingDeck, type SetupContext } from '../../engine';
import { sample } from './sample';
import { dealRecord, primieraAndScopas, scoreDeal } from './scoring';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';

export { scoreDeal } from './scoring';
export * from './state';

/**
 * Every capture `card` may make from `table`, as lists of table cards: one card of its rank when
 * there is one (pairing takes precedence over addition), else each set of two or more adding up to
 * its value; [[]] (a trail) only when it can capture nothing.
 */
export function capturesFor(card: Card, table: readonly Card[]): Card[][] {
  const pairs = table.filter((c) => rankOf(c) === rankOf(card));
  if (pairs.length > 0) return pairs.map((c) => [c]);
  const sums = subsetsSumming(table, fortyCardValue(card), fortyCardValue, 2);
  return sums.length > 0 ? sums : [[]];
}

/** Deals a fresh hand from `deck` as the sums kit deals; three or four kings on the table throw it in (when the option is on). */
function startDeal(s: Omit<State, 'rng' | 'stock' | 'hands' | 'table' | 'redeals'>, deck: Card[], rng: State['rng']): State {
  const threeKings = (table: readonly Card[]) => s.redealThreeKings && table.filter((c) => rankOf(c) === 'K').length >= 3;
  const [dealt, redeals] = startSumsDeal(s, deck, rng, { seats: 2, sides: 2, redeal: threeKings });
  return { ...dealt, redeals, sweeps: [] };
}

/** Why a play is refused, in the player's words. */
function refusal(table: readonly Card[], card: Card, capture: readonly Card[]): string {
  const options = capturesFor(card, table);
  if (options[0].length === 0) return `${card} captures nothing here: trail it with capture []`;
  if (capture.length === 0) return `${card} can capture, so it must capture: it cannot be trailed`;
  if (options[0].length === 1) return `pairing takes precedence: ${card} must take exactly one ${rankOf(card)} from the table`;
  if (capture.length === 1) return 'a single table card is taken only by a card of its rank';
  const sum = capture.reduce((t, c) => t + fortyCardValue(c), 0);
  return `those cards add up to ${sum}, but ${card} is worth ${fortyCardValue(card)}`;
}

/** Ends a deal: leftovers to the last capturer, the count, then the next deal unless a seat has won. */
function finishDeal(s: State): State {
  // The last capturer takes what is left on the table; this is never a scopa.
  const { table, piles } = takeLeftovers(s.table, s.piles, s.lastCapturer);
  const scored = scoreDeal(piles, s.sweeps, s.scores, s.target);
  const history = [...s.history, dealRecord(s, piles, scored)];
  const counted = { ...s, table, piles, scores: scored.scores, history, winner: scored.winner };
  return counted.winner !== null ? counted : nextDeal(counted, startDeal);
}

/** Scopa, the Italian fishing game for two. */
export const scopa: Game<State, Action, Options, View> = {
  kind: 'scopa',
  title: 'Scopa',
  blurb: 'Capture table cards by rank or by sum; clearing the table is a scopa, and the 7♦ is the settebello.',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules: [
    'Two seats play with the 40-card deck: A-7 and J Q K of each suit. J stands for the fante, Q for the cavallo, K for the re.',
    'Capture values: A 1, 2-7 their pips, J 8, Q 9, K 10. Diamonds are the coins (denari); the 7 of diamonds is the settebello.',
    'Each deal gives three cards to each seat and four face up to the table. If three or four of the table cards are kings the cards are thrown in and the same dealer deals again from a new shuffle (option redealThreeKings, default on).',
    'Seat 1 deals first, so seat 0 plays first; the deal alternates. The non-dealer plays first and turns alternate.',
    'A turn plays one card. If a table card has its rank, the card must take exactly one such card (your choice when there are several): pairing takes precedence over addition. Otherwise, if two or more table cards add up to its value, it must take one such set (your choice of set). Only a card that can capture nothing is trailed face up to the table; a seat may trail such a card even when another card of its hand could capture.',
    'Taking every card on the table is a scopa (one point), except with the very last card played in the deal.',
    'When both hands are empty, three more cards each come from the stock; the table gets no more. When stock and hands are exhausted, the last seat to capture takes the cards left on the table (not a scopa); if nobody captured in the whole deal they stay unscored.',
    'Scoring, one point each, counted in this order: most cards; most diamonds; the settebello; the primiera; then one point per scopa, in the order the scopas were made. A tie for most cards or most diamonds scores nobody.',
    'Primiera: only a pile holding all four suits is eligible. Its best card in each suit counts 7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, face card = 10, and the four are added. The higher eligible count scores; equal counts score nobody; a seat lacking a suit cannot score it, so the other scores it if eligible.',
    'A play names the card played and the table cards it takes, in any order ([] trails it).',
    'The match ends the moment a seat reaches 11 points (option target, default 11) while the points are counted in that order; the remaining lines go unscored, and that seat wins.',
    "When a seat's time runs out, it trails its lowest card that captures nothing; when every card it holds must capture, its lowest card takes the fewest table cards it can.",
  ].join('\n'),
  dealing:
    'Each deal, from the top: three cards to each seat one at a time, the non-dealer first (non-dealer, dealer, non-dealer, dealer, non-dealer, dealer), then four cards face up to the table; the rest is the stock. When both hands are empty, three more each the same way. Seat 1 deals first (so a stacked deck serves seat 0 first: deck positions 0, 2, 4 to seat 0, 1, 3, 5 to seat 1, 6-9 to the table); the deal alternates. A deal thrown in for three kings, and every later deal, comes from a new shuffle of the seed.',

  cards: () => fortyCardDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, fortyCardDeck());
    const { target, redealThreeKings } = ctx.options;
    const match = { target, redealThreeKings, deal: 1, dealer: 1, scores: [0, 0], history: [], winner: null };
    return startDeal({ ...match, piles: [], sweeps: [], lastCapturer: null, turn: 0, lastPlay: null }, deck, rng);
  },

  legalActions: (s, seat) => playsOf(s, seat, (card) => capturesFor(card, s.table)),

  apply(s, seat, action) {
    checkTurn(s, seat, action);
    const { card, capture } = action;
    if (!capturesFor(card, s.table).some((c) => sameCards(c, capture))) throw new IllegalMove(refusal(s.table, card, capture));
    const [played, over, swept] = captureOrTrail(s, seat, seat, action);
    // Sweeping the table with the very last card of the deal is no scopa.
    const scopa = swept && !over;
    const next = { ...played, sweeps: scopa ? [...s.sweeps, seat] : s.sweeps, lastPlay: { seat, card, capture, scopa } };
    return over ? finishDeal(next) : next;
  },

  // A trail captures nothing and gives up the lowest card; failing one, the lowest card takes the fewest cards.
  defaultAction(s, seat) {
    const legal = scopa.legalActions(s, seat);
    const trails = legal.filter((a) => a.capture.length === 0);
    return (trails.length > 0 ? trails : legal).reduce((best, a) =>
      (compareCards(a.card, best.card) || a.capture.length - best.capture.length) < 0 ? a : best,
    );
  },

  view(s, seat) {
    return {
      ...fieldsOf(s, ['deal', 'dealer']),
      turn: s.winner !== null ? null : s.turn,
      ...fieldsOf(s, ['target', 'redealThreeKings']),
      ...tableView(s, seat),
      redeals: s.redeals,
      captured: s.piles,
      capturedCounts: s.piles.map((p) => p.length),
      ...primieraAndScopas(s.piles, s.sweeps),
      ...fieldsOf(s, ['lastCapturer', 'lastPlay', 'scores', 'history', 'winner']),
    };
  },

  status: (s) => matchStatus(s, sidesOf(2, false)),

  sample,
};
