import stringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import { buildDeck, type Card } from '../../cards';
import {
  assertConserved,
  assertHidden,
  conformance,
  decide,
  IllegalMove,
  playMove,
  playOut,
  replay,
  resolveOptions,
} from '../../engine';
import {
  type Action,
  answerWins,
  doubling,
  poke as game,
  gameWinner,
  honours,
  leads,
  newDeal,
  type Options,
  rubberBonus,
  type State,
  trickValue,
  type View,
} from '.';

const options = (given: Partial<Options> = {}) => resolveOptions(game, given, 2) as Options;
const hand = (text: string): Card[] => text.split(' ');

/** A deck that deals `nonDealer` and `dealer` one card at a time (the non-dealer first), then `stockTop`, then the rest. */
function stack(nonDealer: string, dealer: string, stockTop = ''): Card[] {
  const [n, d] = [hand(nonDealer), hand(dealer)];
  const top = [...n.flatMap((c, k) => [c, d[k]]), ...(stockTop ? hand(stockTop) : [])];
  return [...top, ...buildDeck().filter((c) => !top.includes(c))];
}

/** The first deal (seat 0 deals, so seat 1 is the non-dealer) on a stacked deck. */
const first = (nonDealer: string, dealer: string, stockTop = '', given: Partial<Options> = {}): State =>
  game.setup({ seats: 2, options: options(given), seed: 'stacked', deck: stack(nonDealer, dealer, stockTop) });

const draw = (cards: string): Action => ({ type: 'draw', cards: hand(cards) });
const stand: Action = { type: 'stand' };
const play = (cards: string): Action => ({ type: 'play', cards: hand(cards) });

/** Moves in order, each [seat, action], every one checked against the legal list. */
function moves(s: State, ...list: [number, Action][]): State {
  return list.reduce((state, [seat, action]) => playMove(game, state, seat, action), s);
}

/** A lead by `leader` and the other seat's answer. */
const trick = (leader: number, led: string, answer: string): [number, Action][] => [
  [leader, play(led)],
  [1 - leader, play(answer)],
];

describe('Poke: honours for the better hand as held after the draw', () => {
  const nothing = 'KD QC 9S 5H 3C'; // king high: loses to every hand with a pair, beats no pair of its own
  const categories: [string, string, number][] = [
    ['royal flush', 'AS KS QS JS TS', 1000],
    ['straight flush', '9H 8H 7H 6H 5H', 750],
    ['the five-high straight flush', '5D 4D 3D 2D AD', 750],
    ['four of a kind', '7S 7H 7D 7C 2S', 600],
    ['full house', 'JS JH JD 4C 4S', 500],
    ['flush', 'AH JH 8H 4H 2H', 400],
    ['straight', 'TS 9H 8D 7C 6S', 300],
    ['the five-high straight (A-2-3-4-5)', 'AS 2H 3D 4C 5S', 300],
    ['three of a kind', '6S 6H 6D KC 2S', 200],
    ['two pair', 'JS JH 4D 4C AS', 100],
    ['one pair', 'AS AH 9D 5C 2S', 50],
  ];
  for (const [name, cards, points] of categories) {
    it(`${name} scores ${points}`, () => {
      expect(honours([hand(cards), hand(nothing)])?.points).toBe(points);
      expect(honours([hand(nothing), hand(cards)])).toMatchObject({ seat: 1, points });
    });
  }

  it('no honours when the better hand has no pair, even against a weaker no-pair hand', () => {
    expect(honours([hand('AS KH 9D 5C 2S'), hand(nothing)])).toBeNull();
  });

  it('no honours when the hands are equal (the same ranks in other suits)', () => {
    expect(honours([hand('QS QH 9D 5C 2S'), hand('QD QC 9H 5S 2H')])).toBeNull();
    expect(honours([hand('AS 2H 3D 4C 5S'), hand('AH 2D 3C 4S 5H')])).toBeNull();
  });

  const tieBreaks: [string, string, string, number][] = [
    // [category, the winner's hand, the loser's hand, the winner's honours]
    ['royal flush over straight flush', 'TC JC QC KC AC', '9D TD JD QD KD', 1000],
    ['the higher straight flush', '6C 5C 4C 3C 2C', '5D 4D 3D 2D AD', 750],
    ['four of a kind by its rank', '3S 3H 3D 3C 2S', '2H 2D 2C 2S AS', 600],
    ['full house by its three', 'QS QH QD 2C 2S', 'JS JH JD AC AS', 500],
    ['flush on the second card', 'AH QH 5H 4H 2H', 'AS JS TS 9S 7S', 400],
    ['straight by its top card: six-high beats the wheel', '6S 5H 4D 3C 2S', 'AS 2D 3H 4S 5C', 300],
    ['three of a kind by its rank', '9S 9H 9D 2C 3S', '8S 8H 8D AC KS', 200],
    ['two pair on the lower pair', 'KS KH 9D 9C 3S', 'KD KC 8H 8S AS', 100],
    ['two pair on the kicker', 'KS KH 9D 9C 4S', 'KD KC 9H 9S 3H', 100],
    ['one pair by its rank', 'AS AH 4D 3C 2S', 'KS KH QD JC 9S', 50],
    ['one pair on the last kicker', 'AS AH KD JC 3S', 'AD AC KH JD 2S', 50],
  ];
  for (const [name, better, worse, points] of tieBreaks) {
    it(`between two hands of one category: ${name}`, () => {
      expect(honours([hand(worse), hand(better)])).toMatchObject({ seat: 1, points });
      expect(honours([hand(better), hand(worse)])).toMatchObject({ seat: 0, points });
    });
  }
});

describe('Poke: doubling by drawing', () => {
  it('the non-dealer is doubled by its first draw and redoubled by its second', () => {
    expect([0, 1, 2].map((n) => doubling(n, false))).toEqual(['none', 'doubled', 'redoubled']);
  });
  it("the dealer's first draw is free; its second doubles and its third redoubles it", () => {
    expect([0, 1, 2, 3].map((n) => doubling(n, true))).toEqual(['none', 'none', 'doubled', 'redoubled']);
  });
  it("each trick is worth 1, 2 or 4 as the winner's opponent stands, is doubled or redoubled", () => {
    expect(['none', 'doubled', 'redoubled'].map((l) => trickValue(l as 'none'))).toEqual([1, 2, 4]);
  });

  it('the non-dealer decides first; after its second draw it must stand, and the dealer may draw three times', () => {
    let s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S', '2H 2D 3H 3D 3C');
    expect(game.status(s).toAct).toEqual([1]);
    expect(game.legalActions(s, 0)).toEqual([]);
    // Stand, or discard 1, 2 or 3 of five cards: 1 + 5 + 10 + 10.
    expect(game.legalActions(s, 1)).toHaveLength(26);
    expect(() => game.apply(s, 0, draw('3S'))).toThrow(/seat 1's turn/);
    s = moves(s, [1, draw('5C')], [1, draw('9D')]);
    expect(s.hands[1]).toEqual(hand('AS KH 2S 2H 2D'));
    expect(game.status(s).toAct).toEqual([0]);
    expect(() => game.apply(s, 1, draw('AS'))).toThrow(/seat 0's turn/);
    s = moves(s, [0, draw('3S')], [0, draw('4C')]);
    expect(s.phase).toBe('draw');
    s = moves(s, [0, draw('7D')]);
    expect(s.phase).toBe('play');
    expect(s.hands[0]).toEqual(hand('QS QH 3H 3D 3C'));
    expect(game.status(s).toAct).toEqual([1]);
    const v = game.view(s, 0) as { draws: number[][]; doubling: string[]; trickValues: number[] };
    expect(v.draws).toEqual([
      [1, 1, 1],
      [1, 1],
    ]);
    expect(v.doubling).toEqual(['redoubled', 'redoubled']);
    expect(v.trickValues).toEqual([4, 4]);
  });

  it('the cards discarded may be named in any order; the move is logged in card order', () => {
    const s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S', '8H 8D');
    const { state, action } = decide(game, s, 1, draw('9D 2S'));
    expect(action).toEqual(draw('2S 9D'));
    expect(state.hands[1]).toEqual(hand('AS KH 5C 8H 8D'));
    expect(game.legalActions(s, 1)).toContainEqual(draw('2S 5C 9D'));
  });

  it('a draw takes one to three cards the seat holds', () => {
    const s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S');
    expect(() => game.apply(s, 1, draw('AS KH 9D 5C'))).toThrow(IllegalMove);
    expect(() => game.apply(s, 1, { type: 'draw', cards: [] })).toThrow(/stand pat/);
    expect(() => game.apply(s, 1, draw('QS'))).toThrow(/not in your hand/);
    expect(() => game.apply(s, 1, draw('AS AS'))).toThrow(/only once/);
    expect(() => game.apply(s, 1, play('AS'))).toThrow(/draw is not over/);
  });
});

describe('Poke: the play', () => {
  it('leads are any single card or two or more cards of one rank', () => {
    const leadsOf = leads(hand('AS AH AD KS 2C')).map((l) => l.join(' '));
    // Five singles, three pairs of aces, the three aces.
    expect(leadsOf).toEqual(['AS', 'AH', 'AD', 'KS', '2C', 'AS AH', 'AS AD', 'AH AD', 'AS AH AD']);
  });

  it('the higher card wins whatever its suit; equal ranks go to the leader', () => {
    expect(answerWins(hand('KH'), hand('AS'))).toBe(true);
    expect(answerWins(hand('AS'), hand('2S'))).toBe(false);
    expect(answerWins(hand('9D'), hand('9S'))).toBe(false);
  });

  it('a pair lead is beaten only by a higher pair', () => {
    expect(answerWins(hand('7S 7H'), hand('8D 8C'))).toBe(true);
    expect(answerWins(hand('7S 7H'), hand('AD KC'))).toBe(false);
    expect(answerWins(hand('7S 7H'), hand('7D 7C'))).toBe(false);
    expect(answerWins(hand('7S 7H'), hand('6D 6C'))).toBe(false);
  });

  it('three or four of a kind is beaten only by a higher set of as many cards', () => {
    expect(answerWins(hand('5S 5H 5D'), hand('6S 6H 6D'))).toBe(true);
    expect(answerWins(hand('5S 5H 5D'), hand('AS AH KD'))).toBe(false);
    expect(answerWins(hand('5S 5H 5D 5C'), hand('9S 9H 9D 9C'))).toBe(true);
    expect(answerWins(hand('9S 9H 9D 9C'), hand('5S 5H 5D 5C'))).toBe(false);
  });

  it('a set led or answered may be named in any order', () => {
    let s = moves(first('AS KH 9D 9C 2S', 'QS QH 7D 4C 3S'), [1, stand], [0, stand]);
    expect(decide(game, s, 1, play('9C 9D')).action).toEqual(play('9D 9C'));
    s = moves(s, [1, play('9C 9D')]);
    expect(decide(game, s, 0, play('QH QS')).action).toEqual(play('QS QH'));
  });

  it('a pair led in play takes two tricks unless the answer is a higher pair, and the winner leads next', () => {
    let s = moves(first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S'), [1, stand], [0, stand]);
    // Seat 1 leads the ace and the two: one trick each way; seat 0 then holds the lead.
    s = moves(s, ...trick(1, 'AS', '3S'), ...trick(1, '2S', '4C'));
    expect(game.status(s).toAct).toEqual([0]);
    expect(() => game.apply(s, 0, play('QS 7D'))).toThrow(/same rank/);
    s = moves(s, [0, play('QS QH')]);
    // The answer must be two cards; any two may be played (they need not beat the pair).
    expect(game.legalActions(s, 1)).toHaveLength(3);
    expect(() => game.apply(s, 1, play('KH'))).toThrow(/with 2 cards/);
    expect(() => game.apply(s, 0, play('7D'))).toThrow(/seat 1's turn to answer/);
    s = moves(s, [1, play('KH 9D')]);
    // The answer is a set: it is kept in card order, whatever order it was posted in.
    expect(s.plays.at(-1)).toEqual({ leader: 0, led: hand('QS QH'), answer: hand('9D KH'), winner: 0 });
    expect((game.view(s, null) as { tricks: number[] }).tricks).toEqual([3, 1]);
  });
});

describe('Poke: scoring a deal', () => {
  it('undoubled: a point a trick below the line, 50 above for the better hand with a pair', () => {
    let s = moves(first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S'), [1, stand], [0, stand]);
    s = moves(
      s,
      ...trick(1, 'AS', '3S'), // seat 1
      ...trick(1, '2S', '4C'), // seat 0
      ...trick(0, 'QS QH', 'KH 9D'), // seat 0, two tricks
      ...trick(0, '7D', '5C'), // seat 0
    );
    // Tricks 4 to 1, a point each; seat 0's pair of queens against ace high: 50 honours.
    expect(s.deals[0]).toMatchObject({ tricks: [4, 1], below: [4, 1], honours: { seat: 0, points: 50 }, slam: null, game: null });
    expect(s.below).toEqual([4, 1]);
    expect(s.above).toEqual([50, 0]);
    expect(game.status(s).scores).toEqual([50, 0]);
    // The non-dealer deals the next hand: seat 1 deals, seat 0 draws first.
    expect(s.dealer).toBe(1);
    expect(s.phase).toBe('draw');
    expect(game.status(s).toAct).toEqual([0]);
    expect(s.hands.map((h) => h.length)).toEqual([5, 5]);
    expect(s.stock).toHaveLength(42);
  });

  it("the non-dealer doubled: the dealer's tricks count two each", () => {
    let s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S', '8H');
    s = moves(s, [1, draw('2S')], [1, stand], [0, stand]);
    expect(s.hands[1]).toEqual(hand('AS KH 9D 5C 8H'));
    s = moves(
      s,
      ...trick(1, 'AS', '3S'), // seat 1
      ...trick(1, '8H', '4C'), // seat 1
      ...trick(1, '5C', '7D'), // seat 0
      ...trick(0, 'QS QH', 'KH 9D'), // seat 0, two
    );
    // Seat 0: 3 tricks x 2 = 6; seat 1: 2 tricks x 1 = 2; pair of queens 50.
    expect(s.deals[0]).toMatchObject({ draws: [[], [1]], tricks: [3, 2], below: [6, 2], honours: { seat: 0, points: 50 } });
    expect(s.below).toEqual([6, 2]);
  });

  it("the dealer doubled by its second draw: the non-dealer's tricks count two each", () => {
    let s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S', '8C 8D');
    s = moves(s, [1, stand], [0, draw('3S')], [0, draw('4C')], [0, stand]);
    expect(s.hands[0]).toEqual(hand('QS QH 7D 8C 8D'));
    s = moves(
      s,
      ...trick(1, 'AS', '7D'),
      ...trick(1, 'KH', '8C'),
      ...trick(1, '9D', '8D'),
      ...trick(1, '5C', 'QS'),
      ...trick(0, 'QH', '2S'),
    );
    // Seat 1: 3 tricks x 2 = 6; seat 0: 2 x 1 = 2; queens and eights, two pair: 100 to seat 0.
    expect(s.deals[0]).toMatchObject({ tricks: [2, 3], below: [2, 6], honours: { seat: 0, points: 100 } });
  });

  it("the dealer's one draw is free: tricks count one each", () => {
    let s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S', '8C');
    s = moves(s, [1, stand], [0, draw('3S')], [0, stand]);
    s = moves(
      s,
      ...trick(1, 'AS', '7D'),
      ...trick(1, 'KH', '8C'),
      ...trick(1, '9D', '4C'),
      ...trick(1, '5C', 'QS'),
      ...trick(0, 'QH', '2S'),
    );
    expect(s.deals[0]).toMatchObject({ tricks: [2, 3], below: [2, 3] });
  });

  it('both redoubled: four a trick; honours go to the hand as held after the draw, even if split in play', () => {
    let s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S', '2H 2D 3H 3D 3C');
    s = moves(s, [1, draw('5C')], [1, draw('9D')], [0, draw('3S')], [0, draw('4C')], [0, draw('7D')]);
    // Seat 1 holds three twos; seat 0 threes full of queens.
    s = moves(
      s,
      ...trick(1, 'AS', '3H'), // seat 1
      ...trick(1, 'KH', 'QH'), // seat 1
      ...trick(1, '2S 2H', '3D 3C'), // seat 0, two: the higher pair
      ...trick(0, 'QS', '2D'), // seat 0
    );
    // Seat 0: 3 x 4 = 12; seat 1: 2 x 4 = 8; full house 500 to seat 0 (over three of a kind).
    expect(s.deals[0]).toMatchObject({ tricks: [3, 2], below: [12, 8], honours: { seat: 0, points: 500 } });
    expect(s.lastDeal?.handNames).toEqual(['full house, threes over queens', 'three of a kind, twos']);
    expect(s.above).toEqual([500, 0]);
  });

  it('all five tricks: a 250 slam; 20 below the line wins the game, 100 above, and the line starts again', () => {
    let s = first('AS AH KS KH QS', '2C 3C 4D 5D 7H', '8S 9S JD');
    s = moves(s, [1, stand], [0, draw('7H')], [0, draw('2C')], [0, draw('3C')]);
    expect(s.hands[0]).toEqual(hand('4D 5D 8S 9S JD'));
    s = moves(s, ...trick(1, 'AS AH', '4D 5D'), ...trick(1, 'KS KH', '8S 9S'), ...trick(1, 'QS', 'JD'));
    // The dealer redoubled: 5 tricks x 4 = 20, game. Above: two pair 100 + slam 250 + game 100.
    expect(s.deals[0]).toMatchObject({ tricks: [0, 5], below: [0, 20], honours: { seat: 1, points: 100 }, slam: 1, game: 1 });
    expect(s.deals[0].above).toEqual([0, 450]);
    expect(s.above).toEqual([0, 450]);
    expect(s.games).toEqual([1]);
    expect(s.below).toEqual([0, 0]);
    expect(game.status(s).finished).toBe(false);
  });

  it('both at 20 or more and equal: play on until the tie is broken', () => {
    let s: State = { ...first('AS KS QS JS 2H', '3C 4C 5D 6D TC', '9H'), below: [18, 16] };
    s = moves(s, [1, draw('2H')], [1, stand], [0, stand]);
    s = moves(
      s,
      ...trick(1, '9H', 'TC'),
      ...trick(0, '3C', 'AS'),
      ...trick(1, 'KS', '4C'),
      ...trick(1, 'QS', '5D'),
      ...trick(1, 'JS', '6D'),
    );
    // Seat 0: 18 + 1 x 2 = 20; seat 1: 16 + 4 x 1 = 20. Ace high is the better hand but has no pair: no honours.
    expect(s.deals[0]).toMatchObject({ below: [2, 4], honours: null, game: null });
    expect(s.below).toEqual([20, 20]);
    expect(s.games).toEqual([]);
    // Seat 1 deals the next hand; seat 0 leads and takes three tricks to two: 23 to 22, game to seat 0.
    s = newDeal(s, 1, stack('AS KS QS 2H 3H', '4C 5C 6C 7C 9D'));
    s = moves(s, [0, stand], [1, stand]);
    s = moves(
      s,
      ...trick(0, 'AS', '4C'),
      ...trick(0, 'KS', '5C'),
      ...trick(0, 'QS', '6C'),
      ...trick(0, '2H', '7C'),
      ...trick(1, '9D', '3H'),
    );
    expect(s.deals[1]).toMatchObject({ tricks: [3, 2], below: [3, 2], game: 0, above: [100, 0] });
    expect(s.games).toEqual([0]);
    expect(s.below).toEqual([0, 0]);
  });

  it('both past 20 in the same deal: the higher wins the game', () => {
    let s: State = { ...first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S'), below: [18, 18] };
    s = moves(s, [1, stand], [0, stand]);
    s = moves(
      s,
      ...trick(1, 'AS', '3S'),
      ...trick(1, 'KH', '4C'),
      ...trick(1, '9D', '7D'),
      ...trick(1, '2S', 'QS'),
      ...trick(0, 'QH', '5C'),
    );
    // Seat 1: 18 + 3 = 21; seat 0: 18 + 2 = 20; game to seat 1 (and 50 honours to seat 0's queens).
    expect(s.deals[0]).toMatchObject({ below: [2, 3], game: 1, above: [50, 100] });
  });

  it('the rubber: two games; 750 when the other seat won none, and the match to the higher total above the line', () => {
    const rubber = (pre: Partial<State>) => {
      let s: State = { ...first('AS KS QS JS 2H', '3C 4C 5D 6D TC'), ...pre };
      s = moves(s, [1, stand], [0, stand]);
      return moves(
        s,
        ...trick(1, '2H', 'TC'),
        ...trick(0, '3C', 'AS'),
        ...trick(1, 'KS', '4C'),
        ...trick(1, 'QS', '5D'),
        ...trick(1, 'JS', '6D'),
      );
    };
    // Seat 1 won the first game and stands at 16: four tricks make 20, its second game.
    const s = rubber({ games: [1], below: [0, 16], above: [0, 450] });
    expect(s.deals[0]).toMatchObject({ tricks: [1, 4], game: 1, rubberBonus: 750, above: [0, 850] });
    expect(s.above).toEqual([0, 1300]);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([0, 1300]);
    expect(st.result?.winners).toEqual([1]);
    expect(st.result?.summary).toMatch(/seat 1 wins 1300 to 0 .*games 0-2/);
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => game.apply(s, 1, stand)).toThrow(/over/);
    // The rubber is won by seat 1, but seat 0 has more above the line: seat 0 wins the match.
    expect(game.status(rubber({ games: [1], below: [0, 16], above: [2000, 0] })).result?.winners).toEqual([0]);
    // Equal totals share the win.
    expect(game.status(rubber({ games: [1], below: [0, 16], above: [850, 0] })).result?.winners).toEqual([0, 1]);
  });

  it('the rubber: 500 when the other seat won a game', () => {
    let s: State = { ...first('AS KS QS JS 2H', '3C 4C 5D 6D TC'), games: [1, 0], below: [0, 16] };
    s = moves(s, [1, stand], [0, stand]);
    s = moves(
      s,
      ...trick(1, '2H', 'TC'),
      ...trick(0, '3C', 'AS'),
      ...trick(1, 'KS', '4C'),
      ...trick(1, 'QS', '5D'),
      ...trick(1, 'JS', '6D'),
    );
    expect(s.deals[0]).toMatchObject({ game: 1, rubberBonus: 500, above: [0, 600] });
    expect(game.status(s).finished).toBe(true);
  });

  it('the game and rubber rules as numbers', () => {
    expect(gameWinner([19, 5], 20)).toBeNull();
    expect(gameWinner([20, 5], 20)).toBe(0);
    expect(gameWinner([20, 20], 20)).toBeNull();
    expect(gameWinner([24, 28], 20)).toBe(1);
    expect(gameWinner([8, 12], 10)).toBe(1);
    expect([rubberBonus(0), rubberBonus(1)]).toEqual([750, 500]);
  });
});

describe('Poke: what each seat sees', () => {
  it("a seat sees its own hand and discards, the other's only as counts; a spectator sees no hand", () => {
    let s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S', '8H');
    s = moves(s, [1, draw('2S')]);
    const mine = game.view(s, 1) as Record<string, unknown>;
    const theirs = game.view(s, 0) as Record<string, unknown>;
    expect(mine.hand).toEqual(hand('AS KH 9D 5C 8H'));
    expect(mine.ownDiscards).toEqual(['2S']);
    expect(theirs.hand).toEqual(hand('QS QH 7D 4C 3S'));
    expect(theirs.handCounts).toEqual([5, 5]);
    expect(theirs.discards).toEqual([0, 1]);
    expect(theirs.draws).toEqual([[], [1]]);
    expect(theirs.doubling).toEqual(['none', 'doubled']);
    expect(theirs.stock).toBe(41);
    for (const c of ['AS', 'KH', '9D', '5C', '8H', '2S']) expect(JSON.stringify(theirs)).not.toContain(`"${c}"`);
    const spectator = game.view(s, null) as Record<string, unknown>;
    expect(spectator.hand).toBeNull();
    expect(JSON.stringify(spectator)).not.toMatch(/"[A2-9TJQK][SHDC]"/);
  });

  it('a draw shows the other seat only how many cards were drawn; the drawer sees what it drew', () => {
    const before = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S', '8H');
    const after = moves(before, [1, draw('2S')]);
    const move = { before, after, seat: 1, action: draw('2S') };
    expect(game.moveView?.(move, 0)).toEqual({ type: 'draw', count: 1 });
    expect(game.moveView?.(move, null)).toEqual({ type: 'draw', count: 1 });
    expect(game.moveView?.(move, 1)).toEqual({ type: 'draw', cards: ['2S'], drew: ['8H'], doubling: 'doubled' });
  });

  it('after a deal both hands as held after the draw are shown, with every play', () => {
    let s = moves(first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S'), [1, stand], [0, stand]);
    s = moves(s, ...trick(1, 'AS', '3S'), ...trick(1, '2S', '4C'), ...trick(0, 'QS QH', 'KH 9D'), ...trick(0, '7D', '5C'));
    const v = game.view(s, 1) as { lastDeal: State['lastDeal']; scoresheet: unknown[]; deal: number };
    expect(v.lastDeal?.hands).toEqual([hand('QS QH 7D 4C 3S'), hand('AS KH 9D 5C 2S')]);
    expect(v.lastDeal?.handNames).toEqual(['pair of queens', 'high card, ace']);
    expect(v.lastDeal?.plays).toHaveLength(4);
    expect(v.scoresheet).toHaveLength(1);
    expect(v.deal).toBe(2);
  });
});

describe('Poke: a seat whose time runs out', () => {
  it('stands pat in the draw', () => {
    const s = first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S');
    expect(game.defaultAction?.(s, 1)).toEqual(stand);
    expect(game.defaultAction?.(moves(s, [1, draw('2S')]), 1)).toEqual(stand);
  });

  it('leads its lowest card, aces high', () => {
    const s = moves(first('AS KH 9D 5C 2S', 'QS QH 7D 4C 3S'), [1, stand], [0, stand]);
    expect(game.defaultAction?.(s, 1)).toEqual(play('2S'));
  });

  it('answers with as many of its lowest cards, aces high', () => {
    let s = moves(first('AS AH 9D 5C 2S', 'QS QH 7D 4C 3S'), [1, stand], [0, stand]);
    s = moves(s, [1, play('AS AH')]);
    expect(game.defaultAction?.(s, 0)).toEqual(play('3S 4C'));
  });
});

const DECK = buildDeck();

function invariant(s: State): void {
  assertConserved([...s.hands, s.stock, ...s.discards, s.lead ?? [], ...s.plays.flatMap((p) => [p.led, p.answer])], DECK);
  const scored = s.deals.reduce<[number, number]>((t, d) => [t[0] + d.above[0], t[1] + d.above[1]], [0, 0]);
  if (s.above[0] !== scored[0] || s.above[1] !== scored[1]) throw new Error(`above the line ${s.above}, scoresheet ${scored}`);
  if (s.phase !== 'over') return;
  // A rubber ends with a second game won, and its bonus says whether the other seat won one.
  const won = [0, 1].map((p) => s.games.filter((g) => g === p).length);
  if (Math.max(...won) !== 2) throw new Error(`the rubber ended at games ${won.join('-')}`);
  if (s.deals.at(-1)?.rubberBonus !== (won.includes(0) ? 750 : 500)) throw new Error('wrong rubber bonus');
}

function checkView(s: State, seat: number | null, view: unknown): void {
  if (s.phase === 'over') return;
  const v = view as View;
  // A seat may see its own hand and discards and the cards played this deal; the previous deal is public history.
  const hidden = [...s.stock, ...[0, 1].flatMap((p) => (p === seat ? [] : [...s.hands[p], ...s.discards[p]]))];
  assertHidden({ ...v, lastDeal: null }, hidden, seat);
  if (v.hand !== (seat === null ? null : s.hands[seat])) throw new Error(`seat ${seat} is shown another hand`);
  if (v.lastDeal !== s.lastDeal) throw new Error('the previous deal is shown otherwise than recorded');
}

describe('Poke: seeded random rubbers', () => {
  const checks = conformance<State>(game, {
    configs: [
      { seats: 2, matches: 120, label: 'target 20' },
      { seats: 2, options: { target: 40 }, matches: 30, label: 'target 40' },
    ],
    viewsEvery: 9,
    everyActionEvery: 9,
    // A rubber stays far below a thousand moves.
    maxMoves: 1000,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);

  it('a whole rubber replays from its move log to the identical state', () => {
    const created = { seats: 2, options: options(), seed: 'poke-replay' };
    const { state, moves } = playOut<State>(game, { seats: 2, seed: created.seed });
    expect(state.deals.length).toBeGreaterThan(1);
    expect(stringify(replay<State>(game, created, moves))).toBe(stringify(state));
  });
});
