import { describe, expect, it } from 'vitest';
import { buildDeck, type Card, removeCards } from '../../cards';
import { assertConserved, assertHidden, conformance, decide, IllegalMove, playMove } from '../../engine';
import { type Action, capturesFor, cardPoints, chineseTen as game, layoutFourOfAKind, type State } from '.';

const play = (card: Card, capture: Card[] = []): Action => ({ type: 'play', card, capture });
const choose = (card: Card): Action => ({ type: 'capture', card });

/**
 * A stacked deal: the hands (by seat, as many cards as given, the rest filled), the four layout cards
 * and the top of the stock. Cards are dealt one at a time from seat 1; unnamed places get the unused
 * cards in deck order.
 */
function stacked(seats: number, hands: Card[][], layout: Card[], stockTop: Card[] = []): State {
  let rest = removeCards(buildDeck(), [...hands.flat(), ...layout, ...stockTop]);
  const size = 24 / seats;
  const full = Array.from({ length: seats }, (_, s) => {
    const given = hands[s] ?? [];
    const filler = rest.slice(0, size - given.length);
    rest = rest.slice(filler.length);
    return [...given, ...filler];
  });
  const deck: Card[] = [];
  for (let i = 0; i < size; i++) for (let k = 1; k <= seats; k++) deck.push(full[k % seats][i]);
  return game.setup({ seats, options: {}, seed: 'stacked', deck: [...deck, ...layout, ...stockTop, ...rest] });
}

const keys = (sets: Card[][]) => sets.map((s) => [...s].sort().join('+')).sort();

describe('Chinese Ten: making ten', () => {
  it('a number card captures one table card that makes ten with it', () => {
    expect(keys(capturesFor('3H', ['7S', '7D', '2C', 'KH']))).toEqual(['7D', '7S']);
    expect(keys(capturesFor('AD', ['9C', '8S']))).toEqual(['9C']);
    expect(keys(capturesFor('5C', ['5D', '4S', '6H']))).toEqual(['5D']);
    expect(capturesFor('4S', ['2S', '2H', '3C'])).toEqual([]); // 4 + 2 + ... never two cards at once
  });

  it('tens and face cards pair only by rank', () => {
    expect(keys(capturesFor('TH', ['TS', 'JS', 'QS', 'KS']))).toEqual(['TS']);
    expect(keys(capturesFor('QD', ['TS', 'JS', 'QS', 'QC', 'KS']))).toEqual(['QC', 'QS']);
    expect(capturesFor('KH', ['TS', 'JS', 'QS'])).toEqual([]);
    // A number card never reaches ten with a ten or a face card.
    expect(capturesFor('AH', ['TS', 'JS', 'QS', 'KS'])).toEqual([]);
  });

  it("the played card captures the card of the seat's choice, and both go to its won pile", () => {
    let s = stacked(2, [[], ['3H']], ['7S', '7D', 'KC', 'QC'], ['2C']);
    expect(game.status(s).toAct).toEqual([1]);
    expect(game.legalActions(s, 1).filter((a) => a.type === 'play' && a.card === '3H')).toEqual([
      play('3H', ['7S']),
      play('3H', ['7D']),
    ]);
    s = playMove(game, s, 1, play('3H', ['7D']));
    expect(s.won[1]).toEqual(['3H', '7D']);
    // Then the 2♣ is turned: nothing makes ten with it, so it joins the table.
    expect(s.table).toEqual(['7S', 'KC', 'QC', '2C']);
    expect(s.last).toEqual({ seat: 1, played: '3H', captured: ['7D'], turned: '2C', turnedCaptured: [] });
    // 3♥ + 7♦ = 3 + 7 points.
    expect(game.status(s).scores).toEqual([0, 10]);
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('a card that can capture must capture', () => {
    const s = stacked(2, [[], ['3H']], ['7S', 'KD', 'KC', 'QC']);
    expect(() => game.apply(s, 1, play('3H'))).toThrow(/must capture, and can capture 7S/);
    expect(() => game.apply(s, 1, play('3H', ['KD']))).toThrow(IllegalMove);
  });

  it('a card that cannot capture is laid on the table', () => {
    const s = playMove(game, stacked(2, [[], ['4H']], ['7S', 'KD', 'KC', 'QC'], ['2C']), 1, play('4H'));
    expect(s.table).toEqual(['7S', 'KD', 'KC', 'QC', '4H', '2C']);
    expect(s.won[1]).toEqual([]);
    expect(() => game.apply(stacked(2, [[], ['4H']], ['7S', 'KD', 'KC', 'QC']), 1, play('4H', ['7S']))).toThrow(
      /captures nothing/,
    );
  });
});

describe('Chinese Ten: turning the stock', () => {
  it('the turned card captures for the seat that turned it, automatically when it has one capture', () => {
    // 4♥ captures nothing and stays; the turned 6♠ makes ten with it, the only card it can take.
    const s = playMove(game, stacked(2, [[], ['4H']], ['7S', 'KD', 'KC', 'QC'], ['6S']), 1, play('4H'));
    expect(s.table).toEqual(['7S', 'KD', 'KC', 'QC']);
    expect(s.won[1]).toEqual(['6S', '4H']);
    expect(s.turn).toBe(0);
  });

  it('when the turned card can capture several table cards, the seat chooses which, and nothing else happens meanwhile', () => {
    let s = stacked(2, [['9D'], ['2H']], ['7S', '7D', 'KC', 'QC'], ['3C']);
    s = playMove(game, s, 1, play('2H'));
    expect(s.turned).toBe('3C');
    expect(game.status(s).toAct).toEqual([1]);
    expect(game.legalActions(s, 1)).toEqual([choose('7S'), choose('7D')]);
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => game.apply(s, 1, play('9D'))).toThrow(/turned 3C/);
    expect(() => game.apply(s, 1, choose('KC'))).toThrow(/cannot capture KC/);
    expect((game.view(s, 0) as { phase: string; turned: Card }).phase).toBe('choose-capture');
    s = playMove(game, s, 1, choose('7D'));
    expect(s.won[1]).toEqual(['3C', '7D']);
    expect(s.table).toEqual(['7S', 'KC', 'QC', '2H']);
    expect(s.last?.turnedCaptured).toEqual(['7D']);
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('a capture choice is refused when no card is waiting', () => {
    const s = stacked(2, [], ['7S', '7D', 'KC', 'QC']);
    expect(() => game.apply(s, 1, choose('7S'))).toThrow(/no turned stock card/);
  });
});

describe('Chinese Ten: special layouts', () => {
  it('three fives in the layout are all captured by the fourth five, played', () => {
    const s0 = stacked(2, [[], ['5C']], ['5S', '5H', '5D', 'KC'], ['2C']);
    expect(game.legalActions(s0, 1).filter((a) => a.type === 'play' && a.card === '5C')).toEqual([
      play('5C', ['5S', '5H', '5D']),
    ]);
    expect(() => game.apply(s0, 1, play('5C', ['5H']))).toThrow(/5S\+5H\+5D/);
    // The three may be named in any order; the move is logged in card order.
    expect(decide(game, s0, 1, play('5C', ['5D', '5S', '5H'])).action).toEqual(play('5C', ['5S', '5H', '5D']));
    const s = playMove(game, s0, 1, play('5C', ['5S', '5H', '5D']));
    expect(s.won[1]).toEqual(['5C', '5S', '5H', '5D']);
    // 5♥ + 5♦ = 10 points.
    expect(game.status(s).scores).toEqual([0, 10]);
  });

  it('three kings in the layout are all captured by the fourth king, turned', () => {
    const s = playMove(game, stacked(2, [[], ['2H']], ['KS', 'KH', 'KD', '7C'], ['KC']), 1, play('2H'));
    expect(s.won[1]).toEqual(['KC', 'KS', 'KH', 'KD']);
    expect(s.table).toEqual(['7C', '2H']);
    // K♥ 10 + K♦ 10.
    expect(game.status(s).scores).toEqual([0, 20]);
  });

  it('three tens in the layout wait for the fourth: a ten cannot be taken alone', () => {
    expect(keys(capturesFor('TC', ['TS', 'TH', 'TD', '4C']))).toEqual(['TD+TH+TS']);
  });

  it('three of a kind of a number that pairs with another rank is taken one card at a time', () => {
    expect(keys(capturesFor('7C', ['3S', '3H', '3D', 'KC']))).toEqual(['3D', '3H', '3S']);
  });

  it('a layout of four jacks is captured by the dealer before the first turn', () => {
    const s = stacked(2, [], ['JS', 'JH', 'JD', 'JC']);
    expect(s.dealer).toBe(0);
    expect(s.table).toEqual([]);
    expect(s.won[0]).toEqual(['JS', 'JH', 'JD', 'JC']);
    expect(s.layoutCapture).toEqual(['JS', 'JH', 'JD', 'JC']);
    // J♥ 10 + J♦ 10, and seat 1 still plays first.
    expect(game.status(s)).toMatchObject({ toAct: [1], scores: [20, 0] });
  });

  it('four fives or four tens in the layout go to the dealer too', () => {
    expect(stacked(3, [], ['5S', '5H', '5D', '5C']).won[0]).toEqual(['5S', '5H', '5D', '5C']);
    expect(stacked(4, [], ['TS', 'TH', 'TD', 'TC']).won[0]).toEqual(['TS', 'TH', 'TD', 'TC']);
  });

  it('a layout mixing face cards, tens and fives, or four of a kind of another rank, is not special', () => {
    expect(layoutFourOfAKind(['JS', 'QH', 'KD', '5C'])).toBe(false);
    expect(layoutFourOfAKind(['7S', '7H', '7D', '7C'])).toBe(false);
    const s = stacked(2, [], ['JS', 'QH', 'KD', 'TC']);
    expect(s.table).toEqual(['JS', 'QH', 'KD', 'TC']);
    expect(s.won).toEqual([[], []]);
  });
});

describe('Chinese Ten: scoring', () => {
  it('red aces 20, red nines, tens and face cards 10, other red cards their pips, other black cards nothing', () => {
    expect(['AH', 'AD', '9H', 'TD', 'JH', 'QD', 'KH'].map((c) => cardPoints(c, 2))).toEqual([20, 20, 10, 10, 10, 10, 10]);
    expect(['2H', '5D', '8H'].map((c) => cardPoints(c, 4))).toEqual([2, 5, 8]);
    expect(['KS', '9C', '2S', 'TC'].map((c) => cardPoints(c, 4))).toEqual([0, 0, 0, 0]);
  });

  it('the A♣ scores 40 only with four seats, the A♠ 30 with three or four', () => {
    expect([2, 3, 4].map((n) => cardPoints('AC', n))).toEqual([0, 0, 40]);
    expect([2, 3, 4].map((n) => cardPoints('AS', n))).toEqual([0, 30, 30]);
  });

  it('a 9♥ capturing the black aces scores by the number of seats', () => {
    for (const [seats, expected] of [
      [2, 10], // 9♥ 10 + A♣ 0
      [3, 10], // 9♥ 10 + A♣ 0
      [4, 50], // 9♥ 10 + A♣ 40
    ]) {
      const s = playMove(game, stacked(seats, [[], ['9H']], ['AC', 'KD', 'KC', 'QC'], ['2C']), 1, play('9H', ['AC']));
      expect(game.status(s).scores[1]).toBe(expected);
    }
    for (const [seats, expected] of [
      [2, 10], // 9♦ 10 + A♠ 0
      [3, 40], // 9♦ 10 + A♠ 30
      [4, 40],
    ]) {
      const s = playMove(game, stacked(seats, [[], ['9D']], ['AS', 'KD', 'KC', 'QC'], ['2C']), 1, play('9D', ['AS']));
      expect(game.status(s).scores[1]).toBe(expected);
    }
  });
});

/**
 * A whole two-seat game stacked so that every turn but the last two lays a card that the turned card
 * then takes back (the layout K♠ K♥ Q♠ Q♥ waits for the other kings and queens at the end).
 * Seat 1 plays [hand card, turned card] pairs `mine`, seat 0 pairs `theirs`, turn about.
 */
function wholeGame(mine: [Card, Card][], theirs: [Card, Card][]): State {
  const hand1 = [...mine.map(([h]) => h), 'KD'];
  const hand0 = [...theirs.map(([h]) => h), 'QD'];
  const stock = [...mine.flatMap(([, t], i) => [t, theirs[i][1]]), 'KC', 'QC'];
  let s = stacked(2, [hand0, hand1], ['KS', 'KH', 'QS', 'QH'], stock);
  for (let i = 0; i < mine.length; i++) {
    s = playMove(game, s, 1, play(mine[i][0]));
    s = playMove(game, s, 0, play(theirs[i][0]));
  }
  // The king captures K♠ (the seat's choice); the turned K♣ takes the last king.
  s = playMove(game, s, 1, play('KD', ['KS']));
  s = playMove(game, s, 0, play('QD', ['QS']));
  return s;
}

const pairsOf = (suits: [string, string]): [Card, Card][] => [
  [`A${suits[0]}`, `9${suits[1]}`],
  [`A${suits[1]}`, `9${suits[0]}`],
  [`2${suits[0]}`, `8${suits[1]}`],
  [`2${suits[1]}`, `8${suits[0]}`],
  [`3${suits[0]}`, `7${suits[1]}`],
  [`3${suits[1]}`, `7${suits[0]}`],
  [`4${suits[0]}`, `6${suits[1]}`],
  [`4${suits[1]}`, `6${suits[0]}`],
  [`T${suits[0]}`, `T${suits[1]}`],
  [`J${suits[0]}`, `J${suits[1]}`],
];

describe('Chinese Ten: a whole game', () => {
  it('ends when the last card is played and the last stock card turned; equal highest scores share the win', () => {
    const s = wholeGame([...pairsOf(['H', 'S']), ['5H', '5S']], [...pairsOf(['D', 'C']), ['5D', '5C']]);
    expect(s.hands).toEqual([[], []]);
    expect(s.stock).toEqual([]);
    expect(s.table).toEqual([]);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    // Seat 1: A♥ 20, 9♥ 10, 2♥+8♥+3♥+7♥+4♥+6♥ = 30, 5♥ 5, 10♥ 10, J♥ 10, K♦ 10, K♥ 10 = 105.
    // Seat 0: the same in diamonds, with Q♦ and Q♥ for the kings: 105.
    expect(st.scores).toEqual([105, 105]);
    expect(st.result?.winners).toEqual([0, 1]);
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => game.apply(s, 0, play('2H'))).toThrow(/over/);
  });

  it('the highest score wins', () => {
    const s = wholeGame([...pairsOf(['H', 'S']), ['5H', '5D']], [...pairsOf(['D', 'C']), ['5S', '5C']]);
    // Seat 1 now has 5♥ + 5♦ instead of 5♥ + 5♠: 105 + 5 = 110; seat 0 loses the 5♦: 100.
    expect(game.status(s).scores).toEqual([100, 110]);
    expect(game.status(s).result).toEqual({ winners: [1], summary: 'seat 1 wins with 110 points (100 / 110)' });
    expect(s.last).toEqual({ seat: 0, played: 'QD', captured: ['QS'], turned: 'QC', turnedCaptured: ['QH'] });
  });
});

describe('Chinese Ten: dealing, turns and views', () => {
  it('deals 24 / seats cards each, four to the layout, and leaves a stock of 24', () => {
    for (const [seats, size] of [
      [2, 12],
      [3, 8],
      [4, 6],
    ]) {
      const s = game.setup({ seats, options: {}, seed: `deal-${seats}` });
      expect(s.hands.map((h) => h.length)).toEqual(Array(seats).fill(size));
      expect(s.table.length + s.won[0].length).toBe(4);
      expect(s.stock).toHaveLength(24);
      expect(game.status(s).toAct).toEqual([1]);
    }
  });

  it("deals one card at a time from the dealer's left", () => {
    const deck = buildDeck();
    const s = game.setup({ seats: 3, options: {}, seed: 'x', deck });
    expect(s.hands[1].slice(0, 2)).toEqual([deck[0], deck[3]]);
    expect(s.hands[2][0]).toBe(deck[1]);
    expect(s.hands[0][0]).toBe(deck[2]);
    expect(s.table).toEqual(deck.slice(24, 28));
    expect(s.stock[0]).toBe(deck[28]);
  });

  it('turns pass to the left, in seat order', () => {
    let s = stacked(3, [[], ['4H'], ['4D']], ['7S', 'KD', 'KC', 'QC'], ['2C', '2D']);
    s = playMove(game, s, 1, play('4H'));
    expect(game.status(s).toAct).toEqual([2]);
    s = playMove(game, s, 2, play('4D'));
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('refuses a card not held and a move out of turn', () => {
    const s = stacked(2, [['4D'], ['4H']], ['7S', 'KD', 'KC', 'QC']);
    expect(() => game.apply(s, 1, play('4D'))).toThrow(/not in your hand/);
    expect(() => game.apply(s, 0, play('4D'))).toThrow(/seat 1's turn/);
    expect(() => playMove(game, s, 0, play('4D'))).toThrow(IllegalMove);
  });

  it('a seat sees its own hand and only the sizes of the other hands and the stock', () => {
    const s = stacked(2, [['4D'], ['4H']], ['7S', 'KD', 'KC', 'QC'], ['2C']);
    const v = game.view(s, 0) as Record<string, unknown>;
    expect(v.hand).toContain('4D');
    expect(v.handSizes).toEqual([12, 12]);
    expect(v.stockSize).toBe(24);
    expect(JSON.stringify(v)).not.toContain('4H');
    expect(JSON.stringify(v)).not.toContain('2C');
    expect((game.view(s, null) as Record<string, unknown>).hand).toBeNull();
  });
});

describe('Chinese Ten: a seat whose time runs out', () => {
  it('plays its lowest card, taking the lowest table card it may', () => {
    // Seat 1 holds 3H and then the hearts from the ace up: the ace is its lowest card, and both nines make ten with it.
    const s = stacked(2, [[], ['3H']], ['9S', '9D', 'KC', 'QC'], ['2C']);
    expect(game.defaultAction?.(s, 1)).toEqual(play('AH', ['9S']));
  });

  it('lets a turned card take the lowest table card it may', () => {
    const s = playMove(game, stacked(2, [['9D'], ['2H']], ['7D', '7S', 'KC', 'QC'], ['3C']), 1, play('2H'));
    expect(game.defaultAction?.(s, 1)).toEqual(choose('7S'));
  });
});

describe('Chinese Ten: seeded random games', () => {
  const all = buildDeck();
  // Every pair of tens is made by the end: red cards 2 × 105, plus A♠ 30 with three seats or more, A♣ 40 with four.
  const total: Record<number, number> = { 2: 210, 3: 240, 4: 280 };
  const checks = conformance<State>(game, {
    configs: [2, 3, 4].map((seats) => ({ seats, matches: 250 })),
    viewsEvery: 4,
    maxMoves: 200,
    invariant: (s) => {
      assertConserved([...s.hands, s.stock, s.table, ...s.won, s.turned ? [s.turned] : []], all);
      if (!game.status(s).finished) return;
      if (s.table.length > 0) throw new Error('cards are left on the table');
      const sum = game.status(s).scores.reduce((a, b) => a + b, 0);
      if (sum !== total[s.seats]) throw new Error(`the points add up to ${sum}, not ${total[s.seats]}`);
    },
    // One deck: another seat's hand or the stock showing in a view is a leak.
    checkView: (s, seat, view) => {
      if (game.status(s).finished) return;
      assertHidden(view, [...s.hands.flatMap((h, i) => (i === seat ? [] : h)), ...s.stock], seat);
    },
  });
  for (const c of checks) it(c.name, c.run);
});
