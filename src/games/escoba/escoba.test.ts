import { describe, expect, it } from 'vitest';
import { type Card, fortyCardDeck, removeCards, sameCards } from '../../cards';
import {
  assertConserved,
  assertHidden,
  checkSampling,
  conformance,
  decide,
  IllegalMove,
  playMove,
  resolveOptions,
  SetupError,
} from '../../engine';
import { type Action, fifteens, escoba as game, type Options, type State, scoreDeal } from '.';

const options = (seats: number, given: Partial<Options> = {}) => resolveOptions(game, given, seats) as Options;

/** Three cards to each hand, one at a time, seat 0 (the first dealer's right) first. */
const round = (hands: Card[][]) => [0, 1, 2].flatMap((i) => hands.map((h) => h[i]));

/** A stacked first deal: the hands, the four table cards, then `rest` on top of the stock, then every other card. */
function stacked(hands: Card[][], table: Card[], rest: Card[] = [], given: Partial<Options> = {}): State {
  const top = [...round(hands), ...table, ...rest];
  const deck = [...top, ...removeCards(fortyCardDeck(), top)];
  return game.setup({ seats: hands.length, options: options(hands.length, given), seed: 'stacked', deck });
}

/** A play written as at the table: '7S:JD' takes JD with 7S; '4S' lays 4S on the table. */
function play(move: string): Action {
  const [card, taken] = move.split(':');
  return { type: 'play', card, capture: taken ? taken.split('+') : [] };
}

function playAll(s: State, moves: string[]): State {
  for (const m of moves) s = playMove(game, s, s.turn, play(m));
  return s;
}

const everyCard = (s: State) => [...s.stock, ...s.hands.flat(), ...s.table, ...s.piles.flat()];

describe('Escoba: the deal and the turns', () => {
  it("deals three cards each one at a time from the dealer's right, then four to the table", () => {
    const s = stacked(
      [
        ['AS', '2S', '3S'],
        ['AH', '2H', '3H'],
        ['AD', '2D', '3D'],
      ],
      ['4S', '4H', '4D', '4C'],
    );
    // Three seats: seat 2 deals, so seat 0 (its right) is served first and plays first.
    expect(s.dealer).toBe(2);
    expect(s.hands).toEqual([
      ['AS', '2S', '3S'],
      ['AH', '2H', '3H'],
      ['AD', '2D', '3D'],
    ]);
    expect(s.table).toEqual(['4S', '4H', '4D', '4C']);
    expect(s.stock).toHaveLength(27);
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('play goes to the right, in seat order: 0, 1, 2, then 0 again', () => {
    let s = stacked(
      [
        ['AS', '2S', '3S'],
        ['AH', '2H', '3H'],
        ['AD', '2D', '3D'],
      ],
      ['4S', '4H', '4D', '4C'],
    );
    const turns: number[] = [];
    for (const card of ['AS', 'AH', 'AD', '2S']) {
      turns.push(s.turn);
      s = playMove(game, s, s.turn, play(card));
    }
    expect(turns).toEqual([0, 1, 2, 0]);
  });

  it('when every hand is empty, three more each come from the stock, the table getting none', () => {
    const s = stacked(
      [
        ['AS', '2S', '3S'],
        ['AH', '2H', '3H'],
      ],
      ['4S', '4H', '4D', '4C'],
      round([
        ['5S', '5H', '5D'],
        ['6S', '6H', '6D'],
      ]),
    );
    const after = playAll(s, ['AS', 'AH', '2S', '2H', '3S', '3H']);
    expect(after.hands).toEqual([
      ['5S', '5H', '5D'],
      ['6S', '6H', '6D'],
    ]);
    expect(after.table).toHaveLength(10);
    expect(after.stock).toHaveLength(24);
    expect(after.turn).toBe(0);
  });
});

describe('Escoba: fifteens', () => {
  const hands = [
    ['5S', 'KC', '2C'],
    ['AH', '2H', '3H'],
  ];

  it('when several sets make fifteen, each is a separate choice, and laying the card down is one too', () => {
    // 5S needs 10 from AS 4H 6C 3D: 1 + 6 + 3, 4 + 6 (and the 7S below: 3 + 7).
    const s = stacked(hands, ['AS', '4H', '6C', '3D'], ['7S']);
    expect(fifteens('5S', ['AS', '4H', '6C', '3D', '7S'])).toEqual([
      ['AS', '6C', '3D'],
      ['4H', '6C'],
      ['3D', '7S'],
    ]);
    // Each set is listed with its cards in the canonical order (by rank, then suit), and may be posted in any order.
    expect(game.legalActions(s, 0).filter((a) => a.card === '5S')).toEqual([play('5S'), play('5S:AS+3D+6C'), play('5S:4H+6C')]);
    expect(decide(game, s, 0, play('5S:6C+3D+AS')).action).toEqual(play('5S:AS+3D+6C'));
    const after = playMove(game, s, 0, play('5S:4H+6C'));
    expect(after.table).toEqual(['AS', '3D']);
    expect(after.piles[0]).toEqual(['5S', '4H', '6C']);
  });

  it('the face cards count 8, 9 and 10 toward fifteen', () => {
    expect(fifteens('JS', ['7H'])).toEqual([['7H']]);
    expect(fifteens('QS', ['6H', 'KD'])).toEqual([['6H']]);
    expect(fifteens('KS', ['5H', 'AD', '4C'])).toEqual([['5H'], ['AD', '4C']]);
  });

  it('capturing is optional: a card that could make fifteen may be laid on the table', () => {
    const s = stacked(hands, ['AS', '4H', '6C', '3D']);
    const after = playMove(game, s, 0, play('5S'));
    expect(after.table).toEqual(['AS', '4H', '6C', '3D', '5S']);
    expect(after.piles[0]).toEqual([]);
  });

  it('refuses plays out of turn, cards not held, cards not on the table, and sums other than fifteen', () => {
    const s = stacked(hands, ['AS', '4H', '6C', '3D']);
    expect(() => playMove(game, s, 1, play('AH'))).toThrow(/seat 0's turn/);
    expect(() => game.apply(s, 0, play('7D'))).toThrow(/7D is not in your hand/);
    expect(() => game.apply(s, 0, play('5S:4H+6S'))).toThrow(/not all of these are on the table/);
    expect(() => game.apply(s, 0, play('5S:AS+4H'))).toThrow(/add up to 10, not fifteen/);
    expect(() => playMove(game, s, 0, play('KC:AS+3D'))).toThrow(IllegalMove);
  });
});

describe("Escoba: the dealer's escobas", () => {
  const hands = [
    ['AS', '2S', '3S'],
    ['AH', '2H', '3H'],
  ];

  it('four table cards adding up to fifteen go to the dealer as an escoba', () => {
    // 1 + 2 + 5 + 7 = 15; seat 1 deals.
    const s = stacked(hands, ['AD', '2C', '5D', '7C']);
    expect(s.table).toEqual([]);
    expect(s.piles).toEqual([[], ['AD', '2C', '5D', '7C']]);
    expect(s.escobas).toEqual([0, 1]);
    expect(s.dealerEscobas).toBe(1);
    expect(s.lastCapturer).toBe(1);
    // Nothing to take: the first seat can only lay a card down.
    expect(game.legalActions(s, 0)).toEqual([play('AS'), play('2S'), play('3S')]);
  });

  it('four table cards adding up to thirty give the dealer two escobas', () => {
    // 10 + 10 + 5 + 5 = 30
    const s = stacked(hands, ['KD', 'KC', '5D', '5C']);
    expect(s.table).toEqual([]);
    expect(s.escobas).toEqual([0, 2]);
    expect(s.dealerEscobas).toBe(2);
  });

  it('any other total leaves the four cards on the table', () => {
    // 1 + 2 + 5 + 6 = 14
    const s = stacked(hands, ['AD', '2C', '5D', '6C']);
    expect(s.table).toEqual(['AD', '2C', '5D', '6C']);
    expect(s.escobas).toEqual([0, 0]);
    expect(s.lastCapturer).toBeNull();
  });

  it('with four seats the dealer is seat 3', () => {
    const s = stacked([...hands, ['AC', '3C', '4C'], ['4S', '4H', '4D']], ['KD', 'KC', '5D', '5C']);
    expect(s.dealer).toBe(3);
    expect(s.escobas).toEqual([0, 0, 0, 2]);
  });
});

/**
 * A whole first deal for two, seat 1 dealing, seat 0 playing the odd-numbered plays.
 * Table: JD JH QS KS (8 + 8 + 9 + 10 = 35). Each round lists seat 0's three cards, then seat 1's.
 */
const table = ['JD', 'JH', 'QS', 'KS'];
const rounds: Card[][][] = [
  [
    ['7S', '7H', '6S'],
    ['4S', 'AS', 'QH'],
  ],
  [
    ['6H', '4H', 'QD'],
    ['KH', 'AH', 'JS'],
  ],
  [
    ['6D', '5S', 'KC'],
    ['7D', 'JC', '7C'],
  ],
  [
    ['QC', 'KD', '5D'],
    ['6C', '5C', '2D'],
  ],
  [
    ['4D', '2C', '5H'],
    ['4C', 'AC', '3H'],
  ],
  [
    ['AD', '2S', '2H'],
    ['3C', '3S', '3D'],
  ],
];
const plays = [
  ...['7S:JD', '4S', '7H:JH', 'AS:KS+4S', '6S:QS', 'QH'], // 7 + 8, 1 + 10 + 4; 6S + QS sweeps (seat 0)
  ...['6H:QH', 'KH', '4H', 'AH:KH+4H', 'QD', 'JS'], // escobas: 6H (seat 0), AH (seat 1)
  ...['6D:QD', '7D:JS', '5S', 'JC', 'KC:5S', '7C:JC'], // escobas: 7D, 7C (seat 1)
  ...['QC', '6C:QC', 'KD', '5C:KD', '5D', '2D'], // escobas: 6C, 5C (seat 1)
  ...['4D', '4C:5D+2D+4D', '2C', 'AC', '5H', '3H'], // 4 + 5 + 2 + 4: escoba (seat 1)
  ...['AD', '3C:2C+AC+5H+3H+AD', '2S', '3S', '2H', '3D'], // 3 + 2 + 1 + 5 + 3 + 1: escoba (seat 1); 2S 3S 2H 3D left
];
const fullDeal = (given: Partial<Options> = {}) =>
  stacked(
    rounds[0],
    table,
    rounds.slice(1).flatMap((hands) => round(hands)),
    given,
  );

describe('Escoba: a whole deal and its count', () => {
  it('taking every card on the table is an escoba', () => {
    const s = playAll(fullDeal(), plays.slice(0, 5));
    expect(s.table).toEqual([]);
    expect(s.escobas).toEqual([1, 0]);
    expect(s.lastPlay).toEqual({ seat: 0, card: '6S', capture: ['QS'], escoba: true });
  });

  it('the leftovers go to the last capturer, not as an escoba, and each line scores a point', () => {
    const s = playAll(fullDeal(), plays);
    const [count] = s.history;
    // Seat 0 took 7S JD, 7H JH, 6S QS, 6H QH, 6D QD, KC 5S = 12 cards; seat 1 the other 28, with
    // the leftovers 2S 3S 2H 3D of its last capture (3C).
    expect(count.cards).toEqual([12, 28]);
    // Diamonds: seat 0 JD QD 6D = 3; seat 1 7D KD 5D 2D 4D AD 3D = 7.
    expect(count.diamonds).toEqual([3, 7]);
    expect(count.sieteDeVelo).toBe(1);
    // Setenta: seat 0's best are 7S 7H 6D KC = 21 21 18 10 (70 in all); seat 1's 7D 7C AS AH =
    // 21 21 16 16 (74 in all). Card by card the sevens tie, then 6D (18) beats an ace (16): seat 0.
    expect(count.setenta).toEqual([
      [21, 21, 18, 10],
      [21, 21, 16, 16],
    ]);
    expect(count.lines).toEqual({ cards: 1, diamonds: 1, sieteDeVelo: 1, setenta: 0 });
    // Escobas: seat 0 plays 5, 7; seat 1 plays 10, 14, 18, 20, 22, 26, 32. Taking the leftovers adds none.
    expect(count.escobas).toEqual([2, 7]);
    // Seat 0: setenta 1 + 2 escobas = 3. Seat 1: cards, diamonds, siete de velo 3 + 7 escobas = 10.
    expect(count.points).toEqual([3, 10]);
    expect(game.status(s).scores).toEqual([3, 10]);
  });

  it('the next deal passes to the right: seat 0 deals and seat 1 plays first', () => {
    const s = playAll(fullDeal(), plays);
    expect(s.deal).toBe(2);
    expect(s.dealer).toBe(0);
    expect(game.status(s).toAct).toEqual([1]);
    expect(s.hands.map((h) => h.length)).toEqual([3, 3]);
    expect(s.piles.flat().length + s.table.length + s.stock.length).toBe(34);
    expect(sameCards(everyCard(s), fortyCardDeck())).toBe(true);
  });

  it('an escoba made with the last card of the deal counts', () => {
    const before = playAll(fullDeal(), plays.slice(0, 35));
    expect(before.table).toEqual(['2S', '3S', '2H']);
    // Give seat 1 the JC for its last card (its pile keeps the 3D instead): 8 + 2 + 3 + 2 = 15 takes the whole table.
    const s = { ...before, hands: [[], ['JC']], piles: [before.piles[0], before.piles[1].map((c) => (c === 'JC' ? '3D' : c))] };
    const after = playMove(game, s, 1, play('JC:2S+3S+2H'));
    expect(after.history[0].escobas).toEqual([2, 8]);
  });

  it('at 21 the higher score wins', () => {
    // 19 + 3 = 22 against 10 + 10 = 20.
    const s = playAll({ ...fullDeal(), scores: [19, 10] }, plays);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([22, 20]);
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins 22 to 20' });
    expect(game.legalActions(s, 1)).toEqual([]);
  });

  it('a seat short of 21 can still win by passing the other', () => {
    // 10 + 3 = 13 against 12 + 10 = 22.
    const s = playAll({ ...fullDeal(), scores: [10, 12] }, plays);
    expect(game.status(s).result?.winners).toEqual([1]);
  });

  it('a tie at 21 or more is played on', () => {
    // 18 + 3 = 21 against 11 + 10 = 21: another deal.
    const s = playAll({ ...fullDeal(), scores: [18, 11] }, plays);
    const st = game.status(s);
    expect(st.scores).toEqual([21, 21]);
    expect(st.finished).toBe(false);
    expect(s.deal).toBe(2);
  });
});

describe('Escoba: the count of a deal', () => {
  it('the setenta is compared card by card, the highest first', () => {
    // 7S 6H AD 4C = 21 18 16 14 against 7H 6S AC 5D = 21 18 16 15: the fourth card decides for seat 1.
    const count = scoreDeal(
      1,
      1,
      [
        ['7S', '6H', 'AD', '4C'],
        ['7H', '6S', 'AC', '5D'],
      ],
      [0, 0],
      [0, 0],
    );
    expect(count.lines.setenta).toBe(1);
  });

  it('a pile lacking a suit has no setenta', () => {
    // Seat 0 has three sevens but no club; seat 1's 2S KH QD JC is poor but complete.
    const count = scoreDeal(
      1,
      1,
      [
        ['7S', '7H', '7D'],
        ['2S', 'KH', 'QD', 'JC'],
      ],
      [0, 0],
      [0, 0],
    );
    expect(count.setenta).toEqual([null, [12, 10, 10, 10]]);
    expect(count.lines.setenta).toBe(1);
  });

  it('ties score nobody: equal cards, equal diamonds, equal setentas', () => {
    // 4 cards each, one diamond each (AD, 5D), setentas 21 18 16 15 each; nobody has the 7D.
    const count = scoreDeal(
      1,
      1,
      [
        ['7S', '6H', 'AD', '5C'],
        ['7H', '6S', 'AC', '5D'],
      ],
      [0, 0],
      [4, 7],
    );
    expect(count.lines).toEqual({ cards: null, diamonds: null, sieteDeVelo: null, setenta: null });
    expect(count.points).toEqual([0, 0]);
    expect(count.scoresAfter).toEqual([4, 7]);
  });

  it('among three seats a tie for the most scores nobody, though a third seat has fewer', () => {
    const count = scoreDeal(1, 2, [['AS', '2S'], ['AH', '2H'], ['AC']], [0, 0, 1], [0, 0, 0]);
    expect(count.lines.cards).toBeNull();
    expect(count.points).toEqual([0, 0, 1]);
  });
});

describe('Escoba: partnerships', () => {
  const hands = [
    ['5S', 'AS', '2S'],
    ['AH', '2H', '3H'],
    ['KD', 'AD', '2D'],
    ['AC', '2C', '3C'],
  ];

  it('partners across the table share one score pile and one score', () => {
    let s = stacked(hands, ['KS', '5H', '3D', '4C'], [], { partnerships: true });
    // 5S + KS = 15 (seat 0); AH laid; KD + 5H = 15 (seat 2).
    s = playAll(s, ['5S:KS', 'AH', 'KD:5H']);
    expect(s.piles).toEqual([['5S', 'KS', 'KD', '5H'], []]);
    expect(s.lastCapturer).toBe(2);
    expect(game.status(s).scores).toEqual([0, 0, 0, 0]);
    const v = game.view(s, 1) as { sides: number[][] };
    expect(v.sides).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('a state sampled from what a partner knows shows it its own view, and plays on', () => {
    checkSampling(game, { matches: 1, moves: 200, options: [{ partnerships: true }] });
  });

  it('partnerships need four seats', () => {
    expect(() => resolveOptions(game, { partnerships: true }, 2)).toThrow(SetupError);
  });

  it('partners win or lose together; without partnerships every seat plays for itself', () => {
    expect(game.sides?.(4, options(4, { partnerships: true }))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(game.sides?.(4, options(4))).toEqual([[0], [1], [2], [3]]);
    expect(game.sides?.(2, options(2))).toEqual([[0], [1]]);
  });
});

describe('Escoba: what each seat sees', () => {
  it('a seat sees its own hand, the table and the count of other hands and of the stock', () => {
    const s = fullDeal();
    const v = game.view(s, 1) as { hands: (Card[] | null)[]; handSizes: number[]; stock: number; table: Card[] };
    expect(v.hands).toEqual([null, ['4S', 'AS', 'QH']]);
    expect(v.handSizes).toEqual([3, 3]);
    expect(v.stock).toBe(30);
    expect(v.table).toEqual(table);
  });
});

describe('Escoba: a clock that runs out', () => {
  it('lays the lowest card down, capturing nothing, even when a card could make fifteen', () => {
    // 5S could take AS+3D+6C or 4H+6C; the lowest card, 2C, is laid instead.
    const s = stacked(
      [
        ['5S', 'KC', '2C'],
        ['AH', '2H', '3H'],
      ],
      ['AS', '4H', '6C', '3D'],
    );
    expect(game.defaultAction?.(s, 0)).toEqual(play('2C'));
  });
});

const hiddenFrom = (s: State, seat: number | null): Card[] =>
  game.status(s).finished ? [] : [...s.stock, ...s.hands.flatMap((h, i) => (i === seat ? [] : h))];

/** The leak test: no card of another seat's hand and no stock card appears anywhere in the view. */
function checkView(s: State, seat: number | null, view: unknown) {
  assertHidden(view, hiddenFrom(s, seat), seat);
}

/** Every card in one place; a finished match has one winning side, at or above the target. */
function invariant(s: State) {
  assertConserved([everyCard(s)], fortyCardDeck());
  const w = s.winner;
  if (w === null) return;
  if (s.scores[w] < s.target || s.scores.some((n, side) => side !== w && n >= s.scores[w]))
    throw new Error('a match ends with one side ahead at the target or above');
  if (game.status(s).result?.winners.length !== (s.partnerships ? 2 : 1))
    throw new Error('the winning side is one seat, or a partnership of two');
}

describe('Escoba: seeded random matches', () => {
  const checks = conformance<State>(game, {
    configs: [
      { seats: 2, matches: 200 },
      { seats: 3, matches: 35 },
      { seats: 4, matches: 35 },
      { seats: 4, options: { partnerships: true }, matches: 35, label: '4 seats in partnerships' },
    ],
    // The shared checks cost about three plain play-outs a step: 200 two-seat matches and 35 of each other table,
    // views and every listed action every 15th step, cover every table without matches that find nothing new.
    viewsEvery: 15,
    everyActionEvery: 15,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);
});
