import { allMost, buildDeck, type Card, compareCards, countCards, deal, type RngState, rankOf, shuffle } from '../../cards';
import { CardCode, type Game, IllegalMove, openingDeck, type SetupContext, type Static, type Status, Type } from '../../engine';
import { sample } from './sample';

/** Totit, the Javanese fishing game of identical pairs, with the 60-card Kowah deck. */

export const optionsSchema = Type.Object(
  {
    rounds: Type.Integer({
      minimum: 1,
      maximum: 5,
      default: 1,
      description: 'how many times each seat deals (default 1: every seat deals once)',
    }),
    optionalCapture: Type.Boolean({
      default: false,
      description:
        'house rule: a seat may trail even when one of its cards could capture (default false: as the rules say, a seat trails only when it cannot make a capture)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const captureAction = Type.Object(
  { type: Type.Literal('capture'), card: CardCode, target: CardCode },
  { additionalProperties: false, description: 'capture the table card `target` with the hand card `card`' },
);
const trailAction = Type.Object(
  { type: Type.Literal('trail'), card: CardCode },
  {
    additionalProperties: false,
    description: 'lay a hand card face up on the table: only when no hand card can capture (unless option optionalCapture)',
  },
);
export const actionSchema = Type.Union([captureAction, trailAction]);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => Type.Integer({ minimum: 0, description });
const Cards = (description: string) => Type.Array(CardCode, { description });
const BySeat = (description: string) => Type.Array(Type.Integer({ minimum: 0 }), { description });

export const viewSchema = Type.Object(
  {
    seats: Type.Integer({ minimum: 2, maximum: 6, description: 'how many seats play' }),
    deal: Type.Integer({ minimum: 1, description: 'the deal being played (the last one once the game is over), from 1' }),
    dealsInMatch: Type.Integer({ minimum: 1, description: 'how many deals the match lasts: seats × option rounds' }),
    dealer: Seat('the seat that dealt this deal'),
    optionalCapture: Type.Boolean({
      description: 'whether a seat may trail even when it could capture (option optionalCapture)',
    }),
    turn: Type.Union([Seat('the seat to play'), Type.Null()], { description: 'the seat to play; null once the game is over' }),
    firstTurn: Type.Array(Type.Boolean(), {
      description: 'by seat: true while that seat has not yet played this deal (it may then capture only an identical card)',
    }),
    hand: Type.Union([Cards('your hand, in the order dealt'), Type.Null()], {
      description: "this seat's own hand; null for a spectator",
    }),
    handSizes: BySeat('how many cards each seat holds, by seat'),
    hands: Type.Union([Type.Array(Cards('a hand')), Type.Null()], {
      description: 'every hand, by seat, once the game is over; null during play',
    }),
    unused: Type.Union([Cards('the cards set aside'), Type.Null()], {
      description: 'the cards set aside unseen in the last deal, once the game is over; null during play',
    }),
    unusedCount: Type.Integer({ minimum: 0, description: 'how many cards were set aside unseen this deal' }),
    table: Cards('the face-up table cards, in the order they came'),
    captured: Type.Array(Cards("a seat's captured cards, two by two in the order taken"), {
      description: "each seat's captured cards this deal, by seat (captures are made face up)",
    }),
    pairs: Type.Array(Cards('one code per identical pair'), {
      description: 'the identical pairs each seat has captured this deal, by seat: one point each',
    }),
    deals: Type.Array(
      Type.Object(
        {
          dealer: Seat('the seat that dealt it'),
          pairs: Type.Array(Cards('one code per identical pair'), { description: 'the pairs each seat scored, by seat' }),
        },
        { additionalProperties: false },
      ),
      { description: 'the deals played so far, in order' },
    ),
    scores: BySeat("each seat's pairs in the match so far, the deal in progress included, by seat"),
    last: Type.Union(
      [
        Type.Object(
          {
            seat: Seat('the seat that played'),
            card: Type.With(CardCode, { description: 'the hand card played' }),
            target: Type.Union([CardCode, Type.Null()], { description: 'the table card captured; null for a trail' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'the last move of this deal; null before the first' },
    ),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export interface Move {
  seat: number;
  card: Card;
  /** The table card captured, or null for a trail. */
  target: Card | null;
}

export interface DealResult {
  dealer: number;
  /** The identical pairs each seat captured (one code per pair). */
  pairs: Card[][];
}

export interface State {
  seats: number;
  /** Option optionalCapture (a house rule): a seat may trail even when it could capture. */
  optionalCapture: boolean;
  /** Deals in the match: seats × rounds. */
  dealsInMatch: number;
  dealer: number;
  turn: number;
  /** Cards dealt to each seat this deal (7, or 11 with two seats). */
  handSize: number;
  hands: Card[][];
  table: Card[];
  /** Each seat's captured-cards pile of this deal. */
  captured: Card[][];
  /** Cards set aside unseen this deal. */
  unused: Card[];
  /** The deals played so far. */
  deals: DealResult[];
  /** The last move of this deal. */
  last: Move | null;
  rng: RngState;
}

/** Per copy: A-9 of spades, hearts and diamonds, and the J Q K of clubs; two copies make 60 cards. */
export function totitDeck(): Card[] {
  const dropped = [
    ...['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T'].map((r) => `${r}C`),
    ...['S', 'H', 'D'].flatMap((s) => ['T', 'J', 'Q', 'K'].map((r) => `${r}${s}`)),
  ];
  return buildDeck({ copies: 2, without: [...dropped, ...dropped] });
}

const TABLE_CARDS = 18;
export const handSizeFor = (seats: number) => (seats === 2 ? 11 : 7);

/** What counts as a rank for capturing: aces and face cards are all one rank. */
export function captureRank(c: Card): string {
  return 'AJQK'.includes(rankOf(c)) ? 'honour' : rankOf(c);
}

/**
 * The table cards (distinct codes, table order) a hand card may capture. On the seat's own first turn
 * of the deal only an identical card; later any card of the same capture rank, except that while a
 * card of that rank lies on the table once only, the cards lying there as identical pairs must wait.
 */
export function targetsFor(card: Card, table: readonly Card[], firstTurn: boolean): Card[] {
  if (firstTurn) return table.includes(card) ? [card] : [];
  const same = table.filter((t) => captureRank(t) === captureRank(card));
  const copies = countCards(same);
  const odd = same.filter((t) => copies.get(t) === 1);
  return [...new Set(odd.length > 0 ? odd : same)];
}

/** One point per code of which a seat captured both copies. */
export function pairsIn(pile: readonly Card[]): Card[] {
  return [...countCards(pile)].filter(([, n]) => n === 2).map(([c]) => c);
}

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

export const totit: Game<State, Action, Options, View> = {
  kind: 'totit',
  title: 'Totit',
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
    if (finished(s)) throw new IllegalMove('the game is over');
    if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn`);
    if (action.type !== 'capture' && action.type !== 'trail') {
      throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
    const { card } = action;
    const at = s.hands[seat].indexOf(card);
    if (at < 0) throw new IllegalMove(`${card} is not in your hand`);
    const hands = s.hands.map((h, i) => (i === seat ? h.filter((_, k) => k !== at) : h));
    let next: State;
    if (action.type === 'trail') {
      const captures = s.optionalCapture ? [] : capturesFor(s, seat);
      if (captures.length > 0) {
        const takes = captures.map((a) => `${a.card} takes ${a.target}`).join(', ');
        throw new IllegalMove(`you may trail only when you cannot make a capture: ${takes}`);
      }
      next = { ...s, hands, table: [...s.table, card], last: { seat, card, target: null } };
    } else {
      const { target } = action;
      const where = s.table.indexOf(target);
      if (where < 0) throw new IllegalMove(`${target} is not on the table`);
      if (!targetsFor(card, s.table, isFirstTurn(s, seat)).includes(target)) {
        if (isFirstTurn(s, seat))
          throw new IllegalMove('on your first turn of a deal you may only capture a card identical to yours');
        if (captureRank(card) !== captureRank(target))
          throw new IllegalMove(`${card} cannot capture ${target}: not the same rank`);
        throw new IllegalMove(
          `the odd cards of that rank must be captured first: ${targetsFor(card, s.table, false).join(', ')}`,
        );
      }
      const table = s.table.filter((_, k) => k !== where);
      const captured = s.captured.map((pile, i) => (i === seat ? [...pile, card, target] : pile));
      next = { ...s, hands, table, captured, last: { seat, card, target } };
    }
    next = { ...next, turn: (seat + 1) % s.seats };
    return next.hands.every((h) => h.length === 0) ? endOfDeal(next) : next;
  },

  // As the rules play: a capture with the lowest card that can make one, or, when none can, a trail of the lowest card.
  defaultAction(s, seat) {
    const lowest = <T extends { card: Card }>(list: T[]) => list.reduce((a, b) => (compareCards(b.card, a.card) < 0 ? b : a));
    const captures = capturesFor(s, seat);
    if (captures.length > 0) return lowest(captures);
    return { type: 'trail', card: lowest(s.hands[seat].map((card) => ({ card }))).card };
  },

  view(s, seat) {
    const over = finished(s);
    return {
      seats: s.seats,
      deal: Math.min(s.deals.length + 1, s.dealsInMatch),
      dealsInMatch: s.dealsInMatch,
      dealer: s.dealer,
      optionalCapture: s.optionalCapture,
      turn: over ? null : s.turn,
      firstTurn: s.hands.map((_, i) => isFirstTurn(s, i)),
      hand: seat === null ? null : s.hands[seat],
      handSizes: s.hands.map((h) => h.length),
      hands: over ? s.hands : null,
      unused: over ? s.unused : null,
      unusedCount: s.unused.length,
      table: s.table,
      captured: s.captured,
      pairs: s.captured.map(pairsIn),
      deals: s.deals,
      scores: totals(s),
      last: s.last,
    };
  },

  status(s): Status {
    const scores = totals(s);
    if (!finished(s)) return { toAct: [s.turn], finished: false, scores };
    const winners = allMost(scores);
    const best = Math.max(...scores);
    const summary =
      winners.length > 1
        ? `seats ${winners.join(' and ')} share the win with ${best} pairs`
        : `seat ${winners[0]} wins with ${best} pairs (${scores.join(' / ')})`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },

  sample,
};
