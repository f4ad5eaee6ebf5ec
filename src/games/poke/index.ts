import { buildDeck, type Card, type RngState } from '../../cards';
import {
  CardCode,
  type Game,
  IllegalMove,
  type MoveContext,
  openingDeck,
  type SetupContext,
  type Static,
  type Status,
  Type,
} from '../../engine';
import { newDeal, toAct } from './deal';
import { applyDraw, drawDone, MAX_DISCARD } from './draw';
import { answers, applyPlay, choose, leads, type Play } from './play';
import { dealing, rules } from './rules';
import { type DealRecord, type DealScore, gamesWon, levelOf } from './scoring';
import { view } from './view';

export * from './deal';
export * from './play';
export * from './scoring';

/**
 * Poke (Sid Sackson, Esquire 1946; A Gamut of Games): draw poker hands, then play them out as tricks.
 * The phases of a deal, in the order of the rules: deal.ts, draw.ts, play.ts, scoring.ts; then view.ts.
 */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 20,
      description: 'points below the line that win a game (first to this or more, ties at or above it play on)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const Cards = (min: number, max: number) => Type.Array(CardCode, { minItems: min, maxItems: max });

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('draw'), cards: Cards(1, MAX_DISCARD) },
    { additionalProperties: false, description: 'discard one to three cards face down and draw as many from the stock' },
  ),
  Type.Object({ type: Type.Literal('stand') }, { additionalProperties: false, description: 'stand pat: draw no more this deal' }),
  Type.Object(
    { type: Type.Literal('play'), cards: Cards(1, 4) },
    {
      additionalProperties: false,
      description: 'lead one card or a set of one rank (two to four cards), or answer a lead with as many cards',
    },
  ),
]);
export type Action = Static<typeof actionSchema>;

export interface State {
  target: number;
  rng: RngState;
  phase: 'draw' | 'play' | 'over';
  dealer: number;
  hands: [Card[], Card[]];
  stock: Card[];
  /** Face-down discards of this deal, by seat. */
  discards: [Card[], Card[]];
  /** Cards taken in each draw this deal, by seat. */
  draws: [number[], number[]];
  /** The seat deciding on its draw (draw phase only). */
  drawer: number;
  /** The hands as held after the draw (set when play begins), for honours. */
  held: [Card[], Card[]] | null;
  /** The seat to lead, or whose lead awaits an answer. */
  leader: number;
  /** The cards led and not yet answered. */
  lead: Card[] | null;
  plays: Play[];
  below: [number, number];
  above: [number, number];
  /** The winner of each finished game, in order. */
  games: number[];
  deals: DealScore[];
  lastDeal: DealRecord | null;
}

export const poke: Game<State, Action, Options> = {
  kind: 'poke',
  title: 'Poke',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
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
      const draws: Action[] = [1, 2, 3].flatMap((k) => choose(s.hands[seat], k)).map((cards) => ({ type: 'draw', cards }));
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
};
