import { seatsOfSide, seatToPlay } from '../../cards/tricks';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { applyCall, applyTrump, bidder, highBid, legalCalls, legalTrumps, longestSuit, mayPass } from './bidding';
import { dealt, kaiserDeck, misdealHand, misdealt, SEATS } from './deal';
import { applyPlay, legalPlays, lowestPlay, sideOf } from './play';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { MINIMUM_BID, trickValue } from './scoring';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';

export { HAND_SIZE, kaiserDeck, misdealHand, SEATS } from './deal';
export * from './scoring';
export * from './state';

const SIDES = [seatsOfSide(0, SEATS), seatsOfSide(1, SEATS)];

function toAct(s: State): number[] {
  if (s.phase === 'bidding') return [bidder(s)];
  if (s.phase === 'trump') return [s.contract!.seat];
  if (s.phase === 'play') return [seatToPlay(s.trick, SEATS)];
  return [];
}

/**
 * Kaiser (Joffre, Three-Spot, Troika): four seats in partnerships, bidding for the 5♥ and against the 3♠.
 * The flow, in the order a game is played: the deal (`deal.ts`), the bidding and trumps (`bidding.ts`), the
 * play of the tricks and the scoring of the deal (`play.ts`, `scoring.ts`).
 */
export const kaiser: Game<State, Action, Options, View> = {
  kind: 'kaiser',
  title: 'Kaiser',
  blurb: 'Partners bid and play eight-card tricks to 52; the 5♥ is worth 5 and the 3♠ costs 3.',
  seats: { min: 4, max: 4 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

  cards: () => kaiserDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, kaiserDeck());
    return dealt({ options: ctx.options, dealer: 0, scores: [0, 0], dealsPlayed: 0, lastDeal: null, misdeals: 0, rng }, deck);
  },

  sides: () => SIDES,

  legalActions(s, seat) {
    if (s.phase === 'bidding') {
      const misdeal: Action[] = s.calls.length === 0 && misdealHand(s.hands[seat]) ? [{ type: 'misdeal' }] : [];
      return [...misdeal, ...legalCalls(s, seat)];
    }
    if (s.phase === 'trump') return legalTrumps(s, seat);
    if (s.phase === 'play') return legalPlays(s, seat);
    return [];
  },

  apply(s, seat, action) {
    if (s.phase === 'over') throw new IllegalMove('the game is over');
    switch (action.type) {
      case 'misdeal':
        if (s.phase !== 'bidding' || s.calls.length > 0)
          throw new IllegalMove('a misdeal may only be declared before the bidding');
        if (!misdealHand(s.hands[seat])) {
          throw new IllegalMove('only a hand with no ace, no face card, neither 5♥ nor 3♠ may be thrown in');
        }
        return misdealt(s);
      case 'pass':
      case 'bid':
        return applyCall(s, seat, action);
      case 'trump':
        return applyTrump(s, seat, action.suit);
      case 'play':
        return applyPlay(s, seat, action.card);
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  // A clock passes (or makes the dealer's forced bid of 6), never throws a hand in, names its longest
  // suit and plays its lowest card.
  defaultAction(s, seat) {
    if (s.phase === 'bidding') {
      return mayPass(s) ? { type: 'pass' } : { type: 'bid', points: MINIMUM_BID, noTrump: false };
    }
    if (s.phase === 'trump') return { type: 'trump', suit: longestSuit(s.hands[seat]) };
    return { type: 'play', card: lowestPlay(s, seat) };
  },

  view(s, seat) {
    const over = s.phase === 'over';
    return {
      phase: s.phase,
      toAct: toAct(s),
      dealer: s.dealer,
      dealsPlayed: s.dealsPlayed,
      sides: SIDES,
      hand: seat === null ? null : s.hands[seat],
      handCounts: s.hands.map((h) => h.length),
      calls: s.calls,
      highBid: highBid(s) ?? null,
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

  sample,
};
