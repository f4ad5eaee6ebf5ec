import { type Card, dealTable, isFace, type RngState, randomInt, rankOf, standardDeck, unseenCards } from '../../cards';
import { fieldsOf, movesOfDeal } from '../../cards/fishing';
import { playedFromHands } from '../../cards/fishing-turn';
import type { SeenEvent } from '../../engine';
import { cardsOf, pips, sideOf } from './plays';
import { scoreDeal } from './scoring';
import type { Action, DealScore, Pending, State, View } from './state';

type Hidden = Pick<State, 'hands' | 'stock' | 'won' | 'rng'>;

/**
 * A Diloti state for `seat` from its view and its reading of the log. The won piles lie face down, but
 * the seat remembers what it saw captured this deal (see `rememberedWon`): those cards go into the
 * capturing side's pile. A seat holding a declaration keeps a card of its value, so each other holder
 * is dealt one. The rest of the piles, the other hands and the stock are dealt from the cards it has
 * not seen. Once the game is over everything shows.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const pending = view.pending && withoutNeeds(view.pending);
  const hidden: Hidden =
    view.hands && view.wonCards && view.stockCards
      ? { hands: view.hands, stock: view.stockCards, won: view.wonCards, rng }
      : dealHidden(view, seat, pending, rng, seen);
  return {
    ...fieldsOf(view, ['seats', 'target', 'dealer']),
    turn: view.turn ?? (view.dealer + 1) % view.seats,
    ...hidden,
    ...fieldsOf(view, ['table', 'declarations']),
    pending,
    xeris: view.sides.map((s) => s.xeris),
    lastCapturer: view.lastCapturer,
    // Only whether a play has finished this deal matters (the first one makes no xeri).
    plays: playedFromHands(view) - (pending ? 1 : 0),
    ...fieldsOf(view, ['lastPlay', 'scores']),
    deals: view.deals ?? dealsOf(view),
    finished: view.finished,
  };
}

const withoutNeeds = ({ needs: _, ...p }: NonNullable<View['pending']>): Pending => p;

/**
 * The finished deals: the view shows each one's points, and the last one line by line. The other lines
 * of earlier deals no longer show; they play no part in what follows.
 */
function dealsOf(view: View): DealScore[] {
  // Their lines as if nobody had won a card: only the points stand.
  const { points: _, ...nothing } = scoreDeal([[], []], [0, 0]);
  return view.scoresheet.map((points, i) =>
    i === view.scoresheet.length - 1 && view.lastDeal
      ? view.lastDeal
      : { dealer: i % view.seats, ...nothing, leftovers: { side: null, cards: [] }, points },
  );
}

const opens = (action: Action): boolean => action.type === 'lay' || action.type === 'capture' || action.type === 'declare';

/**
 * The cards `seat` knows lie in each side's won pile this deal, from the finished plays of its log: a
 * capture's card and the groups it named; a face card laid, taken by the next face card of its rank
 * (with every card of that rank); a card laid or declared that has left the table since, when every
 * capture made after it was by one side; and the whole of the last capture, shown in the view.
 */
function rememberedWon(view: View, pending: Pending | null, shown: readonly Card[], seen: readonly SeenEvent[]): Card[][] {
  const won = [new Set<Card>(), new Set<Card>()];
  const dealt = movesOfDeal<Action>(seen, playedFromHands(view), opens);
  // A memory that starts in the middle of a play (its window of the log is short) knows not whose
  // play its first steps finish: it starts at the first play it saw open.
  const first = dealt.findIndex((m) => opens(m.action));
  const moves = first < 0 ? [] : dealt.slice(first);
  // A play in progress lies face up in the view: it has not reached a pile yet.
  const lastOpened = moves.findLastIndex((m) => opens(m.action));
  const finished = pending ? moves.slice(0, lastOpened) : moves;
  /** Each card seen put on the table or into a declaration, and the move that last put it there. */
  const placed = new Map<Card, number>();
  const captures: { at: number; side: number }[] = [];
  let faces: Card[] = [];
  let side = 0;
  finished.forEach(({ seat, action }, at) => {
    if (action.type === 'lay' || action.type === 'declare') placed.set(action.card, at);
    if (action.type === 'lay' && isFace(action.card)) faces.push(action.card);
    if (action.type === 'add') for (const c of action.group) placed.set(c, at);
    if (action.type === 'take') for (const c of action.group) won[side].add(c);
    if (action.type === 'capture') {
      side = sideOf(seat);
      captures.push({ at, side });
      const taken = faces.filter((c) => rankOf(c) === rankOf(action.card));
      faces = faces.filter((c) => !taken.includes(c));
      for (const c of [action.card, ...taken]) won[side].add(c);
    }
  });
  const last = view.lastPlay;
  if (last?.kind === 'capture') for (const c of [last.card, ...last.taken.flat()]) won[sideOf(last.seat)].add(c);
  const showing = new Set(shown);
  for (const [card, at] of placed) {
    if (showing.has(card) || won.some((w) => w.has(card))) continue;
    const takers = new Set(captures.filter((c) => c.at > at).map((c) => c.side));
    if (takers.size === 1) won[[...takers][0]].add(card);
  }
  return won.map((cards) => [...cards]);
}

function pendingCards(p: Pending | null): Card[] {
  if (!p) return [];
  return p.kind === 'capture' ? [p.card, ...p.taken.flat(), ...p.open] : [...p.forming.sets.flat(), ...p.open];
}

function dealHidden(view: View, seat: number, pending: Pending | null, rng: RngState, seen: readonly SeenEvent[]): Hidden {
  const hand = view.hand ?? [];
  const shown = [...view.table, ...view.declarations.flatMap(cardsOf), ...pendingCards(pending)];
  const remembered = rememberedWon(view, pending, shown, seen);
  // Each seat must keep a card of the value of its declaration on the table, or of the one it is forming:
  // each other holder is given one first, from those nobody has placed.
  const owed = new Map(view.declarations.map((d) => [d.owner, d.value]));
  if (pending?.kind === 'declare') owed.set(pending.seat, pending.forming.value);
  const kept: Card[][] = view.handCounts.map(() => []);
  let next = rng;
  for (const [holder, value] of owed) {
    if (holder === seat) continue;
    const placed = [...hand, ...shown, ...remembered.flat(), ...kept.flat()];
    const free = unseenCards(standardDeck(), placed).filter((c) => pips(c) === value);
    let n: number;
    [n, next] = randomInt(next, 0, free.length - 1);
    kept[holder].push(free[n]);
  }
  const piles = view.sides.map((s, side) => ({ size: s.won, known: remembered[side] }));
  const table = { seat, hand, handSizes: view.handCounts, inHands: kept, stock: view.stock, piles, shown };
  const dealt = dealTable(standardDeck(), table, next);
  return { hands: dealt.hands, stock: dealt.stock, won: dealt.piles, rng: dealt.rng };
}
