import { buildDeck, sortCards } from '../../cards';
import { type Game, IllegalMove, type MoveContext, openingDeck, type SetupContext, type Status } from '../../engine';
import { newDeal, toAct } from './deal';
import { applyDraw, drawDone } from './draw';
import { answers, applyPlay, choose, leads, lowestPlay } from './play';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { gamesWon, levelOf } from './scoring';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';
import { view } from './view';

export * from './deal';
export * from './play';
export * from './scoring';
export * from './state';

/**
 * Poke (Sid Sackson, Esquire 1946; A Gamut of Games): draw poker hands, then play them out as tricks.
 * The phases of a deal, in the order of the rules: deal.ts, draw.ts, play.ts, scoring.ts; then view.ts.
 */
export const poke: Game<State, Action, Options, View> = {
  kind: 'poke',
  title: 'Poke',
  blurb: 'Two-handed draw poker: draw up to three cards, doubling the stake, and show down the better hand.',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

  cards: () => buildDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, buildDeck());
    const blank: State = {
      target: ctx.options.target,
      rng,
      phase: 'draw',
      dealer: 0,
      hands: [[], []],
      stock: [],
      discards: [[], []],
      draws: [[], []],
      drawer: 1,
      held: null,
      leader: 1,
      lead: null,
      plays: [],
      below: [0, 0],
      above: [0, 0],
      games: [],
      deals: [],
      lastDeal: null,
    };
    return newDeal(blank, 0, deck, rng);
  },

  legalActions(s, seat) {
    if (!toAct(s).includes(seat)) return [];
    if (s.phase === 'draw') {
      const hand = sortCards(s.hands[seat]);
      const draws: Action[] = [1, 2, 3].flatMap((k) => choose(hand, k)).map((cards) => ({ type: 'draw', cards }));
      return [{ type: 'stand' }, ...draws];
    }
    const options = s.lead === null ? leads(s.hands[seat]) : answers(s.hands[seat], s.lead);
    return options.map((cards) => ({ type: 'play', cards }));
  },

  apply(s, seat, action) {
    if (s.phase === 'over') throw new IllegalMove('the game is over');
    const turn = toAct(s)[0];
    switch (action.type) {
      case 'draw':
      case 'stand':
        if (s.phase !== 'draw') throw new IllegalMove('the draw is over: play a card');
        if (seat !== turn) throw new IllegalMove(`it is seat ${turn}'s turn to draw or stand pat`);
        return action.type === 'stand' ? drawDone(s) : applyDraw(s, seat, action.cards);
      case 'play':
        if (s.phase !== 'play') throw new IllegalMove('the draw is not over: draw or stand pat first');
        if (seat !== turn) throw new IllegalMove(`it is seat ${turn}'s turn to ${s.lead === null ? 'lead' : 'answer the lead'}`);
        return applyPlay(s, seat, action.cards);
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  // Standing pat doubles nobody; in play, the lowest cards give away the least.
  defaultAction: (s, seat) =>
    s.phase === 'draw' ? { type: 'stand' } : { type: 'play', cards: lowestPlay(s.hands[seat], s.lead) },

  view,

  status(s): Status {
    const scores = [...s.above];
    if (s.phase !== 'over') return { toAct: toAct(s), finished: false, scores };
    const winners = scores[0] === scores[1] ? [0, 1] : [scores[0] > scores[1] ? 0 : 1];
    const [g0, g1] = gamesWon(s);
    const rubber = `games ${g0}-${g1}`;
    const summary =
      winners.length === 2
        ? `tie at ${scores[0]} above the line (${rubber})`
        : `seat ${winners[0]} wins ${scores[winners[0]]} to ${scores[1 - winners[0]]} above the line (${rubber})`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },

  moveView(move: MoveContext<State, Action>, viewer) {
    const { action, seat, after } = move;
    if (action.type !== 'draw') return action;
    // The discards are face down; the drawer alone sees what it drew.
    if (viewer !== seat) return { type: 'draw', count: action.cards.length };
    return { ...action, drew: move.before.stock.slice(0, action.cards.length), doubling: levelOf(after, seat) };
  },

  sample,
};
