import { buildDeck, type Card, isRed, rankNumber, rankOf, sameCards, sortCards } from '../../cards';
import { allHandsEmpty, dealHandsAndTable, fieldsOf, withoutCard } from '../../cards/fishing';
import { lowestAction, refuseOffTurn, turnStatus } from '../../cards/fishing-turn';
import { type Game, IllegalMove, openingDeck, type SetupContext } from '../../engine';
import { sample } from './sample';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';

export * from './state';

/** Pip value: ace one, number cards their pips, tens and face cards ten. */
export const pips = (c: Card): number => Math.min(rankNumber(c), 10);

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

const HAND_CARDS = 24;
const LAYOUT = 4;
const finished = (s: State) => s.turned === null && s.stock.length === 0 && allHandsEmpty(s.hands);
const listed = (sets: Card[][]) => sets.map((set) => set.join('+')).join(', ');

/** A card arriving (played or turned) takes `taken` into the seat's pile with itself, or, taking nothing, stays on the table. */
function arrive(s: State, seat: number, card: Card, taken: readonly Card[]): Pick<State, 'table' | 'won'> {
  if (taken.length === 0) return { table: [...s.table, card], won: s.won };
  const won = s.won.map((pile, i) => (i === seat ? [...pile, card, ...taken] : pile));
  return { table: s.table.filter((t) => !taken.includes(t)), won };
}

/** Then the top stock card is turned: it takes its only capture, or stays; with several captures the seat chooses. */
function turnStock(s: State, seat: number, played: Card, captured: Card[]): State {
  const [top, ...stock] = s.stock;
  const options = capturesFor(top, s.table);
  const last = { seat, played, captured, turned: top };
  if (options.length > 1) return { ...s, stock, turned: top, last: { ...last, turnedCaptured: null } };
  const taken = options[0] ?? [];
  return { ...s, stock, ...arrive(s, seat, top, taken), turn: (seat + 1) % s.seats, last: { ...last, turnedCaptured: taken } };
}

const totals = (s: State): number[] => s.won.map((pile) => pile.reduce((sum, c) => sum + cardPoints(c, s.seats), 0));

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
    const first = (dealer + 1) % seats;
    const { hands, table, stock } = dealHandsAndTable(deck, { seats, count: HAND_CARDS / seats, first }, LAYOUT);
    const takeLayout = layoutFourOfAKind(table);
    return {
      seats,
      dealer,
      turn: first,
      hands,
      stock,
      table: takeLayout ? [] : table,
      won: hands.map((_, i) => (takeLayout && i === dealer ? [...table] : [])),
      layoutCapture: takeLayout ? [...table] : [],
      turned: null,
      last: null,
    };
  },

  legalActions(s, seat) {
    if (finished(s) || seat !== s.turn) return [];
    if (s.turned !== null) return capturesFor(s.turned, s.table).map(([card]) => ({ type: 'capture' as const, card }));
    return s.hands[seat].flatMap((card) => {
      const options = capturesFor(card, s.table);
      return (options.length === 0 ? [[]] : options).map((capture) => ({ type: 'play' as const, card, capture }));
    });
  },

  apply(s, seat, action) {
    refuseOffTurn(finished(s), s.turn, seat);
    if (action.type === 'capture') {
      if (s.turned === null) throw new IllegalMove('there is no turned stock card waiting to capture');
      const options = capturesFor(s.turned, s.table);
      const chosen = options.find((o) => o.length === 1 && o[0] === action.card);
      if (!chosen)
        throw new IllegalMove(`the turned ${s.turned} cannot capture ${action.card}; it can capture ${listed(options)}`);
      const last = s.last && { ...s.last, turnedCaptured: chosen };
      return { ...s, ...arrive(s, seat, s.turned, chosen), turned: null, turn: (seat + 1) % s.seats, last };
    }
    if (action.type !== 'play') throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    if (s.turned !== null) throw new IllegalMove(`choose first which card the turned ${s.turned} captures`);
    const { card } = action;
    if (!s.hands[seat].includes(card)) throw new IllegalMove(`${card} is not in your hand`);
    const options = capturesFor(card, s.table);
    if (options.length === 0 && action.capture.length > 0)
      throw new IllegalMove(`${card} captures nothing on the table: play it with capture []`);
    const chosen = options.length === 0 ? [] : options.find((o) => sameCards(o, action.capture));
    if (!chosen) throw new IllegalMove(`${card} must capture, and can capture ${listed(options)}`);
    const hands = withoutCard(s.hands, seat, card);
    return turnStock({ ...s, hands, ...arrive(s, seat, card, chosen) }, seat, card, chosen);
  },

  defaultAction(s, seat) {
    // Capturing is compulsory: the least a seat can choose is its lowest card, taking the lowest table card it may.
    return lowestAction(chineseTen.legalActions(s, seat), (a) => (a.type === 'capture' ? [a.card] : [a.card, ...a.capture]));
  },

  view(s, seat) {
    const over = finished(s);
    return {
      ...fieldsOf(s, ['seats', 'dealer']),
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

  status: (s) => turnStatus(totals(s), finished(s) ? null : s.turn, 'points'),

  sample,
};
