import { describe, expect, it } from 'vitest';
import { type Card, sameCards, seedRng, standardDeck } from '../../cards';
import { assertConserved, assertHidden, conformance, decide, IllegalMove, playMove, playRead } from '../../engine';
import { type Action, captures, kontsina as game, type Options, type State, scoreDeal } from '.';

const lay = (card: Card): Action => ({ type: 'lay', card });
const capture = (card: Card, ...take: Card[]): Action => ({ type: 'capture', card, take });

/**
 * A deck for the first deal (seat 0 deals): `hands` by seat are dealt one card at a time from seat 1,
 * then `table` goes face up, then `after` heads the stock; the rest of the deck follows in its usual order.
 */
function deckFor(hands: Card[][], table: Card[], after: Card[] = []): Card[] {
  const n = hands.length;
  const first: Card[] = [];
  for (let j = 0; j < 4; j++) for (let k = 0; k < n; k++) first.push(hands[(1 + k) % n][j]);
  const used = [...first, ...table, ...after];
  return [...used, ...standardDeck().filter((c) => !used.includes(c))];
}

function dealt(hands: Card[][], table: Card[], options: Partial<Options> = {}, after: Card[] = []): State {
  return game.setup({
    seats: hands.length,
    options: { target: 21, ...options },
    seed: 'stacked',
    deck: deckFor(hands, table, after),
  });
}

/** A scripted play: `9C>6C+3C` captures 6C and 3C with 9C, `3H` lays 3H. */
function written(play: string): Action {
  const [card, take] = play.split('>');
  return take ? capture(card, ...take.split('+')) : lay(card);
}

/** One scripted play by the seat to act. */
function step(s: State, play: string): State {
  return playMove(game, s, s.turn, written(play));
}

/**
 * A two-seat deal played from a script. Play order is deal order (both start at the dealer's left and go
 * round one card at a time), so the deck is the first round's cards, the table, then the later rounds.
 */
function scripted(table: Card[], plays: string[], scoresBefore: number[] = [0, 0], options: Partial<Options> = {}): State {
  const cards = plays.map((p) => p.slice(0, 2));
  let s = game.setup({
    seats: 2,
    options: { target: 21, ...options },
    seed: 'scripted',
    deck: [...cards.slice(0, 8), ...table, ...cards.slice(8)],
  });
  s = { ...s, scores: scoresBefore };
  for (const p of plays) s = step(s, p);
  return s;
}

/**
 * Seat 0 takes 2C, TD, 5C and two sums of clubs (12 cards, 9 clubs); seat 1 lays almost everything, makes the
 * last capture (KS takes KH) on the 47th play and so takes the 38 cards left on the table (40 cards, 4 clubs).
 */
const TABLE_C: Card[] = ['2C', 'TD', '5C', '9H'];
const PLAYS_C = [
  ...['3H', '2H>2C', '4H', 'TC>TD', '6H', '5S>5C', '7H', '8H'],
  ...['6C', 'JH', '3C', '9C>6C+3C', '7C', 'QH', 'AC', '8C>7C+AC'],
  ...['AS', '2S', '3S', '4S', '6S', '7S', '8S', '9S', 'TS', 'JS', 'QS', 'AH', '5H', 'TH', 'KH', 'AD'],
  ...['2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'JD', 'QD', 'KD', '4C', 'JC', 'QC', 'KS>KH', 'KC'],
];

describe('Kontsina: the deal', () => {
  it("deals four cards one at a time to each seat from the dealer's left, then four face up to the table", () => {
    const s = game.setup({ seats: 2, options: { target: 21 }, seed: 'x', deck: standardDeck() });
    expect(s.dealer).toBe(0);
    expect(s.hands).toEqual([
      ['2S', '4S', '6S', '8S'],
      ['AS', '3S', '5S', '7S'],
    ]);
    expect(s.table).toEqual(['9S', 'TS', 'JS', 'QS']);
    expect(s.stock).toHaveLength(40);
    expect(s.stock[0]).toBe('KS');
  });

  it('with four seats the dealer, seat 0, gets every fourth card', () => {
    const s = game.setup({ seats: 4, options: { target: 21 }, seed: 'x', deck: standardDeck() });
    expect(s.hands[1]).toEqual(['AS', '5S', '9S', 'KS']);
    expect(s.hands[0]).toEqual(['4S', '8S', 'QS', '3H']);
    expect(s.table).toEqual(['4H', '5H', '6H', '7H']);
    expect(s.stock).toHaveLength(32);
  });

  it("the seat to the dealer's left plays first, and play passes to the left", () => {
    let s = dealt(
      [
        ['2S', '3S', '4S', '5S'],
        ['6S', '7S', '8S', '9S'],
        ['6H', '7H', '8H', '9H'],
      ],
      ['KD', 'KC', 'QD', 'QC'],
    );
    expect(game.status(s).toAct).toEqual([1]);
    s = playMove(game, s, 1, lay('6S'));
    expect(game.status(s).toAct).toEqual([2]);
    s = playMove(game, s, 2, lay('6H'));
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('when every hand is empty each seat gets four more cards from the stock, and the table gets none', () => {
    let s = dealt(
      [
        ['2S', '3S', '4S', '5S'],
        ['6S', '7S', '8S', '9S'],
      ],
      ['KD', 'KC', 'QD', 'QC'],
      {},
      ['AH', '2H', '3H', '4H', '5H', '6H', '7H', '8H'],
    );
    for (const card of ['6S', '2S', '7S', '3S', '8S', '4S', '9S', '5S']) s = playMove(game, s, s.turn, lay(card));
    expect(s.hands).toEqual([
      ['2H', '4H', '6H', '8H'],
      ['AH', '3H', '5H', '7H'],
    ]);
    expect(s.table).toHaveLength(12);
    expect(s.stock).toHaveLength(32);
    expect(s.turn).toBe(1);
  });
});

describe('Kontsina: capturing', () => {
  // Seat 1, the dealer's left, plays first.
  const hands = [
    ['2D', '6D', '7D', '8D'],
    ['9C', 'KS', 'TS', '3C'],
  ];

  it('a card captures one table card of the same rank, and only one of several', () => {
    const s = dealt(
      [
        ['AC', 'AD', 'QC', 'QD'],
        ['5H', '6D', '7D', '8D'],
      ],
      ['5S', '5C', '2D', 'KC'],
    );
    expect(captures('5H', s.table)).toEqual([['5S'], ['5C']]);
    expect(() => game.apply(s, 1, capture('5H', '5S', '5C'))).toThrow(/add up to 10, not 5/);
    const after = playMove(game, s, 1, capture('5H', '5C'));
    expect(after.table).toEqual(['5S', '2D', 'KC']);
    expect(after.captured[1]).toEqual(['5C', '5H']);
    expect(after.lastCapturer).toBe(1);
  });

  it('a number card captures one set of two or more number cards whose values add up to it', () => {
    const s = dealt(hands, ['4S', '5D', '2C', '7S']);
    // 9 = 4 + 5 = 2 + 7: two sets, each a capture of its own.
    expect(game.legalActions(s, 1).filter((a) => a.card === '9C')).toEqual([
      lay('9C'),
      capture('9C', '4S', '5D'),
      capture('9C', '2C', '7S'),
    ]);
    const after = playMove(game, s, 1, capture('9C', '2C', '7S'));
    expect(after.table).toEqual(['4S', '5D']);
    expect(after.captured[1]).toEqual(['2C', '7S', '9C']);
  });

  it('one capture per play: a match and a sum set, or two sum sets, are not taken together', () => {
    const s = dealt(hands, ['9H', '4S', '5D', '2C']);
    let t = playMove(game, s, 1, lay('TS'));
    t = playMove(game, t, 0, lay('7D'));
    // Table: 9H 4S 5D 2C TS 7D. The 9 of clubs may take 9H, or 4S+5D, or 2C+7D: one of them.
    expect(game.legalActions(t, 1).filter((a) => a.card === '9C')).toEqual([
      lay('9C'),
      capture('9C', '9H'),
      capture('9C', '4S', '5D'),
      capture('9C', '2C', '7D'),
    ]);
    expect(() => game.apply(t, 1, capture('9C', '9H', '4S', '5D'))).toThrow(/add up to 18, not 9/);
    expect(() => game.apply(t, 1, capture('9C', '4S', '5D', '2C', '7D'))).toThrow(/add up to 18, not 9/);
    t = playMove(game, t, 1, capture('9C', '4S', '5D'));
    expect(t.table).toEqual(['9H', '2C', 'TS', '7D']);
    expect(t.captured[1]).toEqual(['4S', '5D', '9C']);
  });

  it('an ace counts one in a sum', () => {
    const s = dealt(hands, ['AS', '2H', 'KD', 'QH']);
    expect(captures('3C', s.table)).toEqual([['AS', '2H']]);
    expect(captures('AC', ['AS', 'KD'])).toEqual([['AS']]);
  });

  it('face cards capture only by matching rank, and are never part of a sum', () => {
    const s = dealt(hands, ['KH', 'QD', '4C', '6H']);
    expect(captures('KS', s.table)).toEqual([['KH']]);
    expect(captures('TS', s.table)).toEqual([['4C', '6H']]);
    expect(() => game.apply(s, 1, capture('KS', '4C', '6H'))).toThrow(/a face card captures only by matching rank/);
    // A queen counted as nothing would make 0 + 4 + 6 = 10: refused all the same.
    expect(() => game.apply(s, 1, capture('TS', 'QD', '4C', '6H'))).toThrow(/face cards have no value/);
    expect(() => game.apply(s, 1, capture('TS', 'KH'))).toThrow(/only of its own rank/);
  });

  it('laying is allowed even with a card that could capture', () => {
    const s = dealt(hands, ['9H', '4S', '5D', '2C']);
    const after = playMove(game, s, 1, lay('9C'));
    expect(after.table).toEqual(['9H', '4S', '5D', '2C', '9C']);
    expect(after.captured).toEqual([[], []]);
    expect(after.lastPlay).toEqual({ seat: 1, card: '9C', took: [] });
  });

  it('the cards taken may be named in any order, and the move is logged in card order', () => {
    const s = dealt(hands, ['7S', '5D', '2C', '4S']);
    const { state, action } = decide(game, s, 1, capture('9C', '7S', '2C'));
    expect(action).toEqual(capture('9C', '2C', '7S'));
    expect(state.table).toEqual(['5D', '4S']);
    expect(game.apply(s, 1, capture('9C', '5D', '4S')).captured[1]).toEqual(['5D', '4S', '9C']);
  });

  it('refuses a play out of turn, a card not held, a card not on the table, a card taken twice', () => {
    const s = dealt(hands, ['4S', '5D', '2C', '7S']);
    expect(() => game.apply(s, 0, lay('2D'))).toThrow(/seat 1's turn/);
    expect(() => game.apply(s, 1, lay('2D'))).toThrow(/2D is not in your hand/);
    expect(() => game.apply(s, 1, capture('9C', '4S', '5H'))).toThrow(/5H is not on the table/);
    expect(() => game.apply(s, 1, capture('TS', '5D', '5D'))).toThrow(/only once/);
    expect(() => game.apply(s, 1, capture('TS'))).toThrow(/lay the card/);
    expect(() => playMove(game, s, 1, { type: 'steal', card: '9C' })).toThrow(IllegalMove);
  });
});

describe('Kontsina: scoring a deal', () => {
  it('two points for capturing the most cards; a tie for the most scores nobody', () => {
    // 3 cards against 2, no clubs, no 2C, no TD.
    expect(
      scoreDeal([
        ['3H', '4H', '5H'],
        ['6S', '7S'],
      ]).points,
    ).toEqual([2, 0]);
    // 2 cards each and 1 for a third seat: nobody has the most.
    const tie = scoreDeal([['3H', '4H'], ['6S', '7S'], ['8D']]);
    expect(tie.mostCards).toBeNull();
    expect(tie.points).toEqual([0, 0, 0]);
  });

  it('one point for the most clubs, the 2 of clubs counting as a club', () => {
    // Clubs 2 (2C, 3C) against 1 (5C): seat 0 has the most clubs; cards 3 against 2: the most cards too.
    const s = scoreDeal([
      ['2C', '3C', '4H'],
      ['5C', '6S'],
    ]);
    expect(s.clubs).toEqual([2, 1]);
    // 2 (cards) + 1 (clubs) + 1 (2C) = 4.
    expect(s.points).toEqual([4, 0]);
  });

  it('a tie for the most clubs scores nobody', () => {
    // Clubs 1 each; cards 2 against 3.
    const s = scoreDeal([
      ['3C', '4H'],
      ['5C', '6S', '7S'],
    ]);
    expect(s.mostClubs).toBeNull();
    expect(s.points).toEqual([0, 2]);
  });

  it('one point for the 2 of clubs and one for the 10 of diamonds', () => {
    // Seat 1: TD (1); seat 0: 2C (1) and with it the only club (1); cards 2 each: no points.
    const s = scoreDeal([
      ['2C', '4H'],
      ['TD', '6S'],
    ]);
    expect([s.twoOfClubs, s.tenOfDiamonds]).toEqual([0, 1]);
    expect(s.points).toEqual([2, 1]);
  });
});

describe('Kontsina: whole deals on a stacked deck', () => {
  it('the last capturer takes the cards left on the table, and the deal is scored line by line', () => {
    const s = scripted(TABLE_C, PLAYS_C);
    const [d] = s.deals;
    expect(d.leftovers.seat).toBe(1);
    expect(d.leftovers.cards).toHaveLength(38);
    // Seat 0: 2C 2H, TD TC, 5C 5S, 6C 3C 9C, 7C AC 8C = 12 cards, 9 of them clubs.
    // Seat 1: KH KS and the 38 leftovers = 40 cards, clubs 4C JC QC KC = 4.
    expect(d.cards).toEqual([12, 40]);
    expect(d.clubs).toEqual([9, 4]);
    // Seat 0: most clubs 1 + 2C 1 + TD 1 = 3. Seat 1: most cards 2.
    expect([d.mostCards, d.mostClubs, d.twoOfClubs, d.tenOfDiamonds]).toEqual([1, 0, 0, 0]);
    expect(d.points).toEqual([3, 2]);
    expect(s.scores).toEqual([3, 2]);
  });

  it('the deal passes to the left and a new deal is dealt from a fresh shuffle', () => {
    const s = scripted(TABLE_C, PLAYS_C);
    expect(s.finished).toBe(false);
    expect(s.dealer).toBe(1);
    expect(s.turn).toBe(0);
    expect(s.hands.map((h) => h.length)).toEqual([4, 4]);
    expect(s.table).toHaveLength(4);
    expect(s.stock).toHaveLength(40);
    expect(s.captured).toEqual([[], []]);
    expect(s.lastCapturer).toBeNull();
    expect(sameCards([...s.hands.flat(), ...s.table, ...s.stock], standardDeck())).toBe(true);
  });

  it('a tie for the highest score at the target plays another deal', () => {
    // 19 + 3 = 22 and 20 + 2 = 22.
    const s = scripted(TABLE_C, PLAYS_C, [19, 20]);
    expect(s.scores).toEqual([22, 22]);
    expect(game.status(s).finished).toBe(false);
    expect(s.deals).toHaveLength(1);
  });

  it('the game ends after a deal in which a seat reaches the target with the highest score alone', () => {
    // 18 + 3 = 21 and 20 + 2 = 22: seat 1 wins.
    const s = scripted(TABLE_C, PLAYS_C, [18, 20]);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([21, 22]);
    expect(st.result?.winners).toEqual([1]);
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => game.apply(s, 0, lay('AS'))).toThrow(/over/);
    const view = game.view(s, null) as { capturedCards: Card[][] };
    expect(view.capturedCards[0]).toHaveLength(12);
  });

  it('the target is an option', () => {
    // Target 3: seat 0 reaches it with 3 against 2.
    const s = scripted(TABLE_C, PLAYS_C, [0, 0], { target: 3 });
    expect(game.status(s).result?.winners).toEqual([0]);
  });
});

describe('Kontsina: views', () => {
  it('a seat sees its own hand, the table and counts; the captured piles only by size', () => {
    let s = dealt(
      [
        ['2D', '6D', '7D', '8D'],
        ['9C', 'KS', 'TS', '3C'],
      ],
      ['4S', '5D', '2C', '7S'],
    );
    s = playMove(game, s, 1, capture('9C', '4S', '5D'));
    const mine = game.view(s, 0) as Record<string, unknown>;
    expect(mine.hand).toEqual(['2D', '6D', '7D', '8D']);
    expect(mine.handCounts).toEqual([4, 3]);
    expect(mine.table).toEqual(['2C', '7S']);
    expect(mine.captured).toEqual([0, 3]);
    expect(mine.stock).toBe(40);
    expect(mine.lastPlay).toEqual({ seat: 1, card: '9C', took: ['4S', '5D'] });
    const text = JSON.stringify(game.view(s, null));
    for (const c of ['2D', 'KS', 'TS', '3C']) expect(text).not.toContain(c);
  });
});

/** Every card of the deck is in exactly one place: a hand, the stock, the table or a captured pile. */
function conserved(s: State) {
  assertConserved([...s.hands, s.stock, s.table, ...s.captured], standardDeck());
}

/** No card of another seat's hand, and no stock card, in what a seat is shown (finished deals aside). */
function noLeak(s: State, seat: number | null, view: unknown) {
  if (s.finished) return;
  const { deals, ...now } = view as Record<string, unknown>;
  if (JSON.stringify((view as { hand: unknown }).hand) !== JSON.stringify(seat === null ? null : s.hands[seat])) {
    throw new Error('a seat must see its own hand');
  }
  assertHidden(now, [...s.stock, ...s.hands.flatMap((h, i) => (i === seat ? [] : h))], seat);
  if (!Array.isArray(deals)) throw new Error('the finished deals are shown');
}

describe('Kontsina: a seat whose time runs out', () => {
  it('lays its lowest card, ace low, even when it could capture', () => {
    const s = dealt(
      [
        ['2D', '6D', '7D', '8D'],
        ['9C', 'KS', 'TS', '3C'],
      ],
      ['4S', '5D', '2C', '7S'],
    );
    // Seat 1's 3C is its lowest card; its 9C could capture, but laying commits to nothing.
    expect(game.defaultAction?.(s, 1)).toEqual(lay('3C'));
    const after = playMove(game, s, 1, lay('3C'));
    expect(game.defaultAction?.(after, 0)).toEqual(lay('2D'));
  });
});

describe('Kontsina: a state sampled from what a seat knows', () => {
  it('puts every capture of the deal a seat saw into the capturer’s face-down pile', () => {
    // Twelve plays of the stacked deal: seat 0 takes 2C, TD, 5C and 6C+3C; seat 1 lays everything.
    const plays = PLAYS_C.slice(0, 12);
    const cards = PLAYS_C.map((p) => p.slice(0, 2));
    const start = game.setup({
      seats: 2,
      options: { target: 21 },
      seed: 'scripted',
      deck: [...cards.slice(0, 8), ...TABLE_C, ...cards.slice(8)],
    });
    const { state, seen } = playRead(
      game,
      start,
      plays.map((p, i) => ({ seat: (1 + i) % 2, action: written(p) })),
      2,
    );
    expect(state.captured[0]).toHaveLength(9);
    for (let i = 0; i < 10; i++) {
      const sampled = game.sample?.(game.view(state, 1), 1, seedRng(`piles ${i}`), seen[1]) as State;
      expect(sameCards(sampled.captured[0], state.captured[0])).toBe(true);
      expect(sampled.hands[1]).toEqual(state.hands[1]);
    }
  });
});

describe('Kontsina: seeded random games', () => {
  // The game ends only with one seat alone at the top, at or past the target.
  const invariant = (s: State) => {
    conserved(s);
    if (!s.finished) return;
    const st = game.status(s);
    if (st.result?.winners.length !== 1 || Math.max(...st.scores) < s.target) throw new Error('the game ended without a winner');
  };
  const checks = conformance<State>(game, {
    configs: [
      { seats: 2, matches: 250 },
      ...[3, 4].flatMap((seats) => [
        { seats, matches: 30 },
        { seats, options: { target: 5 }, matches: 20, label: `${seats} seats, target 5` },
      ]),
    ],
    viewsEvery: 7,
    everyActionEvery: 13,
    invariant,
    checkView: noLeak,
  });
  for (const c of checks) it(c.name, c.run);
});
