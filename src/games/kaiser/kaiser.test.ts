import stringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import { type Card, sameCards } from '../../cards';
import { assertConserved, assertHidden, conformance, IllegalMove, playMove, playOut, replay, resolveOptions } from '../../engine';
import { type Action, type Bid, kaiser as game, kaiserDeck, misdealHand, type Options, type State, scoreDeal } from '.';

const options = (given: Partial<Options> = {}) => resolveOptions(game, given, 4) as Options;

/** The first deck for four hands, dealt one at a time from seat 1 (seat 0 deals first). */
function stack(hands: Card[][]): Card[] {
  return Array.from({ length: 8 }, (_, k) => [1, 2, 3, 0].map((seat) => hands[seat][k])).flat();
}

const setup = (hands: Card[][], given: Partial<Options> = {}): State =>
  game.setup({ seats: 4, options: options(given), seed: 'stacked', deck: stack(hands) });

/**
 * The hearts deal. Seat 1, on the dealer's left, holds seven top hearts and the 7♣; seat 2 all the
 * clubs but the 7, and the 5♥; seat 3 the diamonds; seat 0 the spades with the 3♠.
 */
const HEARTS_DEAL: Card[][] = [
  ['AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S', '3S'],
  ['AH', 'KH', 'QH', 'JH', 'TH', '9H', '8H', '7C'],
  ['5H', 'AC', 'KC', 'QC', 'JC', 'TC', '9C', '8C'],
  ['AD', 'KD', 'QD', 'JD', 'TD', '9D', '8D', '7D'],
];

/**
 * Play orders for the hearts deal. Seat 1 leads its hearts and wins seven tricks (seat 2 must
 * follow the first with the 5♥); its 7♣ last loses to seat 2's 8♣. Seat 0 throws the 3♠ last (it
 * goes to seat 2's trick) or first (to seat 1's).
 */
const THREE_SPADES_LAST: Card[][] = HEARTS_DEAL;
const THREE_SPADES_FIRST: Card[][] = [['3S', 'AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S'], ...HEARTS_DEAL.slice(1)];

const bid = (points: number, noTrump = false): Action => ({ type: 'bid', points, noTrump });
const pass: Action = { type: 'pass' };

/** The calls in order from the dealer's left. */
function calls(s: State, ...actions: Action[]): State {
  for (const a of actions) s = playMove(game, s, game.status(s).toAct[0], a);
  return s;
}

/** Plays until the deal is scored, each seat playing its cards in the order given. */
function playDeal(s: State, orders: Card[][]): State {
  const next = orders.map(() => 0);
  const deal = s.dealsPlayed;
  while (s.dealsPlayed === deal) {
    const seat = game.status(s).toAct[0];
    s = playMove(game, s, seat, { type: 'play', card: orders[seat][next[seat]++] });
  }
  return s;
}

/** Seat 1 takes the contract (the others pass), names trumps unless at no trump, and the deal is played. */
function contractBySeat1(s: State, b: Bid, orders: Card[][], trump = 'H'): State {
  s = calls(s, bid(b.points, b.noTrump), pass, pass, pass);
  if (!b.noTrump) s = playMove(game, s, 1, { type: 'trump', suit: trump } as Action);
  return playDeal(s, orders);
}

/** A score sheet written in for the test: the deal then plays from these scores (side 0, side 1). */
const withScores = (s: State, scores: [number, number]): State => ({ ...s, scores });

describe('Kaiser: the cards', () => {
  it('uses 32 cards: 8 to ace, the 7♥ and 7♠ replaced by the 5♥ and 3♠', () => {
    const deck = kaiserDeck();
    expect(deck).toHaveLength(32);
    expect(deck).toContain('5H');
    expect(deck).toContain('3S');
    expect(deck).not.toContain('7H');
    expect(deck).not.toContain('7S');
    expect(deck).toContain('7D');
    expect(deck).toContain('7C');
    expect(new Set(deck).size).toBe(32);
  });

  it('deals eight cards to each seat one at a time from the dealer’s left', () => {
    const s = setup(HEARTS_DEAL);
    expect(s.dealer).toBe(0);
    expect(s.hands).toEqual(HEARTS_DEAL);
    expect(stack(HEARTS_DEAL).slice(0, 4)).toEqual(['AH', '5H', 'AD', 'AS']);
  });
});

describe('Kaiser: misdeal', () => {
  const POOR = ['TS', '9S', '8S', 'TH', '9H', '8H', 'TD', '9D'];
  const rest = kaiserDeck().filter((c) => !POOR.includes(c));
  const poorAtSeat2 = [rest.slice(0, 8), rest.slice(8, 16), POOR, rest.slice(16, 24)];

  it('a hand with no ace, no face card, neither 5♥ nor 3♠ may be thrown in', () => {
    expect(misdealHand(POOR)).toBe(true);
    expect(misdealHand([...POOR.slice(1), '3S'])).toBe(false);
    expect(misdealHand([...POOR.slice(1), '5H'])).toBe(false);
    expect(misdealHand([...POOR.slice(1), 'JC'])).toBe(false);
    expect(misdealHand([...POOR.slice(1), 'AC'])).toBe(false);
  });

  it('the seat holding it may declare a misdeal before bidding; the same dealer deals again', () => {
    const s = setup(poorAtSeat2);
    expect(game.legalActions(s, 2)).toContainEqual({ type: 'misdeal' });
    expect(game.legalActions(s, 3)).toEqual([]);
    expect(() => playMove(game, s, 3, { type: 'misdeal' })).toThrow(IllegalMove);
    const again = playMove(game, s, 2, { type: 'misdeal' });
    expect(again.dealer).toBe(0);
    expect(again.misdeals).toBe(1);
    expect(again.calls).toEqual([]);
    expect(again.hands.every((h) => h.length === 8)).toBe(true);
    expect(sameCards(again.hands.flat(), kaiserDeck())).toBe(true);
    expect(again.hands).not.toEqual(s.hands);
  });

  it('no misdeal once the bidding has begun', () => {
    const s = calls(setup(poorAtSeat2), pass);
    expect(game.legalActions(s, 2).some((a) => a.type === 'misdeal')).toBe(false);
    expect(() => game.apply(s, 2, { type: 'misdeal' })).toThrow(/before the bidding/);
  });
});

describe('Kaiser: bidding', () => {
  it('starts at the dealer’s left: 6 to 12, with trumps or no trump, or pass', () => {
    const s = setup(HEARTS_DEAL);
    expect(game.status(s).toAct).toEqual([1]);
    expect(game.legalActions(s, 1)).toHaveLength(1 + 14);
    expect(() => game.apply(s, 1, bid(5))).toThrow(IllegalMove);
    expect(() => playMove(game, s, 2, pass)).toThrow(IllegalMove);
    expect(() => game.apply(s, 2, pass)).toThrow(/seat 1's turn/);
  });

  it('each bid must beat the high bid; a no-trump bid beats the same number', () => {
    const s = calls(setup(HEARTS_DEAL), bid(7));
    expect(() => game.apply(s, 2, bid(7))).toThrow(/must beat 7/);
    expect(() => game.apply(s, 2, bid(6, true))).toThrow(IllegalMove);
    const over = calls(s, bid(7, true));
    expect(over.calls.at(-1)).toEqual({ seat: 2, bid: { points: 7, noTrump: true } });
    expect(() => game.apply(over, 3, bid(7))).toThrow(/must beat 7 no/);
    expect(game.legalActions(over, 3).filter((a) => a.type === 'bid')).toHaveLength(10); // 8 .. 12 no
  });

  it('the dealer may take the contract by equalling the high bid', () => {
    let s = calls(setup(HEARTS_DEAL), bid(7), pass, pass);
    expect(game.legalActions(s, 0)).toContainEqual(bid(7));
    expect(game.legalActions(s, 0)).not.toContainEqual(bid(6, true));
    s = calls(s, bid(7));
    expect(s.contract).toEqual({ seat: 0, points: 7, noTrump: false });
    expect(s.phase).toBe('trump');
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('if the first three pass the dealer must bid, at least 6', () => {
    const s = calls(setup(HEARTS_DEAL), pass, pass, pass);
    expect(game.legalActions(s, 0)).toHaveLength(14);
    expect(game.legalActions(s, 0)).not.toContainEqual(pass);
    expect(() => game.apply(s, 0, pass)).toThrow(/dealer must bid/);
    expect(calls(s, bid(6)).contract).toEqual({ seat: 0, points: 6, noTrump: false });
  });

  it('the highest bidder names trumps; at no trump there is nothing to name', () => {
    const trumps = calls(setup(HEARTS_DEAL), pass, bid(8), pass, pass);
    expect(game.legalActions(trumps, 2)).toHaveLength(4);
    expect(() => game.apply(trumps, 1, { type: 'trump', suit: 'S' })).toThrow(/seat 2/);
    expect(playMove(game, trumps, 2, { type: 'trump', suit: 'C' }).trump).toBe('C');
    const noTrump = calls(setup(HEARTS_DEAL), pass, bid(8, true), pass, pass);
    expect(noTrump.phase).toBe('play');
    expect(noTrump.trump).toBeNull();
  });
});

describe('Kaiser: play', () => {
  it('the seat on the dealer’s left leads, whoever bid', () => {
    const s = playMove(game, calls(setup(HEARTS_DEAL), pass, pass, bid(6), pass), 3, { type: 'trump', suit: 'D' });
    expect(game.status(s).toAct).toEqual([1]);
  });

  it('with openingLead "bidder" the highest bidder leads', () => {
    const s = playMove(game, calls(setup(HEARTS_DEAL, { openingLead: 'bidder' }), pass, pass, bid(6), pass), 3, {
      type: 'trump',
      suit: 'D',
    });
    expect(game.status(s).toAct).toEqual([3]);
  });

  it('players must follow suit if able', () => {
    let s = calls(setup(HEARTS_DEAL), bid(6, true), pass, pass, pass);
    s = playMove(game, s, 1, { type: 'play', card: 'AH' });
    expect(game.legalActions(s, 2)).toEqual([{ type: 'play', card: '5H' }]);
    expect(() => game.apply(s, 2, { type: 'play', card: 'AC' })).toThrow(/must follow suit/);
    expect(() => game.apply(s, 2, { type: 'play', card: 'AD' })).toThrow(/not in your hand/);
    expect(() => game.apply(s, 3, { type: 'play', card: 'AD' })).toThrow(/seat 2's turn/);
  });

  it('a seat void in the suit led may trump, and the highest trump wins', () => {
    // Seat 1 names spades although seat 0 holds them all: seat 0 trumps the first heart and then leads spades to the end.
    let s = calls(setup(HEARTS_DEAL), bid(6), pass, pass, pass);
    s = playMove(game, s, 1, { type: 'trump', suit: 'S' });
    for (const [seat, card] of [
      [1, 'AH'],
      [2, '5H'],
      [3, 'AD'],
      [0, '8S'],
    ] as const)
      s = playMove(game, s, seat, { type: 'play', card });
    expect(s.lastTrick).toEqual({
      plays: [
        { seat: 1, card: 'AH' },
        { seat: 2, card: '5H' },
        { seat: 3, card: 'AD' },
        { seat: 0, card: '8S' },
      ],
      winner: 0,
    });
    expect(s.tricks).toEqual([1, 0]);
    expect(game.status(s).toAct).toEqual([0]);
  });
});

describe('Kaiser: scoring a deal', () => {
  it('declarers who make the contract add the value of their tricks; so do defenders at 45 or less', () => {
    // Seat 1 bids 7 in hearts and takes 7 tricks with the 5♥: 7 + 5 = 12. Seat 2's last trick holds the 3♠: 1 - 3 = -2.
    const s = contractBySeat1(setup(HEARTS_DEAL), { points: 7, noTrump: false }, THREE_SPADES_LAST);
    expect(s.lastDeal).toMatchObject({ tricks: [1, 7], values: [-2, 12], made: true, changes: [-2, 12], scores: [-2, 12] });
  });

  it('the 3♠ with fewer than three tricks makes a negative hand, and the defenders’ score goes down', () => {
    const s = contractBySeat1(setup(HEARTS_DEAL), { points: 7, noTrump: false }, THREE_SPADES_LAST);
    expect(s.scores[0]).toBe(-2);
    expect(game.status(s).scores).toEqual([-2, 12, -2, 12]);
  });

  it('a failed contract loses the value of the declarers’ tricks (failedContract "tricks", the default)', () => {
    // The 3♠ falls in seat 1's first trick: 7 + 5 - 3 = 9, short of 10. Seat 2's trick: 1.
    const s = contractBySeat1(setup(HEARTS_DEAL), { points: 10, noTrump: false }, THREE_SPADES_FIRST);
    expect(s.lastDeal).toMatchObject({ values: [1, 9], made: false, changes: [1, -9], scores: [1, -9] });
  });

  it('with failedContract "bid" a failed contract loses the bid', () => {
    const s = contractBySeat1(setup(HEARTS_DEAL, { failedContract: 'bid' }), { points: 10, noTrump: false }, THREE_SPADES_FIRST);
    expect(s.lastDeal).toMatchObject({ values: [1, 9], made: false, changes: [1, -10] });
  });

  it('no trump doubles what the declarers add', () => {
    // 7 no made with 12: 2 × 12 = 24. The defenders' -2 is not doubled.
    const s = contractBySeat1(setup(HEARTS_DEAL), { points: 7, noTrump: true }, THREE_SPADES_LAST);
    expect(s.lastDeal).toMatchObject({ values: [-2, 12], made: true, changes: [-2, 24] });
  });

  it('no trump doubles what the declarers lose, under either failedContract rule', () => {
    // 10 no with 9: the tricks, 2 × 9 = 18; the bid, 2 × 10 = 20. The defenders add 1, undoubled.
    const tricks = contractBySeat1(setup(HEARTS_DEAL), { points: 10, noTrump: true }, THREE_SPADES_FIRST);
    expect(tricks.lastDeal?.changes).toEqual([1, -18]);
    const bidRule = contractBySeat1(
      setup(HEARTS_DEAL, { failedContract: 'bid' }),
      { points: 10, noTrump: true },
      THREE_SPADES_FIRST,
    );
    expect(bidRule.lastDeal?.changes).toEqual([1, -20]);
  });

  it('declarers who take nothing lose nothing under the tricks rule, and the bid under the bid rule', () => {
    // Seat 1 names spades: seat 0 trumps the first trick and takes all eight, 8 + 5 - 3 = 10 for side 0.
    const orders = [['8S', 'AS', 'KS', 'QS', 'JS', 'TS', '9S', '3S'], ...HEARTS_DEAL.slice(1)];
    const tricks = contractBySeat1(setup(HEARTS_DEAL), { points: 6, noTrump: false }, orders, 'S');
    expect(tricks.lastDeal).toMatchObject({ tricks: [8, 0], values: [10, 0], made: false, changes: [10, 0] });
    expect(Object.is(tricks.scores[1], 0)).toBe(true);
    const bidRule = contractBySeat1(setup(HEARTS_DEAL, { failedContract: 'bid' }), { points: 6, noTrump: false }, orders, 'S');
    expect(bidRule.lastDeal?.changes).toEqual([10, -6]);
  });

  it('a failed contract never gains: tricks worth less than nothing are lost as they stand', () => {
    expect(
      scoreDeal({
        contract: { points: 6, noTrump: false },
        declarers: -2,
        defenders: 12,
        defendersScore: 0,
        failedContract: 'tricks',
        defenderLimit: 45,
      }),
    ).toEqual({ made: false, declarers: -2, defenders: 12 });
    expect(
      scoreDeal({
        contract: { points: 6, noTrump: true },
        declarers: -2,
        defenders: 12,
        defendersScore: 0,
        failedContract: 'tricks',
        defenderLimit: 45,
      }),
    ).toEqual({ made: false, declarers: -4, defenders: 12 });
  });

  it('defenders at exactly 45 still add their tricks', () => {
    // Side 0 defends from 45 and takes one trick worth 1: 46.
    const s = contractBySeat1(withScores(setup(HEARTS_DEAL), [45, 0]), { points: 10, noTrump: false }, THREE_SPADES_FIRST);
    expect(s.lastDeal).toMatchObject({ values: [1, 9], changes: [1, -9], scores: [46, -9] });
  });

  it('defenders above 45 add nothing for a positive hand', () => {
    const s = contractBySeat1(withScores(setup(HEARTS_DEAL), [46, 0]), { points: 10, noTrump: false }, THREE_SPADES_FIRST);
    expect(s.lastDeal).toMatchObject({ values: [1, 9], changes: [0, -9], scores: [46, -9] });
  });

  it('defenders above 45 still lose a negative hand', () => {
    const s = contractBySeat1(withScores(setup(HEARTS_DEAL), [50, 0]), { points: 7, noTrump: false }, THREE_SPADES_LAST);
    expect(s.lastDeal).toMatchObject({ values: [-2, 12], changes: [-2, 12], scores: [48, 12] });
  });

  it('the deal passes to the left and a new hand is dealt', () => {
    const s = contractBySeat1(setup(HEARTS_DEAL), { points: 7, noTrump: false }, THREE_SPADES_LAST);
    expect(s.dealer).toBe(1);
    expect(s.phase).toBe('bidding');
    expect(game.status(s).toAct).toEqual([2]);
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8, 8]);
    expect(sameCards(s.hands.flat(), kaiserDeck())).toBe(true);
  });
});

describe('Kaiser: the end of the match', () => {
  it('ends after a deal at which a side has 52 or more; the higher score wins', () => {
    // Side 1 from 45: 45 + 12 = 57; side 0: 0 - 2 = -2.
    const s = contractBySeat1(withScores(setup(HEARTS_DEAL), [0, 45]), { points: 7, noTrump: false }, THREE_SPADES_LAST);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([-2, 57, -2, 57]);
    expect(st.result).toEqual({ winners: [1, 3], summary: 'seats 1 and 3 win 57 to -2' });
    expect(game.legalActions(s, 2)).toEqual([]);
    expect(() => playMove(game, s, 2, pass)).toThrow(/over/);
  });

  it('a side short of 52 plays on', () => {
    // Side 1 from 39: 39 + 12 = 51.
    const s = contractBySeat1(withScores(setup(HEARTS_DEAL), [0, 39]), { points: 7, noTrump: false }, THREE_SPADES_LAST);
    expect(s.scores).toEqual([-2, 51]);
    expect(game.status(s).finished).toBe(false);
  });

  it('equal scores at 52 or more play on (pinned on a written-in score sheet)', () => {
    // Side 1 from 45: 45 + 9 = 54; side 0, above 45, stays at 54 with a trick worth 1.
    const s = contractBySeat1(withScores(setup(HEARTS_DEAL), [54, 45]), { points: 9, noTrump: false }, THREE_SPADES_FIRST);
    expect(s.scores).toEqual([54, 54]);
    expect(game.status(s).finished).toBe(false);
    expect(s.phase).toBe('bidding');
  });

  it('there is no losing score: a side at -60 plays on', () => {
    // Side 0 defends from -58 and takes the 3♠ in its only trick: -58 - 2 = -60.
    const s = contractBySeat1(withScores(setup(HEARTS_DEAL), [-58, 0]), { points: 7, noTrump: false }, THREE_SPADES_LAST);
    expect(s.scores).toEqual([-60, 12]);
    expect(game.status(s).finished).toBe(false);
    expect(s.phase).toBe('bidding');
    expect(s.dealsPlayed).toBe(1);
  });

  it('with the house rule loseAt -52, a side at -52 or below loses', () => {
    // Side 0 defends from -50 and takes the 3♠ in its only trick: -50 - 2 = -52.
    const s = contractBySeat1(
      withScores(setup(HEARTS_DEAL, { loseAt: -52 }), [-50, 0]),
      { points: 7, noTrump: false },
      THREE_SPADES_LAST,
    );
    expect(game.status(s).result).toEqual({ winners: [1, 3], summary: 'seats 1 and 3 win 12 to -52' });
  });

  it('loseAt is off by default', () => expect(options().loseAt).toBeNull());

  it('another target ends the match there, and moves the defenders’ limit with it (target - 7)', () => {
    // Target 30, limit 23: side 0 defends from 24 and adds nothing for its trick worth 1.
    const s = contractBySeat1(
      withScores(setup(HEARTS_DEAL, { target: 30 }), [24, 21]),
      { points: 9, noTrump: false },
      THREE_SPADES_FIRST,
    );
    expect(s.scores).toEqual([24, 30]);
    expect(game.status(s).result?.winners).toEqual([1, 3]);
  });
});

describe('Kaiser: what each seat sees', () => {
  it('its own hand, counts of the others, the calls, the trick and the score sheet', () => {
    let s = calls(setup(HEARTS_DEAL), bid(7), pass, pass, pass);
    s = playMove(game, s, 1, { type: 'trump', suit: 'H' });
    for (const [seat, card] of [
      [1, 'AH'],
      [2, '5H'],
      [3, 'AD'],
      [0, '3S'],
      [1, 'KH'],
    ] as const)
      s = playMove(game, s, seat, { type: 'play', card });
    const v = game.view(s, 2) as Record<string, unknown>;
    expect(v.hand).toEqual(['AC', 'KC', 'QC', 'JC', 'TC', '9C', '8C']);
    expect(v.handCounts).toEqual([7, 6, 7, 7]);
    expect(v.contract).toEqual({ seat: 1, points: 7, noTrump: false });
    expect(v.trump).toBe('H');
    expect(v.tricks).toEqual([0, 1]);
    expect(v.trickValues).toEqual([0, 3]); // 1 trick + 5 - 3
    expect((v.lastTrick as { winner: number }).winner).toBe(1);
    expect(v.trick).toEqual({ leader: 1, plays: [{ seat: 1, card: 'KH' }] });
    expect(v.toAct).toEqual([2]);
    const text = JSON.stringify(v);
    for (const seat of [0, 1, 3]) for (const c of s.hands[seat]) expect(text).not.toContain(`"${c}"`);
    const spectator = game.view(s, null) as Record<string, unknown>;
    expect(spectator.hand).toBeNull();
    for (const c of s.hands.flat()) expect(JSON.stringify(spectator)).not.toContain(`"${c}"`);
  });
});

/** Every card in exactly one place: a hand, the trick on the table, or a side's tricks. */
function invariant(s: State) {
  assertConserved([...s.hands, s.trick.plays.map((p) => p.card), ...s.taken], kaiserDeck());
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

describe('Kaiser: seeded random matches', () => {
  // Random play seldom reaches 52, and there is no losing score by default: these matches end on the
  // house rule loseAt -52. A match runs to some 700 moves, so views and every action are sampled.
  const checks = conformance<State>(game, {
    configs: [
      { seats: 4, options: { loseAt: -52 }, matches: 60, label: 'loseAt -52' },
      {
        seats: 4,
        options: { loseAt: -52, failedContract: 'bid' },
        matches: 25,
        label: 'loseAt -52, failed contracts lose the bid',
      },
      { seats: 4, options: { loseAt: -52, openingLead: 'bidder' }, matches: 25, label: 'loseAt -52, the bidder leads' },
    ],
    viewsEvery: 5,
    everyActionEvery: 11,
    maxMoves: 20_000,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);

  it('a whole match replays from its move log to the identical state', () => {
    const created = { seats: 4, options: options({ loseAt: -52 }), seed: 'kaiser-replay-24' };
    const { state, moves } = playOut<State>(game, { seats: 4, seed: created.seed, options: created.options });
    expect(game.status(state).finished).toBe(true);
    expect(state.dealsPlayed).toBeGreaterThan(1);
    expect(stringify(replay<State>(game, created, moves))).toBe(stringify(state));
  });
});

describe('Kaiser: partnerships and the clock', () => {
  it('seats 0 and 2 win or lose together, as do seats 1 and 3', () => {
    expect(game.sides?.(4, options())).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('a seat whose time runs out passes, and the dealer made to bid bids 6', () => {
    const s = setup(HEARTS_DEAL);
    expect(game.defaultAction?.(s, 1)).toEqual(pass);
    expect(game.defaultAction?.(calls(s, pass, pass, pass), 0)).toEqual(bid(6));
  });

  it('a highest bidder whose time runs out names the suit it holds most of', () => {
    // Seat 1 holds seven hearts and the 7♣.
    const s = calls(setup(HEARTS_DEAL), bid(7), pass, pass, pass);
    expect(game.defaultAction?.(s, 1)).toEqual({ type: 'trump', suit: 'H' });
  });

  it('a seat whose time runs out plays its lowest legal card, aces high', () => {
    let s = playMove(game, calls(setup(HEARTS_DEAL), bid(7), pass, pass, pass), 1, { type: 'trump', suit: 'H' });
    // Seat 1 leads: its lowest card is the 7♣.
    expect(game.defaultAction?.(s, 1)).toEqual({ type: 'play', card: '7C' });
    s = playMove(game, s, 1, { type: 'play', card: 'AH' });
    // Seat 2 must follow with the 5♥, its only heart.
    expect(game.defaultAction?.(s, 2)).toEqual({ type: 'play', card: '5H' });
    s = playMove(game, s, 2, { type: 'play', card: '5H' });
    // Seat 3, void in hearts, may play any card: the 7♦ is its lowest.
    expect(game.defaultAction?.(s, 3)).toEqual({ type: 'play', card: '7D' });
    s = playMove(game, s, 3, { type: 'play', card: 'AD' });
    // Seat 0's lowest is the 3♠.
    expect(game.defaultAction?.(s, 0)).toEqual({ type: 'play', card: '3S' });
  });
});
