import { type Card, compareCards } from '../../cards';
import { sideOfSeat } from '../../cards/fishing';
import { refuseOffTurn } from '../../cards/fishing-turn';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { captureRefusal, formActions } from './forming';
import { doneRefusal, makingActions, playRefusal, settle, take } from './making';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { matchWinner } from './scoring';
import { type Action, actionSchema, type Options, optionsSchema, type State, type Turn, type View, viewSchema } from './state';
import { stealActions, stealRefusal } from './stealing';
import { cardsFor, dealHand, draft, record, sidesFor } from './table';
import { beginTurn, endTurn, phaseOf } from './turn';
import { singleValue } from './values';
import { moveView, view } from './view';

export { capturable } from './forming';
export { matchWinner, scoreHand } from './scoring';
export * from './state';
export { cardsFor, sidesFor } from './table';
export { bestValue, cardPoints, setValue, singleValue, sumOfSingles } from './values';

/** Why `action` is not legal in the turn `t` of the seat to play, or undefined when it is. */
function refusal(s: State, t: Turn, action: Action): string | undefined {
  const phase = phaseOf(t);
  switch (action.type) {
    case 'capture':
      return captureRefusal(s, t, action);
    case 'steal':
      return stealRefusal(s, t, action);
    case 'play':
      return playRefusal(s, t, action.card);
    case 'done':
      return doneRefusal(s, t);
    case 'pass':
      if (phase === 'form') return t.fullTable ? 'the table is full: you must form a pak when you can' : undefined;
      return phase === 'steal' ? 'end your turn instead' : 'finish the capture or steal you are making first';
    case 'end':
      if (phase === 'steal') return undefined;
      return phase === 'form' ? 'form a pak or pass' : 'finish the capture or steal you are making first';
    default:
      return `unknown action ${(action as { type: string }).type}`;
  }
}

function legal(s: State, seat: number): Action[] {
  const t = s.turn;
  if (s.finished || !t || t.seat !== seat) return [];
  return { form: formActions, steal: stealActions, choosing: makingActions }[phaseOf(t)](s, t);
}

function applyAction(s: State, seat: number, action: Action): State {
  refuseOffTurn(s.finished || !s.turn, s.turn?.seat ?? seat, seat);
  const t = s.turn as Turn;
  const why = refusal(s, t, action);
  if (why) throw new IllegalMove(why);
  switch (action.type) {
    case 'capture':
      return settle({ ...s, turn: { ...t, capture: action.card, chosen: [action.with] } });
    case 'steal': {
      const steal = t.steal
        ? { ...t.steal, paks: [...t.steal.paks, action.pak] }
        : { from: action.from, suit: s.paks[action.from][action.pak].suit, paks: [action.pak] };
      return settle({ ...s, turn: { ...t, steal } });
    }
    case 'play':
      return settle({ ...s, turn: { ...t, chosen: [...t.chosen, action.card] } });
    case 'done':
      return take(s);
    default: {
      const d = draft(s);
      if (action.type === 'pass') record(d, { seat, type: 'pass' });
      endTurn(d);
      return d;
    }
  }
}

/** Lowest single value first; equal values in the canonical card order. */
const byValue = (a: Card, b: Card) => singleValue(a) - singleValue(b) || compareCards(a, b);

function status(s: State): Status {
  const scores = Array.from({ length: s.seats }, (_, seat) => s.scores[sideOfSeat(seat, s.seats >= 4)]);
  if (!s.finished) return { toAct: s.turn ? [s.turn.seat] : [], finished: false, scores };
  const side = matchWinner(s.scores, s.target) as number;
  const name = (i: number) => (s.seats >= 4 ? `team ${s.sides[i].join('+')}` : `seat ${i}`);
  const others = s.sides.flatMap((_, i) => (i === side ? [] : [i])).sort((a, b) => s.scores[b] - s.scores[a]);
  const against = others.length === 1 ? `${s.scores[others[0]]}` : others.map((i) => `${s.scores[i]} (${name(i)})`).join(' and ');
  const hands = `${s.hand} hand${s.hand === 1 ? '' : 's'}`;
  const summary = `${name(side)} ${s.seats >= 4 ? 'win' : 'wins'} ${s.scores[side]} to ${against} after ${hands}`;
  return { toAct: [], finished: true, scores, result: { winners: s.sides[side], summary } };
}

/**
 * Paks (Phil Laurence, in Sackson's A Gamut of Games): capture board cards into paks, steal the
 * opponents' paks. In the order a game is played: the deal (`table.ts`), a turn and its draw (`turn.ts`),
 * forming a pak (`forming.ts`), stealing (`stealing.ts`), the set being made for either
 * (`making.ts`), the end of a hand (`scoring.ts`); set values in `values.ts`, views in `view.ts`.
 */
export const paks: Game<State, Action, Options, View> = {
  kind: 'paks',
  title: 'Paks',
  blurb: 'Capture board cards by sum, steal sets from the others, and count two-digit readings to 500.',
  seats: { min: 2, max: 6 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

  cards: cardsFor,
  checkSetup: (seats) =>
    seats === 5 ? 'Paks cannot be played by five: two or three seats play alone, four or six in two teams' : undefined,
  sides: sidesFor,

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, cardsFor(ctx.seats));
    const d: State = {
      seats: ctx.seats,
      target: ctx.options.target,
      sides: sidesFor(ctx.seats),
      rng,
      hand: 1,
      dealer: 0,
      stock: [],
      board: [],
      hands: [],
      paks: [],
      turn: null,
      recent: [],
      scores: sidesFor(ctx.seats).map(() => 0),
      history: [],
      lastHand: null,
      finished: false,
    };
    dealHand(d, deck);
    beginTurn(d, 1 % ctx.seats);
    return d;
  },

  legalActions: legal,
  apply: applyAction,

  // A clock passes, ends the turn, or makes the set as soon as it wins; where a pak is compulsory it
  // takes the lowest board card with its lowest card, and a set in the making grows by its lowest card.
  defaultAction(s, seat) {
    const actions = legal(s, seat);
    const quiet = actions.find((a) => a.type === 'pass' || a.type === 'end' || a.type === 'done');
    if (quiet) return quiet;
    const captures = actions.flatMap((a) => (a.type === 'capture' ? [a] : []));
    if (captures.length > 0)
      return captures.reduce((low, a) => ((byValue(a.card, low.card) || byValue(a.with, low.with)) < 0 ? a : low));
    const plays = actions.flatMap((a) => (a.type === 'play' ? [a] : []));
    return plays.reduce((low, a) => (byValue(a.card, low.card) < 0 ? a : low));
  },

  view,
  status,
  moveView,
  sample,
};
