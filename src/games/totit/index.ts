import { type Card, countCards, deal, removeCards, shuffle } from '../../cards';
import { allHandsEmpty, fieldsOf, shownAtEnd, withoutCard } from '../../cards/fishing';
import { lowestCaptureOrTrail, refuseOffTurn, turnStatus } from '../../cards/fishing-turn';
import { type Game, IllegalMove, openingDeck, type SetupContext } from '../../engine';
import { sample } from './sample';
import {
  type Action,
  actionSchema,
  captureRank,
  handSizeFor,
  type Options,
  optionsSchema,
  type State,
  targetsFor,
  totitDeck,
  type View,
  viewSchema,
} from './state';

export * from './state';

const TABLE_CARDS = 18;

/** One point per code of which a seat captured both copies. */
export const pairsIn = (pile: readonly Card[]): Card[] => [...countCards(pile)].filter(([, n]) => n === 2).map(([c]) => c);

const isFirstTurn = (s: State, seat: number) => s.hands[seat].length === s.handSize;

/** Every capture the seat may make now: each distinct hand card with each table card it may take. */
function capturesFor(s: State, seat: number): Extract<Action, { type: 'capture' }>[] {
  const first = isFirstTurn(s, seat);
  return [...new Set(s.hands[seat])].flatMap((card) =>
    targetsFor(card, s.table, first).map((target) => ({ type: 'capture' as const, card, target })),
  );
}
const finished = (s: State) => s.deals.length === s.dealsInMatch;

/** Eighteen cards face up to the table, then the hands one card at a time from the dealer's left. */
function dealFrom(deck: readonly Card[], seats: number, dealer: number) {
  const handSize = handSizeFor(seats);
  const { hands, stock } = deal(deck.slice(TABLE_CARDS), { seats, count: handSize, first: (dealer + 1) % seats });
  return { dealer, turn: (dealer + 1) % seats, handSize, hands, table: deck.slice(0, TABLE_CARDS), unused: stock };
}

/** Pairs of the deals played, and of the deal in progress (a pair once captured is never lost). */
function totals(s: State): number[] {
  return s.captured.map((pile, seat) => {
    const current = finished(s) ? 0 : pairsIn(pile).length;
    return s.deals.reduce((sum, d) => sum + d.pairs[seat].length, current);
  });
}

/** After the last card of a deal: score its pairs, discard the table, and deal again unless the match is over. */
function endOfDeal(s: State): State {
  const deals = [...s.deals, { dealer: s.dealer, pairs: s.captured.map(pairsIn) }];
  if (deals.length === s.dealsInMatch) return { ...s, deals };
  const [deck, rng] = shuffle(totitDeck(), s.rng);
  const empty = s.captured.map(() => []);
  return { ...s, ...dealFrom(deck, s.seats, (s.dealer + 1) % s.seats), captured: empty, deals, last: null, rng };
}

/** Totit, the Javanese fishing game of identical pairs, with the 60-card Kowah deck. */
export const totit: Game<State, Action, Options, View> = {
  kind: 'totit',
  title: 'Totit',
  blurb: 'Eighteen cards face up: capture by rank or by sum with the cards of your hand, two decks’ worth of them.',
  seats: { min: 2, max: 6 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules: [
    'A 60-card deck: two copies each of A-9 of spades, hearts and diamonds and of J Q K of clubs. 2 to 6 seats.',
    'Each deal: eighteen cards face up to the table, seven to each seat (eleven with two seats); the rest are set aside unseen.',
    "The seat on the dealer's left plays first; turns pass to the left (seat order). Seat 0 deals first and the deal passes to the left.",
    'A turn: capture one table card with one hand card (both go to the seat\'s captured pile); one capture per turn. "If a player cannot make a capture, they must trail one card of their choice face up to the table": a seat that can capture must capture (which capture is its choice), and trails only when it cannot. House rule optionalCapture (option, default off): a seat may trail even when it could capture.',
    "On a seat's own first turn of a deal it may capture only a card identical to the hand card (same rank and suit). From its own second turn on, it may capture any card of the same rank whatever the suit; aces, jacks, queens and kings all count as one rank (A♠ takes K♣, J♣ takes Q♣...).",
    'Odd suit first (from the second turn on): while a card of that rank lies on the table once only, cards lying there as an identical pair cannot be captured; when only identical pairs of that rank remain, any of them can be. (This never stops a first-turn capture: a seat holding a copy leaves only one copy of that card for the table.)',
    'The deal ends when the hands are empty; cards left on the table are discarded. Each seat scores one point for each pair of identical cards (same rank and suit) in its captured pile, however they got there.',
    'The match is as many deals as seats: every seat deals once (option rounds, default 1: every seat deals that many times). Highest total wins; equal highest totals share the win.',
    "When a seat's time runs out, it captures with its lowest card that can (aces low, then 2-9, J, Q, K), taking the first table card it may (in table order); when no card can capture, it trails its lowest card.",
  ].join('\n'),
  dealing:
    "Each deal: the top eighteen cards go face up to the table (top card first); then one card at a time to each seat, starting with the seat on the dealer's left (seat 1 in the first deal) and ending with the dealer, until each holds seven cards (eleven with two seats); the rest of the deck is set aside unseen. Seat 0 deals first; later deals come from the seeded shuffle.",

  cards: () => totitDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, totitDeck());
    return {
      seats: ctx.seats,
      optionalCapture: ctx.options.optionalCapture,
      dealsInMatch: ctx.seats * ctx.options.rounds,
      ...dealFrom(deck, ctx.seats, 0),
      captured: Array.from({ length: ctx.seats }, () => []),
      deals: [],
      last: null,
      rng,
    };
  },

  legalActions(s, seat) {
    if (finished(s) || seat !== s.turn) return [];
    const captures = capturesFor(s, seat);
    if (captures.length > 0 && !s.optionalCapture) return captures;
    return [...new Set(s.hands[seat])].flatMap((card) => [
      ...captures.filter((a) => a.card === card),
      { type: 'trail' as const, card },
    ]);
  },

  apply(s, seat, action) {
    refuseOffTurn(finished(s), s.turn, seat);
    if (action.type !== 'capture' && action.type !== 'trail')
      throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    const { card } = action;
    if (!s.hands[seat].includes(card)) throw new IllegalMove(`${card} is not in your hand`);
    const target = action.type === 'capture' ? action.target : null;
    if (target === null) {
      const captures = s.optionalCapture ? [] : capturesFor(s, seat);
      if (captures.length > 0) {
        const takes = captures.map((a) => `${a.card} takes ${a.target}`).join(', ');
        throw new IllegalMove(`you may trail only when you cannot make a capture: ${takes}`);
      }
    } else if (!s.table.includes(target)) throw new IllegalMove(`${target} is not on the table`);
    else if (!targetsFor(card, s.table, isFirstTurn(s, seat)).includes(target)) {
      if (isFirstTurn(s, seat))
        throw new IllegalMove('on your first turn of a deal you may only capture a card identical to yours');
      if (captureRank(card) !== captureRank(target)) throw new IllegalMove(`${card} cannot capture ${target}: not the same rank`);
      throw new IllegalMove(`the odd cards of that rank must be captured first: ${targetsFor(card, s.table, false).join(', ')}`);
    }
    const next: State = {
      ...s,
      turn: (seat + 1) % s.seats,
      hands: withoutCard(s.hands, seat, card),
      table: target === null ? [...s.table, card] : removeCards(s.table, [target]),
      captured: target === null ? s.captured : s.captured.map((pile, i) => (i === seat ? [...pile, card, target] : pile)),
      last: { seat, card, target },
    };
    return allHandsEmpty(next.hands) ? endOfDeal(next) : next;
  },

  // As the rules play: a capture with the lowest card that can make one, or, when none can, a trail of the lowest card.
  defaultAction: (s, seat) => lowestCaptureOrTrail(capturesFor(s, seat), s.hands[seat]),

  view(s, seat) {
    const over = finished(s);
    return {
      seats: s.seats,
      deal: Math.min(s.deals.length + 1, s.dealsInMatch),
      ...fieldsOf(s, ['dealsInMatch', 'dealer', 'optionalCapture']),
      turn: over ? null : s.turn,
      firstTurn: s.hands.map((_, i) => isFirstTurn(s, i)),
      hand: seat === null ? null : s.hands[seat],
      handSizes: s.hands.map((h) => h.length),
      ...shownAtEnd(over, { hands: s.hands, unused: s.unused }),
      unusedCount: s.unused.length,
      ...fieldsOf(s, ['table', 'captured']),
      pairs: s.captured.map(pairsIn),
      deals: s.deals,
      scores: totals(s),
      last: s.last,
    };
  },

  status: (s) => turnStatus(totals(s), finished(s) ? null : s.turn, 'pairs'),

  sample,
};
