import { allMost, type Card, type RngState, seatList, shuffle, winnersPhrase } from '../../cards';
import { aceToTenDeck, totalModTen } from '../../cards/banking';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Static, type Status, Type } from '../../engine';
import { type DrawnCard, drawForDealer, firstRound } from './dealer-draw';
import { dealerSpecial, isArashi, type Outcome, outcome, type Payout, type Special, settleBets } from './settlement';

export { dealerSpecial, isArashi, outcome, settleBets } from './settlement';

/** Oicho-Kabu, the Japanese banking game played with kabufuda (here ace to ten in four suits). */

export const optionsSchema = Type.Object(
  {
    startingChips: Type.Integer({ minimum: 1, maximum: 100_000, default: 100, description: "each seat's chips at the start" }),
    maxBet: Type.Integer({
      minimum: 1,
      maximum: 100_000,
      default: 50,
      description: 'the round limit: all bets of a round together (never more than the dealer holds)',
    }),
    rounds: Type.Integer({ minimum: 1, maximum: 100, default: 6, description: 'rounds in the game' }),
    ties: Type.Union([Type.Literal('dealer'), Type.Literal('push')], {
      default: 'dealer',
      description: 'a tableau equal to the dealer: the dealer wins the bets, or they are returned (push)',
    }),
    dealerDrawRule: Type.Boolean({
      default: true,
      description:
        "the dealer's third card follows the players' rule (compulsory at 3 or less, refused at 7 or more); off: the dealer's free choice",
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

/** Most chips one bet action stakes; a seat bets again (on the same tableau or another) to stake more. */
export const MAX_BET_STEP = 50;
const Tableau = Type.Integer({ minimum: 0, maximum: 3, description: 'the tableau, 0 to 3 from left to right' });

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('bet'), tableau: Tableau, amount: Type.Integer({ minimum: 1, maximum: MAX_BET_STEP }) },
    { additionalProperties: false, description: 'stake chips on a tableau (adds to what this seat already bet on it)' },
  ),
  Type.Object({ type: Type.Literal('done') }, { additionalProperties: false, description: 'finish betting for this round' }),
  Type.Object(
    { type: Type.Literal('draw'), from: Type.Union([Type.Literal('top'), Type.Literal('bottom'), Type.Literal('fourth')]) },
    {
      additionalProperties: false,
      description: 'the dealer takes a card for his hand: the top, the bottom, or the fourth from the top',
    },
  ),
  Type.Object(
    { type: Type.Literal('thirdCard'), tableau: Tableau, take: Type.Boolean() },
    { additionalProperties: false, description: 'the first bettor asked takes a third card for the tableau, or not' },
  ),
  Type.Object(
    { type: Type.Literal('dealerThirdCard'), take: Type.Boolean() },
    { additionalProperties: false, description: 'the dealer takes a third card, or not' },
  ),
]);
export type Action = Static<typeof actionSchema>;

export type Phase = 'betting' | 'dealerFirst' | 'thirdCards' | 'dealerSecond' | 'dealerThird' | 'over';

export interface Tableau {
  /** The first field card, face up; the second (face down) and the third (face up) as they come. */
  cards: Card[];
  /** Chips bet on it this round, by seat. */
  bets: number[];
}

/** A round as revealed at its end: public history. */
export interface RoundRecord {
  round: number;
  dealer: number;
  order: number[];
  tableaus: { cards: Card[]; total: number; arashi: boolean; bets: number[]; outcome: Outcome }[];
  dealerCards: Card[];
  dealerTotal: number | null;
  special: Special | null;
  payouts: Payout[];
  /** Each seat's chips after the settlement. */
  chips: number[];
}

export interface State {
  options: Options;
  chips: number[];
  /** The round being played, from 1. */
  round: number;
  dealer: number;
  /** The other seats in order of play: bets, and the third-card questions, go this way. */
  order: number[];
  /** How this round's dealer was drawn (none in the first round: seat 0 deals). */
  dealerDraw: DrawnCard[][];
  /** The card dealt face down to each seat but the dealer, seen by its holder only. */
  privateCards: (Card | null)[];
  tableaus: Tableau[];
  dealerCards: Card[];
  phase: Phase;
  /** While betting: the position in `order` of the seat betting. */
  bettor: number;
  /** While asking for third cards: the tableaus still to be asked, in the order asked. */
  asking: number[];
  deck: Card[];
  rng: RngState;
  lastRound: RoundRecord | null;
  /** Seats a round left with no chips: they cannot bet, so the game ended there. */
  broke: number[];
}

const TABLEAUS = [0, 1, 2, 3];
const seatCount = (s: State) => s.chips.length;

/** The round limit: maxBet, and never more than the dealer can cover. */
export const roundLimit = (s: State): number => Math.min(s.options.maxBet, s.chips[s.dealer]);
const betTotal = (s: State) => s.tableaus.reduce((sum, t) => sum + t.bets.reduce((a, b) => a + b, 0), 0);
const ownBets = (s: State, seat: number) => s.tableaus.reduce((sum, t) => sum + t.bets[seat], 0);
/** What `seat` may still stake: its chips not yet bet, within what is left of the round limit. */
const canStake = (s: State, seat: number) => Math.min(roundLimit(s) - betTotal(s), s.chips[seat] - ownBets(s, seat));

/** The seat that decides a tableau's third card: the first of its bettors in the order of play. */
export const decider = (s: State, tableau: number): number | null =>
  s.order.find((seat) => s.tableaus[tableau].bets[seat] > 0) ?? null;

/** Third-card rule: 3 or less must draw, 7 or more may not, 4 to 6 chooses. */
export function thirdCardRule(total: number): 'must' | 'may' | 'refused' {
  if (total <= 3) return 'must';
  if (total >= 7) return 'refused';
  return 'may';
}

/** Deals a round: one private card face down to each seat in order of play, then the first field left to right. */
function startRound(
  base: Omit<State, 'privateCards' | 'tableaus' | 'dealerCards' | 'phase' | 'bettor' | 'asking' | 'deck'>,
  deck: Card[],
): State {
  const privateCards: (Card | null)[] = Array(base.chips.length).fill(null);
  base.order.forEach((seat, i) => {
    privateCards[seat] = deck[i];
  });
  const first = deck.slice(base.order.length, base.order.length + 4);
  const tableaus = first.map((c) => ({ cards: [c], bets: Array(base.chips.length).fill(0) }));
  return {
    ...base,
    privateCards,
    tableaus,
    dealerCards: [],
    phase: 'betting',
    bettor: 0,
    asking: [],
    deck: deck.slice(base.order.length + 4),
  };
}

/** Takes the top, the bottom or the fourth card from the top. */
function takeFrom(deck: readonly Card[], from: 'top' | 'bottom' | 'fourth'): [Card, Card[]] {
  const at = from === 'top' ? 0 : from === 'fourth' ? 3 : deck.length - 1;
  return [deck[at], deck.filter((_, i) => i !== at)];
}

function addThird(s: State, tableau: number): State {
  return {
    ...s,
    tableaus: s.tableaus.map((t, i) => (i === tableau ? { ...t, cards: [...t.cards, s.deck[0]] } : t)),
    deck: s.deck.slice(1),
  };
}

/** Deals the compulsory third cards and passes over the refused ones, stopping at a tableau whose bettor may choose. */
function askOn(s: State): State {
  let next = s;
  while (next.asking.length > 0) {
    const [t, ...rest] = next.asking;
    const rule = thirdCardRule(totalModTen(next.tableaus[t].cards));
    if (rule === 'may') return next;
    next = { ...(rule === 'must' ? addThird(next, t) : next), asking: rest };
  }
  return { ...next, phase: 'dealerSecond' };
}

/** After the dealer looks at his two cards: shippin or kuppin ends the round; otherwise his third card. */
function dealerLooks(s: State): State {
  if (dealerSpecial(s.dealerCards)) return endRound(s);
  if (!s.options.dealerDrawRule) return { ...s, phase: 'dealerThird' };
  const rule = thirdCardRule(totalModTen(s.dealerCards));
  if (rule === 'may') return { ...s, phase: 'dealerThird' };
  return endRound(rule === 'must' ? dealerThird(s) : s);
}

function dealerThird(s: State): State {
  return { ...s, dealerCards: [...s.dealerCards, s.deck[0]], deck: s.deck.slice(1) };
}

/** After betting: the dealer's first card, unless nobody bet (then the round is over at once). */
function endBetting(s: State): State {
  return betTotal(s) === 0 ? endRound(s) : { ...s, phase: 'dealerFirst' };
}

function nextBettor(s: State): State {
  const bettor = s.bettor + 1;
  return bettor >= s.order.length ? endBetting(s) : { ...s, bettor };
}

/** Reveals and settles the round, then ends the game or draws for the next dealer and deals again. */
function endRound(s: State): State {
  const played = s.dealerCards.length > 0;
  const outcomes = s.tableaus.map((t) => outcome(t.cards, s.dealerCards, s.options.ties, played && t.bets.some((b) => b > 0)));
  const { payouts, chips } = settleBets(
    s.tableaus.map((t) => t.bets),
    outcomes,
    s.order,
    s.dealer,
    s.chips,
  );
  const lastRound: RoundRecord = {
    round: s.round,
    dealer: s.dealer,
    order: s.order,
    tableaus: s.tableaus.map((t, i) => ({
      cards: t.cards,
      total: totalModTen(t.cards),
      arashi: isArashi(t.cards),
      bets: t.bets,
      outcome: outcomes[i],
    })),
    dealerCards: s.dealerCards,
    dealerTotal: played ? totalModTen(s.dealerCards) : null,
    special: dealerSpecial(s.dealerCards),
    payouts,
    chips,
  };
  // A seat with no chips cannot bet (nor bank): the game ends.
  const broke = chips.flatMap((c, seat) => (c === 0 ? [seat] : []));
  if (s.round >= s.options.rounds || broke.length > 0) return { ...s, chips, lastRound, broke, phase: 'over' };
  const choice = drawForDealer(seatCount(s), s.rng);
  const [deck, rng] = shuffle(aceToTenDeck(), choice.rng);
  const base = {
    ...s,
    chips,
    lastRound,
    round: s.round + 1,
    dealer: choice.dealer,
    order: choice.order,
    dealerDraw: choice.passes,
    rng,
  };
  return startRound(base, deck);
}

function toAct(s: State): number[] {
  switch (s.phase) {
    case 'betting':
      return [s.order[s.bettor]];
    case 'thirdCards':
      return [decider(s, s.asking[0]) as number];
    case 'over':
      return [];
    default:
      return [s.dealer];
  }
}

export const oichoKabu: Game<State, Action, Options> = {
  kind: 'oicho-kabu',
  title: 'Oicho-Kabu',
  seats: { min: 2, max: 7 },
  optionsSchema,
  actionSchema,
  rules: [
    'Forty cards, ace to ten in four suits (the kabufuda numbers 1 to 10). A hand is worth the last digit of its sum: 0 to 9, 9 best.',
    'Each seat starts with startingChips (100). One seat is the dealer (the bank); the others bet against it on four tableaus.',
    "Seat 0 deals the first round, and the others play in seat order from its right (seat 1, 2, ...). For every later round each seat draws a card from a freshly shuffled deck (seat order); the lowest is the dealer, and seats tied for the lowest draw again. The others then play from the dealer's right in the order of the cards they drew, lowest first (equal draws keep their order around the table from the dealer's right).",
    'The deck is shuffled again, each seat but the dealer gets one private card face down (seen by it alone, not used in play), and four cards are dealt face up: the first field of the tableaus 0 to 3.',
    `Betting goes once around in the order of play. On its turn a seat stakes chips on any tableaus, one bet at a time (1 to ${MAX_BET_STEP} chips per bet action; bet again to stake more), then says done. All bets of the round together may not exceed maxBet (50), nor the dealer's chips; a seat may not stake more than it holds. A seat may bet nothing. If nobody bets, the round ends there.`,
    'Then the dealer takes his first card, face down and unseen even by him: the top, the bottom or the fourth card from the top of the deck (his choice). Four cards are dealt face down from the top, the second field: each is seen only by the seats that bet on that tableau.',
    'Third cards: tableaus that have bets are asked in the order of play of their first bettor (a seat deciding several, left to right); the first bettor in the order of play decides for everyone on that tableau. At 3 or less a third card is compulsory (dealt at once), at 7 or more it is refused, at 4 to 6 the decider chooses. A third card comes from the top, face up. A tableau nobody bet on takes no third card.',
    "The dealer then takes his second card (top, bottom or fourth, his choice) and looks at both. Shippin (first card a 4, second an ace) and kuppin (first a 9, second an ace) win every bet at once, arashi included; the reverse order counts for nothing. Otherwise the dealer's third card (from the top, face up) follows the same rule when dealerDrawRule is on (default), and is his free choice when it is off.",
    'Settlement, tableau by tableau: arashi (first, second and third card all the same number) wins triple: the bet back plus twice the bet. Otherwise a higher total than the dealer wins even money, a lower one loses the bet to the dealer, and a tie goes by the option ties: "dealer" (default) the dealer wins it, "push" the bet is returned. Lost bets are collected first; if arashi leaves the bank short, winners are paid in order (tableau by tableau, bettors in order of play) while the dealer has chips.',
    'The game ends after rounds rounds (6), or after a round that leaves a seat with no chips (it cannot bet). Most chips wins; equal most share the win.',
  ].join('\n'),
  dealing: [
    'Round 1 uses the deck as given (seat 0 deals); later rounds draw for the dealer from one shuffle and deal from a second shuffle.',
    'From the top: one private card to each seat but the dealer in order of play (round 1: seat 1, 2, ...), then four cards face up to tableaus 0, 1, 2, 3.',
    "After betting, the dealer's first card: the top, bottom or fourth card from the top of what is left, as he chooses; then four cards from the top face down to tableaus 0 to 3 (the second field).",
    "Third cards from the top, in the order the tableaus are asked; then the dealer's second card (top, bottom or fourth, as he chooses) and his third card from the top.",
  ].join('\n'),

  cards: () => aceToTenDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, aceToTenDeck());
    const { dealer, order } = firstRound(ctx.seats);
    const base = {
      options: { ...ctx.options },
      chips: Array(ctx.seats).fill(ctx.options.startingChips),
      round: 1,
      dealer,
      order,
      dealerDraw: [],
      rng,
      lastRound: null,
      broke: [],
    };
    return startRound(base, deck);
  },

  legalActions(s, seat) {
    if (!toAct(s).includes(seat)) return [];
    switch (s.phase) {
      case 'betting': {
        const most = Math.min(canStake(s, seat), MAX_BET_STEP);
        const bets = TABLEAUS.flatMap((tableau) =>
          Array.from({ length: most }, (_, i) => ({ type: 'bet' as const, tableau, amount: i + 1 })),
        );
        return [...bets, { type: 'done' }];
      }
      case 'dealerFirst':
      case 'dealerSecond':
        return (['top', 'bottom', 'fourth'] as const).map((from) => ({ type: 'draw', from }));
      case 'thirdCards': {
        const tableau = s.asking[0];
        return [
          { type: 'thirdCard', tableau, take: true },
          { type: 'thirdCard', tableau, take: false },
        ];
      }
      case 'dealerThird':
        return [
          { type: 'dealerThirdCard', take: true },
          { type: 'dealerThirdCard', take: false },
        ];
      default:
        return [];
    }
  },

  apply(s, seat, action) {
    if (s.phase === 'over') throw new IllegalMove('the game is over');
    const waiting = toAct(s)[0];
    switch (action.type) {
      case 'bet': {
        if (s.phase !== 'betting') throw new IllegalMove('betting is over for this round');
        if (seat === s.dealer) throw new IllegalMove('the dealer does not bet');
        if (seat !== waiting) throw new IllegalMove(`it is seat ${waiting}'s turn to bet`);
        if (!Number.isInteger(action.tableau) || action.tableau < 0 || action.tableau > 3)
          throw new IllegalMove('there are four tableaus, 0 to 3');
        if (!Number.isInteger(action.amount) || action.amount < 1 || action.amount > MAX_BET_STEP) {
          throw new IllegalMove(`a bet is 1 to ${MAX_BET_STEP} chips (bet again to stake more)`);
        }
        if (action.amount > s.chips[seat] - ownBets(s, seat))
          throw new IllegalMove('you do not have that many chips left to bet');
        const left = roundLimit(s) - betTotal(s);
        if (action.amount > left) throw new IllegalMove(`only ${left} more chips may be bet this round`);
        const tableaus = s.tableaus.map((t, i) =>
          i === action.tableau ? { ...t, bets: t.bets.map((b, j) => (j === seat ? b + action.amount : b)) } : t,
        );
        const next = { ...s, tableaus };
        if (roundLimit(next) - betTotal(next) === 0) return endBetting(next);
        return canStake(next, seat) === 0 ? nextBettor(next) : next;
      }
      case 'done':
        if (s.phase !== 'betting') throw new IllegalMove('betting is over for this round');
        if (seat !== waiting) throw new IllegalMove(`it is seat ${waiting}'s turn to bet`);
        return nextBettor(s);
      case 'draw': {
        if (s.phase !== 'dealerFirst' && s.phase !== 'dealerSecond')
          throw new IllegalMove('the dealer draws only before the second field and after the third cards');
        if (seat !== s.dealer) throw new IllegalMove('only the dealer draws for his hand');
        if (!['top', 'bottom', 'fourth'].includes(action.from))
          throw new IllegalMove('the dealer draws the top, the bottom or the fourth card');
        const [card, deck] = takeFrom(s.deck, action.from);
        const next = { ...s, dealerCards: [...s.dealerCards, card], deck };
        if (s.phase === 'dealerSecond') return dealerLooks(next);
        // The second field: four cards face down from the top, one to each tableau.
        const tableaus = next.tableaus.map((t, i) => ({ ...t, cards: [...t.cards, deck[i]] }));
        const asking = TABLEAUS.filter((t) => decider(next, t) !== null).sort(
          (a, b) => next.order.indexOf(decider(next, a) as number) - next.order.indexOf(decider(next, b) as number) || a - b,
        );
        return askOn({ ...next, tableaus, deck: deck.slice(4), asking, phase: 'thirdCards' });
      }
      case 'thirdCard': {
        if (s.phase !== 'thirdCards') throw new IllegalMove('no third card is being asked for now');
        if (seat !== waiting)
          throw new IllegalMove(`seat ${waiting}, the first bettor asked, decides for tableau ${s.asking[0]}`);
        if (action.tableau !== s.asking[0]) throw new IllegalMove(`tableau ${s.asking[0]} is being asked for now`);
        const next = { ...(action.take ? addThird(s, action.tableau) : s), asking: s.asking.slice(1) };
        return askOn(next);
      }
      case 'dealerThirdCard':
        if (s.phase !== 'dealerThird')
          throw new IllegalMove('the dealer decides on a third card only after looking at his two cards');
        if (seat !== s.dealer) throw new IllegalMove('only the dealer decides on his third card');
        return endRound(action.take ? dealerThird(s) : s);
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  view(s, seat) {
    const seesAll = s.phase === 'over';
    const dealerLooked = s.dealerCards.length >= 2 && s.phase !== 'dealerSecond';
    const tableaus = s.tableaus.map((t, i) => {
      const bettor = seat !== null && t.bets[seat] > 0;
      const seen = seesAll || bettor;
      const cards = t.cards.map((c, k) => (k === 1 && !seen ? 'face-down' : c));
      return {
        cards,
        total: t.cards.length === 1 || seen ? totalModTen(t.cards) : null,
        bets: t.bets,
        decider: decider(s, i),
      };
    });
    const dealerSees = seesAll || (seat === s.dealer && dealerLooked);
    const dealerCards = s.dealerCards.map((c, k) => (k < 2 && !dealerSees ? 'face-down' : c));
    return {
      seat,
      round: s.round,
      rounds: s.options.rounds,
      phase: s.phase,
      toAct: toAct(s),
      dealer: s.dealer,
      order: s.order,
      dealerDraw: s.dealerDraw,
      options: s.options,
      chips: s.chips,
      roundLimit: roundLimit(s),
      betTotal: betTotal(s),
      privateCard: seat === null ? null : s.privateCards[seat],
      privateCards: seesAll ? s.privateCards : null,
      tableaus,
      asking: s.phase === 'thirdCards' ? s.asking[0] : null,
      dealerCards,
      dealerTotal: dealerSees && s.dealerCards.length > 0 ? totalModTen(s.dealerCards) : null,
      deckCount: s.deck.length,
      lastRound: s.lastRound,
    };
  },

  status(s): Status {
    const scores = [...s.chips];
    if (s.phase !== 'over') return { toAct: toAct(s), finished: false, scores };
    const winners = allMost(scores);
    const who = winnersPhrase(winners);
    const why =
      s.broke.length > 0 ? `${seatList(s.broke)} had no chips left to bet` : `after ${s.round} round${s.round === 1 ? '' : 's'}`;
    return { toAct: [], finished: true, scores, result: { winners, summary: `${who} with ${scores[winners[0]]} chips, ${why}` } };
  },
};
