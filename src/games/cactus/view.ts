import type { MoveContext } from '../../engine';
import { DEALER } from './deal';
import type { Action, Held, Slot, State, View } from './state';
import { top, totals } from './table';
import { powerOf } from './values';

/** What each seat sees: never a face-down card (its own included) unless the memory aid shows what it has seen. */

export function view(s: State, seat: number | null): View {
  const over = s.phase === 'over';
  const sees = (slot: Slot) => over || (s.memoryAid && (slot.shown || (seat !== null && slot.seen[seat])));
  const upcard = top(s);
  // The other seat sees that a card is held from the stock, not what it is nor whether it has a power.
  const held = s.held && {
    source: s.held.source,
    ...(seat === s.turn || s.held.source === 'discard' ? { card: s.held.card, power: s.held.power } : {}),
  };
  return {
    dealer: DEALER,
    turn: over ? null : s.turn,
    phase: s.phase,
    firstTurn: s.turns === 0,
    layouts: s.layouts.map((l) => l.map((slot) => (slot === null ? null : sees(slot) ? slot.card : 'face-down'))),
    held,
    queenAt: s.queenAt,
    discards: s.discards.map((d) => d.card),
    topPowerFor: upcard && upcard.from !== null && powerOf(upcard.card) ? 1 - upcard.from : null,
    stock: over ? s.stock : s.stock.length,
    stockRebuilt: s.rebuilt,
    stockRebuildsLeft: s.stockRebuilds === null ? null : s.stockRebuilds - s.rebuilt,
    cactus: s.cactus,
    lastTurn: !over && s.cactus !== null,
    memoryAid: s.memoryAid,
    totals: over ? totals(s) : null,
    end: s.end,
  };
}

/** What a seat sees of a move in the event log: the card it drew, what it peeked or spied; the other seat only that it happened. */
export function moveView({ before, after, seat, action }: MoveContext<State, Action>, viewer: number | null): unknown {
  const mine = viewer === seat;
  const rebuilt = after.rebuilt > before.rebuilt ? { stockRebuilt: true } : {};
  const discarded = () => {
    // The card the move put face up; a rebuild keeps the top discard, so it is still on top.
    const pile = after.discards;
    return { discarded: pile[pile.length - 1].card };
  };
  switch (action.type) {
    case 'draw':
      return { ...action, ...(mine ? { card: (after.held as Held).card } : {}), ...rebuilt };
    case 'take':
      return { ...action, card: (after.held as Held).card };
    case 'swap': {
      const held = before.held as Held;
      const placed = mine || held.source === 'discard' ? { placed: held.card } : {};
      return { ...action, ...discarded(), ...placed, ...rebuilt };
    }
    case 'discard':
    case 'queen':
      return { ...action, ...discarded(), ...rebuilt };
    case 'peek':
    case 'spy': {
      const owner = action.type === 'peek' ? seat : 1 - seat;
      const saw = mine ? { saw: (before.layouts[owner][action.position] as Slot).card } : {};
      return { ...action, ...discarded(), ...saw, ...rebuilt };
    }
    case 'match': {
      const card = (before.layouts[seat][action.position] as Slot).card;
      const right = after.layouts[seat][action.position] === null;
      return { ...action, card, right, penalty: after.layouts[seat].length - before.layouts[seat].length, ...rebuilt };
    }
    default:
      return { ...action, ...rebuilt };
  }
}
