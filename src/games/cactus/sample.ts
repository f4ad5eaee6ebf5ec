import { type Card, type RngState, shuffle, standardDeck, unseenCards } from '../../cards';
import type { SeenEvent } from '../../engine';
import type { Discard, Held, Slot, State, View } from './state';
import { powerOf } from './values';

/** What a seat remembers of one layout position: the card, if it saw it, and who has seen it. */
interface Known {
  card: Card | null;
  seen: [boolean, boolean];
  shown: boolean;
}

type Memory = [Map<number, Known>, Map<number, Known>];

interface Move {
  type: string;
  position?: number;
  card?: Card;
  placed?: Card;
  saw?: Card;
  right?: boolean;
}

/**
 * What `seat` remembers of both layouts from the moves it saw: the cards it placed, peeked, spied,
 * took from the pile or saw turned up by a wrong match, and which positions each seat has looked at,
 * followed through swaps and queen exchanges. Forward only: a memory that starts mid-game knows
 * nothing of what came before it.
 */
export function remember(seat: number, seen: readonly SeenEvent[]): Memory {
  const memory: Memory = [new Map(), new Map()];
  const at = (owner: number, position: number): Known => {
    let k = memory[owner].get(position);
    if (!k) {
      k = { card: null, seen: [false, false], shown: false };
      memory[owner].set(position, k);
    }
    return k;
  };
  let held: { card: Card | null; pile: boolean } = { card: null, pile: false };
  let queenAt: number | null = null;
  for (const e of seen) {
    if (e.kind !== 'move' || (e.seat !== 0 && e.seat !== 1)) continue;
    const a = e.action as Move;
    const mover = e.seat;
    const other = 1 - mover;
    const p = a.position as number;
    switch (a.type) {
      case 'draw':
        held = { card: a.card ?? null, pile: false };
        break;
      case 'take':
        held = { card: a.card ?? null, pile: true };
        break;
      case 'swap': {
        const card = a.placed ?? (mover === seat ? held.card : null);
        memory[mover].set(p, { card, seen: [mover === 0 || held.pile, mover === 1 || held.pile], shown: held.pile });
        break;
      }
      case 'peek':
      case 'spy': {
        const k = at(a.type === 'peek' ? mover : other, p);
        k.seen[mover] = true;
        if (a.saw) k.card = a.saw;
        break;
      }
      case 'queen':
        queenAt = p;
        break;
      case 'exchange': {
        if (queenAt === null) break;
        const mine = at(mover, queenAt);
        memory[mover].set(queenAt, at(other, p));
        memory[other].set(p, mine);
        queenAt = null;
        break;
      }
      case 'match':
        if (a.right) memory[mover].delete(p);
        else memory[mover].set(p, { card: a.card ?? null, seen: [true, true], shown: true });
        break;
    }
  }
  return memory;
}

/**
 * Determinization: a table consistent with what `seat` knows. Face-up cards (the discard pile, a
 * card taken from it, the cards its view shows) and the cards it remembers (placed, peeked, spied,
 * turned up) stay where they are; every other face-down card, the card the other seat drew, and the
 * stock are dealt from the cards it has not seen. Who has seen which position follows its memory.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const memory = remember(seat, seen);
  const visible: Card[] = [...view.discards];
  if (view.held?.card) visible.push(view.held.card);
  for (const layout of view.layouts) for (const c of layout) if (c !== null && c !== 'face-down') visible.push(c);
  if (Array.isArray(view.stock)) visible.push(...view.stock);
  // A remembered card must still be where the view says a face-down card lies, and nowhere else.
  const recalled = new Set<Card>();
  const recall = (owner: number, position: number): Known | undefined => {
    const k = memory[owner].get(position);
    if (!k?.card || view.layouts[owner][position] !== 'face-down' || visible.includes(k.card) || recalled.has(k.card))
      return undefined;
    recalled.add(k.card);
    return k;
  };
  // With the memory aid the view already shows every card the seat remembers.
  const remembered = view.layouts.map((layout, owner) =>
    layout.map((c, i) => (c === 'face-down' && !view.memoryAid ? recall(owner, i) : undefined)),
  );
  const unseen = unseenCards(standardDeck(), [...visible, ...recalled]);
  const [pool, next] = shuffle(unseen, rng);
  const draw = () => pool.pop() as Card;

  const layouts = view.layouts.map((layout, owner) =>
    layout.map((c, i): Slot | null => {
      if (c === null) return null;
      const k = memory[owner].get(i);
      const seenBy: [boolean, boolean] = [k?.seen[0] ?? false, k?.seen[1] ?? false];
      if (c !== 'face-down') {
        seenBy[seat] = true;
        return { card: c, seen: seenBy, shown: k?.shown ?? false };
      }
      const known = remembered[owner][i];
      // With the memory aid a face-down card is one the seat has not seen, nor anyone turned up.
      if (view.memoryAid) return { card: draw(), seen: [seenBy[0] && seat !== 0, seenBy[1] && seat !== 1], shown: false };
      return known
        ? { card: known.card as Card, seen: seenBy, shown: known.shown }
        : { card: draw(), seen: seenBy, shown: false };
    }),
  ) as State['layouts'];

  let held: Held | null = null;
  if (view.held) {
    const card = view.held.card ?? draw();
    held = { card, source: view.held.source, power: view.held.card ? (view.held.power ?? null) : powerOf(card) };
  }
  const stock = Array.isArray(view.stock) ? view.stock : pool.splice(0, view.stock);
  const discards: Discard[] = view.discards.map((card, i) => ({
    card,
    from: i === view.discards.length - 1 && view.topPowerFor !== null ? 1 - view.topPowerFor : null,
  }));
  if (pool.length > 0) throw new Error(`cactus sample: ${pool.length} cards left over`);
  return {
    memoryAid: view.memoryAid,
    stockRebuilds: view.stockRebuildsLeft === null ? null : view.stockRebuildsLeft + view.stockRebuilt,
    rebuilt: view.stockRebuilt,
    rng: next,
    stock,
    discards,
    layouts,
    turn: view.turn ?? 0,
    turns: view.firstTurn ? 0 : 1,
    phase: view.phase,
    held,
    queenAt: view.queenAt,
    cactus: view.cactus,
    end: view.end,
  };
}
