import { describe, expect, it } from 'vitest';
import { type Card, containsCards, sameCards, seedRng, standardDeck } from '../../cards';
import { assertConserved, assertHidden, conformance, IllegalMove, playMove, playRead } from '../../engine';
import { type Action, xeri as game, type HandScore, type Options, type State, scoreHand } from '.';

/**
 * A deck for the first hand (seat 0 deals): `first` is the first twelve cards in play order (seat 1, seat 0,
 * ... which is also the order they are dealt), then the pile bottom first, then `after`, then the rest.
 */
function deckFor(first: Card[], pile: Card[], after: Card[] = []): Card[] {
  const used = [...first, ...pile, ...after];
  return [...used, ...standardDeck().filter((c) => !used.includes(c))];
}

function dealt(first: Card[], pile: Card[], options: Partial<Options> = {}): State {
  return game.setup({ seats: 2, options: { hands: 5, ...options }, seed: 'stacked', deck: deckFor(first, pile) });
}

/** The seat to act plays `card`, as the one action listed for it (a capture or a discard). */
function play(s: State, card: Card): State {
  const action = game.legalActions(s, s.turn).find((a) => a.card === card);
  if (!action) throw new Error(`seat ${s.turn} does not hold ${card}`);
  return playMove(game, s, s.turn, action);
}

const FIRST: Card[] = ['5S', '6S', '6H', '7S', '8S', '8H', '9S', 'JS', 'JH', 'JD', 'TS', 'TH'];
const PILE: Card[] = ['2H', '3H', '4H', '5H'];

/**
 * A whole hand in play order (seat 1 leads; the seats alternate). Seat 1 takes the first pile with 5S,
 * xeris 6S with 6H and AD with AC, takes piles of 7, 6 and 13 cards (the last with a jack), and the three
 * cards left at the end. Seat 0 takes 7S 8S with 8H, 9S with a jack (no xeri), xeris JH with JD and TS with TH,
 * and takes 2D-5D with 5C.
 */
const HAND_PLAYS: Card[] = [
  ...FIRST,
  ...['AS', '2S', '3S', '4S', 'QS', 'KS', 'KH', 'AH', '6D', '7H', '9H', 'QH'],
  ...['QD', 'AD', 'AC', '2D', '3D', '4D', '5D', '5C', '7D', '8D', '9D', 'TD'],
  ...['KD', '2C', '3C', '4C', '6C', '7C', '8C', '9C', 'JC', 'TC', 'QC', 'KC'],
];

function wholeHand(options: Partial<Options> = {}, before: Partial<State> = {}): State {
  let s = game.setup({
    seats: 2,
    options: { hands: 5, ...options },
    seed: 'scripted',
    deck: [...HAND_PLAYS.slice(0, 12), ...PILE, ...HAND_PLAYS.slice(12)],
  });
  s = { ...s, ...before };
  for (const c of HAND_PLAYS) s = play(s, c);
  return s;
}

describe('Xeri: the deal and the first pile', () => {
  it('deals six cards each one at a time from the non-dealer, then four face up to the pile', () => {
    const s = game.setup({ seats: 2, options: { hands: 5 }, seed: 'x', deck: standardDeck() });
    expect(s.dealer).toBe(0);
    expect(s.hands).toEqual([
      ['2S', '4S', '6S', '8S', 'TS', 'QS'],
      ['AS', '3S', '5S', '7S', '9S', 'JS'],
    ]);
    // KS AH 2H 3H: 3H is on top.
    expect(s.pile).toEqual(['KS', 'AH', '2H', '3H']);
    expect(s.redeals).toBe(0);
    expect(s.stock).toHaveLength(36);
    expect(game.status(s).toAct).toEqual([1]);
  });

  it('a jack on top of the first pile sends the pile back into the stock and four new cards are dealt', () => {
    const s = dealt(FIRST, ['2H', '3H', '4H', 'JC']);
    expect(s.redeals).toBeGreaterThanOrEqual(1);
    expect(s.pile).toHaveLength(4);
    expect(s.pile[3][0]).not.toBe('J');
    expect(s.pile[3][0]).not.toBe(s.pile[2][0]);
    expect(s.stock).toHaveLength(36);
    // The hands are not dealt again.
    expect(s.hands[1]).toEqual(['5S', '6H', '8S', '9S', 'JH', 'TS']);
    expect(sameCards([...s.hands.flat(), ...s.pile, ...s.stock], standardDeck())).toBe(true);
  });

  it('a first pile whose top two cards are of one rank is dealt again', () => {
    const s = dealt(FIRST, ['2H', '3H', '4H', '4C']);
    expect(s.redeals).toBeGreaterThanOrEqual(1);
    expect(s.pile[3][0]).not.toBe(s.pile[2][0]);
    expect(s.pile[3][0]).not.toBe('J');
  });

  it('a jack or a pair lower in the first pile does not matter', () => {
    const s = dealt(FIRST, ['JC', '4C', '4H', '2H']);
    expect(s.redeals).toBe(0);
    expect(s.pile).toEqual(['JC', '4C', '4H', '2H']);
  });
});

describe('Xeri: capturing', () => {
  it('a card of the rank on top of the pile captures the whole pile', () => {
    const s = play(dealt(FIRST, PILE), '5S');
    expect(s.pile).toEqual([]);
    expect(s.won[1]).toEqual(['2H', '3H', '4H', '5H', '5S']);
    expect(s.xeris[1]).toEqual([]);
    expect(s.lastPlay).toEqual({ seat: 1, card: '5S', took: PILE, xeri: false });
  });

  it('a card matching a card lower in the pile is only discarded', () => {
    const s = dealt(FIRST, ['6C', '3H', '4H', '5H']);
    expect(game.legalActions(s, 1)).toContainEqual({ type: 'discard', card: '6H' });
    const after = play(s, '6H');
    expect(after.pile).toEqual(['6C', '3H', '4H', '5H', '6H']);
  });

  it('a jack captures any pile', () => {
    // Seat 1 holds JH; the pile shows 5H.
    const s = play(dealt(FIRST, PILE), 'JH');
    expect(s.won[1]).toEqual(['2H', '3H', '4H', '5H', 'JH']);
    expect(s.lastCapturer).toBe(1);
  });

  it('a jack played to an empty pile just starts it', () => {
    let s = play(dealt(FIRST, PILE), '5S');
    expect(game.legalActions(s, 0)).toContainEqual({ type: 'discard', card: 'JS' });
    s = play(s, 'JS');
    expect(s.pile).toEqual(['JS']);
    expect(s.won[0]).toEqual([]);
  });

  it('taking a single-card pile with a card of its rank is a xeri', () => {
    let s = play(dealt(FIRST, PILE), '5S');
    s = play(s, '6S');
    s = play(s, '6H');
    expect(s.xeris[1]).toEqual(['6S']);
    expect(s.won[1]).toEqual(['2H', '3H', '4H', '5H', '5S', '6S', '6H']);
    expect(s.lastPlay).toEqual({ seat: 1, card: '6H', took: ['6S'], xeri: true });
  });

  it('taking a pile of two cards is no xeri', () => {
    let s = dealt(FIRST, PILE);
    for (const c of ['5S', '7S', '8S', '8H']) s = play(s, c);
    expect(s.won[0]).toEqual(['7S', '8S', '8H']);
    expect(s.xeris[0]).toEqual([]);
  });

  it("a jack's xeri is only on a jack: a jack taking a single card of another rank is no xeri", () => {
    let s = dealt(FIRST, PILE);
    for (const c of ['5S', '7S', '8S', '8H', '9S', 'JS']) s = play(s, c);
    expect(s.lastPlay).toEqual({ seat: 0, card: 'JS', took: ['9S'], xeri: false });
    expect(s.xeris[0]).toEqual([]);
    for (const c of ['JH', 'JD']) s = play(s, c);
    expect(s.lastPlay).toEqual({ seat: 0, card: 'JD', took: ['JH'], xeri: true });
    expect(s.xeris[0]).toEqual(['JH']);
  });

  it('refuses a play out of turn, a card not held, and a play of the wrong kind', () => {
    const s = dealt(FIRST, PILE);
    expect(() => game.apply(s, 0, { type: 'discard', card: '6S' })).toThrow(/seat 1's turn/);
    expect(() => game.apply(s, 1, { type: 'discard', card: '6S' })).toThrow(/6S is not in your hand/);
    expect(() => game.apply(s, 1, { type: 'discard', card: '5S' })).toThrow(/5S matches 5H on top of the pile/);
    expect(() => game.apply(s, 1, { type: 'discard', card: 'JH' })).toThrow(/a jack takes the pile/);
    expect(() => game.apply(s, 1, { type: 'capture', card: '8S' })).toThrow(/does not match 5H/);
    const empty = play(s, '5S');
    expect(() => game.apply(empty, 0, { type: 'capture', card: 'JS' })).toThrow(/the pile is empty/);
    expect(() => playMove(game, s, 1, { type: 'play', card: '5S' } as unknown as Action)).toThrow(IllegalMove);
  });
});

describe('Xeri: the points of a hand', () => {
  it('10 points for each xeri, the xeri cards counting as won cards too', () => {
    // Seat 0 won 5S 5H, 5S taken xeri: 10 for the xeri; 2 cards against 1: 3 more. Seat 1: nothing.
    const s = scoreHand([['5S', '5H'], ['6D']], [['5S'], []]);
    expect(s.points).toEqual([13, 0]);
  });

  it('3 points for more cards than the opponent, none when equal', () => {
    expect(
      scoreHand(
        [
          ['3H', '4H', '5H'],
          ['6S', '7S'],
        ],
        [[], []],
      ).points,
    ).toEqual([3, 0]);
    const equal = scoreHand(
      [
        ['3H', '4H'],
        ['6S', '7S'],
      ],
      [[], []],
    );
    expect(equal.moreCards).toBeNull();
    expect(equal.points).toEqual([0, 0]);
    expect(equal.winner).toBeNull();
  });

  it('1 point for each ace, king, queen, jack or ten', () => {
    // Seat 0: AS KS QH JD TS = 5 honours. Seat 1: 2S 3S 4S 6S 7S = 0; 5 cards each.
    expect(
      scoreHand(
        [
          ['AS', 'KS', 'QH', 'JD', 'TS'],
          ['2S', '3S', '4S', '6S', '7S'],
        ],
        [[], []],
      ).points,
    ).toEqual([5, 0]);
  });

  it('the 10 of diamonds scores 1 more than its point as a ten, 2 in all', () => {
    // Seat 1: TD (1 as a ten + 1) = 2; seat 0: TS = 1; one card each.
    const s = scoreHand([['TS'], ['TD']], [[], []]);
    expect(s.tenOfDiamonds).toBe(1);
    expect(s.points).toEqual([1, 2]);
    expect(s.winner).toBe(1);
  });

  it('1 point for the 2 of clubs', () => {
    expect(scoreHand([['2C'], ['3C']], [[], []]).points).toEqual([1, 0]);
  });
});

describe('Xeri: a whole hand on a stacked deck', () => {
  it('the last capturer takes what is left in the pile, and the hand is scored line by line', () => {
    const s = wholeHand();
    const [h] = s.handsPlayed;
    // Seat 1 took the pile with JC on the 45th play; TC QC KC were discarded after.
    expect(h.leftovers).toEqual({ seat: 1, cards: ['TC', 'QC', 'KC'] });
    // Seat 1: 5 + 2 + 7 + 6 + 2 + 13 + 3 leftovers = 38 cards; seat 0: 3 + 2 + 2 + 2 + 5 = 14.
    expect(h.cards).toEqual([14, 38]);
    expect(h.xeris).toEqual([2, 2]);
    // Seat 0: JS JH JD TS TH = 5; the other 15 honours are seat 1's.
    expect(h.honours).toEqual([5, 15]);
    expect([h.moreCards, h.tenOfDiamonds, h.twoOfClubs]).toEqual([1, 1, 1]);
    // Seat 0: 2 xeris 20 + honours 5 = 25. Seat 1: 20 + more cards 3 + honours 15 + TD 1 + 2C 1 = 40.
    expect(h.points).toEqual([25, 40]);
    expect(h.winner).toBe(1);
    expect(game.status(s).scores).toEqual([0, 1]);
  });

  it('the deal passes to the other seat, and the next hand is dealt from a fresh shuffle', () => {
    const s = wholeHand();
    expect(s.finished).toBe(false);
    expect(s.dealer).toBe(1);
    expect(game.status(s).toAct).toEqual([0]);
    expect(s.hands.map((h) => h.length)).toEqual([6, 6]);
    expect(s.pile).toHaveLength(4);
    expect(s.won).toEqual([[], []]);
    expect(s.xeris).toEqual([[], []]);
    expect(sameCards([...s.hands.flat(), ...s.pile, ...s.stock], standardDeck())).toBe(true);
    const view = game.view(s, 0) as { handsPlayed: HandScore[]; handsWon: number[] };
    expect(view.handsPlayed[0].points).toEqual([25, 40]);
    expect(view.handsWon).toEqual([0, 1]);
  });

  it('the game is the number of hands of the option, and the seat that won more hands wins', () => {
    const s = wholeHand({ hands: 1 });
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.result?.winners).toEqual([1]);
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => game.apply(s, 0, { type: 'discard', card: '2S' })).toThrow(/over/);
    expect((game.view(s, null) as { wonCards: Card[][] }).wonCards[1]).toHaveLength(38);
  });

  it('equal numbers of hands won make a shared win', () => {
    // A two-hand game whose first hand seat 0 won: seat 1 wins the second, 1 hand each.
    const first = wholeHand({ hands: 2 }).handsPlayed[0];
    const s = wholeHand({ hands: 2 }, { handsPlayed: [{ ...first, points: [40, 25], winner: 0 }] });
    const st = game.status(s);
    expect(st.scores).toEqual([1, 1]);
    expect(st.result?.winners).toEqual([0, 1]);
  });
});

describe('Xeri: views', () => {
  it('a seat sees its hand, the pile and the xeri cards; the won cards only by number', () => {
    let s = dealt(FIRST, PILE);
    for (const c of ['5S', '6S', '6H']) s = play(s, c);
    const v = game.view(s, 0) as Record<string, unknown>;
    expect(v.hand).toEqual(['7S', '8H', 'JS', 'JD', 'TH']);
    expect(v.handCounts).toEqual([5, 4]);
    expect(v.won).toEqual([0, 7]);
    expect(v.xeris).toEqual([[], ['6S']]);
    expect(v.pile).toEqual([]);
    expect(v.stock).toBe(36);
    const spectator = JSON.stringify(game.view(s, null));
    for (const c of ['7S', '8S', '9S', 'JH', 'TS']) expect(spectator).not.toContain(c);
  });
});

/** Every card of the deck is in exactly one place: a hand, the stock, the pile or a seat's won cards. */
function conserved(s: State) {
  assertConserved([...s.hands, s.stock, s.pile, ...s.won], standardDeck());
}

/** No card of the other hand, and no stock card, in what a seat is shown (finished hands aside). */
function noLeak(s: State, seat: number | null, view: unknown) {
  if (s.finished) return;
  const { handsPlayed, ...now } = view as Record<string, unknown>;
  if (JSON.stringify(now.hand) !== JSON.stringify(seat === null ? null : s.hands[seat]))
    throw new Error('a seat sees its own hand');
  assertHidden(now, [...s.stock, ...s.hands.flatMap((h, i) => (i === seat ? [] : h))], seat);
  if (!Array.isArray(handsPlayed)) throw new Error('the points of every hand are shown');
}

describe('Xeri: a seat whose time runs out', () => {
  it('plays its lowest card, ace low', () => {
    // Seat 1 holds 5S 6H 8S JS JD TH: the five is lowest, and takes the pile with the 5H on top.
    const s = dealt(FIRST, PILE);
    expect(game.defaultAction?.(s, 1)).toEqual({ type: 'capture', card: '5S' });
    const after = play(s, '5S');
    // Seat 0 holds 6S 7S 8H 9S JH TS: the six, discarded on the empty pile.
    expect(game.defaultAction?.(after, 0)).toEqual({ type: 'discard', card: '6S' });
  });
});

describe('Xeri: a state sampled from what a seat knows', () => {
  // Seat 1 takes the first pile with 5S and makes a xeri of 6S with 6H; seat 0 takes 7S 8S with 8H; seat 1 discards 9S.
  const plays: [number, Action['type'], Card][] = [
    [1, 'capture', '5S'],
    [0, 'discard', '6S'],
    [1, 'capture', '6H'],
    [0, 'discard', '7S'],
    [1, 'discard', '8S'],
    [0, 'capture', '8H'],
    [1, 'discard', '9S'],
  ];
  const { state, seen } = playRead(
    game,
    dealt(FIRST, PILE),
    plays.map(([seat, type, card]) => ({ seat, action: { type, card } })),
    2,
  );

  it('puts each pile a seat saw taken into its taker’s face-down won cards', () => {
    for (const seat of [0, 1]) {
      for (let i = 0; i < 10; i++) {
        const sampled = game.sample?.(game.view(state, seat), seat, seedRng(`won ${seat} ${i}`), seen[seat]) as State;
        expect(sameCards(sampled.won[0], ['7S', '8S', '8H'])).toBe(true);
        expect(containsCards(sampled.won[1], ['5S', '6S', '6H'])).toBe(true);
        expect(sampled.hands[seat]).toEqual(state.hands[seat]);
      }
    }
  });
});

describe('Xeri: seeded random games', () => {
  // Every hand ends with every card in one place; the score counts the hands someone won.
  const invariant = (s: State) => {
    conserved(s);
    if (!s.finished) return;
    if (s.handsPlayed.length !== s.handsInGame) throw new Error('the game ends after the number of hands of the option');
    const won = game.status(s).scores;
    if (won[0] + won[1] !== s.handsPlayed.filter((h) => h.winner !== null).length) throw new Error('hands won miscounted');
  };
  const checks = conformance<State>(game, {
    configs: [
      { seats: 2, matches: 250, label: 'five hands' },
      { seats: 2, options: { hands: 1 }, matches: 40, label: 'one hand' },
      { seats: 2, options: { hands: 9 }, matches: 40, label: 'nine hands' },
    ],
    viewsEvery: 7,
    everyActionEvery: 7,
    invariant,
    checkView: noLeak,
  });
  for (const c of checks) it(c.name, c.run);
});
