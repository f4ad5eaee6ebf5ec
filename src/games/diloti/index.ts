import { seatList, standardDeck } from '../../cards';
import { sidesOf } from '../../cards/fishing';
import { refuseOffTurn, turnStatusSaying } from '../../cards/fishing-turn';
import { type Game, IllegalMove, openingDeck, type SetupContext } from '../../engine';
import { freshDeal, SIDES } from './deal';
import { defaultStep, done, legalSteps, more } from './pending';
import { defaultTurn, legalTurn, startPlay } from './play';
import { sideOf } from './plays';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';
import { viewOf } from './view';

export { LIST_LIMIT } from './plays';
export { scoreDeal } from './scoring';
export * from './state';

/** Diloti: a Greek fishing game for two, or four in partnerships, with declarations and xeris. */
export const diloti: Game<State, Action, Options, View> = {
  kind: 'diloti',
  title: 'Diloti',
  blurb: 'A Greek fishing game: capture table cards by rank or by sum, build for later, and sweep the table for a bonus.',
  seats: { min: 2, max: 4 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

  cards: standardDeck,

  checkSetup(seats) {
    return seats === 3 ? 'Diloti is played by two seats, or by four in partnerships: not by three' : undefined;
  },

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, standardDeck());
    return {
      seats: ctx.seats,
      target: ctx.options.target,
      ...freshDeal(ctx.seats, 0, deck, rng),
      scores: Array.from({ length: SIDES }, () => 0),
      deals: [],
      finished: false,
    };
  },

  legalActions(s, seat) {
    if (s.finished || seat !== s.turn) return [];
    return s.pending ? legalSteps(s, s.pending) : legalTurn(s, seat);
  },

  apply(s, seat, action) {
    refuseOffTurn(s.finished, s.turn, seat);
    if (action.type === 'take' || action.type === 'add') return more(s, action);
    if (action.type === 'done') return done(s);
    if (action.type === 'lay' || action.type === 'capture' || action.type === 'declare') return startPlay(s, seat, action);
    throw new IllegalMove(`unknown action ${(action as { type: string }).type}: lay, capture, take, declare, add or done`);
  },

  // Capturing is never compulsory: lay the lowest card; a play in progress ends as soon as it may.
  defaultAction(s, seat) {
    return s.pending ? defaultStep(s, s.pending) : defaultTurn(s, seat);
  },

  sides: (seats) => sidesOf(seats, seats === 4),

  view: viewOf,

  status(s) {
    // Each seat shows its side's score, so the seats of the highest sides are the winners (every seat on a tie).
    const scores = [...Array(s.seats).keys()].map((seat) => s.scores[sideOf(seat)]);
    return turnStatusSaying(scores, s.finished ? null : s.turn, (winners) => {
      const best = Math.max(...s.scores);
      const deals = `${s.deals.length} deal${s.deals.length === 1 ? '' : 's'}`;
      return winners.length === s.seats
        ? `a tie at ${best} points each after ${deals}`
        : `${seatList(winners)} ${s.seats === 2 ? 'wins' : 'win'} ${best} to ${Math.min(...s.scores)} after ${deals}`;
    });
  },

  sample,
};
