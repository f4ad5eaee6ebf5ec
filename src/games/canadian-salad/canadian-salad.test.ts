import stringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import { type Card, sameCards, standardDeck } from '../../cards';
import { assertConserved, assertHidden, conformance, IllegalMove, playMove, playOut, replay } from '../../engine';
import { dealPoints, canadianSalad as game, removedCards, type State, saladDeck } from '.';

/** The first deck for these hands, dealt one at a time from seat 1 (seat 0 deals first). */
function stack(hands: Card[][]): Card[] {
  const seats = hands.length;
  return Array.from({ length: hands[0].length }, (_, k) => hands.map((_, j) => hands[(1 + j) % seats][k])).flat();
}

const ranks = (suit: string, from: string[]) => from.map((r) => r + suit);
const TWO_TO_ACE_BUT_2 = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3'];

/**
 * The chain deal, four seats: each holds one suit but its 2, and the 2 of the next seat's suit.
 * Seat 1 leads the 2♥ to seat 2, who leads the 2♦ to seat 3, who leads the 2♣ to seat 0, who leads
 * the 2♠ back to seat 1, and seat 1 runs its spades for the last nine tricks.
 */
const CHAIN_DEAL: Card[][] = [
  [...ranks('C', TWO_TO_ACE_BUT_2), '2S'],
  [...ranks('S', TWO_TO_ACE_BUT_2), '2H'],
  [...ranks('H', TWO_TO_ACE_BUT_2), '2D'],
  [...ranks('D', TWO_TO_ACE_BUT_2), '2C'],
];
const LAST_NINE = ['J', 'T', '9', '8', '7', '6', '5', '4', '3'];
/**
 * The order each seat plays the chain deal in. Trick 1 (2♥ QH QD QC) to seat 2; trick 2 (2♦ AD KC KS)
 * to seat 3; trick 3 (2♣ AC QS AH) to seat 0; trick 4 (2♠ AS KH KD) to seat 1; tricks 5-13 to seat 1,
 * seat 2 throwing its last nine hearts on them.
 *   tricks: seat 0: 1, seat 1: 10, seat 2: 1, seat 3: 1
 *   hearts: seat 0: 1 (A), seat 1: 1 + 9 = 10, seat 2: 2 (2, Q), seat 3: 0
 *   queens: seat 0: 1 (♠), seat 1: 0, seat 2: 3 (♥ ♦ ♣), seat 3: 0
 *   K♠: seat 3. Last trick: seat 1.
 */
const CHAIN_ORDERS: Card[][] = [
  ['QC', 'KC', 'AC', '2S', ...ranks('C', LAST_NINE)],
  ['2H', 'KS', 'QS', 'AS', ...ranks('S', LAST_NINE)],
  ['QH', '2D', 'AH', 'KH', ...ranks('H', LAST_NINE)],
  ['QD', 'AD', '2C', 'KD', ...ranks('D', LAST_NINE)],
];

const setup = (hands: Card[][]): State => game.setup({ seats: hands.length, options: {}, seed: 'stacked', deck: stack(hands) });

/** The chain deal played as deal number `deal` of the match, from the scores given. */
function chainAsDeal(deal: number, scores = [0, 0, 0, 0]): State {
  let s: State = { ...setup(CHAIN_DEAL), deal, scores };
  const next = [0, 0, 0, 0];
  while (s.lastDeal?.deal !== deal) {
    const seat = game.status(s).toAct[0];
    s = playMove(game, s, seat, { type: 'play', card: CHAIN_ORDERS[seat][next[seat]++] });
  }
  return s;
}

describe('Canadian Salad: the cards', () => {
  it('three seats leave out the 2♣: 17 cards each', () => {
    expect(removedCards(3)).toEqual(['2C']);
    expect(saladDeck(3)).toHaveLength(51);
    expect(saladDeck(3)).not.toContain('2C');
    expect(game.setup({ seats: 3, options: {}, seed: 'x' }).hands.map((h) => h.length)).toEqual([17, 17, 17]);
  });
  it('four seats use the full deck: 13 cards each', () => {
    expect(sameCards(saladDeck(4), standardDeck())).toBe(true);
    expect(game.setup({ seats: 4, options: {}, seed: 'x' }).hands.map((h) => h.length)).toEqual([13, 13, 13, 13]);
  });
  it('five seats leave out the 2♣ and 2♦: 10 cards each', () => {
    expect(removedCards(5)).toEqual(['2C', '2D']);
    expect(saladDeck(5)).toHaveLength(50);
    expect(game.setup({ seats: 5, options: {}, seed: 'x' }).hands.map((h) => h.length)).toEqual([10, 10, 10, 10, 10]);
  });
  it('six seats leave out the 2♣ 3♣ 2♦ 3♦: 8 cards each', () => {
    expect(removedCards(6)).toEqual(['2C', '3C', '2D', '3D']);
    expect(saladDeck(6)).toHaveLength(48);
    for (const c of ['2C', '3C', '2D', '3D']) expect(saladDeck(6)).not.toContain(c);
    expect(game.setup({ seats: 6, options: {}, seed: 'x' }).hands.map((h) => h.length)).toEqual([8, 8, 8, 8, 8, 8]);
  });
  it('deals the whole deck one card at a time from the dealer’s left', () => {
    const s = setup(CHAIN_DEAL);
    expect(s.hands).toEqual(CHAIN_DEAL);
    expect(s.dealer).toBe(0);
    expect(stack(CHAIN_DEAL).slice(0, 4)).toEqual(['AS', 'AH', 'AD', 'AC']);
  });
});

describe('Canadian Salad: play', () => {
  it('the seat on the dealer’s left leads to the first trick', () => {
    const s = setup(CHAIN_DEAL);
    expect(game.status(s).toAct).toEqual([1]);
    expect(game.legalActions(s, 1)).toHaveLength(13);
    expect(game.legalActions(s, 2)).toEqual([]);
  });

  it('a seat able to follow suit must', () => {
    const s = playMove(game, setup(CHAIN_DEAL), 1, { type: 'play', card: '2H' });
    expect(game.legalActions(s, 2)).toHaveLength(12);
    expect(() => game.apply(s, 2, { type: 'play', card: '2D' })).toThrow(/must follow suit/);
    expect(() => game.apply(s, 2, { type: 'play', card: 'AS' })).toThrow(/not in your hand/);
    expect(() => playMove(game, s, 3, { type: 'play', card: 'QD' })).toThrow(IllegalMove);
    expect(() => game.apply(s, 3, { type: 'play', card: 'QD' })).toThrow(/seat 2's turn/);
  });

  it('a seat unable to follow may play any card, and the highest card of the suit led wins', () => {
    let s = setup(CHAIN_DEAL);
    for (const [seat, card] of [
      [1, '2H'],
      [2, 'QH'],
      [3, 'AD'],
      [0, 'AC'],
    ] as const)
      s = playMove(game, s, seat, { type: 'play', card });
    expect(s.lastTrick?.winner).toBe(2);
    expect(s.tricks).toEqual([0, 0, 1, 0]);
    expect(game.status(s).toAct).toEqual([2]);
  });

  it('the next deal passes to the left, and its leader is the new dealer’s left', () => {
    const s = chainAsDeal(1);
    expect(s.deal).toBe(2);
    expect(s.dealer).toBe(1);
    expect(game.status(s).toAct).toEqual([2]);
    expect(s.hands.map((h) => h.length)).toEqual([13, 13, 13, 13]);
    expect(sameCards(s.hands.flat(), standardDeck())).toBe(true);
  });
});

describe('Canadian Salad: the six deals', () => {
  it('deal 1: each trick captured scores ten', () => {
    // Tricks 1, 10, 1, 1.
    expect(chainAsDeal(1).lastDeal?.points).toEqual([10, 100, 10, 10]);
  });
  it('deal 2: each heart captured scores ten', () => {
    // Hearts 1, 10, 2, 0.
    expect(chainAsDeal(2).lastDeal?.points).toEqual([10, 100, 20, 0]);
  });
  it('deal 3: each queen captured scores 25', () => {
    // Queens 1, 0, 3, 0.
    expect(chainAsDeal(3).lastDeal?.points).toEqual([25, 0, 75, 0]);
  });
  it('deal 4: capturing the K♠ scores 100', () => {
    expect(chainAsDeal(4).lastDeal?.points).toEqual([0, 0, 0, 100]);
  });
  it('deal 5: taking the last trick scores 100', () => {
    expect(chainAsDeal(5).lastDeal?.points).toEqual([0, 100, 0, 0]);
  });
  it('deal 6: all five conditions apply', () => {
    // Seat 0: 10 + 10 + 25 = 45. Seat 1: 100 + 100 + 100 (last trick) = 300.
    // Seat 2: 10 + 20 + 75 = 105. Seat 3: 10 + 100 (K♠) = 110.
    expect(chainAsDeal(6).lastDeal?.points).toEqual([45, 300, 105, 110]);
  });
  it('the scores of each deal add up over the match', () => {
    // Deal 2 from 10, 100, 10, 10: 20, 200, 30, 10.
    const s = chainAsDeal(2, [10, 100, 10, 10]);
    expect(s.scores).toEqual([20, 200, 30, 10]);
    expect(game.status(s).scores).toEqual([20, 200, 30, 10]);
  });
  it('scores each condition from the cards and tricks taken', () => {
    const taken = [['KS', 'QH', '2H', '3C'], ['QS', 'QD', 'AH', '4C'], [], []];
    const tricks = [1, 1, 0, 0];
    expect(dealPoints(1, taken, tricks, 1)).toEqual([10, 10, 0, 0]);
    expect(dealPoints(2, taken, tricks, 1)).toEqual([20, 10, 0, 0]);
    expect(dealPoints(3, taken, tricks, 1)).toEqual([25, 50, 0, 0]);
    expect(dealPoints(4, taken, tricks, 1)).toEqual([100, 0, 0, 0]);
    expect(dealPoints(5, taken, tricks, 1)).toEqual([0, 100, 0, 0]);
    // 10 + 20 + 25 + 100 = 155; 10 + 10 + 50 + 100 = 170.
    expect(dealPoints(6, taken, tricks, 1)).toEqual([155, 170, 0, 0]);
  });
});

describe('Canadian Salad: the end', () => {
  it('after the sixth deal the lowest total wins', () => {
    // 100 + 45 = 145, 0 + 300 = 300, 50 + 105 = 155, 60 + 110 = 170.
    const s = chainAsDeal(6, [100, 0, 50, 60]);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([145, 300, 155, 170]);
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins with 145' });
    expect(game.legalActions(s, 1)).toEqual([]);
    expect(() => playMove(game, s, 1, { type: 'play', card: 'AS' })).toThrow(/over/);
  });
  it('equal lowest totals share the win', () => {
    // 110 + 45 = 155 and 50 + 105 = 155.
    const s = chainAsDeal(6, [110, 0, 50, 60]);
    expect(game.status(s).result).toEqual({ winners: [0, 2], summary: 'seats 0, 2 share the win with 155 each' });
  });
});

describe('Canadian Salad: what each seat sees', () => {
  it('its own hand, counts of the others, the trick, the last trick and the points taken so far', () => {
    let s = setup(CHAIN_DEAL);
    for (const [seat, card] of [
      [1, '2H'],
      [2, 'QH'],
      [3, 'QD'],
      [0, 'QC'],
      [2, '2D'],
    ] as const)
      s = playMove(game, s, seat, { type: 'play', card });
    const v = game.view({ ...s, deal: 3 }, 3) as Record<string, unknown>;
    expect(v.hand).toEqual(CHAIN_DEAL[3].filter((c) => c !== 'QD'));
    expect(v.handCounts).toEqual([12, 12, 11, 12]);
    expect(v.trick).toEqual({ leader: 2, plays: [{ seat: 2, card: '2D' }] });
    expect((v.lastTrick as { winner: number }).winner).toBe(2);
    expect(v.tricks).toEqual([0, 0, 1, 0]);
    expect(v.points).toEqual([0, 0, 75, 0]); // deal 3: three queens
    expect(v.condition).toBe('each queen taken scores 25');
    const text = JSON.stringify(v);
    for (const seat of [0, 1, 2]) for (const c of s.hands[seat]) expect(text).not.toContain(`"${c}"`);
    expect((game.view(s, null) as { hand: unknown }).hand).toBeNull();
  });
});

/** Every card in exactly one place: a hand, the trick on the table, or a seat's tricks. */
function invariant(s: State) {
  assertConserved([...s.hands, s.trick.plays.map((p) => p.card), ...s.taken], saladDeck(s.seats));
}

/** No card of another seat's hand anywhere in a view while the match is on; a seat sees its own hand. */
function checkView(s: State, seat: number | null, view: unknown) {
  assertHidden(
    view,
    s.hands.flatMap((hand, owner) => (owner === seat ? [] : hand)),
    seat,
  );
  const hand = (view as { hand: unknown }).hand;
  if (stringify(hand) !== stringify(seat === null ? null : s.hands[seat]))
    throw new Error(`seat ${seat} does not see its own hand`);
}

describe('Canadian Salad: seeded random matches', () => {
  const checks = conformance<State>(game, {
    configs: [
      { seats: 4, matches: 200 },
      { seats: 3, matches: 50 },
      { seats: 5, matches: 50 },
      { seats: 6, matches: 50 },
    ],
    viewsEvery: 4,
    everyActionEvery: 7,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);

  it('a whole match plays six deals and replays from its move log to the identical state', () => {
    const created = { seats: 5, options: {}, seed: 'salad-replay' };
    const { state, moves } = playOut<State>(game, { seats: 5, seed: created.seed });
    expect(moves).toHaveLength(6 * 50);
    expect(state.lastDeal?.deal).toBe(6);
    expect(stringify(replay<State>(game, created, moves))).toBe(stringify(state));
  });
});

describe('Canadian Salad: the clock and the ranking', () => {
  it('a seat whose time runs out plays its lowest legal card, aces high', () => {
    let s = setup(CHAIN_DEAL);
    // Seat 1 leads: its lowest card is the 2♥ (its spades run 3 to A).
    expect(game.defaultAction?.(s, 1)).toEqual({ type: 'play', card: '2H' });
    s = playMove(game, s, 1, { type: 'play', card: '2H' });
    // Seat 2 must follow in hearts: the 3♥, not its lower 2♦.
    expect(game.defaultAction?.(s, 2)).toEqual({ type: 'play', card: '3H' });
    s = playMove(game, s, 2, { type: 'play', card: 'AH' });
    // Seat 3 holds no heart: its lowest card is the 2♣ (aces high, the A♦ is its highest).
    expect(game.defaultAction?.(s, 3)).toEqual({ type: 'play', card: '2C' });
  });

  it('the lowest score wins', () => expect(game.lowScoreWins).toBe(true));
});
