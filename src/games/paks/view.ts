import { fieldsOf, shownAtEnd } from '../../cards/fishing';
import type { MoveContext } from '../../engine';
import type { Action, Happening, State, Turn, View } from './state';
import { pendingTarget, phaseOf } from './turn';
import { setValue, sumOfSingles } from './values';

/** What a seat sees: the table, its own hand, counts of the others and of the stock; everything once over. */

/** A draw on a full table is secret: the others see only that the seat drew. */
function publicHappening(h: Happening, seat: number | null): View['recent'][number] {
  if (h.type === 'draw' && !h.shown && h.seat !== seat) return { seat: h.seat, type: 'draw', card: null, shown: false };
  return h;
}

/** The capture or steal the seat to play is making (its own eyes only: it is done in the hand). */
function makingView(s: State, t: Turn): NonNullable<View['turn']>['making'] {
  const target = pendingTarget(s, t);
  if (!target) return null;
  return { capture: t.capture, steal: t.steal, beat: target.beat, chosen: t.chosen, worth: setValue(t.chosen) };
}

export function view(s: State, seat: number | null): View {
  const t = s.turn;
  const own = seat !== null && t?.seat === seat;
  return {
    ...fieldsOf(s, ['seats', 'sides', 'target', 'hand', 'dealer']),
    stock: s.stock.length,
    board: s.board,
    myHand: seat === null ? null : s.hands[seat],
    handCounts: s.hands.map((h) => h.length),
    ...shownAtEnd(s.finished, { hands: s.hands, stockCards: s.stock }),
    paks: s.paks.map((held) => held.map((p) => ({ suit: p.suit, cards: p.cards, value: sumOfSingles(p.cards) }))),
    turn: t && {
      seat: t.seat,
      phase: own ? phaseOf(t) : t.formed ? 'steal' : 'form',
      drawn: own || !t.fullTable ? t.drawn : null,
      ...fieldsOf(t, ['fullTable', 'formed', 'stolen']),
      making: own ? makingView(s, t) : null,
    },
    recent: s.recent.map((h) => publicHappening(h, seat)),
    ...fieldsOf(s, ['scores', 'history', 'lastHand']),
    toAct: t && !s.finished ? [t.seat] : [],
    finished: s.finished,
  };
}

const SECRET_STEPS = new Set(['capture', 'steal', 'play']);

/** The steps of a capture or steal are made in the hand: others see only that the seat is choosing. */
export function moveView(move: MoveContext<State, Action>, viewer: number | null): unknown {
  if (viewer !== move.seat && SECRET_STEPS.has(move.action.type)) return { type: move.action.type };
  return move.action;
}
