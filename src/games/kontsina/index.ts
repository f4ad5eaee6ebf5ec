import {
  type Card,
  isFace,
  rankNumber,
  rankOf,
  shuffle,
  sortCards,
  standardDeck,
  strictlyMost,
  subsetsSumming,
  suitOf,
} from '../../cards';
import { dealHandsAndTable, fieldsOf, handsSeenBy, shownAtEnd, takeLeftovers } from '../../cards/fishing';
import { afterPlay, cardsAndBigCards, lowestAction, playedCard, turnStatusSaying } from '../../cards/fishing-turn';
import { type Game, IllegalMove, openingDeck, type SetupContext } from '../../engine';
import { sample } from './sample';
import type { Action, DealScore, Options, State, View } from './state';
import { actionSchema, optionsSchema, viewSchema } from './state';

export * from './state';

/** Cards dealt to each seat at a time, and face up to the table at the start of a deal. */
const HAND = 4;
const TABLE = 4;

/** Capturing value of a number card: ace 1, two to ten their pips. Face cards have none. */
export const value = (c: Card): number => rankNumber(c);

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
  const { cards, mostCards, tenOfDiamonds, twoOfClubs } = cardsAndBigCards(captured);
  const clubs = captured.map((p) => p.filter((c) => suitOf(c) === 'C').length);
  const mostClubs = strictlyMost(clubs) ?? null;
  const points = captured.map(() => 0);
  if (mostCards !== null) points[mostCards] += 2;
  for (const seat of [mostClubs, twoOfClubs, tenOfDiamonds]) if (seat !== null) points[seat] += 1;
  return { cards, clubs, mostCards, mostClubs, twoOfClubs, tenOfDiamonds, points };
}

/** A deal from `deck`: four cards to each seat one at a time from the dealer's left, who plays first, then four to the table. */
function newDeal(deck: readonly Card[], rng: State['rng'], dealer: number, seats: number) {
  const first = (dealer + 1) % seats;
  return {
    rng,
    dealer,
    turn: first,
    ...dealHandsAndTable(deck, { seats, count: HAND, first }, TABLE),
    captured: Array.from({ length: seats }, (): Card[] => []),
    lastCapturer: null,
    lastPlay: null,
  };
}

function endDeal(s: State): State {
  const taken = takeLeftovers(s.table, s.captured, s.lastCapturer);
  const score = scoreDeal(taken.piles);
  const deals = [...s.deals, { dealer: s.dealer, leftovers: { seat: s.lastCapturer, cards: s.table }, ...score }];
  const scores = s.scores.map((n, seat) => n + score.points[seat]);
  // A match is over once someone has reached the target with the highest score alone.
  if (Math.max(...scores) >= s.target && strictlyMost(scores) !== undefined) {
    return { ...s, table: taken.table, captured: taken.piles, scores, deals, finished: true };
  }
  const [deck, rng] = shuffle(standardDeck(), s.rng);
  return { ...s, ...newDeal(deck, rng, (s.dealer + 1) % s.seats, s.seats), scores, deals };
}

/** Kontsina: a Greek fishing game for two to four players, each playing alone. */
export const kontsina: Game<State, Action, Options, View> = {
  kind: 'kontsina',
  title: 'Kontsina',
  blurb: 'Capture a table card of your card’s rank, or number cards that add up to it; the most cards and clubs score, to 21.',
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
    return {
      seats: ctx.seats,
      target: ctx.options.target,
      ...newDeal(deck, rng, 0, ctx.seats),
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
    const card = playedCard(s, seat, action, ['lay', 'capture']);
    if (action.type === 'lay') {
      return afterPlay(s, seat, card, { table: [...s.table, card], lastPlay: { seat, card, took: [] } }, HAND, endDeal);
    }
    const refusal = refuseCapture(card, action.take, s.table);
    if (refusal) throw new IllegalMove(refusal);
    const took = s.table.filter((t) => action.take.includes(t));
    const play = {
      table: s.table.filter((t) => !took.includes(t)),
      captured: s.captured.map((p, i) => (i === seat ? [...p, ...took, card] : p)),
      lastCapturer: seat,
      lastPlay: { seat, card, took },
    };
    return afterPlay(s, seat, card, play, HAND, endDeal);
  },

  defaultAction(s, seat) {
    // Capturing is never compulsory: the least a seat can do is lay its lowest card.
    return { type: 'lay', card: lowestAction(s.hands[seat], (c) => [c]) };
  },

  view(s, seat) {
    return {
      ...fieldsOf(s, ['seats', 'target']),
      deal: s.finished ? s.deals.length : s.deals.length + 1,
      dealer: s.dealer,
      turn: s.finished ? null : s.turn,
      ...handsSeenBy(s.hands, seat),
      stock: s.stock.length,
      table: s.table,
      // The captured piles are face down: only their sizes are known.
      captured: s.captured.map((p) => p.length),
      ...fieldsOf(s, ['lastCapturer', 'lastPlay', 'scores', 'deals', 'finished']),
      ...shownAtEnd(s.finished, { hands: s.hands, capturedCards: s.captured }),
    };
  },

  status: (s) =>
    turnStatusSaying(s.scores, s.finished ? null : s.turn, ([winner]) => {
      const others = s.scores.filter((_, i) => i !== winner);
      return `seat ${winner} wins with ${s.scores[winner]} points to ${others.join(', ')} after ${s.deals.length} deals`;
    }),

  sample,
};
