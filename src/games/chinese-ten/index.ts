import { buildDeck, type Card, compareCards, isRed, rankNumber, rankOf, sortCards } from '../../cards';
import { dealHandsAndTable, fieldsOf, highestTotalWins } from '../../cards/fishing';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { sample } from './sample';
import { type Action, actionSchema, type Options, optionsSchema, type State, type Turn, type View, viewSchema } from './state';

export * from './state';

/** Pip value: ace one, number cards their pips, tens and face cards ten. */
export function pips(c: Card): number {
  return Math.min(rankNumber(c), 10);
}

/** Fives, tens and face cards pair with their own rank, so three of them on the table would strand two. */
const SELF_PAIRING = new Set(['5', 'T', 'J', 'Q', 'K']);

/**
 * The captures open to a card arriving on the table (played or turned): each is a list of table cards.
 * A number card takes one card that makes ten with it; a ten or face card takes one card of its rank;
 * the fourth five, ten or face card takes the three of its rank left together by the layout.
 */
export function capturesFor(card: Card, table: readonly Card[]): Card[][] {
  if (SELF_PAIRING.has(rankOf(card))) {
    const same = table.filter((t) => rankOf(t) === rankOf(card));
    if (same.length === 3) return [sortCards(same)];
  }
  const partner = (t: Card) => (pips(card) === 10 ? rankOf(t) === rankOf(card) : pips(t) < 10 && pips(t) + pips(card) === 10);
  return table.filter(partner).map((t) => [t]);
}

/** A four of a kind of fives, tens or one face rank in the layout: the dealer takes it before the first turn. */
export function layoutFourOfAKind(layout: readonly Card[]): boolean {
  return layout.length === 4 && SELF_PAIRING.has(rankOf(layout[0])) && layout.every((c) => rankOf(c) === rankOf(layout[0]));
}

/** A won card's points: the black aces only with more seats, red cards by rank, other black cards nothing. */
export function cardPoints(c: Card, seats: number): number {
  if (c === 'AC') return seats === 4 ? 40 : 0;
  if (c === 'AS') return seats >= 3 ? 30 : 0;
  if (!isRed(c)) return 0;
  const rank = rankNumber(c);
  if (rank === 1) return 20;
  return rank >= 9 ? 10 : rank;
}

export function pilePoints(pile: readonly Card[], seats: number): number {
  return pile.reduce((sum, c) => sum + cardPoints(c, seats), 0);
}

const HAND_CARDS = 24;
const LAYOUT = 4;
const sameSet = (a: readonly Card[], b: readonly Card[]) => a.length === b.length && a.every((c) => b.includes(c));
const finished = (s: State) => s.turned === null && s.stock.length === 0 && s.hands.every((h) => h.length === 0);
const listed = (sets: Card[][]) => sets.map((set) => set.join('+')).join(', ');

/** Moves the captured table cards and the capturing card into the seat's pile. */
function capture(s: State, seat: number, card: Card, taken: readonly Card[]): Pick<State, 'table' | 'won'> {
  const won = s.won.map((pile, i) => (i === seat ? [...pile, card, ...taken] : pile));
  return { table: s.table.filter((t) => !taken.includes(t)), won };
}

/** The card arriving from the stock captures when it has one capture; with several the seat chooses. */
function turnStock(s: State, seat: number, last: Turn): State {
  const [top, ...stock] = s.stock;
  const options = capturesFor(top, s.table);
  const next = (seat + 1) % s.seats;
  if (options.length === 0) {
    return { ...s, stock, table: [...s.table, top], turn: next, last: { ...last, turned: top, turnedCaptured: [] } };
  }
  if (options.length === 1) {
    return {
      ...s,
      stock,
      ...capture(s, seat, top, options[0]),
      turn: next,
      last: { ...last, turned: top, turnedCaptured: options[0] },
    };
  }
  return { ...s, stock, turned: top, last: { ...last, turned: top, turnedCaptured: null } };
}

function totals(s: State): number[] {
  return s.won.map((pile) => pilePoints(pile, s.seats));
}

/** Chinese Ten (Jian Hong Dian, "pick up red spots"): a fishing game of pairs making ten, one deal. */
export const chineseTen: Game<State, Action, Options, View> = {
  kind: 'chinese-ten',
  title: 'Chinese Ten',
  blurb: 'Capture a table card that makes ten with the card you play, then with the card you turn; red cards score.',
  seats: { min: 2, max: 4 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules: [
    'One deal of a 52-card deck among 2 to 4 seats: 24 / seats cards each (12, 8 or 6), four cards face up as the layout, the other 24 face down as the stock.',
    'Seat 0 deals; the seat on its left (seat 1) plays first, then turns pass to the left (seat order).',
    'A turn: play a card from the hand. A number card (ace = 1) captures one table card that makes ten with it (A-9, 2-8, 3-7, 4-6, 5-5); a ten or face card captures one table card of its own rank (a ten never takes a face card, a king never a queen).',
    'Capturing is compulsory: a card that can capture must; when several table cards could be taken the seat chooses one. A card that cannot capture stays on the table.',
    'Then the seat turns the top stock card, which captures in the same way for that seat; when it could take several table cards the seat chooses which (a second step of the turn), otherwise it is automatic.',
    'Special layouts (fives, tens and face cards, which pair only with their own rank): a layout of four of a kind of one of these ranks is captured by the dealer before the first turn; a layout holding three of a kind of one of them is captured all together by the fourth card of that rank, played or turned. A layout mixing these ranks (say J Q K 5) is not special.',
    'The game ends when the last hand card has been played and the last stock card turned. Cards left on the table, if any, score for nobody.',
    'Scoring of won cards: A♣ 40 with four seats (0 otherwise); A♠ 30 with three or four seats (0 with two); red aces 20; red kings, queens, jacks, tens and nines 10; other red cards their pips; other black cards 0.',
    'Highest score wins; equal highest scores share the win.',
    "When a seat's time runs out, it plays its lowest card (ace low, then spades, hearts, diamonds, clubs), taking the lowest table card it may; a turned card waiting for a choice takes the lowest table card it may.",
  ].join('\n'),
  dealing:
    "Seat 0 deals. One card at a time to each seat in turn, starting with seat 1 (the dealer's left) and ending with the dealer, until each seat holds 24 / seats cards (12, 8 or 6); the next four cards are turned face up as the layout; the remaining 24 cards are the stock, turned from the top.",

  cards: () => buildDeck(),

  setup(ctx: SetupContext<Options>): State {
    const { seats } = ctx;
    const [deck] = openingDeck(ctx, buildDeck());
    const dealer = 0;
    const dealt = dealHandsAndTable(deck, { seats, count: HAND_CARDS / seats, first: (dealer + 1) % seats }, LAYOUT);
    const { table: layout, stock } = dealt;
    const takeLayout = layoutFourOfAKind(layout);
    const won: Card[][] = Array.from({ length: seats }, (_, i) => (takeLayout && i === dealer ? [...layout] : []));
    return {
      seats,
      dealer,
      turn: (dealer + 1) % seats,
      hands: dealt.hands,
      stock,
      table: takeLayout ? [] : layout,
      won,
      layoutCapture: takeLayout ? [...layout] : [],
      turned: null,
      last: null,
    };
  },

  legalActions(s, seat) {
    if (finished(s) || seat !== s.turn) return [];
    if (s.turned !== null) {
      return capturesFor(s.turned, s.table).map(([card]) => ({ type: 'capture' as const, card }));
    }
    return s.hands[seat].flatMap((card) => {
      const options = capturesFor(card, s.table);
      return options.length === 0
        ? [{ type: 'play' as const, card, capture: [] }]
        : options.map((capture) => ({ type: 'play' as const, card, capture }));
    });
  },

  apply(s, seat, action) {
    if (finished(s)) throw new IllegalMove('the game is over');
    if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn`);
    if (action.type === 'capture') {
      if (s.turned === null) throw new IllegalMove('there is no turned stock card waiting to capture');
      const options = capturesFor(s.turned, s.table);
      const chosen = options.find((o) => o.length === 1 && o[0] === action.card);
      if (!chosen)
        throw new IllegalMove(`the turned ${s.turned} cannot capture ${action.card}; it can capture ${listed(options)}`);
      const last = s.last && { ...s.last, turnedCaptured: chosen };
      return { ...s, ...capture(s, seat, s.turned, chosen), turned: null, turn: (seat + 1) % s.seats, last };
    }
    if (action.type !== 'play') throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    if (s.turned !== null) throw new IllegalMove(`choose first which card the turned ${s.turned} captures`);
    const { card } = action;
    if (!s.hands[seat].includes(card)) throw new IllegalMove(`${card} is not in your hand`);
    const options = capturesFor(card, s.table);
    const hands = s.hands.map((h, i) => (i === seat ? h.filter((c) => c !== card) : h));
    if (options.length === 0) {
      if (action.capture.length > 0) throw new IllegalMove(`${card} captures nothing on the table: play it with capture []`);
      return turnStock({ ...s, hands, table: [...s.table, card] }, seat, {
        seat,
        played: card,
        captured: [],
        turned: null,
        turnedCaptured: null,
      });
    }
    const chosen = options.find((o) => sameSet(o, action.capture));
    if (!chosen) throw new IllegalMove(`${card} must capture, and can capture ${listed(options)}`);
    return turnStock({ ...s, hands, ...capture(s, seat, card, chosen) }, seat, {
      seat,
      played: card,
      captured: chosen,
      turned: null,
      turnedCaptured: null,
    });
  },

  defaultAction(s, seat) {
    // Capturing is compulsory: the least a seat can choose is its lowest card, taking the lowest table card it may.
    const cardsOf = (a: Action) => (a.type === 'capture' ? [a.card] : [a.card, ...a.capture]);
    const earlier = (a: Action, b: Action) => {
      const [x, y] = [cardsOf(a), cardsOf(b)];
      const k = x.findIndex((c, i) => i < y.length && c !== y[i]);
      return k >= 0 && compareCards(x[k], y[k]) < 0;
    };
    return chineseTen.legalActions(s, seat).reduce((best, a) => (earlier(a, best) ? a : best));
  },

  view(s, seat) {
    const over = finished(s);
    return {
      seats: s.seats,
      dealer: s.dealer,
      turn: over ? null : s.turn,
      phase: over ? 'over' : s.turned === null ? 'play' : 'choose-capture',
      hand: seat === null ? null : s.hands[seat],
      handSizes: s.hands.map((h) => h.length),
      hands: over ? s.hands : null,
      stockSize: s.stock.length,
      ...fieldsOf(s, ['table', 'turned', 'layoutCapture', 'won']),
      points: totals(s),
      last: s.last,
    };
  },

  status(s): Status {
    const scores = totals(s);
    if (!finished(s)) return { toAct: [s.turn], finished: false, scores };
    return { toAct: [], finished: true, scores, result: highestTotalWins(scores, 'points') };
  },

  sample,
};
