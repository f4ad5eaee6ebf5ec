import { describe, expect, it } from 'vitest';
import { type Card, fortyCardDeck, rankOf, removeCards, sameCards, seedRng } from '../../cards';
import {
  assertConserved,
  assertHidden,
  conformance,
  decide,
  IllegalMove,
  playMove,
  playRead,
  resolveOptions,
} from '../../engine';
import { type Action, capturesFor, scopa as game, type Options, type State, scoreDeal } from '.';

const options = (given: Partial<Options> = {}) => resolveOptions(game, given, 2) as Options;

/** Interleaves two three-card hands as they are dealt: seat 0 (the first non-dealer) first. */
const round = (hand0: Card[], hand1: Card[]) => hand0.flatMap((c, i) => [c, hand1[i]]);

/** A stacked first deal: the hands, the four table cards, then `rest` on top of the stock, then every other card. */
function stacked(hand0: Card[], hand1: Card[], table: Card[], rest: Card[] = [], given: Partial<Options> = {}): State {
  const top = [...round(hand0, hand1), ...table, ...rest];
  const deck = [...top, ...removeCards(fortyCardDeck(), top)];
  return game.setup({ seats: 2, options: options(given), seed: 'stacked', deck });
}

/** A play written as at the table: 'QD:4S+5S' takes 4S and 5S with QD; '5S' trails it. */
function play(move: string): Action {
  const [card, taken] = move.split(':');
  return { type: 'play', card, capture: taken ? taken.split('+') : [] };
}

/** Plays moves in turn order, each checked against the legal list. */
function playAll(s: State, moves: string[]): State {
  for (const m of moves) s = playMove(game, s, s.turn, play(m));
  return s;
}

const everyCard = (s: State) => [...s.stock, ...s.hands.flat(), ...s.table, ...s.piles.flat()];

describe('Scopa: the deal', () => {
  it('deals three cards each, one at a time, the non-dealer first, then four to the table', () => {
    const s = stacked(['AS', '2S', '3S'], ['AH', '2H', '3H'], ['4S', '5S', '6S', '7S']);
    expect(s.dealer).toBe(1);
    expect(s.hands).toEqual([
      ['AS', '2S', '3S'],
      ['AH', '2H', '3H'],
    ]);
    expect(s.table).toEqual(['4S', '5S', '6S', '7S']);
    expect(s.stock).toHaveLength(30);
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('three kings dealt to the table throw the hand in, and the same dealer deals again', () => {
    const s = stacked(['AS', '2S', '3S'], ['AH', '2H', '3H'], ['KS', 'KH', '5C', 'KD']);
    expect(s.redeals).toBeGreaterThanOrEqual(1);
    expect(s.dealer).toBe(1);
    expect(s.table.filter((c) => rankOf(c) === 'K').length).toBeLessThan(3);
    expect(s.hands).not.toEqual([
      ['AS', '2S', '3S'],
      ['AH', '2H', '3H'],
    ]);
    expect(sameCards(everyCard(s), fortyCardDeck())).toBe(true);
    expect((game.view(s, 0) as { redeals: number }).redeals).toBe(s.redeals);
  });

  it('four kings on the table are thrown in too', () => {
    expect(stacked(['AS', '2S', '3S'], ['AH', '2H', '3H'], ['KS', 'KH', 'KC', 'KD']).redeals).toBeGreaterThanOrEqual(1);
  });

  it('two kings on the table stand', () => {
    const s = stacked(['AS', '2S', '3S'], ['AH', '2H', '3H'], ['KS', 'KH', '5C', '6D']);
    expect(s.redeals).toBe(0);
    expect(s.table).toEqual(['KS', 'KH', '5C', '6D']);
  });

  it('without the redeal option three kings stay on the table', () => {
    const s = stacked(['AS', '2S', '3S'], ['AH', '2H', '3H'], ['KS', 'KH', '5C', 'KD'], [], { redealThreeKings: false });
    expect(s.redeals).toBe(0);
    expect(s.table).toEqual(['KS', 'KH', '5C', 'KD']);
  });
});

describe('Scopa: capturing', () => {
  it('pairing takes precedence over addition', () => {
    // 5D could take 2S + 3C (2 + 3 = 5), but a 5 lies on the table: it must take the 5.
    const s = stacked(['5D', 'KS', 'AC'], ['AH', '2H', '3H'], ['5H', '2S', '3C', '7S']);
    expect(game.legalActions(s, 0).filter((a) => a.card === '5D')).toEqual([play('5D:5H')]);
    expect(() => playMove(game, s, 0, play('5D:2S+3C'))).toThrow(/pairing takes precedence/);
    expect(() => game.apply(s, 0, play('5D:2S+3C'))).toThrow(IllegalMove);
  });

  it('a pairing card takes only one card of its rank, the player choosing which', () => {
    const s = stacked(['5D', 'KS', 'AC'], ['AH', '2H', '3H'], ['5H', '5S', '3C', '7S']);
    expect(game.legalActions(s, 0).filter((a) => a.card === '5D')).toEqual([play('5D:5H'), play('5D:5S')]);
    expect(() => game.apply(s, 0, play('5D:5H+5S'))).toThrow(/exactly one 5/);
    const after = playMove(game, s, 0, play('5D:5S'));
    expect(after.table).toEqual(['5H', '3C', '7S']);
    expect(after.piles[0]).toEqual(['5D', '5S']);
  });

  it('addition takes two or more cards adding up to the value, each such set a separate choice', () => {
    // KH counts 10: AD+2S+3C+4S (1+2+3+4), AD+3C+6C (1+3+6), 4S+6C (4+6), listed in table order.
    const s = stacked(['KH', 'QD', 'JC'], ['AH', '2H', '3H'], ['AD', '2S', '3C', '4S'], ['6C']);
    expect(capturesFor('KH', ['AD', '2S', '3C', '4S', '6C'])).toEqual([
      ['AD', '2S', '3C', '4S'],
      ['AD', '3C', '6C'],
      ['4S', '6C'],
    ]);
    // On the dealt table: QD (9) takes 2S+3C+4S; JC (8) takes AD+3C+4S; KH (10) takes AD+2S+3C+4S.
    expect(game.legalActions(s, 0)).toEqual([play('KH:AD+2S+3C+4S'), play('QD:2S+3C+4S'), play('JC:AD+3C+4S')]);
  });

  it('the face cards count 8, 9 and 10 in addition', () => {
    expect(capturesFor('JS', ['5H', '3D'])).toEqual([['5H', '3D']]);
    expect(capturesFor('QS', ['5H', '4D'])).toEqual([['5H', '4D']]);
    expect(capturesFor('KS', ['JH', '2D'])).toEqual([['JH', '2D']]);
  });

  it('a card that can capture must capture; a card that cannot is trailed, even when another card could capture', () => {
    // QD (9) takes 4S+5H; 6S takes 4S+2C; AH captures nothing and may be trailed.
    const s = stacked(['QD', '6S', 'AH'], ['3H', '2H', '3D'], ['4S', '5H', '2C', 'KC']);
    // Each capture is listed with its cards in the canonical order (by rank, then suit).
    expect(game.legalActions(s, 0)).toEqual([play('QD:4S+5H'), play('6S:2C+4S'), play('AH')]);
    // A capture named in another order is the same play, logged in that order.
    expect(decide(game, s, 0, play('6S:4S+2C')).action).toEqual(play('6S:2C+4S'));
    expect(() => playMove(game, s, 0, play('QD'))).toThrow(/must capture/);
    const after = playMove(game, s, 0, play('AH'));
    expect(after.table).toEqual(['4S', '5H', '2C', 'KC', 'AH']);
    expect(after.turn).toBe(1);
  });

  it('refuses plays out of turn, cards not held, cards not on the table, and wrong sums', () => {
    const s = stacked(['QD', '6S', 'AH'], ['3H', '2H', '3D'], ['4S', '5H', '2C', 'KC']);
    expect(() => playMove(game, s, 1, play('3H'))).toThrow(/seat 0's turn/);
    expect(() => game.apply(s, 1, play('3H'))).toThrow(/seat 0's turn/);
    expect(() => game.apply(s, 0, play('7D'))).toThrow(/7D is not in your hand/);
    expect(() => game.apply(s, 0, play('6S:3S+3C'))).toThrow(/not all of these are on the table/);
    expect(() => game.apply(s, 0, play('QD:5H+2C'))).toThrow(/add up to 7, but QD is worth 9/);
    expect(() => game.apply(s, 0, play('AH:2C'))).toThrow(/captures nothing here/);
  });

  it('after three turns each, three new cards each come from the stock, and the table gets none', () => {
    const s = stacked(
      ['AH', '2H', '3H'],
      ['AD', '2D', '3D'],
      ['KS', 'QS', 'JS', '7S'],
      round(['4S', '4H', '4D'], ['5S', '5H', '5D']),
    );
    // AH and 2D find nothing to take; each later card pairs the card just laid.
    const after = playAll(s, ['AH', '2D', '2H:2D', 'AD:AH', '3H', '3D:3H']);
    expect(after.table).toEqual(['KS', 'QS', 'JS', '7S']);
    expect(after.hands).toEqual([
      ['4S', '4H', '4D'],
      ['5S', '5H', '5D'],
    ]);
    expect(after.stock).toHaveLength(24);
    expect(after.turn).toBe(0);
  });
});

/**
 * A whole first deal, seat 1 dealing. Seat 0 (the non-dealer) plays the odd-numbered plays.
 * Table: AS 2S KS QS. Each round lists seat 0's three cards, then seat 1's.
 */
const table = ['AS', '2S', 'KS', 'QS'];
const rounds: [Card[], Card[]][] = [
  [
    ['3H', 'QH', '5S'],
    ['KH', '4S', 'QD'],
  ],
  [
    ['6S', '7S', '7H'],
    ['6H', 'JS', 'AH'],
  ],
  [
    ['QC', '3S', '4H'],
    ['2H', '5H', '6D'],
  ],
  [
    ['KC', '7C', '2D'],
    ['7D', 'AD', '3D'],
  ],
  [
    ['4D', '4C', '5C'],
    ['5D', '6C', 'JH'],
  ],
  [
    ['JD', 'JC', 'AC'],
    ['2C', '3C', 'KD'],
  ],
];
const plays = [
  ...['3H:AS+2S', 'KH:KS', 'QH:QS', '4S', '5S', 'QD:4S+5S'], // QH sweeps (seat 0), QD takes 4+5 = 9 and sweeps (seat 1)
  ...['6S', '6H:6S', '7S', 'JS', '7H:7S', 'AH'], // 6H sweeps (seat 1); 7H must pair 7S
  ...['QC:JS+AH', '2H', '3S', '5H:2H+3S', '4H', '6D'], // QC takes 8 + 1 (seat 0 sweeps), 5H takes 2 + 3 (seat 1 sweeps)
  ...['KC:4H+6D', '7D', '7C:7D', 'AD', '2D', '3D:AD+2D'], // KC (seat 0), 7C with the settebello (seat 0), 3D (seat 1) sweep
  ...['4D', '5D', '4C:4D', '6C', '5C:5D', 'JH'],
  ...['JD:JH', '2C', 'JC:6C+2C', '3C', 'AC', 'KD'], // JC takes 6 + 2 and sweeps (seat 0); 3C, AC and KD are left
];
const fullDeal = (given: Partial<Options> = {}) =>
  stacked(
    rounds[0][0],
    rounds[0][1],
    table,
    rounds.slice(1).flatMap(([a, b]) => round(a, b)),
    given,
  );

describe('Scopa: a whole deal and its count', () => {
  it('taking every card on the table is a scopa', () => {
    const s = playAll(fullDeal(), plays.slice(0, 3));
    expect(s.table).toEqual([]);
    expect(s.sweeps).toEqual([0]);
    expect(s.lastPlay).toEqual({ seat: 0, card: 'QH', capture: ['QS'], scopa: true });
  });

  it('the last capturer takes the leftovers, which is no scopa, and the deal is counted in order', () => {
    const s = playAll(fullDeal(), plays);
    const [count] = s.history;
    // Seat 0 took 3H AS 2S, QH QS, 7H 7S, QC JS AH, KC 4H 6D, 7C 7D, 4C 4D, 5C 5D, JD JH, JC 6C 2C
    // = 3+2+2+3+3+2+2+2+2+3 = 24, and the leftovers 3C AC KD: 27. Seat 1: 40 - 27 = 13.
    expect(count.cards).toEqual([27, 13]);
    // Diamonds: seat 0 6D 7D 4D 5D JD KD = 6; seat 1 QD 3D AD 2D = 4.
    expect(count.diamonds).toEqual([6, 4]);
    expect(count.settebello).toBe(0);
    // Seat 0's best cards: 7S 7H 7D 7C = 21 * 4 = 84. Seat 1 took no club: no primiera.
    expect(count.primiera).toEqual([84, null]);
    // Scopas: seat 0 plays 3, 13, 19, 21, 33; seat 1 plays 6, 8, 16, 24. Taking the leftovers adds none.
    expect(count.scopas).toEqual([5, 4]);
    expect(count.awarded.map((p) => `${p.line} ${p.seat}`)).toEqual([
      'cards 0',
      'diamonds 0',
      'settebello 0',
      'primiera 0',
      ...['scopa 0', 'scopa 1', 'scopa 1', 'scopa 0', 'scopa 1', 'scopa 0', 'scopa 0', 'scopa 1', 'scopa 0'],
    ]);
    // 4 + 5 scopas = 9 to seat 0, 4 scopas to seat 1.
    expect(game.status(s).scores).toEqual([9, 4]);
    expect(game.status(s).finished).toBe(false);
  });

  it('the next deal passes to the other seat, whose opponent plays first', () => {
    const s = playAll(fullDeal(), plays);
    expect(s.deal).toBe(2);
    expect(s.dealer).toBe(0);
    expect(game.status(s).toAct).toEqual([1]);
    expect(s.hands.map((h) => h.length)).toEqual([3, 3]);
    expect(s.piles).toEqual([[], []]);
    expect(s.sweeps).toEqual([]);
    expect(sameCards(everyCard(s), fortyCardDeck())).toBe(true);
  });

  it('scoring stops once a player reaches the target, in the order of the text', () => {
    // Target 6: cards 1, diamonds 2, settebello 3, primiera 4, first scopa 5 (seat 0); seat 1's
    // two scopas (1, 2); seat 0's second scopa makes 6 and the five scopas after it go unscored.
    const s = playAll(fullDeal({ target: 6 }), plays);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([6, 2]);
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins 6 to 2' });
    expect(s.history[0].unscored.map((p) => p.seat)).toEqual([1, 0, 0, 1, 0]);
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(game.legalActions(s, 1)).toEqual([]);
  });

  it('at 11 the count stops: seat 0 reaches 11 with the settebello before seat 1 counts its scopas', () => {
    // From 8 to 10: cards 9, diamonds 10, settebello 11. Seat 1 at 10 would have reached 14 with its four scopas.
    const s = playAll({ ...fullDeal(), scores: [8, 10] }, plays);
    expect(game.status(s).scores).toEqual([11, 10]);
    expect(game.status(s).result?.winners).toEqual([0]);
    expect(s.history[0].unscored.map((p) => p.line)).toEqual(['primiera', ...Array(9).fill('scopa')]);
  });

  it('a sweep made by the very last card of the deal is not a scopa', () => {
    const before = playAll(fullDeal(), plays.slice(0, 35));
    expect(before.table).toEqual(['3C', 'AC']);
    // Give seat 1 the 4C for its last card (seat 0's pile keeps the KD instead): 4 = 3 + 1 takes the whole table.
    const s = {
      ...before,
      hands: [[], ['4C']],
      piles: [before.piles[0].map((c) => (c === '4C' ? 'KD' : c)), before.piles[1]],
    };
    const after = playMove(game, s, 1, play('4C:3C+AC'));
    expect(after.history[0].scopas).toEqual([5, 4]);
    // Seat 1: 13 - 3 leftovers it never had + 4C 3C AC = 16; seat 0: 27 - 3 leftovers = 24.
    expect(after.history[0].cards).toEqual([24, 16]);
  });
});

describe('Scopa: the count of a deal', () => {
  it('ties for most cards and most diamonds score nobody, nor does a primiera when both piles lack a suit', () => {
    const spades = fortyCardDeck().filter((c) => c.endsWith('S'));
    const clubs = fortyCardDeck().filter((c) => c.endsWith('C'));
    const low = (suit: string) => ['A', '2', '3', '4', '5'].map((r) => r + suit);
    const high = (suit: string) => ['6', '7', 'J', 'Q', 'K'].map((r) => r + suit);
    // Seat 0: spades, low hearts, low diamonds (20 cards, 5 diamonds, no club).
    // Seat 1: clubs, high hearts, high diamonds (20 cards, 5 diamonds, the settebello, no spade).
    const piles = [
      [...spades, ...low('H'), ...low('D')],
      [...clubs, ...high('H'), ...high('D')],
    ];
    const scored = scoreDeal(piles, [], [0, 0], 11);
    expect(scored.points).toEqual([{ line: 'settebello', seat: 1 }]);
    expect(scored.scores).toEqual([0, 1]);
  });

  it('with all four suits each, the higher primiera count scores', () => {
    // Seat 0: 7S 7H KD KC = 21 + 21 + 10 + 10 = 62. Seat 1: 6S 6H 6D 6C = 18 * 4 = 72, and the most cards (5 to 4).
    const scored = scoreDeal(
      [
        ['7S', '7H', 'KD', 'KC'],
        ['6S', '6H', '6D', '6C', 'AS'],
      ],
      [],
      [0, 0],
      11,
    );
    expect(scored.points).toEqual([
      { line: 'cards', seat: 1 },
      { line: 'primiera', seat: 1 },
    ]);
  });

  it('a seat lacking a suit cannot win the primiera, however high its cards', () => {
    // Seat 0 holds three sevens but no club; seat 1's poor pile has all four suits (12 + 10 + 10 + 10 = 42).
    const scored = scoreDeal(
      [
        ['7S', '7H', '7D'],
        ['2S', 'KH', 'QD', 'JC'],
      ],
      [],
      [0, 0],
      11,
    );
    expect(scored.points).toEqual([
      { line: 'cards', seat: 1 },
      { line: 'settebello', seat: 0 },
      { line: 'primiera', seat: 1 },
    ]);
  });
});

describe('Scopa: what each seat sees', () => {
  it('a seat sees its own hand, the table and the count of the other hand and of the stock', () => {
    const s = stacked(['QD', '6S', 'AH'], ['3H', '2H', '3D'], ['4S', '5H', '2C', 'KC']);
    const v = game.view(s, 0) as { hands: (Card[] | null)[]; handSizes: number[]; stock: number; table: Card[] };
    expect(v.hands).toEqual([['QD', '6S', 'AH'], null]);
    expect(v.handSizes).toEqual([3, 3]);
    expect(v.stock).toBe(30);
    expect(v.table).toEqual(['4S', '5H', '2C', 'KC']);
    expect((game.view(s, null) as { hands: unknown[] }).hands).toEqual([null, null]);
  });
});

describe('Scopa: a clock that runs out', () => {
  it('trails the lowest card that captures nothing, even when another card could capture', () => {
    const s = stacked(['QD', '6S', 'AH'], ['3H', '2H', '3D'], ['4S', '5H', '2C', 'KC']);
    expect(game.defaultAction?.(s, 0)).toEqual(play('AH'));
  });

  it('when every card must capture, plays the lowest card, taking the fewest table cards', () => {
    // KH takes AD+2S+3C+4S, QD takes 2S+3C+4S, JC (8, the lowest) takes AD+3C+4S.
    const all = stacked(['KH', 'QD', 'JC'], ['AH', '2H', '3H'], ['AD', '2S', '3C', '4S'], ['6C']);
    expect(game.defaultAction?.(all, 0)).toEqual(play('JC:AD+3C+4S'));
    // The 7 takes 3H+4C or AS+2S+4C: the two cards.
    const fewest = stacked(['KS', '7D', 'QS'], ['AH', '2H', '3D'], ['AS', '2S', '4C', '3H']);
    expect(game.defaultAction?.(fewest, 0)).toEqual(play('7D:3H+4C'));
  });
});

const hiddenFrom = (s: State, seat: number | null): Card[] =>
  game.status(s).finished ? [] : [...s.stock, ...s.hands.flatMap((h, i) => (i === seat ? [] : h))];

/** The leak test: no card of another seat's hand and no stock card appears anywhere in the view. */
function checkView(s: State, seat: number | null, view: unknown) {
  assertHidden(view, hiddenFrom(s, seat), seat);
}

/** Every card in one place; a finished match has a seat exactly at its target (counting stops there). */
function invariant(s: State) {
  assertConserved([everyCard(s)], fortyCardDeck());
  if (s.winner !== null && s.scores[s.winner] !== s.target) throw new Error('the count goes on past the target');
}

describe('Scopa: a state sampled from what a seat knows', () => {
  it('counts the scopas of the deal in the order they were made, read from the log', () => {
    // Seat 1 sweeps first (5D takes 2S 3S), then seat 0 (JH takes 6H 2C): counted in that order.
    const moves = ['5H:AS+4S', '5D:2S+3S', '6H', '2C', 'JH:6H+2C', '7C'];
    const start = stacked(['5H', '6H', 'JH'], ['5D', '2C', '7C'], ['AS', '2S', '3S', '4S']);
    const { state, seen } = playRead(
      game,
      start,
      moves.map((m, i) => ({ seat: i % 2, action: play(m) })),
      2,
    );
    expect(state.sweeps).toEqual([1, 0]);
    for (const seat of [0, 1]) {
      const sampled = game.sample?.(game.view(state, seat), seat, seedRng(`scopas ${seat}`), seen[seat]) as State;
      expect(sampled.sweeps).toEqual([1, 0]);
      expect(sampled.hands[seat]).toEqual(state.hands[seat]);
    }
  });
});

describe('Scopa: seeded random matches', () => {
  const checks = conformance<State>(game, {
    configs: [
      { seats: 2, matches: 200, label: 'to 11' },
      { seats: 2, options: { target: 21, redealThreeKings: false }, matches: 50, label: 'to 21 without the redeal' },
    ],
    // The shared checks cost about three plain play-outs a step: 200 and 50 matches, views and every listed action
    // every 15th step, cover both targets without matches that find nothing new.
    viewsEvery: 15,
    everyActionEvery: 15,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);
});
