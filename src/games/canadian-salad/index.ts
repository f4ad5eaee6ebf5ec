import { allLeast, type Card, compareCards, deal, rankNumberAceHigh, shuffle } from '../../cards';
import {
  cardsAllowed,
  ledSuit,
  newTrick,
  nextDealer,
  nextSeat,
  refusal,
  seatToPlay,
  type Trick,
  trickComplete,
  trickWinner,
} from '../../cards/tricks';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { sample } from './sample';
import {
  type Action,
  actionSchema,
  DEALS,
  type DealRecord,
  dealPoints,
  type Options,
  optionsSchema,
  type State,
  saladDeck,
  type View,
  viewSchema,
} from './state';

export * from './state';

/** What scores in each deal, in order: the sixth scores all five. */
export const CONDITIONS = [
  'each trick taken scores 10',
  'each heart taken scores 10',
  'each queen taken scores 25',
  'taking the K♠ scores 100',
  'taking the last trick scores 100',
  'all five: 10 a trick, 10 a heart, 25 a queen, 100 for the K♠, 100 for the last trick',
] as const;

/** A new deal by `dealer`: the whole deck one card at a time from the dealer's left. */
function dealt(s: Pick<State, 'seats' | 'deal' | 'dealer' | 'scores' | 'lastDeal' | 'rng'>, deck: Card[]): State {
  const first = nextSeat(s.dealer, s.seats);
  const { hands } = deal(deck, { seats: s.seats, count: deck.length / s.seats, first });
  return {
    ...s,
    phase: 'play',
    hands,
    trick: newTrick(first),
    lastTrick: null,
    taken: hands.map(() => []),
    tricks: hands.map(() => 0),
  };
}

/** After the last trick: score the deal, then end after the sixth or deal the next from the next dealer. */
function scored(s: State, lastTrickWinner: number): State {
  const points = dealPoints(s.deal, s.taken, s.tricks, lastTrickWinner);
  const scores = s.scores.map((v, seat) => v + points[seat]);
  const lastDeal: DealRecord = { deal: s.deal, dealer: s.dealer, tricks: s.tricks, points, lastTrickWinner };
  if (s.deal === DEALS) return { ...s, phase: 'over', scores, lastDeal };
  const [deck, rng] = shuffle(saladDeck(s.seats), s.rng);
  return dealt({ seats: s.seats, deal: s.deal + 1, dealer: nextDealer(s.dealer, s.seats), scores, lastDeal, rng }, deck);
}

function played(s: State, seat: number, card: Card): State {
  const hands = s.hands.map((h, i) => (i === seat ? h.filter((c) => c !== card) : h));
  const trick: Trick = { leader: s.trick.leader, plays: [...s.trick.plays, { seat, card }] };
  if (!trickComplete(trick, s.seats)) return { ...s, hands, trick };
  // No trumps: the highest card of the suit led wins, aces high.
  const winner = trickWinner(trick.plays).seat;
  const taken = s.taken.map((t, i) => (i === winner ? [...t, ...trick.plays.map((p) => p.card)] : t));
  const tricks = s.tricks.map((n, i) => (i === winner ? n + 1 : n));
  const after: State = { ...s, hands, trick: newTrick(winner), lastTrick: { plays: trick.plays, winner }, taken, tricks };
  return hands.every((h) => h.length === 0) ? scored(after, winner) : after;
}

/** The lowest card a seat may play (aces high; of equal ranks the first in ♠ ♥ ♦ ♣ order): what a clock plays. */
export function lowestPlay(s: State, seat: number): Card {
  return cardsAllowed(s.hands[seat], ledSuit(s.trick)).reduce((low, c) =>
    (rankNumberAceHigh(c) - rankNumberAceHigh(low) || compareCards(c, low)) < 0 ? c : low,
  );
}

/** Canadian Salad (Wisconsin Scramble): six deals, each with its own cards to avoid, the last with all of them. */
export const canadianSalad: Game<State, Action, Options, View> = {
  kind: 'canadian-salad',
  title: 'Canadian Salad',
  blurb:
    'Six deals of tricks, each with its own penalty (tricks, hearts, queens, the K♠, the last trick, then all at once): the lowest total wins.',
  seats: { min: 3, max: 6 },
  optionsSchema,
  actionSchema,
  viewSchema,
  lowScoreWins: true,
  rules: [
    'Three to six seats, each for itself. A 52-card deck, less the 2♣ with three seats, the 2♣ and 2♦ with five, the 2♣ 3♣ 2♦ 3♦ with six, so that all hands are equal (17, 13, 10 or 8 cards).',
    'Six deals. Seat 0 deals first and the deal passes to the left; the whole deck is dealt.',
    'The seat on the dealer’s left leads to the first trick; any card may be led. Follow suit if able, otherwise play any card. No trumps: the highest card of the suit led wins, aces high. The winner takes the trick and leads the next.',
    'Points are bad. Deal 1: 10 for each trick taken. Deal 2: 10 for each heart taken. Deal 3: 25 for each queen taken. Deal 4: 100 for taking the K♠. Deal 5: 100 for taking the last trick. Deal 6: all five at once.',
    'Each deal is scored after its last trick. After the sixth deal the lowest total wins; equal lowest totals share the win.',
    'When a seat’s time runs out it plays its lowest legal card, aces high.',
  ].join('\n'),
  dealing:
    'Seat 0 deals first, then the deal passes to the left. The whole deck is dealt one card at a time from the top, first to the seat on the dealer’s left and on round the table, until it is gone. First deal with four seats: cards 1, 5, 9 ... to seat 1, cards 4, 8 ... to seat 0.',

  cards: (seats) => saladDeck(seats),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, saladDeck(ctx.seats));
    return dealt({ seats: ctx.seats, deal: 1, dealer: 0, scores: Array(ctx.seats).fill(0), lastDeal: null, rng }, deck);
  },

  legalActions(s, seat) {
    if (s.phase !== 'play' || seat !== seatToPlay(s.trick, s.seats)) return [];
    return cardsAllowed(s.hands[seat], ledSuit(s.trick)).map((card) => ({ type: 'play' as const, card }));
  },

  apply(s, seat, action) {
    if (s.phase === 'over') throw new IllegalMove('the game is over');
    if (action.type !== 'play') throw new IllegalMove(`unknown action ${action.type}`);
    const turn = seatToPlay(s.trick, s.seats);
    if (seat !== turn) throw new IllegalMove(`it is seat ${turn}'s turn to play`);
    const why = refusal(s.hands[seat], action.card, ledSuit(s.trick));
    if (why) throw new IllegalMove(why);
    return played(s, seat, action.card);
  },

  defaultAction: (s, seat) => ({ type: 'play', card: lowestPlay(s, seat) }),

  view(s, seat) {
    const over = s.phase === 'over';
    return {
      phase: s.phase,
      toAct: canadianSalad.status(s).toAct,
      deal: s.deal,
      condition: CONDITIONS[s.deal - 1],
      dealer: s.dealer,
      hand: seat === null ? null : s.hands[seat],
      handCounts: s.hands.map((h) => h.length),
      trick: s.trick,
      lastTrick: s.lastTrick,
      tricks: s.tricks,
      // Every card taken was seen played: what each seat has scored so far this deal is public.
      points: over ? s.lastDeal!.points : dealPoints(s.deal, s.taken, s.tricks, null),
      taken: over ? s.taken : null,
      scores: s.scores,
      lastDeal: s.lastDeal,
    };
  },

  status(s): Status {
    if (s.phase === 'play') return { toAct: [seatToPlay(s.trick, s.seats)], finished: false, scores: s.scores };
    const winners = allLeast(s.scores);
    const low = s.scores[winners[0]];
    const summary =
      winners.length === 1 ? `seat ${winners[0]} wins with ${low}` : `seats ${winners.join(', ')} share the win with ${low} each`;
    return { toAct: [], finished: true, scores: s.scores, result: { winners, summary } };
  },
  sample,
};
