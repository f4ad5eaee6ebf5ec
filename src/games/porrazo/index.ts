import { standardDeck } from '../../cards';
import { sidesOf } from '../../cards/fishing';
import { type Game, IllegalMove, type MoveContext, openingDeck, type SetupContext, type Status } from '../../engine';
import { applyTendido, newHand } from './deal';
import { applyDeclaration, legalDeclarations } from './declaring';
import { applyPlay, defaultPlay, legalPlays } from './play';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { seatsOfSide, sideOf } from './scoring';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';
import { toAct, viewOf } from './view';

export { dealsPerHand } from './deal';
export * from './state';
export * from './values';

/**
 * A copy to change, in the state's own key order: the outer arrays are copied; inner hands and piles,
 * the stock and the logs' entries are shared, so they are only ever replaced, never changed in place.
 */
function clone(s: State): State {
  return {
    ...s,
    hands: [...s.hands],
    table: [...s.table],
    captured: [...s.captured],
    scores: [...s.scores],
    answers: [...s.answers],
    plays: [...s.plays],
    notes: [...s.notes],
  };
}

/** Porrazo, the Mexican fishing game (2-5 seats, four may play as partners), to 61. */
export const porrazo: Game<State, Action, Options, View> = {
  kind: 'porrazo',
  title: 'Porrazo',
  blurb: 'Capture a matching table card with the run of cards going up from it, declare pairs and threes, and reach 61 first.',
  seats: { min: 2, max: 5 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

  cards: () => standardDeck(),

  checkSetup: (seats, options) => (options.partners && seats !== 4 ? 'partners play needs exactly four seats' : undefined),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, standardDeck());
    const partners = ctx.options.partners && ctx.seats === 4;
    const s: State = {
      seats: ctx.seats,
      partners,
      target: ctx.options.target,
      rng,
      handNo: 1,
      dealer: 0,
      deal: 0,
      phase: 'tendido',
      turn: 1 % ctx.seats,
      stock: [],
      hands: [],
      table: [],
      captured: [],
      scores: sidesOf(ctx.seats, partners).map(() => 0),
      tendidoDealt: false,
      tendido: null,
      leftover: [],
      answers: [],
      laid: null,
      pending: null,
      plays: [],
      notes: [],
      lastHand: null,
      winner: null,
    };
    newHand(s, deck);
    return s;
  },

  legalActions(s, seat): Action[] {
    if (!toAct(s).includes(seat)) return [];
    if (s.phase === 'tendido') return [{ type: 'tendido' }, { type: 'noTendido' }];
    if (s.phase === 'declaring') return legalDeclarations(s, seat);
    return legalPlays(s, seat);
  },

  apply(s, seat, action) {
    if (s.winner !== null) throw new IllegalMove('the game is over');
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) throw new IllegalMove(`there is no seat ${seat}`);
    const next = clone(s);
    if (action.type === 'tendido' || action.type === 'noTendido') applyTendido(next, seat, action);
    else if (action.type === 'declare' || action.type === 'pass') applyDeclaration(next, seat, action);
    else if (action.type === 'play' || action.type === 'inPlace') applyPlay(next, seat, action);
    else throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    return next;
  },

  // The least committal answer in each phase: no tendido yet (it comes after the last deal), no declaration, the lowest card.
  defaultAction(s, seat) {
    if (s.phase === 'tendido') return { type: 'noTendido' };
    if (s.phase === 'declaring') return { type: 'pass' };
    return defaultPlay(s, seat);
  },

  sides: (seats, options) => sidesOf(seats, options.partners && seats === 4),

  view: viewOf,

  status(s): Status {
    const scores = [...Array(s.seats).keys()].map((seat) => s.scores[sideOf(s, seat)]);
    if (s.winner === null) return { toAct: toAct(s), finished: false, scores };
    const winners = seatsOfSide(s, s.winner);
    const wins = s.partners ? `Seats ${winners.join(' and ')} win` : `Seat ${s.winner} wins`;
    const others = s.scores.filter((_, side) => side !== s.winner).join(', ');
    const byBenito = s.notes.at(-1)?.for === 'san benito';
    const summary = byBenito ? `${wins} by san benito` : `${wins} with ${s.scores[s.winner]} (others: ${others})`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },

  moveView(move: MoveContext<State, Action>, viewer) {
    // A declaration's rank is the declarer's secret; the set (ronda or rondine) is announced.
    if (move.action.type === 'declare' && viewer !== move.seat) return { type: 'declare', set: move.action.set };
    return move.action;
  },

  sample,
};
