import { allMost, seatList, winnersPhrase } from '../../cards';
import { aceToTenDeck } from '../../cards/banking';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { applyBet, applyDone, legalBets } from './betting';
import { DRAWS, startRound } from './deal';
import { type DealerChoice, drawForDealer, fixedDealer } from './dealer-draw';
import { applyDealerThird, applySecondDraw } from './dealer-hand';
import { applyFirstDraw, applyThirdCard } from './fields';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';
import { toAct, view } from './view';

export { roundLimit } from './betting';
export { decider, thirdCardRule } from './fields';
export { dealerSpecial, isArashi, outcome, settleBets } from './settlement';
export * from './state';

/**
 * Oicho-Kabu, the Japanese banking game played with kabufuda (here ace to ten in four suits).
 * A round, in the order a game is played: the draw for the dealer (`dealer-draw.ts`), the deal (`deal.ts`),
 * the betting (`betting.ts`), the dealer's first card, the second field and the third cards
 * (`fields.ts`), the dealer's hand (`dealer-hand.ts`), the settlement (`settlement.ts`).
 */
export const oichoKabu: Game<State, Action, Options, View> = {
  kind: 'oicho-kabu',
  title: 'Oicho-Kabu',
  blurb: 'Bet against the dealer on four tableaus; each hand counts the last digit of its sum, 9 best.',
  seats: { min: 2, max: 7 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

  cards: () => aceToTenDeck(),

  checkSetup(seats, options) {
    if (options.firstDealer !== null && options.firstDealer >= seats) {
      return `option firstDealer must be a seat of this game: 0 to ${seats - 1}`;
    }
    return undefined;
  },

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, aceToTenDeck());
    // The first dealer is drawn like every later one, from a pack of its own: the cards drawn are shown
    // to every seat, so they cannot be the deck the round is dealt from (a stacked deck is that deck).
    const { firstDealer } = ctx.options;
    const choice: DealerChoice =
      firstDealer === null ? drawForDealer(ctx.seats, rng) : { ...fixedDealer(ctx.seats, firstDealer), passes: [], rng };
    const base = {
      options: { ...ctx.options },
      chips: Array(ctx.seats).fill(ctx.options.startingChips),
      round: 1,
      dealer: choice.dealer,
      order: choice.order,
      dealerDraw: choice.passes,
      rng: choice.rng,
      lastRound: null,
      broke: [],
    };
    return startRound(base, deck);
  },

  legalActions(s, seat) {
    if (!toAct(s).includes(seat)) return [];
    switch (s.phase) {
      case 'betting':
        return legalBets(s, seat);
      case 'dealerFirst':
      case 'dealerSecond':
        return DRAWS.map((from) => ({ type: 'draw', from }));
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
      case 'bet':
        return applyBet(s, seat, waiting, action);
      case 'done':
        return applyDone(s, seat, waiting);
      case 'draw':
        return s.phase === 'dealerSecond' ? applySecondDraw(s, seat, action.from) : applyFirstDraw(s, seat, action.from);
      case 'thirdCard':
        return applyThirdCard(s, seat, waiting, action);
      case 'dealerThirdCard':
        return applyDealerThird(s, seat, action.take);
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  // A clock bets nothing more, draws from the top, and stands where it may choose a third card.
  defaultAction(s) {
    switch (s.phase) {
      case 'betting':
        return { type: 'done' };
      case 'thirdCards':
        return { type: 'thirdCard', tableau: s.asking[0], take: false };
      case 'dealerThird':
        return { type: 'dealerThirdCard', take: false };
      default:
        return { type: 'draw', from: 'top' };
    }
  },

  view,

  status(s): Status {
    const scores = [...s.chips];
    if (s.phase !== 'over') return { toAct: toAct(s), finished: false, scores };
    const winners = allMost(scores);
    const who = winnersPhrase(winners);
    const why =
      s.broke.length > 0 ? `${seatList(s.broke)} had no chips left to bet` : `after ${s.round} round${s.round === 1 ? '' : 's'}`;
    return { toAct: [], finished: true, scores, result: { winners, summary: `${who} with ${scores[winners[0]]} chips, ${why}` } };
  },

  sample,
};
