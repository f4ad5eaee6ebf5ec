import { allLeast, type Card, type RngState, shuffle, standardDeck } from '../../cards';
import {
  type Game,
  IllegalMove,
  type MoveContext,
  openingDeck,
  type SetupContext,
  type Static,
  type Status,
  Type,
} from '../../engine';
import { layoutTotal, matches, type Power, powerOf } from './values';

export { cardValue, layoutTotal, matches, type Power, powerOf } from './values';

/** Cactus, a two-player memory game of the Golf family from Vancouver. */

export const optionsSchema = Type.Object(
  {
    memoryAid: Type.Boolean({
      default: false,
      description:
        'show each seat, in its view, the face-down cards it has legitimately seen and still knows (off: it is a memory game)',
    }),
    stockRebuilds: Type.Integer({
      minimum: 0,
      maximum: 10,
      default: 1,
      description:
        'how many times the discard pile (less its top card) may be shuffled into a new stock; when the stock is empty after that, the game ends as it lies',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const Position = Type.Integer({ minimum: 0, description: 'a layout position: 0 1 / 2 3 is the grid, 4 and up penalty cards' });
const Cactus = Type.Optional(Type.Boolean({ description: 'call "Cactus!" as this move ends your turn' }));
const closed = { additionalProperties: false } as const;

export const actionSchema = Type.Union([
  Type.Object({ type: Type.Literal('draw') }, { ...closed, description: 'draw the top card of the stock (only you see it)' }),
  Type.Object(
    { type: Type.Literal('take') },
    { ...closed, description: 'take the top card of the discard pile (not on the first turn of the game)' },
  ),
  Type.Object(
    { type: Type.Literal('swap'), position: Position, cactus: Cactus },
    {
      ...closed,
      description: 'put the card held face down at one of your positions; the card there goes face up on the discard pile',
    },
  ),
  Type.Object(
    { type: Type.Literal('discard'), cactus: Cactus },
    { ...closed, description: 'discard the card drawn from the stock unused' },
  ),
  Type.Object(
    { type: Type.Literal('peek'), position: Position, cactus: Cactus },
    { ...closed, description: 'discard an 8, 7 or 6 to look at one of your own cards' },
  ),
  Type.Object(
    { type: Type.Literal('spy'), position: Position, cactus: Cactus },
    { ...closed, description: "discard a jack, 10 or 9 to look at one of the opponent's cards" },
  ),
  Type.Object(
    { type: Type.Literal('queen'), position: Position },
    { ...closed, description: 'discard a queen and choose the card of yours to exchange' },
  ),
  Type.Object(
    { type: Type.Literal('exchange'), position: Position, cactus: Cactus },
    { ...closed, description: "choose the opponent's card: it and yours change places unseen" },
  ),
  Type.Object(
    { type: Type.Literal('match'), position: Position },
    { ...closed, description: 'turn up one of your cards to match the top discard (in or out of turn)' },
  ),
]);
export type Action = Static<typeof actionSchema>;

/** A face-down layout card and who knows it: `seen` by seat, `shown` face up to the whole table (a wrong match). */
export interface Slot {
  card: Card;
  seen: [boolean, boolean];
  shown: boolean;
}

/** A discarded card; `from` is the seat whose layout it left (swapped out or matched), whose power the opponent may still use. */
export interface Discard {
  card: Card;
  from: number | null;
}

/** The card a seat holds during its turn; `power` is set when it may be discarded to use its power. */
export interface Held {
  card: Card;
  source: 'stock' | 'discard';
  power: Power | null;
}

export type Phase = 'draw' | 'hold' | 'exchange' | 'over';

export interface State {
  memoryAid: boolean;
  stockRebuilds: number;
  /** Times the stock has been rebuilt from the discard pile. */
  rebuilt: number;
  rng: RngState;
  stock: Card[];
  /** Bottom first; the last is the top discard. */
  discards: Discard[];
  /** Each seat's positions; null where a card was matched away (positions never shift). */
  layouts: [(Slot | null)[], (Slot | null)[]];
  turn: number;
  /** Turns completed: the first turn of the game (0) must draw from the stock. */
  turns: number;
  phase: Phase;
  held: Held | null;
  /** The position of the turn seat's card chosen for a queen exchange. */
  queenAt: number | null;
  /** The seat that called "Cactus!". */
  cactus: number | null;
  end: 'cactus' | 'stock' | null;
}

/** The dealer; the non-dealer, seat 0, plays first. */
export const DEALER = 1;

// ---- the table ----

function copy(s: State): State {
  const slots = (l: (Slot | null)[]) =>
    l.map((x) => x && { card: x.card, seen: [x.seen[0], x.seen[1]] as [boolean, boolean], shown: x.shown });
  return {
    ...s,
    stock: [...s.stock],
    discards: s.discards.map((d) => ({ ...d })),
    layouts: [slots(s.layouts[0]), slots(s.layouts[1])],
    held: s.held && { ...s.held },
  };
}

const canRebuild = (s: State) => s.rebuilt < s.stockRebuilds && s.discards.length >= 2;

/** When the stock is empty, the discard pile less its top card is shuffled into a new stock (if a rebuild is left). */
function refill(s: State): void {
  if (s.stock.length > 0 || !canRebuild(s)) return;
  const top = s.discards.pop() as Discard;
  [s.stock, s.rng] = shuffle(
    s.discards.map((d) => d.card),
    s.rng,
  );
  s.discards = [top];
  s.rebuilt++;
}

/** Cards the stock can still give, counting a rebuild when it runs out. */
function supply(s: State): number {
  return s.stock.length + (canRebuild(s) ? s.discards.length - 1 : 0);
}

function takeFromStock(s: State): Card | undefined {
  refill(s);
  return s.stock.shift();
}

/** After every move: rebuild an empty stock; a turn that cannot begin with a draw ends the game as it lies. */
function settle(s: State): State {
  refill(s);
  if (s.phase === 'draw' && s.stock.length === 0) {
    s.phase = 'over';
    s.end = 'stock';
  }
  return s;
}

function endTurn(s: State, seat: number, cactus: boolean | undefined): State {
  s.held = null;
  s.queenAt = null;
  s.turns++;
  if (s.cactus !== null) {
    // Only the opponent of the caller can be ending a turn now: its one more turn is over.
    s.phase = 'over';
    s.end = 'cactus';
    return s;
  }
  if (cactus) s.cactus = seat;
  s.turn = 1 - seat;
  s.phase = 'draw';
  return settle(s);
}

/** The held card goes face up on the pile, its power spent or given up. */
function discardHeld(s: State): void {
  s.discards.push({ card: (s.held as Held).card, from: null });
}

const occupied = (layout: readonly (Slot | null)[]) => layout.flatMap((slot, i) => (slot ? [i] : []));
const hasCards = (layout: readonly (Slot | null)[]) => layout.some((slot) => slot !== null);
const top = (s: State): Discard | undefined => s.discards.at(-1);

function slotAt(layout: readonly (Slot | null)[], position: unknown, whose: string): Slot {
  const slot = Number.isInteger(position) ? layout[position as number] : undefined;
  if (!slot) throw new IllegalMove(`${whose} no card at position ${String(position)}`);
  return slot;
}

function totals(s: State): [number, number] {
  return [layoutTotal(s.layouts[0].map((x) => x?.card ?? null)), layoutTotal(s.layouts[1].map((x) => x?.card ?? null))];
}

/** The moves that may end a turn, each also offered with the "Cactus!" call while nobody has called. */
function ending<A extends Action>(s: State, actions: A[]): A[] {
  return s.cactus === null ? actions.flatMap((a) => [a, { ...a, cactus: true }]) : actions;
}

/** A match may be tried while the discard pile has a top card and the stock can give the two penalty cards. */
function canMatch(s: State): boolean {
  return s.phase !== 'over' && s.phase !== 'exchange' && s.discards.length > 0 && supply(s) >= 2;
}

// ---- the moves ----

function match(state: State, seat: number, position: unknown): State {
  if (state.phase === 'exchange') throw new IllegalMove('wait until the queen exchange is finished');
  const upcard = top(state);
  if (!upcard) throw new IllegalMove('there is no discard to match');
  slotAt(state.layouts[seat], position, 'you have');
  if (supply(state) < 2) throw new IllegalMove('no match now: the stock cannot give the two penalty cards a wrong match costs');
  const s = copy(state);
  const layout = s.layouts[seat];
  const slot = layout[position as number] as Slot;
  if (matches(slot.card, upcard.card)) {
    layout[position as number] = null;
    s.discards.push({ card: slot.card, from: seat });
  } else {
    // Turned face up for all to see, then back face down; two penalty cards join the layout unseen.
    slot.shown = true;
    slot.seen = [true, true];
    for (let i = 0; i < 2; i++) {
      const card = takeFromStock(s) as Card;
      layout.push({ card, seen: [false, false], shown: false });
    }
  }
  return settle(s);
}

function turnMove(state: State, seat: number, action: Action): State {
  const opponent = 1 - seat;
  const own = state.layouts[seat];
  const theirs = state.layouts[opponent];
  const held = state.held;
  if ('cactus' in action && action.cactus && state.cactus !== null) {
    throw new IllegalMove('"Cactus!" has already been called: this is the last turn');
  }
  const holding = (): Held => {
    if (state.phase !== 'hold' || !held)
      throw new IllegalMove(state.phase === 'draw' ? 'draw a card first' : 'finish the queen exchange');
    return held;
  };
  const usingPower = (power: Power): Held => {
    const h = holding();
    if (powerOf(h.card) !== power) throw new IllegalMove(`${h.card} has no ${power} power`);
    if (h.power === null) {
      throw new IllegalMove(
        h.source === 'discard'
          ? `${h.card} has no power left: only a power card the opponent discarded from its layout may be used again`
          : `${h.card} has no power`,
      );
    }
    return h;
  };

  switch (action.type) {
    case 'draw':
    case 'take': {
      if (state.phase !== 'draw') throw new IllegalMove('you have already drawn this turn');
      const s = copy(state);
      if (action.type === 'draw') {
        const card = takeFromStock(s) as Card;
        s.held = { card, source: 'stock', power: powerOf(card) };
      } else {
        if (state.turns === 0) throw new IllegalMove('the first turn of the game must draw from the stock');
        const upcard = top(state);
        if (!upcard) throw new IllegalMove('the discard pile is empty');
        if (!hasCards(own)) throw new IllegalMove('you have no layout card to swap a discard with');
        s.discards.pop();
        const reusable = upcard.from === opponent ? powerOf(upcard.card) : null;
        s.held = { card: upcard.card, source: 'discard', power: reusable };
      }
      s.phase = 'hold';
      return settle(s);
    }
    case 'swap': {
      const h = holding();
      slotAt(own, action.position, 'you have');
      const s = copy(state);
      const old = s.layouts[seat][action.position] as Slot;
      s.discards.push({ card: old.card, from: seat });
      // A card taken from the discard pile was seen by both seats; a card from the stock only by its drawer.
      const fromPile = h.source === 'discard';
      s.layouts[seat][action.position] = {
        card: h.card,
        seen: [fromPile || seat === 0, fromPile || seat === 1],
        shown: fromPile,
      };
      return endTurn(s, seat, action.cactus);
    }
    case 'discard': {
      const h = holding();
      if (h.source === 'discard' && hasCards(own)) {
        throw new IllegalMove(
          h.power
            ? `swap ${h.card} in, or discard it by using its power`
            : `a card taken from the discard pile must be swapped in`,
        );
      }
      const s = copy(state);
      discardHeld(s);
      return endTurn(s, seat, action.cactus);
    }
    case 'peek':
    case 'spy': {
      usingPower(action.type);
      const layout = action.type === 'peek' ? own : theirs;
      slotAt(layout, action.position, action.type === 'peek' ? 'you have' : 'the opponent has');
      const s = copy(state);
      discardHeld(s);
      (s.layouts[action.type === 'peek' ? seat : opponent][action.position] as Slot).seen[seat] = true;
      return endTurn(s, seat, action.cactus);
    }
    case 'queen': {
      usingPower('queen');
      slotAt(own, action.position, 'you have');
      if (!hasCards(theirs)) throw new IllegalMove('the opponent has no card to exchange with');
      const s = copy(state);
      discardHeld(s);
      s.held = null;
      s.queenAt = action.position;
      s.phase = 'exchange';
      return settle(s);
    }
    case 'exchange': {
      if (state.phase !== 'exchange') throw new IllegalMove('discard a queen and choose your card first');
      slotAt(theirs, action.position, 'the opponent has');
      const s = copy(state);
      const mine = state.queenAt as number;
      // The cards change places with what each seat knows of them: both watched where they went.
      [s.layouts[seat][mine], s.layouts[opponent][action.position]] = [
        s.layouts[opponent][action.position],
        s.layouts[seat][mine],
      ];
      return endTurn(s, seat, action.cactus);
    }
    default:
      throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
  }
}

function turnActions(s: State, seat: number): Action[] {
  const own = occupied(s.layouts[seat]);
  const theirs = occupied(s.layouts[1 - seat]);
  if (s.phase === 'draw') {
    const take = s.turns > 0 && s.discards.length > 0 && own.length > 0;
    return take ? [{ type: 'draw' }, { type: 'take' }] : [{ type: 'draw' }];
  }
  if (s.phase === 'exchange')
    return ending(
      s,
      theirs.map((position) => ({ type: 'exchange' as const, position })),
    );
  const held = s.held as Held;
  const out: Action[] = ending(
    s,
    own.map((position) => ({ type: 'swap' as const, position })),
  );
  if (held.source === 'stock' || own.length === 0) out.push(...ending(s, [{ type: 'discard' as const }]));
  if (held.power === 'peek')
    out.push(
      ...ending(
        s,
        own.map((position) => ({ type: 'peek' as const, position })),
      ),
    );
  if (held.power === 'spy')
    out.push(
      ...ending(
        s,
        theirs.map((position) => ({ type: 'spy' as const, position })),
      ),
    );
  if (held.power === 'queen' && theirs.length > 0) out.push(...own.map((position) => ({ type: 'queen' as const, position })));
  return out;
}

function summary(s: State, scores: readonly number[], winners: readonly number[]): string {
  const how = s.end === 'cactus' ? `after seat ${s.cactus}'s "Cactus!"` : 'when the stock ran out';
  if (winners.length === 2) return `tie at ${scores[0]} ${how}`;
  const w = winners[0];
  return `seat ${w} wins ${scores[w]} to ${scores[1 - w]} ${how}`;
}

export const cactus: Game<State, Action, Options> = {
  kind: 'cactus',
  title: 'Cactus',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  rules: [
    'Two seats, one 52-card deck, one deal is the game. Seat 1 deals; seat 0, the non-dealer, plays first, then turns alternate.',
    'Each seat gets four cards face down in a 2x2 layout (positions 0 1 / 2 3). Nobody looks at any layout card at the start. The rest is the stock; the discard pile starts empty.',
    'Values: king 0, ace 1, queen and jack 10, 2 to 10 their pips. At the end all cards are turned up: the lower total wins, equal totals tie.',
    'A turn: `draw` the top card of the stock (only the drawer sees it), or, from the second turn of the game on, `take` the top discard (both seats see it). Then one of:',
    '- `swap`: the card held goes face down at one of your positions, blind; the card that was there goes face up on the discard pile;',
    '- `discard` a card drawn from the stock, unused;',
    "- use the power of a card drawn from the stock by discarding it: an 8, 7 or 6 `peek`s at one of your own cards; a jack, 10 or 9 lets you `spy` one of the opponent's cards; a queen exchanges one of your cards with one of the opponent's, unseen (`queen` names yours, then `exchange` names theirs). Using a power is optional (`discard` it unused or swap it in).",
    '- A card taken from the discard pile must be swapped in. Exception (the text): a power card the opponent discarded from its layout (swapped out or matched away) has not been used, and its taker may re-discard it at once to use its power. A power card discarded any other way (from the stock, unused or used) has no power left. A seat may take a discard only while it has a layout card; if its own matches empty its layout while it holds a taken card, it discards it.',
    "Matching: whenever the discard pile has a top card, either seat, in or out of turn (before drawing, while holding a card, or during the other seat's turn; not in the middle of a queen exchange), may `match` the top discard with one of its own positions. The same rank is right: the card goes onto the discard pile and the position stays empty (positions never shift). Otherwise the card is shown to both seats, goes back face down, and the seat takes two penalty cards from the stock face down into new positions (4, 5, ...), unseen. A match may be tried only while the stock (with a rebuild, if one is left) can give those two penalty cards.",
    '"Cactus!": the seat whose turn it is may call it with the move that ends its turn (`cactus: true` on swap, discard, peek, spy or exchange), on any turn. The other seat then has exactly one more turn, and the game ends. The caller\'s cards are not protected: the last turn may still spy or exchange them, and both seats may still match during it.',
    'The stock: when it runs out, the discard pile less its top card is shuffled into a new stock, at most `stockRebuilds` times (default 1). When a turn is to begin (or has begun, before its draw) with an empty stock that cannot be rebuilt, the game ends at once and is scored as it lies: the text has no end without a call, so this bounds a game nobody calls.',
    "Hidden information: no view shows a face-down card, a seat's own included; each seat sees in its own event log what it saw (the card it drew, its peeks and spies), the other seat only that it happened. The card a seat holds shows in its own view. With `memoryAid: true` the view also shows each seat the face-down cards it has legitimately seen and still knows: the cards it placed or peeked, the opponent's cards it spied, cards taken from the discard pile or shown by a wrong match (these also to spectators). Knowledge moves with a card exchanged by a queen: both seats watch where it goes.",
    'Scores are 0 during play (the totals are hidden) and the two totals once the game is over.',
  ].join('\n'),
  dealing:
    "Four cards each, one at a time, seat 0 (the non-dealer) first: the 1st, 3rd, 5th and 7th cards from the top are seat 0's positions 0-3, the 2nd, 4th, 6th and 8th seat 1's positions 0-3. The rest is the stock: the 9th card is drawn first; draws and penalty cards come from its top. A rebuilt stock is shuffled from the seed.",

  cards: () => standardDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, standardDeck());
    const layout = (seat: number) =>
      [0, 1, 2, 3].map((i) => ({ card: deck[2 * i + seat], seen: [false, false] as [boolean, boolean], shown: false }));
    return {
      memoryAid: ctx.options.memoryAid,
      stockRebuilds: ctx.options.stockRebuilds,
      rebuilt: 0,
      rng,
      stock: deck.slice(8),
      discards: [],
      layouts: [layout(0), layout(1)],
      turn: 1 - DEALER,
      turns: 0,
      phase: 'draw',
      held: null,
      queenAt: null,
      cactus: null,
      end: null,
    };
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
    if (action.type === 'match') return match(state, seat, action.position);
    if (seat !== state.turn) throw new IllegalMove(`it is seat ${state.turn}'s turn: out of turn you may only try a match`);
    return turnMove(state, seat, action);
  },

  view(s, seat) {
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
      /** The seat that may take the top discard and use its power. */
      topPowerFor: upcard && upcard.from !== null && powerOf(upcard.card) ? 1 - upcard.from : null,
      stock: over ? s.stock : s.stock.length,
      stockRebuildsLeft: s.stockRebuilds - s.rebuilt,
      cactus: s.cactus,
      lastTurn: !over && s.cactus !== null,
      memoryAid: s.memoryAid,
      totals: over ? totals(s) : null,
      end: s.end,
    };
  },

  status(s): Status {
    if (s.phase !== 'over') return { toAct: [s.turn], finished: false, scores: [0, 0] };
    const scores = totals(s);
    const winners = allLeast(scores);
    return { toAct: [], finished: true, scores, result: { winners, summary: summary(s, scores, winners) } };
  },

  moveView({ before, after, seat, action }: MoveContext<State, Action>, viewer) {
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
  },
};
