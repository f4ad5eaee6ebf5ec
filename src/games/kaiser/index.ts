import { buildDeck, type Card, deal, isFace, type RngState, rankOf, SUITS, type Suit, shuffle, teamOf } from '../../cards';
import {
  cardsAllowed,
  ledSuit,
  newTrick,
  nextDealer,
  nextSeat,
  refusal,
  seatsOfSide,
  seatToPlay,
  type Trick,
  type TrickPlay,
  trickComplete,
  trickWinner,
} from '../../cards/tricks';
import { CardCode, type Game, IllegalMove, openingDeck, type SetupContext, type Static, type Status, Type } from '../../engine';
import {
  ALL_BIDS,
  type Bid,
  bidName,
  bidRank,
  FIVE_OF_HEARTS,
  MAXIMUM_BID,
  MINIMUM_BID,
  scoreDeal,
  THREE_OF_SPADES,
  trickValue,
} from './scoring';

export * from './scoring';

/** Kaiser (Joffre, Three-Spot, Troika): four seats in partnerships, bidding for the 5♥ and against the 3♠. */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 10,
      maximum: 500,
      default: 52,
      description: 'the game ends after a deal at which a side has this many points or more (52)',
    }),
    loseAt: Type.Union([Type.Integer({ minimum: -500, maximum: -1 }), Type.Null()], {
      default: -52,
      description: 'a side at this score or below after a deal loses (the common rule, -52); null: only the target ends the game',
    }),
    failedContract: Type.Union([Type.Literal('tricks'), Type.Literal('bid')], {
      default: 'tricks',
      description: 'declarers who fail lose the value of their tricks (tricks, the text) or the amount of the bid (bid)',
    }),
    openingLead: Type.Union([Type.Literal('dealer-left'), Type.Literal('bidder')], {
      default: 'dealer-left',
      description: 'who leads to the first trick: the seat on the dealer’s left (the text) or the highest bidder',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const SuitCode = Type.Union([Type.Literal('S'), Type.Literal('H'), Type.Literal('D'), Type.Literal('C')], {
  description: 'S spades, H hearts, D diamonds, C clubs',
});

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('misdeal') },
    { additionalProperties: false, description: 'throw in a hand with no ace, no face card, neither 5♥ nor 3♠, before any bid' },
  ),
  Type.Object({ type: Type.Literal('pass') }, { additionalProperties: false, description: 'pass in the bidding' }),
  Type.Object(
    {
      type: Type.Literal('bid'),
      points: Type.Integer({ minimum: MINIMUM_BID, maximum: MAXIMUM_BID }),
      noTrump: Type.Boolean({ description: 'a no-trump bid ("seven no") outranks the same number' }),
    },
    { additionalProperties: false, description: 'bid a number of points, with trumps or at no trump' },
  ),
  Type.Object(
    { type: Type.Literal('trump'), suit: SuitCode },
    { additionalProperties: false, description: 'the highest bidder names the trump suit' },
  ),
  Type.Object(
    { type: Type.Literal('play'), card: CardCode },
    { additionalProperties: false, description: 'play a card to the trick' },
  ),
]);
export type Action = Static<typeof actionSchema>;

export const SEATS = 4;
export const HAND_SIZE = 8;
/** The defenders' limit is 45 when playing to 52: seven below the target. */
const DEFENDER_MARGIN = 7;

/** One call of the bidding: a bid, or null for a pass. */
export interface Call {
  seat: number;
  bid: Bid | null;
}

export interface Contract extends Bid {
  seat: number;
}

/** What a finished deal came to, kept for the score sheet. */
export interface DealRecord {
  dealer: number;
  contract: Contract;
  trump: Suit | null;
  tricks: [number, number];
  values: [number, number];
  made: boolean;
  /** What each side added to its score (negative: lost). */
  changes: [number, number];
  scores: [number, number];
}

export interface State {
  options: Options;
  phase: 'bidding' | 'trump' | 'play' | 'over';
  dealer: number;
  hands: Card[][];
  calls: Call[];
  contract: Contract | null;
  trump: Suit | null;
  trick: Trick;
  lastTrick: { plays: TrickPlay[]; winner: number } | null;
  /** The cards each side has taken this deal (side 0: seats 0 and 2). */
  taken: [Card[], Card[]];
  tricks: [number, number];
  scores: [number, number];
  /** Deals scored so far, and how the last one went (the move log keeps the whole score sheet). */
  dealsPlayed: number;
  lastDeal: DealRecord | null;
  /** Misdeals declared in the whole match, for the record. */
  misdeals: number;
  rng: RngState;
}

/** The 32 cards: A K Q J T 9 8 7 of each suit, less the 7♥ and 7♠, with the 5♥ and 3♠ in their place. */
export function kaiserDeck(): Card[] {
  return buildDeck({
    ranks: ['A', 'K', 'Q', 'J', 'T', '9', '8', '7'],
    without: ['7H', '7S'],
    with: [FIVE_OF_HEARTS, THREE_OF_SPADES],
  });
}

/** A hand with no ace, no face card, neither 5♥ nor 3♠ may be thrown in. */
export function misdealHand(hand: readonly Card[]): boolean {
  return !hand.some((c) => rankOf(c) === 'A' || isFace(c) || c === FIVE_OF_HEARTS || c === THREE_OF_SPADES);
}

const sideOf = (seat: number) => teamOf(seat, 2);
const SIDES = [seatsOfSide(0, SEATS), seatsOfSide(1, SEATS)];

/** A new deal by `dealer`: eight cards each, one at a time from the dealer's left. */
function dealt(
  s: Omit<State, 'hands' | 'phase' | 'calls' | 'contract' | 'trump' | 'trick' | 'lastTrick' | 'taken' | 'tricks'>,
  deck: Card[],
): State {
  const { hands } = deal(deck, { seats: SEATS, count: HAND_SIZE, first: nextSeat(s.dealer, SEATS) });
  return {
    ...s,
    phase: 'bidding',
    hands,
    calls: [],
    contract: null,
    trump: null,
    trick: newTrick(nextSeat(s.dealer, SEATS)),
    lastTrick: null,
    taken: [[], []],
    tricks: [0, 0],
  };
}

function shuffled(s: State, dealer: number): State {
  const [deck, rng] = shuffle(kaiserDeck(), s.rng);
  return dealt({ ...s, dealer, rng }, deck);
}

/** The seat whose call is next: dealer's left first, the dealer last. */
const bidder = (s: State) => nextSeat(s.dealer, SEATS, s.calls.length + 1);

/** The winning call so far: the dealer, calling last, takes it by equalling. */
function highBid(s: State): Call | undefined {
  let best: Call | undefined;
  for (const c of s.calls) if (c.bid && (!best?.bid || bidRank(c.bid) >= bidRank(best.bid))) best = c;
  return best;
}

/** The bids open to the seat calling now: above the high bid; the dealer may equal it, and must bid when all have passed. */
function biddable(s: State): Bid[] {
  const high = highBid(s)?.bid;
  const dealerCalls = bidder(s) === s.dealer;
  if (!high) return [...ALL_BIDS];
  return ALL_BIDS.filter((b) => bidRank(b) > bidRank(high) || (dealerCalls && bidRank(b) === bidRank(high)));
}

const mayPass = (s: State) => !(bidder(s) === s.dealer && !highBid(s));

/** After the last trick: score the deal, then end the match or deal again from the next dealer. */
function scored(s: State): State {
  const contract = s.contract!;
  const declaring = sideOf(contract.seat);
  const defending = 1 - declaring;
  const values: [number, number] = [trickValue(s.tricks[0], s.taken[0]), trickValue(s.tricks[1], s.taken[1])];
  const result = scoreDeal({
    contract,
    declarers: values[declaring],
    defenders: values[defending],
    defendersScore: s.scores[defending],
    failedContract: s.options.failedContract,
    defenderLimit: s.options.target - DEFENDER_MARGIN,
  });
  const changes: [number, number] = [0, 0];
  changes[declaring] = result.declarers;
  changes[defending] = result.defenders;
  const scores: [number, number] = [s.scores[0] + changes[0], s.scores[1] + changes[1]];
  const record: DealRecord = {
    dealer: s.dealer,
    contract,
    trump: s.trump,
    tricks: s.tricks,
    values,
    made: result.made,
    changes,
    scores,
  };
  const next = { ...s, scores, dealsPlayed: s.dealsPlayed + 1, lastDeal: record };
  // Ends after a deal at which a side has reached the target or fallen to the floor; equal scores play on.
  const { target, loseAt } = s.options;
  const reached = Math.max(...scores) >= target || (loseAt !== null && Math.min(...scores) <= loseAt);
  const over = reached && scores[0] !== scores[1];
  return over ? { ...next, phase: 'over' } : shuffled(next, nextDealer(s.dealer, SEATS));
}

function played(s: State, seat: number, card: Card): State {
  const hands = s.hands.map((h, i) => (i === seat ? h.filter((c) => c !== card) : h));
  const trick: Trick = { leader: s.trick.leader, plays: [...s.trick.plays, { seat, card }] };
  if (!trickComplete(trick, SEATS)) return { ...s, hands, trick };
  const winner = trickWinner(trick.plays, { trump: s.trump }).seat;
  const side = sideOf(winner);
  const taken: [Card[], Card[]] = [...s.taken];
  taken[side] = [...taken[side], ...trick.plays.map((p) => p.card)];
  const tricks: [number, number] = [...s.tricks];
  tricks[side]++;
  const after: State = { ...s, hands, trick: newTrick(winner), lastTrick: { plays: trick.plays, winner }, taken, tricks };
  return hands.every((h) => h.length === 0) ? scored(after) : after;
}

function toAct(s: State): number[] {
  if (s.phase === 'bidding') return [bidder(s)];
  if (s.phase === 'trump') return [s.contract!.seat];
  if (s.phase === 'play') return [seatToPlay(s.trick, SEATS)];
  return [];
}

export const kaiser: Game<State, Action, Options> = {
  kind: 'kaiser',
  title: 'Kaiser',
  seats: { min: 4, max: 4 },
  optionsSchema,
  actionSchema,
  rules: [
    'Four seats in two partnerships: seats 0 and 2 against seats 1 and 3. The 32 cards are A K Q J 10 9 8 7 of each suit, with the 5♥ in place of the 7♥ and the 3♠ in place of the 7♠; aces high, the 5♥ and 3♠ lowest of their suits.',
    'Seat 0 deals first; the deal passes to the left. Eight cards each.',
    'Misdeal: before the first call, a seat whose hand has no ace, no face card, neither 5♥ nor 3♠ may throw it in; the same dealer deals again from a new shuffle.',
    'Bidding: one round, from the dealer’s left, the dealer last. Each seat passes or bids 6 to 12, with trumps or at no trump; 6, 6 no, 7, 7 no ... 12 no in rising order. A bid must beat the high bid; the dealer may also take the contract by equalling it exactly (or bid higher). If the first three pass, the dealer must bid at least 6.',
    'The highest bidder names the trump suit (nothing to name at no trump); that side are the declarers, the other the defenders.',
    'Play: the seat on the dealer’s left leads (option openingLead "bidder": the highest bidder leads); follow suit if able, otherwise play any card. The highest trump, or the highest card of the suit led, wins; the winner leads next.',
    'A side’s tricks are worth one point each, plus 5 for the trick holding the 5♥, minus 3 for the trick holding the 3♠ (ten in all).',
    'Declarers reaching their bid add the value of their tricks; otherwise they lose the value of their tricks (option failedContract "bid": they lose the bid). A failed contract never gains: tricks worth less than nothing are lost as they stand. At no trump what the declarers add or lose is doubled; the defenders’ value is never doubled.',
    'Defenders at 45 or less before the deal add the value of their tricks (a negative value lowers them); above 45 only a negative value counts. With another target the limit is the target less 7.',
    'The match ends after a deal at which a side has 52 or more (option target), or -52 or less (option loseAt: the common rule, where the text is silent; null turns it off); the higher score wins. Equal scores play on.',
  ].join('\n'),
  dealing:
    'Seat 0 deals first, then the deal passes to the left (a misdeal keeps the same dealer). The whole deck is dealt one card at a time from the top, first to the seat on the dealer’s left, going round: the top card goes to dealer+1, the next to dealer+2, dealer+3, the dealer, and so on until each seat holds eight. First deal: cards 1, 5, 9 ... to seat 1, cards 4, 8 ... to seat 0.',

  cards: () => kaiserDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, kaiserDeck());
    return dealt({ options: ctx.options, dealer: 0, scores: [0, 0], dealsPlayed: 0, lastDeal: null, misdeals: 0, rng }, deck);
  },

  legalActions(s, seat) {
    const actions: Action[] = [];
    if (s.phase === 'bidding') {
      if (s.calls.length === 0 && misdealHand(s.hands[seat])) actions.push({ type: 'misdeal' });
      if (seat === bidder(s)) {
        if (mayPass(s)) actions.push({ type: 'pass' });
        for (const b of biddable(s)) actions.push({ type: 'bid', points: b.points, noTrump: b.noTrump });
      }
    } else if (s.phase === 'trump' && seat === s.contract!.seat) {
      for (const suit of SUITS) actions.push({ type: 'trump', suit });
    } else if (s.phase === 'play' && seat === seatToPlay(s.trick, SEATS)) {
      for (const card of cardsAllowed(s.hands[seat], ledSuit(s.trick))) actions.push({ type: 'play', card });
    }
    return actions;
  },

  apply(s, seat, action) {
    if (s.phase === 'over') throw new IllegalMove('the game is over');
    switch (action.type) {
      case 'misdeal': {
        if (s.phase !== 'bidding' || s.calls.length > 0)
          throw new IllegalMove('a misdeal may only be declared before the bidding');
        if (!misdealHand(s.hands[seat])) {
          throw new IllegalMove('only a hand with no ace, no face card, neither 5♥ nor 3♠ may be thrown in');
        }
        return shuffled({ ...s, misdeals: s.misdeals + 1 }, s.dealer);
      }
      case 'pass':
      case 'bid': {
        if (s.phase !== 'bidding') throw new IllegalMove('the bidding is over');
        if (seat !== bidder(s)) throw new IllegalMove(`it is seat ${bidder(s)}'s turn to bid`);
        if (action.type === 'pass') {
          if (!mayPass(s)) throw new IllegalMove('all the others passed: the dealer must bid at least 6');
        } else {
          const bid: Bid = { points: action.points, noTrump: action.noTrump };
          if (!biddable(s).some((b) => bidRank(b) === bidRank(bid))) {
            const high = highBid(s)?.bid;
            throw new IllegalMove(
              high
                ? `a bid must beat ${bidName(high)}${seat === s.dealer ? ' or equal it' : ''}`
                : `a bid is ${MINIMUM_BID} to ${MAXIMUM_BID}, with trumps or no trump`,
            );
          }
        }
        const call: Call = { seat, bid: action.type === 'bid' ? { points: action.points, noTrump: action.noTrump } : null };
        const next: State = { ...s, calls: [...s.calls, call] };
        if (next.calls.length < SEATS) return next;
        const high = highBid(next)!;
        const contract: Contract = { seat: high.seat, ...high.bid! };
        const leader = s.options.openingLead === 'bidder' ? contract.seat : nextSeat(s.dealer, SEATS);
        return { ...next, contract, phase: contract.noTrump ? 'play' : 'trump', trick: newTrick(leader) };
      }
      case 'trump': {
        if (s.phase !== 'trump') throw new IllegalMove('there is no trump suit to name now');
        if (seat !== s.contract!.seat) throw new IllegalMove(`seat ${s.contract!.seat}, the highest bidder, names trumps`);
        if (!SUITS.includes(action.suit)) throw new IllegalMove(`${action.suit} is not a suit`);
        return { ...s, trump: action.suit, phase: 'play' };
      }
      case 'play': {
        if (s.phase !== 'play') throw new IllegalMove('no card may be played before the bidding ends');
        const turn = seatToPlay(s.trick, SEATS);
        if (seat !== turn) throw new IllegalMove(`it is seat ${turn}'s turn to play`);
        const why = refusal(s.hands[seat], action.card, ledSuit(s.trick));
        if (why) throw new IllegalMove(why);
        return played(s, seat, action.card);
      }
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  view(s, seat) {
    const over = s.phase === 'over';
    const high = highBid(s);
    return {
      phase: s.phase,
      toAct: toAct(s),
      dealer: s.dealer,
      dealsPlayed: s.dealsPlayed,
      sides: SIDES,
      hand: seat === null ? null : s.hands[seat],
      handCounts: s.hands.map((h) => h.length),
      calls: s.calls,
      highBid: high ?? null,
      contract: s.contract,
      trump: s.trump,
      trick: s.trick,
      lastTrick: s.lastTrick,
      tricks: s.tricks,
      // Every card taken was seen played: what each side's tricks are worth so far is public.
      trickValues: [trickValue(s.tricks[0], s.taken[0]), trickValue(s.tricks[1], s.taken[1])],
      taken: over ? s.taken : null,
      scores: s.scores,
      options: s.options,
      lastDeal: s.lastDeal,
      misdeals: s.misdeals,
    };
  },

  status(s): Status {
    const scores = [0, 1, 2, 3].map((seat) => s.scores[sideOf(seat)]);
    if (s.phase !== 'over') return { toAct: toAct(s), finished: false, scores };
    const win = s.scores[0] > s.scores[1] ? 0 : 1;
    const [a, b] = SIDES[win];
    return {
      toAct: [],
      finished: true,
      scores,
      result: { winners: [a, b], summary: `seats ${a} and ${b} win ${s.scores[win]} to ${s.scores[1 - win]}` },
    };
  },
};
