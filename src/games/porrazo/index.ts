import { type Card, type Rank, type RngState, standardDeck } from '../../cards';
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
import { applyTendido, legalTendido, newHand } from './deal';
import { applyDeclaration, legalDeclarations } from './declaring';
import { applyPlay, legalPlays } from './play';
import { dealing, rules } from './rules';
import { seatsOfSide, sideCount, sideOf } from './scoring';
import type { Declaration, TendidoScore } from './values';
import { toAct, viewOf } from './view';

export { dealsPerHand } from './deal';
export { sideOf } from './scoring';
export * from './values';
export type { View } from './view';

/** Porrazo, the Mexican fishing game (2-5 seats, four may play as partners), to 61. */

export const optionsSchema = Type.Object(
  {
    partners: Type.Boolean({
      default: false,
      description: 'four seats only: seats 0+2 and 1+3 play as partners, pooling their captured cards and points',
    }),
    target: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 61,
      description: 'play stops the moment a seat or partnership reaches this score',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const rankSchema = Type.Union(
  [
    Type.Literal('A'),
    Type.Literal('2'),
    Type.Literal('3'),
    Type.Literal('4'),
    Type.Literal('5'),
    Type.Literal('6'),
    Type.Literal('7'),
    Type.Literal('8'),
    Type.Literal('9'),
    Type.Literal('T'),
    Type.Literal('J'),
    Type.Literal('Q'),
    Type.Literal('K'),
  ],
  { description: 'a rank: A 2-9 T J Q K' },
);

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('tendido') },
    { additionalProperties: false, description: 'dealer, once per hand, right after a deal of three: deal the tendido' },
  ),
  Type.Object(
    { type: Type.Literal('noTendido') },
    { additionalProperties: false, description: 'dealer: no tendido after this deal of three' },
  ),
  Type.Object(
    {
      type: Type.Literal('declare'),
      set: Type.Union([Type.Literal('ronda'), Type.Literal('rondine')]),
      rank: rankSchema,
    },
    {
      additionalProperties: false,
      description: 'declare the pair (ronda) or three of a kind (rondine) held; others see only the set',
    },
  ),
  Type.Object({ type: Type.Literal('pass') }, { additionalProperties: false, description: 'make no declaration for this deal' }),
  Type.Object(
    { type: Type.Literal('play'), card: CardCode },
    { additionalProperties: false, description: 'play a card: it captures if it can, otherwise it stays on the table' },
  ),
  Type.Object(
    { type: Type.Literal('inPlace'), card: CardCode },
    { additionalProperties: false, description: 'lay an ace to 4 in place, forgoing the capture it could make' },
  ),
]);
export type Action = Static<typeof actionSchema>;

export type Phase = 'tendido' | 'declaring' | 'playing';

/** How a card was played. */
export type PlayKind = 'capture' | 'laid' | 'in place' | 'porrazo' | 'counter-porrazo' | 'san benito' | 'last card';

export interface Play {
  seat: number;
  card: Card;
  as: PlayKind;
  /** Table cards captured, or for a counter-porrazo the two cards taken from the porrazo. */
  took: Card[];
  /** The dealer's last card of the hand: every table card swept up with it. */
  swept?: Card[];
}

export type ScoreReason =
  | 'in place'
  | 'limpia'
  | 'porrazo'
  | 'counter-porrazo'
  | 'san benito'
  | 'ronda'
  | 'rondine'
  | 'tendido'
  | 'hand';

export interface Note {
  /** The seat or partnership scoring. */
  side: number;
  /** The seat that made the score (null: a partnership's hand score). */
  seat: number | null;
  points: number;
  for: ScoreReason;
  rank?: Rank;
}

/** A porrazo waiting for the next play, or a counter-porrazo a san benito may follow. */
export interface Pending {
  stage: 'porrazo' | 'counter';
  seat: number;
  rank: Rank;
  /** The card laid without capturing and the card that made the porrazo on it. */
  cards: Card[];
}

export interface HandResult {
  /** Cards captured by each seat or partnership. */
  captured: number[];
  /** The seat or partnership that scored the difference (null: the most was shared). */
  winner: number | null;
  points: number;
}

export type Answer = Declaration | 'pass' | null;

export interface State {
  seats: number;
  partners: boolean;
  target: number;
  rng: RngState;
  /** Hands played so far, this one included. */
  handNo: number;
  dealer: number;
  /** Deal of three within the hand, from 1. */
  deal: number;
  phase: Phase;
  /** Seat to play (phase playing). */
  turn: number;
  stock: Card[];
  hands: Card[][];
  table: Card[];
  /** Won-cards pile of each seat. */
  captured: Card[][];
  /** By seat or partnership. */
  scores: number[];
  tendidoDealt: boolean;
  tendido: (TendidoScore & { cards: Card[] }) | null;
  /** The odd cards laid face up after the last deal of the hand. */
  leftover: Card[];
  /** This deal's declarations by seat (null: not answered yet). */
  answers: Answer[];
  /** The card the previous seat laid without capturing (a porrazo may follow). */
  laid: { seat: number; card: Card } | null;
  pending: Pending | null;
  /** This deal's plays (the last deal's until the first card of the next), and this hand's scores. */
  plays: Play[];
  notes: Note[];
  lastHand: HandResult | null;
  /** The seat or partnership that reached the target (or made a san benito). */
  winner: number | null;
}

/**
 * A copy to change: the outer arrays are copied; inner hands and piles, the stock and the logs'
 * entries are shared, so they are only ever replaced, never changed in place.
 */
function clone(s: State): State {
  return {
    seats: s.seats,
    partners: s.partners,
    target: s.target,
    rng: s.rng,
    handNo: s.handNo,
    dealer: s.dealer,
    deal: s.deal,
    phase: s.phase,
    turn: s.turn,
    stock: s.stock,
    hands: [...s.hands],
    table: [...s.table],
    captured: [...s.captured],
    scores: [...s.scores],
    tendidoDealt: s.tendidoDealt,
    tendido: s.tendido,
    leftover: s.leftover,
    answers: [...s.answers],
    laid: s.laid,
    pending: s.pending,
    plays: [...s.plays],
    notes: [...s.notes],
    lastHand: s.lastHand,
    winner: s.winner,
  };
}

const seatName = (s: State, side: number): string =>
  s.partners ? `Seats ${seatsOfSide(s, side).join(' and ')}` : `Seat ${side}`;

export const porrazo: Game<State, Action, Options> = {
  kind: 'porrazo',
  title: 'Porrazo',
  seats: { min: 2, max: 5 },
  optionsSchema,
  actionSchema,
  rules,
  dealing,

  cards: () => standardDeck(),

  checkSetup(seats, options) {
    if (options.partners && seats !== 4) return 'partners play needs exactly four seats';
    return undefined;
  },

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
      scores: Array(sideCount({ partners, seats: ctx.seats })).fill(0),
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
    if (s.winner !== null) return [];
    if (s.phase === 'tendido') return legalTendido(s, seat);
    if (s.phase === 'declaring') return legalDeclarations(s, seat);
    return legalPlays(s, seat);
  },

  apply(s, seat, action) {
    if (s.winner !== null) throw new IllegalMove('the game is over');
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) throw new IllegalMove(`there is no seat ${seat}`);
    const next = clone(s);
    switch (action.type) {
      case 'tendido':
      case 'noTendido':
        applyTendido(next, seat, action);
        return next;
      case 'declare':
      case 'pass':
        applyDeclaration(next, seat, action);
        return next;
      case 'play':
      case 'inPlace':
        applyPlay(next, seat, action);
        return next;
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  view: viewOf,

  status(s): Status {
    const scores = [...Array(s.seats).keys()].map((seat) => s.scores[sideOf(s, seat)]);
    if (s.winner === null) return { toAct: toAct(s), finished: false, scores };
    const winners = seatsOfSide(s, s.winner);
    const byBenito = s.notes.at(-1)?.for === 'san benito';
    const others = s.scores.filter((_, side) => side !== s.winner).join(', ');
    const summary = byBenito
      ? `${seatName(s, s.winner)} win${s.partners ? '' : 's'} by san benito`
      : `${seatName(s, s.winner)} win${s.partners ? '' : 's'} with ${s.scores[s.winner]} (others: ${others})`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },

  moveView(move: MoveContext<State, Action>, viewer) {
    // A declaration's rank is the declarer's secret; the set (ronda or rondine) is announced.
    if (move.action.type === 'declare' && viewer !== move.seat) return { type: 'declare', set: move.action.set };
    return move.action;
  },
};
