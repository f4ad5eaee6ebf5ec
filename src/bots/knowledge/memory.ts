import type { Card } from '../../cards';
import type { Action } from '../../engine';
import { cardValue, type State } from '../../games/cactus';
import type { Knowledge } from './knowledge';

/** What an unknown face-down card is worth on average (52 cards: 0 + 1 + 2..10 + 10 + 10, four of each, over 13). */
const UNKNOWN = 85 / 13;
/** A layout worth this or less by what the seat knows (an unknown card at its average) calls "Cactus!". */
const CALL_AT = 8;

/**
 * Cactus, a memory game: a player keeps its layout low with what it knows. It takes a low discard,
 * swaps a low card in for its worst known (or an unknown) card, peeks at its own unknown cards and
 * spies the other seat's with the powers, and calls "Cactus!" once it knows its layout is low. What it
 * knows is what its seat has seen (the `seen` marks of the state it is given).
 */
export const cactusKnowledge: Knowledge = {
  horizon: 'game',
  // A memory game plays on until someone calls: twenty turns are valued by the totals as they lie.
  rolloutCap: 40,
  policy(state, seat, legal, rng) {
    const s = state as State;
    const find = (type: string, position?: number) =>
      legal.find((a) => a.type === type && (position === undefined || a.position === position) && !a.cactus);
    if (s.phase === 'draw') {
      const top = s.discards.at(-1);
      return (top && cardValue(top.card) <= 2 ? find('take') : undefined) ?? find('draw');
    }
    if (s.phase === 'exchange') {
      // The queen gave away its worst card: take the other seat's best known card, or any.
      const theirs = known(s, 1 - seat, seat);
      const best = theirs.filter((k) => k.value !== null).sort((a, b) => (a.value as number) - (b.value as number))[0];
      return end(s, seat, (best ? find('exchange', best.position) : undefined) ?? rng.pick(legal), legal);
    }
    if (s.phase !== 'hold' || !s.held) return undefined;
    const mine = known(s, seat, seat);
    const value = cardValue(s.held.card);
    // The position to replace: the worst known card, or an unknown one (worth UNKNOWN on average).
    const worst = mine.reduce((a, b) => ((b.value ?? UNKNOWN) > (a.value ?? UNKNOWN) ? b : a), mine[0]);
    const worstValue = worst ? (worst.value ?? UNKNOWN) : -1;
    let move: Action | undefined;
    if (worst && value < worstValue - 1) move = find('swap', worst.position);
    else if (s.held.power === 'peek')
      move = mine.find((k) => k.value === null) && find('peek', mine.find((k) => k.value === null)?.position);
    else if (s.held.power === 'spy') {
      const unknown = known(s, 1 - seat, seat).find((k) => k.value === null);
      move = unknown && find('spy', unknown.position);
    }
    move ??= find('discard') ?? (worst ? find('swap', worst.position) : undefined);
    return move && end(s, seat, move, legal);
  },
  // Lower wins: the other seat's total less one's own.
  material(state, seat) {
    const s = state as State;
    const total = (owner: number) => s.layouts[owner].reduce((n, slot) => n + (slot ? cardValue(slot.card) : 0), 0);
    return total(1 - seat) - total(seat);
  },
};

/** Each position of `owner`'s layout, with its value where `viewer` has seen it (null: unknown). */
function known(s: State, owner: number, viewer: number): { position: number; value: number | null }[] {
  return s.layouts[owner].flatMap((slot, position) =>
    slot ? [{ position, value: slot.seen[viewer] || slot.shown ? cardValue(slot.card as Card) : null }] : [],
  );
}

/** The move, with "Cactus!" called when what the seat knows of its layout after it is low (at most one card unknown). */
function end(s: State, seat: number, move: Action, legal: readonly Action[]): Action {
  if (s.cactus !== null) return move;
  const mine = known(s, seat, seat).filter((k) => !(move.type === 'swap' && k.position === move.position));
  let total = mine.reduce((n, k) => n + (k.value ?? UNKNOWN), 0);
  if (move.type === 'swap' && s.held) total += cardValue(s.held.card);
  if (mine.filter((k) => k.value === null).length > 1) return move;
  if (total > CALL_AT) return move;
  return legal.find((a) => a.type === move.type && a.position === move.position && a.cactus === true) ?? move;
}
