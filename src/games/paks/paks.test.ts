import stringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import { type Card, removeCards, sameCards, seedRng } from '../../cards';
import {
  assertConserved,
  assertHidden,
  cardsShown,
  conformance,
  IllegalMove,
  playMove,
  playOut,
  resolveOptions,
  SetupError,
} from '../../engine';
import {
  type Action,
  bestValue,
  capturable,
  cardPoints,
  cardsFor,
  paks as game,
  matchWinner,
  type Options,
  type Pak,
  type State,
  scoreHand,
  setValue,
  singleValue,
  sumOfSingles,
  type View,
} from '.';

/**
 * A stacked first hand: `hands` by seat are dealt one card at a time from seat 1 (the dealer, seat 0,
 * deals to its left first), then `board`, then `stock` from the top; any cards not named follow in
 * the canonical order of the deck.
 */
function stacked(seats: number, hands: Card[][], board: Card[], stock: Card[], options: Partial<Options> = {}): State {
  const deck: Card[] = [];
  for (let round = 0; round < 5; round++) {
    for (let k = 0; k < seats; k++) deck.push(hands[(1 + k) % seats][round]);
  }
  deck.push(...board, ...stock);
  deck.push(...removeCards(cardsFor(seats), deck));
  return game.setup({ seats, options: resolveOptions(game, options, seats) as Options, seed: 'stacked', deck });
}

const move = (s: State, seat: number, ...actions: Action[]) => actions.reduce((st, a) => playMove(game, st, seat, a), s);
const capture = (card: Card, first: Card): Action => ({ type: 'capture', card, with: first });
const play = (card: Card): Action => ({ type: 'play', card });
const steal = (from: number, pak: number): Action => ({ type: 'steal', from, pak });
const done: Action = { type: 'done' };
const pass: Action = { type: 'pass' };
const end: Action = { type: 'end' };
const types = (s: State, seat: number) => game.legalActions(s, seat).map((a) => a.type);

/**
 * Plays the current hand to its end: when a seat has just drawn a card named in `plan`, it makes
 * those moves; every other choice is to pass (or, after forming a pak, to end the turn).
 */
function playHand(s: State, plan: Record<Card, Action[]>): State {
  const hand = s.hand;
  const used = new Set<Card>();
  let st = s;
  while (!st.finished && st.hand === hand) {
    const t = st.turn as NonNullable<State['turn']>;
    const mine = plan[t.drawn];
    if (mine && !used.has(t.drawn)) {
      used.add(t.drawn);
      st = move(st, t.seat, ...mine);
    } else {
      st = move(st, t.seat, types(st, t.seat).includes('pass') ? pass : end);
    }
  }
  expect([...used].sort()).toEqual(Object.keys(plan).sort());
  return st;
}

describe('Paks: capture values', () => {
  it('single cards: an ace is 20, king, queen, jack and ten 10, the others their pips', () => {
    expect(['AS', 'KS', 'QH', 'JD', 'TC', '9S', '2H'].map(singleValue)).toEqual([20, 10, 10, 10, 10, 9, 2]);
  });
  it('two cards both ranked 2 to 5 make a two-digit number, the higher first: 5-2 = 52', () => {
    expect(setValue(['5D', '2D'])).toBe(52);
    expect(setValue(['2D', '5D'])).toBe(52);
    expect(setValue(['4H', '3H'])).toBe(43);
    expect(setValue(['3S', '2S'])).toBe(32);
  });
  it('pairs of one rank (two decks) are 55, 44, 33 and 22', () => {
    expect([setValue(['5C', '5C']), setValue(['4C', '4C']), setValue(['3C', '3C']), setValue(['2C', '2C'])]).toEqual([
      55, 44, 33, 22,
    ]);
  });
  it('a set is worth its best reading: pairs of cards ranked 2 to 5 read as two-digit numbers, every other card its single value', () => {
    expect(setValue(['TS', '5S', '2S'])).toBe(62); // 10 + 52
    expect(setValue(['6D', '5D', '2D'])).toBe(58); // 6 + 52
    expect(setValue(['5S', '4S', '3S'])).toBe(57); // 54 + 3
    expect(setValue(['6S', '3S', '3S'])).toBe(39); // 6 + 33 (two decks)
    expect(setValue(['KD', '2D'])).toBe(12);
    expect(setValue(['9D', '4D'])).toBe(13); // a 9 is no digit
    expect(setValue(['6S', '2S'])).toBe(8);
    expect(setValue(['AD'])).toBe(20);
  });
  it('5-4-3-2 reads best as 53 + 42 = 95 (54 + 32 = 86 is a lower reading)', () => {
    expect(setValue(['5S', '4S', '3S', '2S'])).toBe(95);
    expect(setValue(['2S', '3S', '4S', '5S'])).toBe(95);
  });
  it("a pak to steal is worth its cards' single values: A-5-2 is 27, not 72", () => {
    expect(sumOfSingles(['AC', '5C', '2C'])).toBe(27);
  });
  it('a card joining a set never lowers it: the best set still to be made is the whole suit in hand', () => {
    expect(bestValue(['5S', '2S', '9S'])).toBe(61); // 9 + 52
    expect(bestValue(['3S', '3S', '4S'])).toBe(46); // 43 + 3
    expect(bestValue([])).toBe(0);
  });
  it('cards score ace 20, king down to eight 10, seven and below 5', () => {
    expect(['AH', 'KH', '8H', '7H', '2H'].map(cardPoints)).toEqual([20, 10, 10, 5, 5]);
  });
});

describe('Paks: seats and cards', () => {
  it('two seats use one deck, three or more two decks', () => {
    expect(game.cards(2, { target: 500 })).toHaveLength(52);
    expect(game.cards(3, { target: 500 })).toHaveLength(104);
    expect(game.cards(6, { target: 500 })).toHaveLength(104);
  });
  it('five seats are refused with the reason', () => {
    expect(() => resolveOptions(game, {}, 5)).toThrow(SetupError);
    expect(() => resolveOptions(game, {}, 5)).toThrow(/cannot be played by five/);
    for (const seats of [2, 3, 4, 6]) expect(() => resolveOptions(game, {}, seats)).not.toThrow();
  });
  it('four seats are two teams 0+2 and 1+3, six seats 0+2+4 and 1+3+5, two or three play alone', () => {
    expect(game.setup({ seats: 4, options: { target: 500 }, seed: 'x' }).sides).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(game.setup({ seats: 6, options: { target: 500 }, seed: 'x' }).sides).toEqual([
      [0, 2, 4],
      [1, 3, 5],
    ]);
    expect(game.setup({ seats: 3, options: { target: 500 }, seed: 'x' }).sides).toEqual([[0], [1], [2]]);
  });
  it('deals five cards each from the dealer’s left and three face up to the board', () => {
    const s = stacked(
      2,
      [
        ['2C', '3C', '4C', '5C', '6C'],
        ['7C', '8C', '9C', 'TC', 'JC'],
      ],
      ['2S', '3H', '4D'],
      ['5S'],
    );
    expect(s.dealer).toBe(0);
    expect(s.board).toEqual(['2S', '3H', '4D']);
    expect(s.turn?.seat).toBe(1);
    // Seat 1 drew 5S, a suit on the board: it joins the hand.
    expect(s.hands).toEqual([
      ['2C', '3C', '4C', '5C', '6C'],
      ['7C', '8C', '9C', 'TC', 'JC', '5S'],
    ]);
    expect(s.stock).toHaveLength(52 - 10 - 3 - 1);
  });
});

describe('Paks: drawing, feeding and forming paks', () => {
  // Seat 0: hearts; seat 1: the 5, 3 and 2 of diamonds. Board A♦ 3♠ 4♠. Seat 1 draws 8♥ (feeds), seat 0 7♠, seat 1 9♦.
  const hands = [
    ['KH', 'QH', 'JH', 'TH', '9H'],
    ['5D', '2D', '3D', '6C', '7C'],
  ];
  const start = () => stacked(2, hands, ['AD', '3S', '4S'], ['8H', '7S', '9D', '6S']);

  it('a drawn card of a suit missing from the board feeds the table and ends the turn', () => {
    const s = start();
    expect(s.board).toEqual(['AD', '3S', '4S', '8H']);
    expect(s.recent.slice(-2, -1)).toEqual([{ seat: 1, type: 'feed', card: '8H' }]);
    expect(s.turn?.seat).toBe(0);
    expect(s.turn?.drawn).toBe('7S');
  });

  it('on a table that is not full the drawn card is shown to all, and the seat may pass', () => {
    const s = start();
    expect(s.turn?.fullTable).toBe(false);
    expect((game.view(s, 1) as View).turn?.drawn).toBe('7S');
    expect(types(s, 0)).toContain('pass');
    // Seat 0 may take the 3♠ or the 4♠ with its 7♠, or the 8♥ starting with any heart (10 or 9 > 8); not the A♦.
    expect(game.legalActions(s, 0).filter((a) => a.type === 'capture')).toEqual([
      capture('3S', '7S'),
      capture('4S', '7S'),
      capture('8H', 'KH'),
      capture('8H', 'QH'),
      capture('8H', 'JH'),
      capture('8H', 'TH'),
      capture('8H', '9H'),
    ]);
  });

  it('5-2 = 52 captures the ace (20); so does any set holding 5-2, such as 9-5-2 (61)', () => {
    let s = move(start(), 0, pass);
    expect(s.turn).toMatchObject({ seat: 1, drawn: '9D' });
    // Seat 1's diamonds, 5 2 3 9, read at best 9 + 53 + 2 = 64: any of them may start the capture.
    expect(game.legalActions(s, 1).filter((a) => a.type === 'capture' && a.card === 'AD')).toEqual([
      capture('AD', '5D'),
      capture('AD', '2D'),
      capture('AD', '3D'),
      capture('AD', '9D'),
    ]);
    s = move(s, 1, capture('AD', '5D'));
    expect(() => game.apply(s, 1, done)).toThrow(/worth 5: it must beat 20/);
    expect(game.legalActions(s, 1)).toEqual([play('2D'), play('3D'), play('9D')]);
    s = move(s, 1, play('2D'));
    expect((game.view(s, 1) as View).turn?.making).toMatchObject({ chosen: ['5D', '2D'], worth: 52, beat: 20 });
    // 52 wins: done, or a bigger set.
    expect(game.legalActions(s, 1)).toEqual([play('3D'), play('9D'), done]);
    s = move(s, 1, done);
    expect(s.paks[1]).toEqual([{ suit: 'D', cards: ['AD', '5D', '2D'] }]);
    expect(s.board).toEqual(['3S', '4S', '8H']);
    expect(s.hands[1]).toEqual(['3D', '6C', '7C', '9D']);
    expect(s.recent.at(-2)).toEqual({ seat: 1, type: 'pak', captured: 'AD', with: ['5D', '2D'] });
    // Seat 0 holds no pak to steal: the turn ended by itself.
    expect(s.turn).toMatchObject({ seat: 0, drawn: '6S' });
  });

  it('6-5-2 (6 + 52 = 58) captures an ace, worth 20 on the board; 6-5 (11) alone would not', () => {
    // Seat 1 holds 6♦ 5♦ 2♦; board A♦ 3♠ 4♠. Seat 1 feeds 8♥, seat 0 passes on 7♠, seat 1 draws Q♠.
    let s = stacked(
      2,
      [
        ['KH', 'QH', 'JH', 'TH', '9H'],
        ['6D', '5D', '2D', '7C', '8C'],
      ],
      ['AD', '3S', '4S'],
      ['8H', '7S', 'QS', '6S'],
    );
    s = move(s, 0, pass);
    expect(game.legalActions(s, 1).filter((a) => a.type === 'capture' && a.card === 'AD')).toEqual([
      capture('AD', '6D'),
      capture('AD', '5D'),
      capture('AD', '2D'),
    ]);
    s = move(s, 1, capture('AD', '6D'));
    expect(() => game.apply(s, 1, done)).toThrow(/worth 6: it must beat 20/);
    // With the 5♦ in (6 + 5 = 11), the 2♦ is the only step left: the engine adds it and makes the pak at 58.
    s = move(s, 1, play('5D'));
    expect(s.paks[1]).toEqual([{ suit: 'D', cards: ['AD', '6D', '5D', '2D'] }]);
    expect(s.recent).toContainEqual({ seat: 1, type: 'pak', captured: 'AD', with: ['6D', '5D', '2D'] });
  });

  it('refuses moves out of turn, cards not held, sets of another suit and steals before a pak', () => {
    const s = start();
    expect(() => playMove(game, s, 1, pass)).toThrow(IllegalMove);
    expect(() => game.apply(s, 1, pass)).toThrow(/seat 0's turn/);
    expect(() => game.apply(s, 0, capture('2S', '7S'))).toThrow(/not on the board/);
    expect(() => game.apply(s, 0, capture('3S', 'AS'))).toThrow(/AS is not in your hand/);
    expect(() => game.apply(s, 0, capture('3S', 'KH'))).toThrow(/with cards of its own suit/);
    expect(() => game.apply(s, 0, end)).toThrow(/form a pak or pass/);
    expect(() => game.apply(s, 0, steal(1, 0))).toThrow(/only after forming a pak/);
    const making = move(s, 0, capture('8H', 'TH'));
    expect(() => game.apply(making, 0, play('7S'))).toThrow(/all of the suit/);
    expect(() => game.apply(making, 0, play('AH'))).toThrow(/not in your hand/);
    expect(() => game.apply(making, 0, pass)).toThrow(/finish the capture/);
  });

  it('the steps of a pak stay private until it is made', () => {
    const s = move(start(), 0, capture('8H', 'KH'));
    expect((game.view(s, 0) as View).turn?.making).toMatchObject({ capture: '8H', chosen: ['KH'], beat: 8, worth: 10 });
    expect((game.view(s, 1) as View).turn?.making).toBeNull();
    expect(game.moveView?.({ before: s, after: s, seat: 0, action: play('KH') }, 1)).toEqual({ type: 'play' });
    expect(game.moveView?.({ before: s, after: s, seat: 0, action: play('KH') }, 0)).toEqual(play('KH'));
  });
});

describe('Paks: two decks', () => {
  it('a pair of threes (two decks) reads 33 and takes an ace; with a six, 6 + 33 = 39', () => {
    // Three seats: seat 1 holds both 3♠ and draws 6♠. Board A♠ 2♥ 9♥.
    const s = stacked(
      3,
      [
        ['2D', '3D', '4D', '5D', '6D'],
        ['3S', '3S', '2C', '3C', '4C'],
        ['7D', '8D', '9D', 'TD', 'JD'],
      ],
      ['AS', '2H', '9H'],
      ['6S'],
    );
    expect(game.legalActions(s, 1)).toEqual([capture('AS', '3S'), capture('AS', '6S'), pass]);
    const pair = move(s, 1, capture('AS', '3S'), play('3S'));
    expect((game.view(pair, 1) as View).turn?.making).toMatchObject({ worth: 33 });
    const after = move(pair, 1, done);
    expect(after.paks[1]).toEqual([{ suit: 'S', cards: ['AS', '3S', '3S'] }]);
    expect(after.hands[1]).toEqual(['2C', '3C', '4C', '6S']);
    // Started with the 6♠, the set can only grow by a 3♠, then the other: the engine adds both and
    // makes the pak at 6 + 33 = 39.
    const three = move(s, 1, capture('AS', '6S'));
    expect(three.paks[1]).toEqual([{ suit: 'S', cards: ['AS', '6S', '3S', '3S'] }]);
  });
});

describe('Paks: the full table', () => {
  // Board A♠ A♥ A♦; seat 1 draws Q♣ and feeds it: every suit is on the board.
  // Seat 0 then draws 6♠ and holds 7♠ 7♥ 8♥ 8♦ 9♣ 6♠: spades 13, hearts 15, diamonds 8 (each under 20), clubs 9 (under 10).
  const s = stacked(
    2,
    [
      ['7S', '7H', '8H', '8D', '9C'],
      ['3S', '2S', 'KC', 'JC', 'TC'],
    ],
    ['AS', 'AH', 'AD'],
    ['QC', '6S', 'KD'],
  );

  it('a seat that cannot form a pak on a full table shows its hand, and its turn ends', () => {
    expect(s.board).toEqual(['AS', 'AH', 'AD', 'QC']);
    expect(s.recent.slice(-4, -1)).toEqual([
      { seat: 1, type: 'feed', card: 'QC' },
      { seat: 0, type: 'draw', card: '6S', shown: false },
      { seat: 0, type: 'reveal', hand: ['7S', '7H', '8H', '8D', '9C', '6S'] },
    ]);
  });

  it('a seat that can form a pak on a full table must: no pass', () => {
    expect(s.turn).toMatchObject({ seat: 1, drawn: 'KD', fullTable: true });
    // 3-2 = 32 beats the A♠; K-J-T♣ (30) beats the Q♣; K♦ alone (10) beats nothing.
    expect(game.legalActions(s, 1)).toEqual([
      capture('AS', '3S'),
      capture('AS', '2S'),
      capture('QC', 'KC'),
      capture('QC', 'JC'),
      capture('QC', 'TC'),
    ]);
    expect(() => game.apply(s, 1, pass)).toThrow(/table is full: you must form a pak/);
  });

  it('a sample keeps a hand shown on a full table in its seat', () => {
    for (let i = 0; i < 10; i++) {
      const sampled = game.sample?.(game.view(s, 1), 1, seedRng(`shown ${i}`), []) as State;
      expect(sameCards(sampled.hands[0], ['7S', '7H', '8H', '8D', '9C', '6S'])).toBe(true);
    }
  });

  it('a sample deals a seat that must form a pak on a full table a hand that can', () => {
    for (let i = 0; i < 30; i++) {
      const sampled = game.sample?.(game.view(s, 0), 0, seedRng(`must ${i}`), []) as State;
      expect(capturable(sampled.hands[1], sampled.board)).not.toEqual([]);
    }
  });

  it('a sample builds that hand around the one unseen card that lets it form a pak, when random deals miss it', () => {
    // Four aces on the board. Seat 1 showed 7♣ 6♣ (13) and has drawn one card since, in secret: only the K♣
    // (20 + 3 > 20) lets it take the A♣, as seat 0 holds the other high clubs.
    const view: View = {
      ...(game.view(s, 0) as View),
      board: ['AS', 'AH', 'AD', 'AC'],
      myHand: ['8C', '9C', 'TC', 'JC', 'QC', '6S'],
      handCounts: [6, 3],
      stock: 39,
      recent: [
        { seat: 1, type: 'reveal', hand: ['7C', '6C'] },
        { seat: 1, type: 'draw', card: null, shown: false },
      ],
    };
    for (let i = 0; i < 20; i++) {
      const sampled = game.sample?.(view, 0, seedRng(`king ${i}`), []) as State;
      expect(sameCards(sampled.hands[1], ['7C', '6C', 'KC'])).toBe(true);
      expect(sampled.turn?.drawn).toBe('KC');
    }
  });

  it('the card drawn on a full table is not shown to the other seats', () => {
    const other = game.view(s, 0) as View;
    expect(other.turn?.drawn).toBeNull();
    expect(other.recent.at(-1)).toEqual({ seat: 1, type: 'draw', card: null, shown: false });
    expect((game.view(s, null) as View).turn?.drawn).toBeNull();
    expect((game.view(s, 1) as View).turn?.drawn).toBe('KD');
    expect(JSON.stringify(other)).not.toContain('KD');
  });
});

describe('Paks: stealing', () => {
  // Board 7♠ 6♠ 2♥. Seat 1 passes on 8♥; seat 0 takes 7♠ with K♠; seat 1 passes on 7♥; seat 0 takes 6♠
  // with 9♠; seat 1 draws 6♥, takes 2♥ with 4♥, then steals both spade paks with 5-3♠.
  const start = () =>
    stacked(
      2,
      [
        ['KS', '9S', '2C', '3C', '4C'],
        ['4H', '5S', '3S', '2D', '3D'],
      ],
      ['7S', '6S', '2H'],
      ['8H', 'TS', '7H', 'JS', '6H'],
    );
  const twoSpadePaks = () => {
    let s = move(start(), 1, pass);
    s = move(s, 0, capture('7S', 'KS'), done);
    s = move(s, 1, pass);
    s = move(s, 0, capture('6S', '9S'), done);
    return move(s, 1, capture('2H', '4H'), done);
  };

  it("a pak is formed before any steal, and the paks of its suit can't be stolen that turn", () => {
    const s = twoSpadePaks();
    expect(s.paks[0]).toEqual([
      { suit: 'S', cards: ['7S', 'KS'] },
      { suit: 'S', cards: ['6S', '9S'] },
    ]);
    expect(s.turn).toMatchObject({ seat: 1, formed: 'H' });
    expect(game.legalActions(s, 1)).toEqual([steal(0, 0), steal(0, 1), end]);
  });

  it('steals several paks of one suit from one seat against their total: K-7♠ (17) and 9-6♠ (15) by 5-3♠ (53)', () => {
    let s = move(twoSpadePaks(), 1, steal(0, 0));
    // 53 also beats 17 + 15 = 32: the second pak may join the steal.
    expect(game.legalActions(s, 1)).toEqual([play('5S'), play('3S'), steal(0, 1)]);
    s = move(s, 1, steal(0, 1));
    expect((game.view(s, 1) as View).turn?.making).toMatchObject({ beat: 32, chosen: [] });
    // Once the 5♠ is in, the 3♠ is the only card that can still win (5-3 = 53 > 32): the engine finishes.
    s = move(s, 1, play('5S'));
    // One new pak: 7+10+6+9+5+3 = 40.
    expect(s.paks[1]).toEqual([
      { suit: 'H', cards: ['2H', '4H'] },
      { suit: 'S', cards: ['7S', 'KS', '6S', '9S', '5S', '3S'] },
    ]);
    expect((game.view(s, 0) as View).paks[1][1].value).toBe(40);
    expect(s.paks[0]).toEqual([]);
    expect(s.recent.filter((h) => h.type === 'steal')).toEqual([
      {
        seat: 1,
        type: 'steal',
        from: 0,
        paks: [
          ['7S', 'KS'],
          ['6S', '9S'],
        ],
        with: ['5S', '3S'],
      },
    ]);
  });

  it('refuses a set that does not beat the paks', () => {
    const one = move(twoSpadePaks(), 1, steal(0, 0), play('3S'));
    // 3♠ alone is 3: it cannot beat 17, and done is not offered until 5-3 is made.
    expect(() => game.apply(one, 1, done)).toThrow(/worth 3: it must beat 17/);
    expect(types(one, 1)).not.toContain('done');
  });
});

describe("Paks: stealing, the text's example", () => {
  // Board 7♠ 6♠ 2♥. Seat 1 passes on 8♥; seat 0 takes 7♠ with K♠ (on Q♥); seat 1 passes on 7♥;
  // seat 0 takes 6♠ with 9♠ (on J♥); seat 1 draws 6♥ and takes 2♥ with 4♥.
  let s = stacked(
    2,
    [
      ['KS', '9S', '2C', '3C', '4C'],
      ['4H', 'TS', '5S', '2S', '3D'],
    ],
    ['7S', '6S', '2H'],
    ['8H', 'QH', '7H', 'JH', '6H'],
  );
  s = move(s, 1, pass);
  s = move(s, 0, capture('7S', 'KS'), done);
  s = move(s, 1, pass);
  s = move(s, 0, capture('6S', '9S'));
  s = move(s, 1, capture('2H', '4H'), done);

  it('10-5-2♠ (10 + 52 = 62) steals K-7♠ and 9-6♠ together (17 + 15 = 32): one new pak worth 49', () => {
    expect(s.paks[0]).toEqual([
      { suit: 'S', cards: ['7S', 'KS'] },
      { suit: 'S', cards: ['6S', '9S'] },
    ]);
    let t = move(s, 1, steal(0, 0), steal(0, 1));
    expect((game.view(t, 1) as View).turn?.making).toMatchObject({ beat: 32, chosen: [] });
    t = move(t, 1, play('TS'));
    expect(() => game.apply(t, 1, done)).toThrow(/worth 10: it must beat 32/);
    // With the 5♠ in (15), the 2♠ is the only step left: 62 beats 32 and the engine makes the pak.
    t = move(t, 1, play('5S'));
    expect(t.paks[1]).toEqual([
      { suit: 'H', cards: ['2H', '4H'] },
      { suit: 'S', cards: ['7S', 'KS', '6S', '9S', 'TS', '5S', '2S'] },
    ]);
    expect((game.view(t, 0) as View).paks[1][1].value).toBe(49);
    expect(t.paks[0]).toEqual([]);
  });
});

describe('Paks: stealing, not the suit formed', () => {
  // Board 7♠ 2♥ 3♥. Seat 0 takes 2♥ with Q♥, then 7♠ with K♠; seat 1 takes 3♥ with 9♥.
  let s = stacked(
    2,
    [
      ['KS', 'QH', '2C', '3C', '4C'],
      ['AS', '9H', '5S', '2D', '3D'],
    ],
    ['7S', '2H', '3H'],
    ['8H', 'TS', '7H', 'JS', '6H'],
  );
  s = move(s, 1, pass);
  // Q♥ is seat 0's only heart: nothing can join it, and the engine makes the pak.
  s = move(s, 0, capture('2H', 'QH'));
  s = move(s, 1, pass);
  s = move(s, 0, capture('7S', 'KS'), done);
  s = move(s, 1, capture('3H', '9H'), done);

  it("after forming a heart pak, the other seat's heart pak cannot be stolen; its spade pak can", () => {
    expect(s.paks[0]).toEqual([
      { suit: 'H', cards: ['2H', 'QH'] },
      { suit: 'S', cards: ['7S', 'KS'] },
    ]);
    expect(game.legalActions(s, 1)).toEqual([steal(0, 1), end]);
    expect(() => game.apply(s, 1, steal(0, 0))).toThrow(/not steal paks of the suit of the pak you formed/);
    // A♠ alone (20) beats 7-K♠ (17).
    const after = move(s, 1, steal(0, 1), play('AS'), done);
    expect(after.paks[1]).toEqual([
      { suit: 'H', cards: ['3H', '9H'] },
      { suit: 'S', cards: ['7S', 'KS', 'AS'] },
    ]);
    expect(after.paks[0]).toEqual([{ suit: 'H', cards: ['2H', 'QH'] }]);
  });
});

describe('Paks: stealing with three seats', () => {
  // Two decks. Board 7♠ 6♠ 2♥. Seat 1 passes; seat 2 takes 7♠ with K♠; seat 0 takes 6♠ with 9♠;
  // seat 1 takes 2♥ with 4♥ and may steal spades from seat 2 or seat 0, not from both.
  const s0 = stacked(
    3,
    [
      ['9S', '2C', '3C', '4C', '5C'],
      ['4H', '5S', '3S', '2D', '3D'],
      ['KS', '6C', '7C', '8C', '9C'],
    ],
    ['7S', '6S', '2H'],
    ['9H', 'TS', 'JS', '8H'],
  );
  let s = move(s0, 1, pass);
  s = move(s, 2, capture('7S', 'KS'), done);
  s = move(s, 0, capture('6S', '9S'), done);
  s = move(s, 1, capture('2H', '4H'), done);

  it('paks of one suit are not stolen from two seats', () => {
    expect(game.legalActions(s, 1)).toEqual([steal(0, 0), steal(2, 0), end]);
    const fromTwo = move(s, 1, steal(2, 0));
    expect(game.legalActions(fromTwo, 1)).toEqual([play('5S'), play('3S')]);
    expect(() => game.apply(fromTwo, 1, steal(0, 0))).toThrow(/one suit and belong to one seat/);
    const after = move(fromTwo, 1, play('5S'));
    // Spades are stolen this turn and no other pak is left to steal: the turn is over.
    expect(after.paks[1]).toEqual([
      { suit: 'H', cards: ['2H', '4H'] },
      { suit: 'S', cards: ['7S', 'KS', '5S', '3S'] },
    ]);
    const stole = after.recent.findIndex((h) => h.type === 'steal');
    expect(after.recent[stole + 1]).toMatchObject({ seat: 2 });
  });
});

describe('Paks: the end of a hand', () => {
  // Two seats, one deck. All ten clubs of the hands are kept back; the last three stock cards are
  // clubs, so the table is full only at the end. Board 2♥ 3♠ 4♦.
  const hands = [
    ['4C', '6C', '7C', '8C', '9C'],
    ['5C', 'TC', 'JC', 'QC', 'KC'],
  ];
  const scripted = ['5H', '6H', '7S', 'KH', '9H', 'AH', '8H', 'QH', '4H', '9S', '5D'];
  const clubsLast = ['2C', 'AC', '3C'];
  const board = ['2H', '3S', '4D'];
  const filler = removeCards(cardsFor(2), [...hands.flat(), ...board, ...scripted, ...clubsLast]);
  const plan: Record<Card, Action[]> = {
    // In each of these the capturing card is the only one of its suit in the hand: the engine makes the pak.
    '5H': [capture('2H', '5H')], // seat 1: 2-5♥
    KH: [capture('6H', 'KH')], // seat 0 (6♥ was fed by seat 0 itself): 6-K♥
    AH: [capture('9H', 'AH')], // seat 0: 9-A♥
    QH: [capture('8H', 'QH')], // seat 0: 8-Q♥
    '9S': [capture('3S', '9S')], // seat 0: 3-9♠
    '5D': [capture('4D', '5D')], // seat 1: 4-5♦
    AC: [capture('2C', '4C'), done], // seat 0, compelled: 2♣ fed by seat 1 made the table full
  };
  const hand = (options: Partial<Options> = {}) =>
    playHand(stacked(2, hands, board, [...scripted, ...filler, ...clubsLast], options), plan);

  it('ends after the turn of the seat that drew the last card; each suit discards the fewest held, lowest first', () => {
    const s = hand();
    const last = s.lastHand;
    // Seat 1 drew the last card, 3♣, and fed it: the hand is over and seat 1 deals the next.
    expect(last?.hand).toBe(1);
    // Seat 1 fed 2♣ (a full table), seat 0 drew A♣ unseen and had to form a pak, seat 1 fed 3♣.
    expect(s.recent).toContainEqual({ seat: 0, type: 'draw', card: 'AC', shown: false });
    expect(s.recent).toContainEqual({ seat: 1, type: 'feed', card: '3C' });
    expect(s.hand).toBe(2);
    expect(s.dealer).toBe(1);
    // Hearts: seat 0 holds three paks, seat 1 one: each discards one, seat 0 its 6-K♥ (5+10 = 15),
    // not 8-Q♥ (20) or 9-A♥ (30). Spades, diamonds, clubs: one side holds none, nothing is discarded.
    expect(last?.sides[0].discarded).toEqual([['6H', 'KH']]);
    expect(last?.sides[1].discarded).toEqual([['2H', '5H']]);
    expect(last?.sides[0].kept).toEqual([
      ['3S', '9S'],
      ['8H', 'QH'],
      ['9H', 'AH'],
      ['2C', '4C'],
    ]);
    expect(last?.sides[1].kept).toEqual([['4D', '5D']]);
    // Seat 0: 3-9♠ 5+10, 8-Q♥ 10+10, 9-A♥ 10+20, 2-4♣ 5+5 = 75. Seat 1: 4-5♦ 5+5 = 10.
    expect(last?.sides.map((side) => side.points)).toEqual([75, 10]);
    expect(game.status(s).scores).toEqual([75, 10]);
    expect(game.status(s).finished).toBe(false);
    // Hand cards (seat 0's unused clubs, seat 1's passed draws) score nothing; all cards were dealt anew.
    expect(s.paks).toEqual([[], []]);
    expect(s.recent.some((h) => h.type === 'deal' && h.hand === 2 && h.dealer === 1)).toBe(true);
  });

  it('a hand that leaves one seat alone at the target or more wins the game', () => {
    const s = hand({ target: 50 });
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins 75 to 10 after 1 hand' });
    expect(game.legalActions(s, 0)).toEqual([]);
    // Once the game is over every hand is public.
    expect((game.view(s, 1) as View).hands).toEqual(s.hands);
  });

  it('the game needs the target: 75 is not enough for 80', () => {
    expect(game.status(hand({ target: 80 })).finished).toBe(false);
  });
});

describe('Paks: scoring and the end of the game', () => {
  const pak = (...cards: Card[]): Pak => ({ suit: cards[0][1] as Pak['suit'], cards });

  it("the text's example: four, three and one heart paks: each discards one, its lowest", () => {
    const alpha = [pak('AH', '2H'), pak('3H', '4H'), pak('KH', 'QH'), pak('9H', '8H')];
    const bravo = [pak('7H', 'TH'), pak('6H', 'JH'), pak('5H', 'TH')];
    const charlie = [pak('2H', 'AH')];
    const [a, b, c] = scoreHand([[0], [1], [2]], [alpha, bravo, charlie]);
    expect(a.discarded).toEqual([['3H', '4H']]); // 10, the lowest of 25, 10, 20, 20
    expect(a.points).toBe(25 + 20 + 20);
    expect(b.discarded).toEqual([['7H', 'TH']]); // 15, 15, 15: the first of the equals
    expect(b.points).toBe(30);
    expect(c.discarded).toEqual([['2H', 'AH']]);
    expect(c.points).toBe(0);
  });

  it('partners pool their paks: the team counts, discards and scores together', () => {
    // Team 0+2: spades 2 (seat 0 one, seat 2 one), hearts 1. Team 1+3: spades 1, hearts 0.
    const held = [[pak('AS', 'KS')], [pak('2S', '3S')], [pak('5S', '9S'), pak('7H', '8H')], []];
    const [us, them] = scoreHand(
      [
        [0, 2],
        [1, 3],
      ],
      held,
    );
    // Spades: one each discarded, the team's lowest 5-9 (15); kept A-K (30) and 7-8♥ (15) = 45.
    expect(us.discarded).toEqual([['5S', '9S']]);
    expect(us.points).toBe(45);
    expect(them.discarded).toEqual([['2S', '3S']]);
    expect(them.points).toBe(0);
  });

  it('the highest score alone at the target or more wins; a tie at the top plays another hand', () => {
    expect(matchWinner([510, 490], 500)).toBe(0);
    expect(matchWinner([520, 530, 100], 500)).toBe(1);
    expect(matchWinner([500, 500], 500)).toBeUndefined();
    expect(matchWinner([499, 300], 500)).toBeUndefined();
    expect(matchWinner([510, 510, 520], 500)).toBe(2);
  });

  it('in a team game every seat shows its team score', () => {
    const s = game.setup({ seats: 4, options: { target: 500 }, seed: 'teams' });
    const st = game.status({ ...s, scores: [120, 45] });
    expect(st.scores).toEqual([120, 45, 120, 45]);
  });
});

/** Cards conserved: every card of the game is in exactly one place (stock, board, a hand or a pak). */
function invariant(s: State) {
  assertConserved([s.stock, s.board, ...s.hands, ...s.paks.flat().map((p) => p.cards)], cardsFor(s.seats));
}

/**
 * The leak test: a seat sees the board, the paks, its own hand, the happenings (a secret draw of
 * another seat blanked) and the last hand's paks, all of it public history; no card of another hand or of the stock, and no other seat's set in the
 * making. With two decks a code may lie in two places: only codes it may not see anywhere count.
 * Once the game is over everything is public.
 */
function checkView(s: State, seat: number | null, raw: unknown) {
  const v = raw as View;
  if (s.finished) {
    if (stringify(v.hands) !== stringify(s.hands)) throw new Error('every hand shows at the end');
    return;
  }
  const shownDraws = s.recent.filter((h) => !(h.type === 'draw' && !h.shown && h.seat !== seat));
  const visible = cardsShown([s.board, s.paks, seat === null ? [] : s.hands[seat], shownDraws, s.lastHand]);
  const secret = [...s.stock, ...s.hands.flatMap((hand, owner) => (owner === seat ? [] : hand))];
  assertHidden(
    v,
    secret.filter((c) => !visible.has(c)),
    seat,
  );
  if (stringify(v.myHand) !== stringify(seat === null ? null : s.hands[seat])) throw new Error(`seat ${seat} sees its own hand`);
  if (v.turn?.seat !== seat && v.turn?.making !== null) throw new Error("another seat's set in the making shows");
  v.recent.forEach((h, i) => {
    const real = s.recent[i];
    if (real.type === 'draw' && !real.shown && real.seat !== seat && (h.type !== 'draw' || h.card !== null))
      throw new Error(`a secret draw shows: ${JSON.stringify(h)}`);
  });
}

describe('Paks: seeded random matches', () => {
  const checks = conformance<State>(game, {
    configs: [2, 3, 4, 6].map((seats) => ({ seats, matches: 15 })),
    viewsEvery: 3,
    everyActionEvery: 7,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);

  const summaries: Record<number, RegExp> = {
    2: /^seat [01] wins \d+ to \d+ after \d+ hands?$/,
    3: /^seat [012] wins \d+ to \d+ \(seat [012]\) and \d+ \(seat [012]\) after \d+ hands?$/,
    4: /^team (0\+2|1\+3) win \d+ to \d+ after \d+ hands?$/,
    6: /^team (0\+2\+4|1\+3\+5) win \d+ to \d+ after \d+ hands?$/,
  };
  for (const seats of [2, 3, 4, 6]) {
    it(`matches of ${seats} seats end with the one highest side at 500 or more, named in the summary`, () => {
      for (let i = 0; i < 10; i++) {
        const { state } = playOut<State>(game, { seats, seed: `paks-end-${seats}-${i}`, everyActionEvery: 0, viewsEvery: 0 });
        const st = game.status(state);
        expect(Math.max(...state.scores)).toBeGreaterThanOrEqual(500);
        expect(st.result?.winners).toEqual(state.sides[state.scores.indexOf(Math.max(...state.scores))]);
        expect(st.result?.summary).toMatch(summaries[seats]);
      }
    });
  }
});

describe('Paks: sides and the clock', () => {
  it('teams win or lose together; two or three seats play alone', () => {
    expect(game.sides?.(4, { target: 500 })).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(game.sides?.(6, { target: 500 })).toEqual([
      [0, 2, 4],
      [1, 3, 5],
    ]);
    expect(game.sides?.(3, { target: 500 })).toEqual([[0], [1], [2]]);
  });

  // Seat 0: hearts; seat 1: the 5, 3 and 2 of diamonds. Board A♦ 3♠ 4♠. Seat 1 feeds 8♥, seat 0 draws 7♠, seat 1 9♦.
  const start = () =>
    stacked(
      2,
      [
        ['KH', 'QH', 'JH', 'TH', '9H'],
        ['5D', '2D', '3D', '6C', '7C'],
      ],
      ['AD', '3S', '4S'],
      ['8H', '7S', '9D', '6S'],
    );

  it('a seat whose time runs out forms no pak where it may pass', () => {
    expect(game.defaultAction?.(start(), 0)).toEqual(pass);
  });

  it('a seat whose time runs out makes its set as soon as it wins, or grows it by its lowest card', () => {
    let s = move(move(start(), 0, pass), 1, capture('AD', '5D'));
    // 5 does not beat 20: the lowest card that may join is the 2♦ (52).
    expect(game.defaultAction?.(s, 1)).toEqual(play('2D'));
    s = move(s, 1, play('2D'));
    expect(game.defaultAction?.(s, 1)).toEqual(done);
  });

  it('on a full table a seat whose time runs out takes the lowest board card it can with its lowest card', () => {
    // Board A♠ A♥ A♦ Q♣ (full); seat 1 holds 3♠ 2♠ K♣ J♣ 10♣ and draws K♦: it must take the Q♣ (10) with the 10♣.
    const s = stacked(
      2,
      [
        ['7S', '7H', '8H', '8D', '9C'],
        ['3S', '2S', 'KC', 'JC', 'TC'],
      ],
      ['AS', 'AH', 'AD'],
      ['QC', '6S', 'KD'],
    );
    expect(game.defaultAction?.(s, 1)).toEqual(capture('QC', 'TC'));
  });

  it('after forming a pak a seat whose time runs out steals nothing and ends its turn', () => {
    let s = move(move(start(), 0, pass), 1, capture('AD', '5D'), play('2D'), done);
    s = move(s, 0, capture('3S', '7S'), done);
    // Seat 1's diamond pak may be stolen in principle (seat 0 holds no diamond): the turn waits for end.
    expect(s.turn).toMatchObject({ seat: 0, formed: 'S' });
    expect(game.legalActions(s, 0)).toEqual([end]);
    expect(game.defaultAction?.(s, 0)).toEqual(end);
  });
});
