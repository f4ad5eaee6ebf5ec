import { describe, expect, it } from 'vitest';
import { type Card, removeCards, sameCards, seedRng, shuffle } from '../../cards';
import { aceToTenDeck } from '../../cards/banking';
import { assertConserved, assertHidden, conformance, IllegalMove, playMove, resolveOptions } from '../../engine';
import { type Action, kabu as game, type Options, type State, settle, type View } from '.';

const draw: Action = { type: 'draw' };
const stand: Action = { type: 'stand' };

interface Table {
  /** Each seat's two cards, by seat. */
  hands: Card[][];
  /** The top of the stock after the deal, top first. */
  stock?: Card[];
  startingChips?: number | null;
}

/**
 * A first deal on a stacked deck: seat 0 deals, so the cards go one at a time to seat 1, 2, ...,
 * then seat 0, twice around; the stock follows, then the rest of the deck in its canonical order.
 */
function dealt({ hands, stock = [], startingChips = null }: Table): State {
  const seats = hands.length;
  const order = [...Array(seats).keys()].map((k) => (k + 1) % seats);
  const top = [0, 1].flatMap((i) => order.map((seat) => hands[seat][i]));
  const deck = [...top, ...stock, ...removeCards(aceToTenDeck(), [...top, ...stock])];
  const options = resolveOptions(game, { startingChips }, seats) as Options;
  return game.setup({ seats, options, seed: 'stacked', deck });
}

function moves(s: State, ...steps: [number, Action][]): State {
  return steps.reduce((st, [seat, a]) => playMove(game, st, seat, a), s);
}

const toAct = (s: State) => game.status(s).toAct;

describe('Kabu: the deal and the drawing', () => {
  it("deals two cards to each seat one at a time from the dealer's left, the dealer last", () => {
    const deck = aceToTenDeck();
    const s = game.setup({ seats: 3, options: { startingChips: null }, seed: 'x', deck });
    // The deck runs AS 2S 3S 4S 5S 6S ...: seat 1 gets the 1st and 4th cards, seat 2 the 2nd and 5th, seat 0 (dealing) the 3rd and 6th.
    expect(s.hands).toEqual([
      ['3S', '6S'],
      ['AS', '4S'],
      ['2S', '5S'],
    ]);
    expect(s.stock).toHaveLength(34);
    expect(s.stock[0]).toBe('7S');
  });

  it("the seat at the dealer's left draws first, and the turn goes around the table to the dealer", () => {
    let s = dealt({
      hands: [
        ['AS', 'AH'],
        ['2S', '2H'],
        ['3S', '3H'],
      ],
    });
    expect(toAct(s)).toEqual([1]);
    s = moves(s, [1, draw]);
    expect(toAct(s)).toEqual([2]);
    s = moves(s, [2, draw]);
    expect(toAct(s)).toEqual([0]);
    s = moves(s, [0, draw]);
    expect(toAct(s)).toEqual([1]);
  });

  it('a draw takes the top card of the stock', () => {
    const s = moves(
      dealt({
        hands: [
          ['AS', 'AH'],
          ['2S', '2H'],
        ],
        stock: ['9D', '8D'],
      }),
      [1, draw],
      [0, draw],
    );
    expect(s.hands[1]).toEqual(['2S', '2H', '9D']);
    expect(s.hands[0]).toEqual(['AS', 'AH', '8D']);
  });

  it('standing is final: a seat that stood is skipped and may not draw later in the deal', () => {
    let s = dealt({
      hands: [
        ['AS', 'AH'],
        ['2S', '2H'],
        ['3S', '3H'],
      ],
    });
    s = moves(s, [1, stand], [2, draw], [0, draw]);
    // The second round skips seat 1.
    expect(toAct(s)).toEqual([2]);
    expect(game.legalActions(s, 1)).toEqual([]);
    expect(() => game.apply(s, 1, draw)).toThrow(/standing is final/);
  });

  it('a seat that has drawn twice is done: four cards at most', () => {
    let s = dealt({
      hands: [
        ['AS', 'AH'],
        ['2S', '2H'],
        ['3S', '3H'],
      ],
    });
    s = moves(s, [1, draw], [2, stand], [0, draw], [1, draw]);
    expect(s.hands[1]).toHaveLength(4);
    // Seat 2 stood, seat 1 is done: only the dealer is left.
    expect(toAct(s)).toEqual([0]);
    expect(() => game.apply(s, 1, draw)).toThrow(/drawn twice/);
  });

  it('the last seat still drawing keeps the turn until it is done', () => {
    let s = dealt({
      hands: [
        ['AS', 'AH'],
        ['2S', '2H'],
      ],
    });
    s = moves(s, [1, stand], [0, draw]);
    expect(toAct(s)).toEqual([0]);
    s = moves(s, [0, draw]);
    // Both are done: the deal is settled and the next one begins.
    expect(s.deal).toBe(2);
  });

  it('refuses a move out of turn, an unknown move, and any move once the game is over', () => {
    const s = dealt({
      hands: [
        ['AS', 'AH'],
        ['2S', '2H'],
        ['3S', '3H'],
      ],
    });
    expect(() => playMove(game, s, 2, draw)).toThrow(IllegalMove);
    expect(() => game.apply(s, 2, draw)).toThrow(/seat 1's turn/);
    expect(() => game.apply(s, 1, { type: 'pass' } as unknown as Action)).toThrow(/unknown action/);
    // 9 against 4 with three chips each: seat 1 owes 5 and cannot pay; the game ends.
    const over = moves(
      dealt({
        hands: [
          ['4S', '5S'],
          ['2S', '2H'],
        ],
        startingChips: 3,
      }),
      [1, stand],
      [0, stand],
    );
    expect(game.status(over).finished).toBe(true);
    expect(() => playMove(game, over, 0, draw)).toThrow(/over/);
  });
});

describe('Kabu: totals and settlement', () => {
  it('a hand is worth its total with the tens digit dropped', () => {
    // Seat 0: 7 + 8 = 15 -> 5; seat 1: 10 + A = 11 -> 1; seat 2: 4 + 5 = 9.
    const s = moves(
      dealt({
        hands: [
          ['7S', '8S'],
          ['TS', 'AS'],
          ['4S', '5S'],
        ],
      }),
      [1, stand],
      [2, stand],
      [0, stand],
    );
    expect(s.lastDeal?.totals).toEqual([5, 1, 9]);
  });

  it('drawn cards count, and a four-card hand drops the tens digit too', () => {
    // Seat 1: 9 + 9 + 9 + 8 = 35 -> 5; seat 0 stands on 2 + 3 = 5.
    const s = moves(
      dealt({
        hands: [
          ['2S', '3S'],
          ['9S', '9H'],
        ],
        stock: ['9D', '8D'],
      }),
      [1, draw],
      [0, stand],
      [1, draw],
    );
    expect(s.lastDeal?.hands[1]).toEqual(['9S', '9H', '9D', '8D']);
    expect(s.lastDeal?.totals).toEqual([5, 5]);
    // Equal totals pay nothing.
    expect(s.lastDeal?.payments).toEqual([]);
    expect(s.chips).toEqual([40, 40]);
  });

  it('every seat pays every seat with a higher total the difference', () => {
    // Totals 7, 4, 2: seat 1 pays seat 0 3; seat 2 pays seat 0 5 and seat 1 2.
    const { payments, chips, defaults } = settle([7, 4, 2], [55, 55, 55]);
    expect(payments).toEqual([
      { from: 1, to: 0, amount: 3 },
      { from: 2, to: 0, amount: 5 },
      { from: 2, to: 1, amount: 2 },
    ]);
    // Seat 0: 55 + 3 + 5 = 63; seat 1: 55 - 3 + 2 = 54; seat 2: 55 - 5 - 2 = 48.
    expect(chips).toEqual([63, 54, 48]);
    expect(defaults).toEqual([]);
  });

  it('a deal is settled on the revealed hands, and the chips move', () => {
    // Seat 0: 3 + 4 = 7, seat 1: 2 + 2 = 4, seat 2: A + A = 2, all standing; 55 chips each (10 + 15 x 3).
    const s = moves(
      dealt({
        hands: [
          ['3S', '4S'],
          ['2S', '2H'],
          ['AS', 'AH'],
        ],
      }),
      [1, stand],
      [2, stand],
      [0, stand],
    );
    expect(s.lastDeal?.totals).toEqual([7, 4, 2]);
    expect(s.chips).toEqual([63, 54, 48]);
    expect(game.status(s).scores).toEqual([63, 54, 48]);
    expect(game.status(s).finished).toBe(false);
  });

  it('a seat that cannot pay everything it owes pays nothing, the other payments are made, and the game ends', () => {
    // Totals 9, 5, 0 with 10, 10, 6 chips: seat 2 owes 9 + 5 = 14 > 6 and pays nothing;
    // seat 1 owes 4 and pays it: seat 0 10 + 4 = 14, seat 1 10 - 4 = 6, seat 2 keeps 6.
    const { payments, chips, defaults } = settle([9, 5, 0], [10, 10, 6]);
    expect(defaults).toEqual([{ seat: 2, owed: 14, chips: 6 }]);
    expect(payments).toEqual([{ from: 1, to: 0, amount: 4 }]);
    expect(chips).toEqual([14, 6, 6]);
  });

  it('a defaulter still collects from lower totals', () => {
    // Totals 9, 1, 0 with 5 chips each: seat 1 owes 8 > 5, pays nothing, but seat 2 pays it 1 (and 9 to seat 0).
    const { payments, chips } = settle([9, 1, 0], [5, 5, 20]);
    expect(payments).toEqual([
      { from: 2, to: 0, amount: 9 },
      { from: 2, to: 1, amount: 1 },
    ]);
    expect(chips).toEqual([14, 6, 10]);
  });

  it('the game ends with the deal in which a seat cannot pay, and most chips wins', () => {
    // Five chips each. Seat 0: 4 + 5 = 9; seat 1: 2 + 3 = 5; seat 2: T + T = 0.
    // Seat 2 owes 9 + 5 = 14 > 5: it pays nothing; seat 1 pays seat 0 4: chips 9, 1, 5.
    const s = moves(
      dealt({
        hands: [
          ['4S', '5S'],
          ['2S', '3S'],
          ['TS', 'TH'],
        ],
        startingChips: 5,
      }),
      [1, stand],
      [2, stand],
      [0, stand],
    );
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.toAct).toEqual([]);
    expect(st.scores).toEqual([9, 1, 5]);
    expect(st.result?.winners).toEqual([0]);
    expect(st.result?.summary).toBe('seat 0 wins with 9 chips (seat 2 could not pay 14 with 5)');
  });

  it('equal most chips at the end share the win', () => {
    // Three chips each; 9 against 2: seat 1 owes 7 > 3 and pays nothing, so both keep 3.
    const s = moves(
      dealt({
        hands: [
          ['4S', '5S'],
          ['AS', 'AH'],
        ],
        startingChips: 3,
      }),
      [1, stand],
      [0, stand],
    );
    expect(game.status(s).finished).toBe(true);
    expect(game.status(s).scores).toEqual([3, 3]);
    expect(game.status(s).result?.winners).toEqual([0, 1]);
  });

  it('passes the deal to the left and shuffles the whole deck again for every deal', () => {
    const s = moves(
      dealt({
        hands: [
          ['3S', '4S'],
          ['2S', '2H'],
          ['AS', 'AH'],
        ],
      }),
      [1, stand],
      [2, stand],
      [0, stand],
    );
    expect(s.deal).toBe(2);
    expect(s.dealer).toBe(1);
    expect(toAct(s)).toEqual([2]);
    expect(s.hands.every((h) => h.length === 2)).toBe(true);
    expect(sameCards([...s.hands.flat(), ...s.stock], aceToTenDeck())).toBe(true);
    // The new deal is the whole deck shuffled by the seeded RNG (a stacked deck leaves it at the seed), dealt from seat 2.
    const [deck] = shuffle(aceToTenDeck(), seedRng('stacked'));
    expect(s.hands).toEqual([
      [deck[1], deck[4]],
      [deck[2], deck[5]],
      [deck[0], deck[3]],
    ]);
  });

  it('starts each seat with ten chips plus fifteen per seat, unless the option says otherwise', () => {
    expect(
      dealt({
        hands: [
          ['AS', 'AH'],
          ['2S', '2H'],
        ],
      }).chips,
    ).toEqual([40, 40]);
    expect(
      dealt({
        hands: [
          ['AS', 'AH'],
          ['2S', '2H'],
          ['3S', '3H'],
        ],
      }).chips,
    ).toEqual([55, 55, 55]);
    const six = game.setup({ seats: 6, options: resolveOptions(game, {}, 6) as Options, seed: 's' });
    expect(six.chips).toEqual(Array(6).fill(100));
    expect(
      dealt({
        hands: [
          ['AS', 'AH'],
          ['2S', '2H'],
        ],
        startingChips: 25,
      }).chips,
    ).toEqual([25, 25]);
  });
});

describe('Kabu: views', () => {
  it('a seat sees its own cards, the other hands as counts, and the previous deal as revealed', () => {
    let s = dealt({
      hands: [
        ['3S', '4S'],
        ['2S', '2H'],
        ['AS', 'AH'],
      ],
      stock: ['9D'],
    });
    s = moves(s, [1, draw]);
    const v1 = game.view(s, 1) as { hand: Card[]; hands: unknown; handCounts: number[]; stockCount: number };
    expect(v1.hand).toEqual(['2S', '2H', '9D']);
    expect(v1.hands).toBeNull();
    expect(v1.handCounts).toEqual([2, 3, 2]);
    expect(v1.stockCount).toBe(33);
    const v0 = JSON.stringify(game.view(s, 0));
    for (const c of ['2S', '2H', '9D', 'AS', 'AH']) expect(v0).not.toContain(c);
    const spectator = game.view(s, null) as { hand: unknown };
    expect(spectator.hand).toBeNull();
    s = moves(s, [2, stand], [0, stand], [1, stand]);
    const after = game.view(s, 2) as { lastDeal: { hands: Card[][]; payments: unknown[] } };
    expect(after.lastDeal.hands).toEqual([
      ['3S', '4S'],
      ['2S', '2H', '9D'],
      ['AS', 'AH'],
    ]);
    // Totals 7, 3, 2: seat 1 pays seat 0 4; seat 2 pays seat 0 5 and seat 1 1.
    expect(after.lastDeal.payments).toEqual([
      { from: 1, to: 0, amount: 4 },
      { from: 2, to: 0, amount: 5 },
      { from: 2, to: 1, amount: 1 },
    ]);
  });

  it('once the game is over every hand is public', () => {
    const s = moves(
      dealt({
        hands: [
          ['4S', '5S'],
          ['AS', 'AH'],
        ],
        startingChips: 3,
      }),
      [1, stand],
      [0, stand],
    );
    expect((game.view(s, null) as { hands: Card[][] }).hands).toEqual([
      ['4S', '5S'],
      ['AS', 'AH'],
    ]);
  });
});

describe('Kabu: seeded random games', () => {
  const deck = aceToTenDeck();
  const spec = (maxMoves: number) => ({
    maxMoves,
    viewsEvery: 5,
    invariant: (s: State) => {
      assertConserved([...s.hands, s.stock], deck);
      const seats = s.chips.length;
      if (s.chips.reduce((a, b) => a + b, 0) !== seats * s.startingChips) throw new Error('chips not conserved');
      if (s.chips.some((c) => c < 0)) throw new Error('a seat holds fewer than no chips');
      // The only way a game ends is a seat that cannot pay.
      if (s.finished && !s.lastDeal?.defaults.length) throw new Error('the game ended with nobody broke');
    },
    // No view shows another seat's cards or the stock during play; the previous deal's reveal is public history.
    checkView: (s: State, seat: number | null, view: unknown) => {
      if (s.finished) return;
      const hidden = [...s.hands.filter((_, i) => i !== seat).flat(), ...s.stock];
      assertHidden({ ...(view as View), lastDeal: null }, hidden, seat);
    },
  });
  const seatCounts = [2, 3, 4, 5, 6];
  // Chips drift until a seat cannot pay: even the longest game stays far from the service's limit.
  for (const c of conformance<State>(game, { ...spec(20_000), configs: seatCounts.map((seats) => ({ seats, matches: 60 })) }))
    it(c.name, c.run);
  // Small stacks end quickly, by a seat that cannot pay.
  for (const c of conformance<State>(game, {
    ...spec(2_000),
    configs: seatCounts.map((seats) => ({ seats, options: { startingChips: 5 }, matches: 20, label: `${seats} seats, 5 chips` })),
  }))
    it(c.name, c.run);

  it('a seat whose time runs out stands', () => {
    const s = dealt({
      hands: [
        ['3S', '4S'],
        ['2S', '2H'],
      ],
    });
    expect(game.defaultAction?.(s, 1)).toEqual(stand);
    expect(game.legalActions(s, 1)).toContainEqual(stand);
  });
});
