import { allLeast, standardDeck } from '../../cards';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { dealt } from './deal';
import { applyMatch, canMatch } from './matching';
import { applyExchange, applyLook, applyQueen, exchangeActions, powerActions } from './powers';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';
import { occupied, totals } from './table';
import { applyDiscard, applyDraw, applySwap, drawActions, holdActions } from './turn';
import { moveView, view } from './view';

export { DEALER } from './deal';
export * from './state';
export { cardValue, layoutTotal, matches, type Power, powerOf } from './values';

function summary(s: State, scores: readonly number[], winners: readonly number[]): string {
  const how = s.end === 'cactus' ? `after seat ${s.cactus}'s "Cactus!"` : 'when the stock ran out';
  if (winners.length === 2) return `tie at ${scores[0]} ${how}`;
  const w = winners[0];
  return `seat ${w} wins ${scores[w]} to ${scores[1 - w]} ${how}`;
}

/** The moves of the seat whose turn it is, in the order of its turn. */
function turnActions(s: State, seat: number): Action[] {
  if (s.phase === 'draw') return drawActions(s, seat);
  if (s.phase === 'exchange') return exchangeActions(s, seat);
  return [...holdActions(s, seat), ...powerActions(s, seat)];
}

/**
 * Cactus, a two-player memory game of the Golf family from Vancouver. In the order a game is played: the
 * deal (`deal.ts`), a turn (`turn.ts`), matching (`matching.ts`), power cards (`powers.ts`), and the
 * table they share, with the stock and its rebuilds (`table.ts`); what each seat sees in `view.ts`.
 */
export const cactus: Game<State, Action, Options, View> = {
  kind: 'cactus',
  title: 'Cactus',
  blurb: 'Four face-down cards each: peek, swap and match to hold the lowest total, then call Cactus.',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  viewSchema,
  lowScoreWins: true,
  rules,
  dealing,

  cards: () => standardDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, standardDeck());
    return dealt(deck, ctx.options, rng);
  },

  legalActions(s, seat) {
    if (s.phase === 'over') return [];
    const out = seat === s.turn ? turnActions(s, seat) : [];
    if (canMatch(s)) for (const position of occupied(s.layouts[seat])) out.push({ type: 'match', position });
    return out;
  },

  apply(state, seat, action) {
    if (state.phase === 'over') throw new IllegalMove('the game is over');
    if (seat !== 0 && seat !== 1) throw new IllegalMove(`there is no seat ${seat}`);
    if (action.type === 'match') return applyMatch(state, seat, action.position);
    if (seat !== state.turn) throw new IllegalMove(`it is seat ${state.turn}'s turn: out of turn you may only try a match`);
    if ('cactus' in action && action.cactus && state.cactus !== null) {
      throw new IllegalMove('"Cactus!" has already been called: this is the last turn');
    }
    switch (action.type) {
      case 'draw':
      case 'take':
        return applyDraw(state, seat, action.type);
      case 'swap':
        return applySwap(state, seat, action.position, action.cactus);
      case 'discard':
        return applyDiscard(state, seat, action.cactus);
      case 'peek':
      case 'spy':
        return applyLook(state, seat, action.type, action.position, action.cactus);
      case 'queen':
        return applyQueen(state, seat, action.position);
      case 'exchange':
        return applyExchange(state, seat, action.position, action.cactus);
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  // A clock draws from the stock and discards unused; a card it must place goes to its first position,
  // a queen exchange takes the opponent's first card. It never calls "Cactus!" nor tries a match.
  defaultAction(s, seat) {
    if (s.phase === 'draw') return { type: 'draw' };
    if (s.phase === 'exchange') return { type: 'exchange', position: occupied(s.layouts[1 - seat])[0] };
    const discard = holdActions(s, seat).find((a) => a.type === 'discard' && !('cactus' in a));
    return discard ?? { type: 'swap', position: occupied(s.layouts[seat])[0] };
  },

  view,

  status(s): Status {
    if (s.phase !== 'over') return { toAct: [s.turn], finished: false, scores: [0, 0] };
    const scores = totals(s);
    const winners = allLeast(scores);
    return { toAct: [], finished: true, scores, result: { winners, summary: summary(s, scores, winners) } };
  },

  moveView,

  sample,
};
