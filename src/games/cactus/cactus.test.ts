import { describe, expect, it } from 'vitest';
import { type Card, removeCards, standardDeck } from '../../cards';
import { IllegalMove, playMove, resolveOptions } from '../../engine';
import { type Action, cardValue, cactus as game, layoutTotal, type Options, type State, type View } from '.';

interface Table {
  /** Seat 0's and seat 1's four cards, positions 0-3. */
  layouts: [Card[], Card[]];
  /** The top of the stock after the deal, top first; the rest of the deck follows in its canonical order. */
  stock?: Card[];
  options?: Partial<Options>;
}

/** A deal on a stacked deck: one card at a time, seat 0 (the non-dealer) first. */
function dealt({ layouts, stock = [], options = {} }: Table): State {
  const top = [0, 1, 2, 3].flatMap((i) => [layouts[0][i], layouts[1][i]]);
  const deck = [...top, ...stock, ...removeCards(standardDeck(), [...top, ...stock])];
  return game.setup({ seats: 2, options: resolveOptions(game, options, 2) as Options, seed: 'stacked', deck });
}

function moves(s: State, ...steps: [number, Action][]): State {
  return steps.reduce((st, [seat, a]) => playMove(game, st, seat, a), s);
}

const view = (s: State, seat: number | null): View => game.view(s, seat);
const draw: Action = { type: 'draw' };
const take: Action = { type: 'take' };
const discard: Action = { type: 'discard' };
const swap = (position: number, cactus?: boolean): Action =>
  cactus ? { type: 'swap', position, cactus } : { type: 'swap', position };
const match = (position: number): Action => ({ type: 'match', position });

function moveView(before: State, seat: number, action: Action, viewer: number | null): unknown {
  const after = playMove(game, before, seat, action);
  return game.moveView?.({ before, after, seat, action }, viewer);
}

function refused(s: State, seat: number, action: Action, reason: RegExp): void {
  expect(() => playMove(game, s, seat, action)).toThrow(IllegalMove);
  expect(() => game.apply(s, seat, action)).toThrow(reason);
}

/** Every layout card code of the state, face down on the table. */
const layoutCodes = (s: State) => s.layouts.flatMap((l) => l.flatMap((slot) => (slot ? [slot.card] : [])));

const BASE: Table = {
  layouts: [
    ['5S', 'KH', '9D', '2C'],
    ['QS', 'AH', '7D', 'JC'],
  ],
};

describe('Cactus: the deal', () => {
  it('deals four cards to each seat one at a time, the non-dealer first, into 2x2 layouts; the 9th card tops the stock', () => {
    const s = dealt({ ...BASE, stock: ['3H'] });
    expect(s.layouts.map((l) => l.map((slot) => slot?.card))).toEqual(BASE.layouts);
    expect(s.stock).toHaveLength(44);
    expect(s.stock[0]).toBe('3H');
    expect(s.discards).toEqual([]);
  });

  it('nobody may look at any card at the start: no view shows a layout card, not even its own', () => {
    for (const memoryAid of [false, true]) {
      const s = dealt({ ...BASE, options: { memoryAid } });
      for (const seat of [0, 1, null]) {
        const v = view(s, seat);
        expect(v.layouts).toEqual([
          ['face-down', 'face-down', 'face-down', 'face-down'],
          ['face-down', 'face-down', 'face-down', 'face-down'],
        ]);
        const json = JSON.stringify(v);
        for (const c of [...layoutCodes(s), ...s.stock]) expect(json).not.toContain(`"${c}"`);
      }
    }
  });

  it('the non-dealer (seat 0) plays first; seat 1 deals', () => {
    const s = dealt(BASE);
    expect(game.status(s).toAct).toEqual([0]);
    expect((game.view(s, 0) as { dealer: number }).dealer).toBe(1);
    refused(s, 1, draw, /seat 0's turn/);
  });
});

describe('Cactus: card values and totals', () => {
  it('a king is 0, an ace 1, queens and jacks 10, every other card its pips', () => {
    expect(['KS', 'AH', 'QD', 'JC', 'TS', '9H', '5D', '2C'].map(cardValue)).toEqual([0, 1, 10, 10, 10, 9, 5, 2]);
  });
  it('a layout is worth the sum of its cards; an emptied position counts nothing', () => {
    expect(layoutTotal(['KS', 'AH', 'QD', '9C'])).toBe(20); // 0 + 1 + 10 + 9
    expect(layoutTotal([null, 'JH', null, '3S', '4D', 'TC'])).toBe(27); // 10 + 3 + 4 + 10
  });
});

describe('Cactus: a turn', () => {
  it('the first turn of the game must draw from the stock', () => {
    const s = dealt(BASE);
    expect(game.legalActions(s, 0)).toEqual([draw]);
    refused(s, 0, take, /first turn of the game must draw from the stock/);
  });

  it('the card drawn from the stock shows only in its drawer’s view and event log', () => {
    const s0 = dealt({ ...BASE, stock: ['3H'] });
    const s = moves(s0, [0, draw]);
    expect(view(s, 0).held).toEqual({ source: 'stock', card: '3H', power: null });
    expect(view(s, 1).held).toEqual({ source: 'stock' });
    expect(view(s, null).held).toEqual({ source: 'stock' });
    expect(moveView(s0, 0, draw, 0)).toEqual({ type: 'draw', card: '3H' });
    expect(moveView(s0, 0, draw, 1)).toEqual({ type: 'draw' });
    expect(moveView(s0, 0, draw, null)).toEqual({ type: 'draw' });
  });

  it('a swap is blind: the card drawn goes face down, the card it replaces face up on the discard pile', () => {
    let s = dealt({ ...BASE, stock: ['3H'] });
    s = moves(s, [0, draw]);
    const before = s;
    s = moves(s, [0, swap(0)]);
    expect(s.layouts[0][0]?.card).toBe('3H');
    expect(view(s, 0).discards).toEqual(['5S']);
    // Placed, the card is face down: not even its owner sees it again.
    expect(view(s, 0).layouts[0]).toEqual(['face-down', 'face-down', 'face-down', 'face-down']);
    expect(JSON.stringify(view(s, 0))).not.toContain('"3H"');
    expect(moveView(before, 0, swap(0), 0)).toEqual({ type: 'swap', position: 0, discarded: '5S', placed: '3H' });
    expect(moveView(before, 0, swap(0), 1)).toEqual({ type: 'swap', position: 0, discarded: '5S' });
    expect(game.status(s).toAct).toEqual([1]);
  });

  it('a card drawn from the stock may be discarded unused', () => {
    let s = dealt({ ...BASE, stock: ['3H'] });
    s = moves(s, [0, draw], [0, discard]);
    expect(view(s, 1).discards).toEqual(['3H']);
    expect(s.layouts[0].map((x) => x?.card)).toEqual(BASE.layouts[0]);
    expect(game.status(s).toAct).toEqual([1]);
  });

  it('later turns may take the top discard instead, and a card taken from the discard pile must be swapped in', () => {
    let s = dealt({ ...BASE, stock: ['3H'] });
    s = moves(s, [0, draw], [0, discard]);
    expect(game.legalActions(s, 1)).toEqual([draw, take, ...[0, 1, 2, 3].map(match)]);
    const before = s;
    s = moves(s, [1, take]);
    expect(moveView(before, 1, take, 0)).toEqual({ type: 'take', card: '3H' });
    // Taken face up from the pile, the card is public while held.
    expect(view(s, 0).held).toEqual({ source: 'discard', card: '3H', power: null });
    refused(s, 1, discard, /must be swapped in/);
    expect(game.legalActions(s, 1).some((a) => a.type === 'discard')).toBe(false);
    s = moves(s, [1, swap(3)]);
    expect(s.layouts[1][3]?.card).toBe('3H');
    expect(view(s, 0).discards).toEqual(['JC']);
  });

  it('one draw per turn, and the held card must be placed before the turn ends', () => {
    let s = dealt(BASE);
    refused(s, 0, swap(0), /draw a card first/);
    s = moves(s, [0, draw]);
    refused(s, 0, draw, /already drawn/);
    refused(s, 0, swap(7), /no card at position 7/);
    refused(s, 1, draw, /out of turn you may only try a match/);
  });

  it('offers exactly the swaps, the discard and the "Cactus!" variants while a plain card is held', () => {
    const s = moves(dealt({ ...BASE, stock: ['3H'] }), [0, draw]);
    expect(game.legalActions(s, 0)).toEqual([
      swap(0),
      swap(0, true),
      swap(1),
      swap(1, true),
      swap(2),
      swap(2, true),
      swap(3),
      swap(3, true),
      discard,
      { type: 'discard', cactus: true },
    ]);
    expect(game.legalActions(s, 1)).toEqual([]);
  });
});

describe('Cactus: power cards drawn from the stock', () => {
  it('an 8, 7 or 6 discarded lets its drawer peek at one of its own cards; the other seat learns only which', () => {
    for (const power of ['8H', '7C', '6D']) {
      const before = moves(dealt({ ...BASE, stock: [power] }), [0, draw]);
      const peek: Action = { type: 'peek', position: 2 };
      expect(game.legalActions(before, 0)).toContainEqual(peek);
      expect(game.legalActions(before, 0)).toContainEqual({ type: 'peek', position: 2, cactus: true });
      expect(moveView(before, 0, peek, 0)).toEqual({ type: 'peek', position: 2, discarded: power, saw: '9D' });
      expect(moveView(before, 0, peek, 1)).toEqual({ type: 'peek', position: 2, discarded: power });
      expect(moveView(before, 0, peek, null)).toEqual({ type: 'peek', position: 2, discarded: power });
      const s = moves(before, [0, peek]);
      expect(view(s, 1).discards).toEqual([power]);
      // It is a memory game: the card peeked at never shows in a view afterwards, not even the peeker's.
      for (const seat of [0, 1, null]) expect(JSON.stringify(view(s, seat))).not.toContain('"9D"');
    }
  });

  it("a jack, 10 or 9 discarded lets its drawer spy one of the opponent's cards, which the opponent does not learn", () => {
    for (const power of ['JH', 'TC', '9S']) {
      const before = moves(dealt({ ...BASE, stock: [power] }), [0, draw]);
      const spy: Action = { type: 'spy', position: 1 };
      expect(game.legalActions(before, 0).filter((a) => a.type === 'spy' && !a.cactus)).toHaveLength(4);
      expect(game.legalActions(before, 0).some((a) => a.type === 'peek')).toBe(false);
      expect(moveView(before, 0, spy, 0)).toEqual({ type: 'spy', position: 1, discarded: power, saw: 'AH' });
      expect(moveView(before, 0, spy, 1)).toEqual({ type: 'spy', position: 1, discarded: power });
      const s = moves(before, [0, spy]);
      for (const seat of [0, 1, null]) expect(JSON.stringify(view(s, seat))).not.toContain('"AH"');
    }
  });

  it("a queen discarded exchanges one of its drawer's cards with one of the opponent's, neither looked at", () => {
    let s = moves(dealt({ ...BASE, stock: ['QD'] }), [0, draw]);
    // One of its own four cards first; the opponent's card is chosen next.
    expect(game.legalActions(s, 0).filter((a) => a.type === 'queen')).toHaveLength(4);
    expect(view(s, 0).held).toEqual({ source: 'stock', card: 'QD', power: 'queen' });
    // The opponent does not learn that a power card was drawn until it is discarded.
    expect(view(s, 1).held).toEqual({ source: 'stock' });
    s = moves(s, [0, { type: 'queen', position: 1 }]);
    expect(view(s, 1).phase).toBe('exchange');
    expect(view(s, 1).discards).toEqual(['QD']);
    expect(game.legalActions(s, 0)).toHaveLength(8); // four positions, with and without "Cactus!"
    const before = s;
    s = moves(s, [0, { type: 'exchange', position: 2 }]);
    expect(s.layouts[0].map((x) => x?.card)).toEqual(['5S', '7D', '9D', '2C']);
    expect(s.layouts[1].map((x) => x?.card)).toEqual(['QS', 'AH', 'KH', 'JC']);
    expect(moveView(before, 0, { type: 'exchange', position: 2 }, 1)).toEqual({ type: 'exchange', position: 2 });
    for (const seat of [0, 1, null])
      expect(
        view(s, seat)
          .layouts.flat()
          .every((c) => c === 'face-down'),
      ).toBe(true);
    expect(game.status(s).toAct).toEqual([1]);
  });

  it('no match may be tried in the middle of a queen exchange', () => {
    let s = moves(dealt({ ...BASE, stock: ['3H', 'QD'] }), [0, draw], [0, swap(0)], [1, draw]);
    s = moves(s, [1, { type: 'queen', position: 0 }]);
    expect(game.legalActions(s, 0)).toEqual([]);
    refused(s, 0, match(2), /queen exchange/);
  });

  it('a power card may be swapped in or discarded unused instead, without its power', () => {
    const s = moves(dealt({ ...BASE, stock: ['7C'] }), [0, draw]);
    const kinds = new Set(game.legalActions(s, 0).map((a) => a.type));
    expect(kinds).toEqual(new Set(['swap', 'discard', 'peek']));
    const after = moves(s, [0, swap(0)]);
    expect(after.layouts[0][0]?.card).toBe('7C');
    expect(after.layouts[0].filter((x) => x?.seen[0])).toHaveLength(1);
  });

  it('a card that is not a power card has no power', () => {
    const s = moves(dealt({ ...BASE, stock: ['5H'] }), [0, draw]);
    refused(s, 0, { type: 'peek', position: 0 }, /5H has no peek power/);
    refused(s, 0, { type: 'queen', position: 0 }, /5H has no queen power/);
    refused(s, 0, { type: 'exchange', position: 0 }, /discard a queen/);
  });
});

describe('Cactus: re-using a power card from the discard pile', () => {
  // Seat 0's layout holds the 7S at position 0: swapped out, it reaches the pile without being used.
  const table: Table = {
    layouts: [
      ['7S', 'KH', '9D', '2C'],
      ['QS', 'AH', '4D', 'JC'],
    ],
    stock: ['3H', '8H', '5C'],
  };

  it('a power card the opponent discarded from its layout may be taken and re-discarded at once to use its power', () => {
    let s = moves(dealt(table), [0, draw], [0, swap(0)]);
    expect(view(s, 1).topPowerFor).toBe(1);
    s = moves(s, [1, take]);
    expect(s.held).toEqual({ card: '7S', source: 'discard', power: 'peek' });
    const listed = game.legalActions(s, 1);
    expect(listed).toContainEqual({ type: 'peek', position: 2 });
    expect(listed.some((a) => a.type === 'discard')).toBe(false);
    const before = s;
    s = moves(s, [1, { type: 'peek', position: 2 }]);
    expect(moveView(before, 1, { type: 'peek', position: 2 }, 1)).toEqual({
      type: 'peek',
      position: 2,
      discarded: '7S',
      saw: '4D',
    });
    expect(moveView(before, 1, { type: 'peek', position: 2 }, 0)).toEqual({ type: 'peek', position: 2, discarded: '7S' });
    // Used now: whoever takes it again must swap it in.
    expect(view(s, 0).topPowerFor).toBeNull();
    s = moves(s, [0, take]);
    expect(s.held?.power).toBeNull();
    expect(game.legalActions(s, 0).every((a) => a.type === 'swap' || a.type === 'match')).toBe(true);
    refused(s, 0, { type: 'peek', position: 1 }, /no power left/);
  });

  it('only the opponent of the seat that discarded it may use it again', () => {
    // Seat 1 discards a 7H; seat 0 matches its own 7S onto it, then takes it back: no power for its own discard.
    let s = moves(dealt({ ...table, stock: ['3H', '7H'] }), [0, draw], [0, swap(1)], [1, draw], [1, discard], [0, match(0)]);
    expect(view(s, 0).topPowerFor).toBe(1);
    s = moves(s, [0, take]);
    expect(s.held).toEqual({ card: '7S', source: 'discard', power: null });
    expect(game.legalActions(s, 0).some((a) => a.type === 'peek')).toBe(false);
  });

  it('a power card drawn from the stock and discarded unused cannot be used by the next seat', () => {
    let s = moves(dealt({ ...table, stock: ['8H'] }), [0, draw], [0, discard]);
    s = moves(s, [1, take]);
    expect(game.legalActions(s, 1).some((a) => a.type === 'peek')).toBe(false);
    refused(s, 1, { type: 'peek', position: 0 }, /no power left/);
  });

  it('a power card matched away from a layout is unused too, and the opponent may use it', () => {
    // Seat 0 discards the 7H it drew, then matches its own 7S onto it out of turn.
    const t: Table = {
      layouts: [
        ['7S', 'KH', '9D', '2C'],
        ['QS', 'AH', '4D', 'JC'],
      ],
      stock: ['7H'],
    };
    let s = moves(dealt(t), [0, draw], [0, discard], [0, match(0)]);
    expect(view(s, 1).discards).toEqual(['7H', '7S']);
    expect(view(s, 1).topPowerFor).toBe(1);
    s = moves(s, [1, take]);
    expect(game.legalActions(s, 1)).toContainEqual({ type: 'peek', position: 0 });
  });
});

describe('Cactus: matching the top discard', () => {
  const table: Table = {
    layouts: [
      ['5S', 'KH', '5C', '2C'],
      ['QS', 'AH', '5D', 'JC'],
    ],
    stock: ['3H', '4H', '6C', '8D'],
  };

  it('any seat may match the top discard with one of its cards, in or out of turn; a right match discards the card', () => {
    let s = moves(dealt(table), [0, draw], [0, swap(0)]);
    // Seat 1 is to play; seat 0 matches out of turn.
    expect(game.status(s).toAct).toEqual([1]);
    expect(game.legalActions(s, 0)).toEqual([0, 1, 2, 3].map(match));
    const before = s;
    s = moves(s, [0, match(2)]);
    expect(moveView(before, 0, match(2), 1)).toEqual({ type: 'match', position: 2, card: '5C', right: true, penalty: 0 });
    expect(view(s, 1).layouts[0]).toEqual(['face-down', 'face-down', null, 'face-down']);
    expect(view(s, 1).discards).toEqual(['5S', '5C']);
    // Still seat 1's turn: it matches its 5D in turn, before drawing.
    expect(game.status(s).toAct).toEqual([1]);
    s = moves(s, [1, match(2)]);
    expect(view(s, 0).discards).toEqual(['5S', '5C', '5D']);
    expect(s.layouts[1][2]).toBeNull();
    // The emptied positions stay empty: positions never shift.
    s = moves(s, [1, draw], [1, swap(3)]);
    expect(s.layouts[1].map((x) => x?.card ?? null)).toEqual(['QS', 'AH', null, '4H']);
  });

  it('a wrong match shows the card to both seats, leaves it in place and costs two penalty cards face down in new positions', () => {
    let s = moves(dealt(table), [0, draw], [0, swap(0)]);
    const before = s;
    s = moves(s, [1, match(0)]);
    expect(moveView(before, 1, match(0), 0)).toEqual({ type: 'match', position: 0, card: 'QS', right: false, penalty: 2 });
    expect(s.layouts[1].map((x) => x?.card)).toEqual(['QS', 'AH', '5D', 'JC', '4H', '6C']);
    expect(view(s, 1).layouts[1]).toEqual(['face-down', 'face-down', 'face-down', 'face-down', 'face-down', 'face-down']);
    expect(view(s, 1).stock).toBe(41); // 44 - 1 drawn - 2 penalty cards
    expect(view(s, 0).discards).toEqual(['5S']);
    for (const seat of [0, 1, null]) {
      const json = JSON.stringify(view(s, seat));
      for (const c of ['QS', '4H', '6C']) expect(json).not.toContain(`"${c}"`);
    }
    // The penalty cards count at the end: 10 + 1 + 5 + 10 + 4 + 6.
    s = moves(s, [1, draw], [1, { type: 'discard', cactus: true }], [0, draw], [0, discard]);
    expect(game.status(s).scores[1]).toBe(36);
  });

  it('with the memory aid, a card shown by a wrong match is known to both seats and to spectators', () => {
    let s = moves(dealt({ ...table, options: { memoryAid: true } }), [0, draw], [0, swap(0)]);
    s = moves(s, [1, match(0)]);
    for (const seat of [0, 1, null]) {
      expect(view(s, seat).layouts[1]).toEqual(['QS', 'face-down', 'face-down', 'face-down', 'face-down', 'face-down']);
    }
  });

  it('a match needs a top discard and a card at the position', () => {
    let s = dealt(table);
    expect(game.legalActions(s, 1)).toEqual([]);
    refused(s, 1, match(0), /no discard to match/);
    s = moves(s, [0, draw], [0, swap(0)], [0, match(2)]);
    refused(s, 0, match(2), /no card at position 2/);
  });

  it('the seat whose turn it is may match while it holds the card it drew', () => {
    let s = moves(dealt(table), [0, draw], [0, swap(0)], [1, draw]);
    expect(game.legalActions(s, 1)).toContainEqual(match(2));
    s = moves(s, [1, match(2)], [1, discard]);
    expect(view(s, 0).discards).toEqual(['5S', '5D', '4H']);
  });
});

describe('Cactus: "Cactus!" and the end', () => {
  // Seat 0: K A 2 3 = 0 + 1 + 2 + 3 = 6. Seat 1: Q J 10 9 = 10 + 10 + 10 + 9 = 39.
  const low: Table = {
    layouts: [
      ['KS', 'AH', '2D', '3C'],
      ['QS', 'JH', 'TD', '9C'],
    ],
    stock: ['4S', '5S', '6S'],
  };

  it('the seat whose turn it is calls "Cactus!" as it ends its turn; the other seat has exactly one more turn', () => {
    let s = moves(dealt(low), [0, draw], [0, { type: 'discard', cactus: true }]);
    expect(s.cactus).toBe(0);
    expect(view(s, 1).lastTurn).toBe(true);
    expect(game.status(s)).toEqual({ toAct: [1], finished: false, scores: [0, 0] });
    s = moves(s, [1, draw]);
    // No second call on the last turn.
    expect(game.legalActions(s, 1).some((a) => 'cactus' in a)).toBe(false);
    refused(s, 1, { type: 'discard', cactus: true }, /already been called/);
    s = moves(s, [1, discard]);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([6, 39]);
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins 6 to 39 after seat 0\'s "Cactus!"' });
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(game.legalActions(s, 1)).toEqual([]);
    refused(s, 0, draw, /game is over/);
  });

  it('the lower total wins even if it is not the caller’s', () => {
    // Seat 1 swaps its QS for the 5S it drew and calls: 5 + 10 + 10 + 9 = 34, against seat 0's 6.
    const s = moves(dealt(low), [0, draw], [0, discard], [1, draw], [1, swap(0, true)], [0, draw], [0, discard]);
    expect(game.status(s).scores).toEqual([6, 34]);
    expect(game.status(s).result?.winners).toEqual([0]);
  });

  it('equal totals tie', () => {
    // Seat 0: K Q 5 4 = 19. Seat 1: K J 6 3 = 19.
    const s = moves(
      dealt({
        layouts: [
          ['KS', 'QH', '5D', '4C'],
          ['KH', 'JD', '6C', '3S'],
        ],
      }),
      [0, draw],
      [0, { type: 'discard', cactus: true }],
      [1, draw],
      [1, discard],
    );
    expect(game.status(s).scores).toEqual([19, 19]);
    expect(game.status(s).result).toEqual({ winners: [0, 1], summary: 'tie at 19 after seat 0\'s "Cactus!"' });
  });

  it('both seats may still match during the last turn, the caller included', () => {
    // Seat 0 swaps its 2D for the 4S and calls; during seat 1's last turn it tries its KS on the 2D: wrong, two penalty cards.
    let s = moves(dealt(low), [0, draw], [0, swap(2, true)]);
    s = moves(s, [0, match(0)]);
    // K A 4 3 + penalty 5S 6S = 0 + 1 + 4 + 3 + 5 + 6 = 19.
    s = moves(s, [1, draw], [1, discard]);
    expect(game.status(s).scores).toEqual([19, 39]);
  });

  it('once over, every card is public', () => {
    const s = moves(dealt(low), [0, draw], [0, { type: 'discard', cactus: true }], [1, draw], [1, discard]);
    const v = view(s, null);
    expect(v.layouts).toEqual(low.layouts);
    expect(v.totals).toEqual([6, 39]);
    expect(v.stock).toEqual(s.stock);
  });
});

describe('Cactus: the stock', () => {
  /** Draws and discards for `turns` turns, the seats alternating. */
  function drawAndDiscard(s: State, turns: number): State {
    let t = s;
    for (let i = 0; i < turns; i++) t = moves(t, [t.turn, draw], [t.turn, discard]);
    return t;
  }

  it('when it runs out, the discard pile less its top card is shuffled into a new stock', () => {
    let s = drawAndDiscard(dealt(BASE), 43);
    expect(s.stock).toHaveLength(1);
    const last = s.stock[0];
    const pile = view(s, 0).discards;
    expect(pile).toHaveLength(43);
    s = moves(s, [s.turn, draw]);
    // At once: 43 discards, less the top one, make a stock of 42.
    expect(s.stock).toHaveLength(42);
    expect(view(s, 0).discards).toEqual([pile[42]]);
    expect([...s.stock].sort()).toEqual(pile.slice(0, 42).sort());
    s = moves(s, [s.turn, discard]);
    expect(view(s, 0).discards).toEqual([pile[42], last]);
    expect(view(s, 0).stockRebuilt).toBe(1);
    expect(view(s, 0).stockRebuildsLeft).toBeNull();
  });

  it('the stock is rebuilt as often as needed: twice and more in one deal, and play goes on', () => {
    // 44 turns use the first stock (rebuilt at the 44th draw into 42 cards, 2 discards on the pile).
    let s = drawAndDiscard(dealt(BASE), 44);
    expect(s.rebuilt).toBe(1);
    s = drawAndDiscard(s, s.stock.length - 1);
    expect(s.stock).toHaveLength(1);
    // The pile now holds 2 + 41 = 43 cards: the next draw takes the last stock card and the pile,
    // less its top card, becomes a stock of 42 again.
    const pile = view(s, 0).discards;
    expect(pile).toHaveLength(43);
    s = moves(s, [s.turn, draw]);
    expect(s.rebuilt).toBe(2);
    expect(s.stock).toHaveLength(42);
    expect([...s.stock].sort()).toEqual(pile.slice(0, 42).sort());
    expect(view(s, 0).discards).toEqual([pile[42]]);
    expect(view(s, 1).stockRebuildsLeft).toBeNull();
    s = moves(s, [s.turn, discard]);
    s = drawAndDiscard(s, 100);
    expect(s.rebuilt).toBe(4);
    expect(game.status(s).finished).toBe(false);
  });

  it('under a house limit (stockRebuilds 0), a turn that cannot begin with a draw ends the game as it lies', () => {
    let s = drawAndDiscard(dealt({ ...BASE, options: { stockRebuilds: 0 } }), 43);
    expect(game.status(s).finished).toBe(false);
    s = drawAndDiscard(s, 1);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    // Seat 0: 5 + 0 + 9 + 2 = 16. Seat 1: 10 + 1 + 7 + 10 = 28.
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins 16 to 28 when the stock ran out' });
  });

  it('with the house limit stockRebuilds 1, the game ends when the rebuilt stock runs out', () => {
    // 44 turns empty the first stock; the 42 cards of the rebuilt one last 42 more.
    let s = drawAndDiscard(dealt({ ...BASE, options: { stockRebuilds: 1 } }), 44 + 41);
    expect(view(s, 0).stockRebuildsLeft).toBe(0);
    expect(game.status(s).finished).toBe(false);
    s = drawAndDiscard(s, 1);
    expect(game.status(s).finished).toBe(true);
    expect(s.end).toBe('stock');
  });

  it('a match may be tried only while the stock can give the two penalty cards', () => {
    let s = drawAndDiscard(dealt({ ...BASE, options: { stockRebuilds: 0 } }), 43);
    expect(s.stock).toHaveLength(1);
    expect(game.legalActions(s, 0).some((a) => a.type === 'match')).toBe(false);
    refused(s, 1, match(0), /two penalty cards/);
    // With a rebuild left, the discard pile makes up the penalty.
    s = drawAndDiscard(dealt(BASE), 43);
    expect(game.legalActions(s, 1)).toContainEqual(match(0));
  });
});

describe('Cactus: an emptied layout', () => {
  it('a seat whose own matches empty its layout while it holds a taken discard discards it, and scores 0', () => {
    const table: Table = {
      layouts: [
        ['9S', 'KD', '5S', '2C'],
        ['KS', '9H', '9D', '9C'],
      ],
      stock: ['4H', 'KH', '7H'],
    };
    let s = moves(dealt(table), [0, draw], [0, swap(0)]);
    s = moves(s, [1, match(1)], [1, match(2)], [1, match(3)], [1, draw], [1, discard]);
    s = moves(s, [0, draw], [0, swap(2)]);
    // Pile: ... KH, 5S. Seat 1 takes the 5S and then matches its KS on the KH.
    s = moves(s, [1, take], [1, match(0)]);
    expect(view(s, 1).layouts[1]).toEqual([null, null, null, null]);
    expect(game.legalActions(s, 1)).toEqual([discard, { type: 'discard', cactus: true }]);
    s = moves(s, [1, discard], [0, draw], [0, discard]);
    // No take for a seat with no card to swap, and nothing to match.
    expect(game.legalActions(s, 1)).toEqual([draw]);
    s = moves(s, [1, draw], [1, { type: 'discard', cactus: true }], [0, draw], [0, discard]);
    expect(game.status(s).scores[1]).toBe(0);
  });
});

describe('Cactus: what each seat knows', () => {
  it('the memory aid shows a seat the cards it placed and peeked at, and never the opponent’s secrets', () => {
    let s = dealt({ ...BASE, stock: ['3H', '8C', 'TD'], options: { memoryAid: true } });
    s = moves(s, [0, draw], [0, swap(0)]);
    expect(view(s, 0).layouts[0]).toEqual(['3H', 'face-down', 'face-down', 'face-down']);
    expect(view(s, 1).layouts[0]).toEqual(['face-down', 'face-down', 'face-down', 'face-down']);
    s = moves(s, [1, draw], [1, { type: 'peek', position: 3 }]);
    expect(view(s, 1).layouts[1]).toEqual(['face-down', 'face-down', 'face-down', 'JC']);
    expect(view(s, 0).layouts[1]).toEqual(['face-down', 'face-down', 'face-down', 'face-down']);
    s = moves(s, [0, draw], [0, { type: 'spy', position: 3 }]);
    expect(view(s, 0).layouts[1]).toEqual(['face-down', 'face-down', 'face-down', 'JC']);
    expect(
      view(s, null)
        .layouts.flat()
        .filter((c) => c !== 'face-down'),
    ).toEqual([]);
  });

  it('without the memory aid no view shows any of those cards', () => {
    let s = dealt({ ...BASE, stock: ['3H', '8C', 'TD'] });
    s = moves(
      s,
      [0, draw],
      [0, swap(0)],
      [1, draw],
      [1, { type: 'peek', position: 3 }],
      [0, draw],
      [0, { type: 'spy', position: 3 }],
    );
    for (const seat of [0, 1, null]) {
      expect(
        view(s, seat)
          .layouts.flat()
          .every((c) => c === 'face-down'),
      ).toBe(true);
      const json = JSON.stringify(view(s, seat));
      for (const c of [...layoutCodes(s), ...s.stock]) expect(json).not.toContain(`"${c}"`);
    }
  });

  it('knowledge moves with a card exchanged by a queen: it is no longer known where it was', () => {
    let s = dealt({ ...BASE, stock: ['3H', 'QD'], options: { memoryAid: true } });
    s = moves(s, [0, draw], [0, swap(1)]);
    expect(view(s, 0).layouts[0]).toEqual(['face-down', '3H', 'face-down', 'face-down']);
    s = moves(s, [1, draw], [1, { type: 'queen', position: 0 }], [1, { type: 'exchange', position: 1 }]);
    expect(view(s, 0).layouts[0]).toEqual(['face-down', 'face-down', 'face-down', 'face-down']);
    expect(view(s, 0).layouts[1]).toEqual(['3H', 'face-down', 'face-down', 'face-down']);
    expect(
      view(s, 1)
        .layouts.flat()
        .every((c) => c === 'face-down'),
    ).toBe(true);
  });

  it('a card taken from the discard pile and swapped in is known to both seats (and spectators) with the memory aid', () => {
    let s = dealt({ ...BASE, stock: ['3H'], options: { memoryAid: true } });
    s = moves(s, [0, draw], [0, discard], [1, take], [1, swap(2)]);
    for (const seat of [0, 1, null]) expect(view(s, seat).layouts[1]).toEqual(['face-down', 'face-down', '3H', 'face-down']);
  });
});

describe('Cactus: the clock', () => {
  it('a seat whose time runs out draws from the stock and discards the card unused, calling nothing', () => {
    let s = dealt({ ...BASE, stock: ['QH', '4C'] });
    expect(game.defaultAction?.(s, 0)).toEqual(draw);
    s = moves(s, [0, draw]);
    expect(game.defaultAction?.(s, 0)).toEqual(discard);
  });

  it('a card taken from the discard pile goes to its first position; a queen exchange takes the opponent’s first card', () => {
    let s = moves(dealt({ ...BASE, stock: ['3H', 'QH'] }), [0, draw], [0, discard], [1, take]);
    expect(game.defaultAction?.(s, 1)).toEqual(swap(0));
    s = moves(s, [1, swap(1)], [0, draw], [0, { type: 'queen', position: 2 }]);
    expect(s.phase).toBe('exchange');
    expect(game.defaultAction?.(s, 0)).toEqual({ type: 'exchange', position: 0 });
  });

  it('the lower total wins', () => expect(game.lowScoreWins).toBe(true));
});
