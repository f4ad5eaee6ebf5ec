import { type Card, type RngState, standardDeck } from '../../cards';
import {
  CardCode,
  CardSet,
  type Game,
  IllegalMove,
  openingDeck,
  type SetupContext,
  type Static,
  type Status,
  Type,
} from '../../engine';
import { freshDeal, SIDES } from './deal';
import { done, legalSteps, more } from './pending';
import { legalTurn, startPlay } from './play';
import { type Declaration, MAX_VALUE, sideOf } from './plays';
import { dealing, rules } from './rules';
import type { DealScore } from './scoring';
import { seatsOfSide, viewOf } from './view';

export { pendingChoices } from './pending';
export { declareValues } from './play';
export type { Declaration } from './plays';
export { LIST_LIMIT } from './plays';
export { type DealScore, scoreDeal } from './scoring';

/** Diloti: a Greek fishing game for two, or four in partnerships, with declarations and xeris. */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 61,
      description: 'the game ends after a deal in which a side reaches this score; the higher score wins (equal: a shared win)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const group = CardSet({ minItems: 1, description: 'the cards of one group or set, in any order' });
const layAction = Type.Object(
  { type: Type.Literal('lay'), card: CardCode },
  { additionalProperties: false, description: 'lay a card face up on the table, capturing nothing' },
);
const captureAction = Type.Object(
  { type: Type.Literal('capture'), card: CardCode },
  {
    additionalProperties: false,
    description:
      'play a card to capture with it: a face card takes every table card of its rank at once; a number card then takes ' +
      'groups worth its value with `take`, and `done` ends the capture',
  },
);
const takeAction = Type.Object(
  { type: Type.Literal('take'), group },
  {
    additionalProperties: false,
    description:
      'capture with the card being played: loose cards worth its value (or, on a crowded table, one card of such a group at ' +
      'a time), or a whole declaration of its value',
  },
);
const declareAction = Type.Object(
  { type: Type.Literal('declare'), card: CardCode, value: Type.Integer({ minimum: 1, maximum: MAX_VALUE }) },
  {
    additionalProperties: false,
    description: 'play a number card to form a declaration of `value` with it; its cards follow with `add`, and `done` ends it',
  },
);
const addAction = Type.Object(
  { type: Type.Literal('add'), group },
  {
    additionalProperties: false,
    description:
      'add cards to the declaration being formed: loose cards to complete the open set (on a crowded table one at a ' +
      "time), an opponent's regular declaration to raise with the card played, or a new set of the same value (loose " +
      'cards or a regular declaration), making a group declaration',
  },
);
const doneAction = Type.Object(
  { type: Type.Literal('done') },
  { additionalProperties: false, description: 'end the capture or the declaration in progress' },
);
export const actionSchema = Type.Union([layAction, captureAction, takeAction, declareAction, addAction, doneAction]);
export type Action = Static<typeof actionSchema>;

/**
 * A play in progress, posted a group at a time. `open` holds a group (capture) or set (declaration) not yet
 * worth the value: the loose cards taken into it, and for a declaration's first set the card played. It
 * goes on with table cards from position `from` on, so each group is built in table order.
 */
export type Pending =
  | { kind: 'capture'; seat: number; card: Card; taken: Card[][]; open: Card[]; from: number }
  | {
      kind: 'declare';
      seat: number;
      card: Card;
      forming: Declaration;
      open: Card[];
      from: number;
      /** The value of the opponent's declaration the card raised, if it did. */
      raised: number | null;
    };

/** One finished play, as everyone saw it. */
export interface Play {
  seat: number;
  card: Card;
  kind: 'lay' | 'capture' | 'declare';
  /** The groups captured, in the order taken. */
  taken: Card[][];
  /** The declaration formed; `raised` is the value it had when the play raised it. */
  declaration: Declaration | null;
  raised: number | null;
  xeri: boolean;
}

export interface State {
  seats: number;
  target: number;
  rng: RngState;
  dealer: number;
  /** The seat to play (the one finishing a pending play). */
  turn: number;
  hands: Card[][];
  stock: Card[];
  /** Loose cards on the table, in the order they came. */
  table: Card[];
  declarations: Declaration[];
  pending: Pending | null;
  /** Each side's face-down pile of won cards for the current deal, and its xeris. */
  won: Card[][];
  xeris: number[];
  lastCapturer: number | null;
  /** Plays finished in this deal: the first one cannot be a xeri. */
  plays: number;
  lastPlay: Play | null;
  /** Match points by side. */
  scores: number[];
  deals: DealScore[];
  finished: boolean;
}

const sideName = (s: State, side: number) => {
  const seats = seatsOfSide(s, side);
  return seats.length === 1 ? `seat ${seats[0]}` : `seats ${seats.join(' and ')}`;
};

export const diloti: Game<State, Action, Options> = {
  kind: 'diloti',
  title: 'Diloti',
  seats: { min: 2, max: 4 },
  optionsSchema,
  actionSchema,
  rules,
  dealing,

  cards: () => standardDeck(),

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
    if (s.finished) throw new IllegalMove('the game is over');
    if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn`);
    switch (action.type) {
      case 'take':
      case 'add':
        return more(s, action);
      case 'done':
        return done(s);
      case 'lay':
      case 'capture':
      case 'declare':
        return startPlay(s, seat, action);
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}: lay, capture, take, declare, add or done`);
    }
  },

  view: viewOf,

  status(s): Status {
    const scores = [...Array(s.seats).keys()].map((seat) => s.scores[sideOf(seat)]);
    if (!s.finished) return { toAct: [s.turn], finished: false, scores };
    const best = Math.max(...s.scores);
    const sides = [0, 1].filter((side) => s.scores[side] === best);
    const winners = [...Array(s.seats).keys()].filter((seat) => sides.includes(sideOf(seat)));
    const [a, b] = s.scores;
    const deals = `${s.deals.length} deal${s.deals.length === 1 ? '' : 's'}`;
    const summary =
      sides.length === 2
        ? `a tie at ${best} points each after ${deals}`
        : `${sideName(s, sides[0])} ${s.seats === 2 ? 'wins' : 'win'} ${best} to ${Math.min(a, b)} after ${deals}`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },
};
