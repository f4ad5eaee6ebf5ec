import { allMost, type Card, deal, shuffle, winnersPhrase } from '../../cards';
import { aceToTenDeck, totalModTen } from '../../cards/banking';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { sample } from './sample';
import {
  type Action,
  actionSchema,
  type DealRecord,
  type Options,
  optionsSchema,
  type Payment,
  type State,
  type View,
  viewSchema,
} from './state';

export * from './state';

/** Most cards a seat may draw in one deal (a four-card hand at most). */
export const MAX_DRAWS = 2;

export const defaultStartingChips = (seats: number): number => 10 + 15 * seats;

/**
 * Every seat pays every seat with a higher total the difference. A seat that owes more than the chips
 * it held before the settlement pays nothing; every other payment is made (the defaulter still collects).
 */
export function settle(totals: readonly number[], chips: readonly number[]): Pick<DealRecord, 'payments' | 'defaults' | 'chips'> {
  const seats = totals.length;
  const owed = totals.map((mine) => totals.reduce((sum, theirs) => sum + Math.max(0, theirs - mine), 0));
  const defaults = owed.flatMap((o, seat) => (o > chips[seat] ? [{ seat, owed: o, chips: chips[seat] }] : []));
  const payments: Payment[] = [];
  const after = [...chips];
  for (let from = 0; from < seats; from++) {
    if (owed[from] > chips[from]) continue;
    for (let to = 0; to < seats; to++) {
      const amount = totals[to] - totals[from];
      if (amount <= 0) continue;
      payments.push({ from, to, amount });
      after[from] -= amount;
      after[to] += amount;
    }
  }
  return { payments, defaults, chips: after };
}

const isDone = (s: State, seat: number) => s.stood[seat] || s.draws[seat] >= MAX_DRAWS;

/** Deals two cards to each seat, one at a time from the dealer's left, the dealer last; the first to act is the dealer's left. */
function startDeal(base: Omit<State, 'hands' | 'draws' | 'stood' | 'turn' | 'stock'>, deck: Card[]): State {
  const seats = base.chips.length;
  const left = (base.dealer + 1) % seats;
  const { hands, stock } = deal(deck, { seats, count: 2, first: left });
  return { ...base, hands, draws: Array(seats).fill(0), stood: Array(seats).fill(false), turn: left, stock };
}

/** The next seat after `seat` going left that still draws this deal (possibly `seat` itself), or null. */
function nextToAct(s: State, seat: number): number | null {
  const seats = s.chips.length;
  for (let k = 1; k <= seats; k++) {
    const next = (seat + k) % seats;
    if (!isDone(s, next)) return next;
  }
  return null;
}

/** Reveals the hands, settles, and either ends the game or deals again with the next dealer and a new shuffle. */
function endDeal(s: State): State {
  const totals = s.hands.map(totalModTen);
  const settled = settle(totals, s.chips);
  const lastDeal: DealRecord = { deal: s.deal, dealer: s.dealer, hands: s.hands, totals, ...settled };
  if (settled.defaults.length > 0) return { ...s, chips: settled.chips, lastDeal, turn: null, finished: true };
  const [deck, rng] = shuffle(aceToTenDeck(), s.rng);
  const dealer = (s.dealer + 1) % s.chips.length;
  return startDeal({ ...s, chips: settled.chips, lastDeal, rng, dealer, deal: s.deal + 1 }, deck);
}

/** Kabu, Sid Sackson's Western version of the Japanese banking game (Card Games Around the World). */
export const kabu: Game<State, Action, Options, View> = {
  kind: 'kabu',
  title: 'Kabu',
  blurb:
    'Draw up to two more cards or stand: a hand counts the last digit of its sum, 9 best, and every lower hand pays you the difference.',
  seats: { min: 2, max: 6 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules: [
    'A forty-card deck: ace to ten in four suits. Aces count one, every other card its pips; a hand is worth the last digit of its sum (0 to 9; 9 is best).',
    'Each seat starts with the chips of option startingChips; by default (null) ten plus fifteen per seat, as Sackson recommends (40 for two seats, 55 for three...).',
    'Each deal the whole deck is shuffled and every seat gets two cards face down. Seat 0 deals first; the deal passes to the left (the next seat number) every deal.',
    "Drawing goes around the table from the dealer's left, the dealer last: on its turn a seat draws the top card of the stock (face down) or stands.",
    'Standing is final for that deal, and a seat that has drawn twice (four cards) is done; the rounds go on, skipping seats that are done, until every seat is done.',
    'Then the hands are revealed and every seat pays every seat with a higher total the difference (7 against 4: three chips). Equal totals pay nothing.',
    'A seat that owes more than the chips it held before that settlement pays nothing; every other payment of that deal is made (it still collects from lower totals), and the game ends.',
    'Most chips at the end wins; equal most chips share the win.',
    "When a seat's time runs out, it stands.",
    "Views show a seat its own cards only, the other hands as counts, and the previous deal's revealed hands and payments.",
  ].join('\n'),
  dealing:
    "Every deal uses the whole forty-card deck. From the top, one card at a time to each seat starting at the dealer's left (seat 1 when seat 0 deals the first deal) and ending with the dealer, twice around; the rest is the stock, and every draw takes its top card.",

  cards: () => aceToTenDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, aceToTenDeck());
    const startingChips = ctx.options.startingChips ?? defaultStartingChips(ctx.seats);
    const base = {
      startingChips,
      chips: Array(ctx.seats).fill(startingChips),
      deal: 1,
      dealer: 0,
      rng,
      lastDeal: null,
      finished: false,
    };
    return startDeal(base, deck);
  },

  legalActions(s, seat) {
    if (s.finished || s.turn !== seat) return [];
    return [{ type: 'draw' }, { type: 'stand' }];
  },

  apply(s, seat, action) {
    if (s.finished) throw new IllegalMove('the game is over');
    if (action.type !== 'draw' && action.type !== 'stand')
      throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    if (s.stood[seat]) throw new IllegalMove('you have stood: standing is final for this deal');
    if (s.draws[seat] >= MAX_DRAWS) throw new IllegalMove('you have drawn twice: a hand holds four cards at most');
    if (s.turn !== seat) throw new IllegalMove(`it is seat ${s.turn}'s turn to draw or stand`);
    const next: State =
      action.type === 'draw'
        ? {
            ...s,
            hands: s.hands.map((h, i) => (i === seat ? [...h, s.stock[0]] : h)),
            draws: s.draws.map((d, i) => (i === seat ? d + 1 : d)),
            stock: s.stock.slice(1),
          }
        : { ...s, stood: s.stood.map((st, i) => st || i === seat) };
    const turn = nextToAct(next, seat);
    return turn === null ? endDeal(next) : { ...next, turn };
  },

  // Standing commits no chips and takes no card: the least a seat can do.
  defaultAction: () => ({ type: 'stand' }),

  view(s, seat) {
    return {
      seat,
      deal: s.deal,
      dealer: s.dealer,
      turn: s.turn,
      phase: s.finished ? 'finished' : 'drawing',
      startingChips: s.startingChips,
      chips: s.chips,
      hand: seat === null || s.finished ? null : s.hands[seat],
      // Once the game is over every card is public (the last deal is also in lastDeal).
      hands: s.finished ? s.hands : null,
      handCounts: s.hands.map((h) => h.length),
      draws: s.draws,
      stood: s.stood,
      stockCount: s.stock.length,
      lastDeal: s.lastDeal,
    };
  },

  status(s): Status {
    const scores = [...s.chips];
    if (!s.finished) return { toAct: s.turn === null ? [] : [s.turn], finished: false, scores };
    const winners = allMost(scores);
    const best = scores[winners[0]];
    const broke = (s.lastDeal?.defaults ?? []).map((d) => `seat ${d.seat} could not pay ${d.owed} with ${d.chips}`).join('; ');
    const who = winnersPhrase(winners);
    return { toAct: [], finished: true, scores, result: { winners, summary: `${who} with ${best} chips (${broke})` } };
  },

  sample,
};
