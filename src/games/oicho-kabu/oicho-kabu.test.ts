import { describe, expect, it } from 'vitest';
import { type Card, randomInt, removeCards, seedRng, shuffle } from '../../cards';
import { aceToTenDeck, pipValue, totalModTen } from '../../cards/banking';
import {
  assertConserved,
  assertHidden,
  conformance,
  IllegalMove,
  playMove,
  playRead,
  resolveOptions,
  type SeenEvent,
} from '../../engine';
import { type Action, oichoKabu as game, type Options, roundLimit, type State, settleBets } from '.';
import { drawForDealer } from './dealer-draw';
import { secondFields } from './sample';
import { dealerSpecial } from './settlement';

type View = {
  privateCard: Card | null;
  tableaus: { cards: Card[]; total: number | null; bets: number[]; decider: number | null }[];
  dealerCards: Card[];
  dealerTotal: number | null;
  asking: number | null;
  lastRound: unknown;
  dealerDraw: unknown;
};

/**
 * A first round on a stacked deck: `top` is the deck from the top (option firstDealer 0 unless given:
 * seat 0 deals, private cards to seats 1, 2, ..., then the first field of tableaus 0-3, then what the
 * dealer and the fields draw); the rest of the deck follows in canonical order, with `bottom` last when given.
 */
function stacked(seats: number, top: Card[], options: Partial<Options> = {}, bottom?: Card): State {
  const rest = removeCards(aceToTenDeck(), bottom ? [...top, bottom] : top);
  const deck = [...top, ...rest, ...(bottom ? [bottom] : [])];
  const resolved = resolveOptions(game, { firstDealer: 0, ...options }, seats) as Options;
  return game.setup({ seats, options: resolved, seed: 'stacked', deck });
}

const bet = (tableau: number, amount: number): Action => ({ type: 'bet', tableau, amount });
const done: Action = { type: 'done' };
const draw = (from: 'top' | 'bottom' | 'fourth' = 'top'): Action => ({ type: 'draw', from });
const third = (tableau: number, take: boolean): Action => ({ type: 'thirdCard', tableau, take });
const dealerThird = (take: boolean): Action => ({ type: 'dealerThirdCard', take });

function play(s: State, ...steps: [number, Action][]): State {
  return steps.reduce((st, [seat, a]) => playMove(game, st, seat, a), s);
}

const view = (s: State, seat: number | null) => game.view(s, seat) as View;
const toAct = (s: State) => game.status(s).toAct;
const chipsTotal = (s: State) => s.chips.reduce((a, b) => a + b, 0);

describe('Oicho-Kabu: the deal', () => {
  it('"At the beginning of each round of play the dealer is decided by having each player draw a card": the first round\'s too, the lowest card dealing and seats tied for the lowest drawing again', () => {
    // Seed first-5 draws 9C, 3H, 3C for seats 0, 1, 2: seats 1 and 2 tie on 3 and draw again, 8C and AH: the ace, seat 2, deals.
    const top: Card[] = ['5D', '6D', '2S', '5S', '8S', '3S'];
    const deck = [...top, ...removeCards(aceToTenDeck(), top)];
    const s = game.setup({ seats: 3, options: resolveOptions(game, {}, 3) as Options, seed: 'first-5', deck });
    expect(s.dealerDraw).toEqual([
      [
        { seat: 0, card: '9C' },
        { seat: 1, card: '3H' },
        { seat: 2, card: '3C' },
      ],
      [
        { seat: 1, card: '8C' },
        { seat: 2, card: 'AH' },
      ],
    ]);
    expect(s.dealer).toBe(2);
    // The others play from the dealer's right in the order of their cards: seat 1's 3, then seat 0's 9.
    expect(s.order).toEqual([1, 0]);
    expect(toAct(s)).toEqual([1]);
    // The stacked deck is dealt as given in that order (the draw took no card of it): 5D to seat 1, 6D to seat 0.
    expect(s.privateCards).toEqual(['6D', '5D', null]);
    expect(s.tableaus.map((t) => t.cards)).toEqual([['2S'], ['5S'], ['8S'], ['3S']]);
    expect(s.deck).toEqual(deck.slice(6));
    // Every seat, and a spectator, sees how the dealer was drawn.
    for (const seat of [0, 1, 2, null]) expect(view(s, seat).dealerDraw).toEqual(s.dealerDraw);
  });

  it('without a stacked deck the first round is dealt from a shuffle of its own, not from the pack the dealer was drawn from', () => {
    const s = game.setup({ seats: 3, options: resolveOptions(game, {}, 3) as Options, seed: 'first-5' });
    const [deck, rng] = shuffle(aceToTenDeck(), seedRng('first-5'));
    const choice = drawForDealer(3, rng);
    expect([s.dealer, s.order, s.dealerDraw]).toEqual([choice.dealer, choice.order, choice.passes]);
    expect(choice.order.map((seat) => s.privateCards[seat])).toEqual(deck.slice(0, 2));
    expect(s.tableaus.map((t) => t.cards[0])).toEqual(deck.slice(2, 6));
  });

  it("option firstDealer fixes the first round's dealer without a draw; the others play in seat order from its right", () => {
    const s = stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S'], { firstDealer: 2 });
    expect(s.dealer).toBe(2);
    expect(s.order).toEqual([0, 1]);
    expect(s.dealerDraw).toEqual([]);
    expect(view(s, 0).dealerDraw).toEqual([]);
    expect(s.privateCards).toEqual(['TC', '9C', null]);
    expect(s.tableaus.map((t) => t.cards)).toEqual([['2S'], ['5S'], ['8S'], ['3S']]);
    expect(toAct(s)).toEqual([0]);
    expect(() => stacked(3, [], { firstDealer: 3 })).toThrow(/firstDealer must be a seat of this game: 0 to 2/);
  });

  it('with option firstDealer 0, seat 0 deals the first round: one private card to each other seat, then four first-field cards face up', () => {
    const s = stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S']);
    expect(s.dealer).toBe(0);
    expect(s.order).toEqual([1, 2]);
    expect(s.privateCards).toEqual([null, 'TC', '9C']);
    expect(s.tableaus.map((t) => t.cards)).toEqual([['2S'], ['5S'], ['8S'], ['3S']]);
    expect(s.deck).toHaveLength(34);
  });

  it('a private card is seen by its holder alone', () => {
    const s = stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S']);
    expect(view(s, 1).privateCard).toBe('TC');
    expect(JSON.stringify(view(s, 1))).not.toContain('9C');
    expect(view(s, 2).privateCard).toBe('9C');
    expect(JSON.stringify(view(s, 0))).not.toMatch(/TC|9C/);
    expect(JSON.stringify(view(s, null))).not.toMatch(/TC|9C/);
    expect(view(s, null).tableaus.map((t) => t.cards)).toEqual([['2S'], ['5S'], ['8S'], ['3S']]);
  });
});

describe('Oicho-Kabu: betting', () => {
  it("bets go in order of play from the dealer's right; the dealer does not bet", () => {
    let s = stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S']);
    expect(toAct(s)).toEqual([1]);
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => game.apply(s, 0, bet(0, 5))).toThrow(/dealer does not bet/);
    expect(() => game.apply(s, 2, bet(0, 5))).toThrow(/seat 1's turn/);
    s = play(s, [1, bet(0, 5)], [1, done]);
    expect(toAct(s)).toEqual([2]);
  });

  it('a seat bets any amounts on any tableaus, and two seats on one tableau keep their bets apart', () => {
    const s = play(
      stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S']),
      [1, bet(0, 5)],
      [1, bet(2, 7)],
      [1, bet(0, 3)],
      [1, done],
      [2, bet(0, 4)],
    );
    expect(s.tableaus[0].bets).toEqual([0, 8, 4]);
    expect(s.tableaus[2].bets).toEqual([0, 7, 0]);
  });

  it('all bets of the round together stay within the limit (50)', () => {
    let s = play(stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S']), [1, bet(0, 30)], [1, done]);
    // 50 - 30 = 20 left for seat 2: amounts 1 to 20 on each tableau, and done.
    const amounts = game.legalActions(s, 2).flatMap((a) => (a.type === 'bet' ? [a.amount] : []));
    expect(Math.max(...amounts)).toBe(20);
    expect(game.legalActions(s, 2)).toHaveLength(4 * 20 + 1);
    expect(() => game.apply(s, 2, bet(1, 21))).toThrow(/only 20 more/);
    s = play(s, [2, bet(1, 20)]);
    // The limit is reached: betting is over and the dealer draws.
    expect(s.phase).toBe('dealerFirst');
    expect(toAct(s)).toEqual([0]);
  });

  it('one seat may bet the whole limit, and betting stops there', () => {
    const s = play(stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S']), [1, bet(3, 50)]);
    expect(s.phase).toBe('dealerFirst');
    expect(s.tableaus[3].bets).toEqual([0, 50, 0]);
  });

  it('one bet action stakes at most 50; a seat bets again to stake more under a higher limit', () => {
    let s = stacked(2, ['TC', '2S', '5S', '8S', '3S'], { maxBet: 80 });
    expect(() => game.apply(s, 1, bet(0, 51))).toThrow(/1 to 50/);
    s = play(s, [1, bet(0, 50)], [1, bet(0, 30)]);
    expect(s.tableaus[0].bets).toEqual([0, 80]);
    expect(s.phase).toBe('dealerFirst');
  });

  it('no seat bets more than it holds, and the limit never exceeds what the dealer holds', () => {
    // Eight chips each: the limit is min(50, 8) = 8.
    const s = stacked(2, ['TC', '2S', '5S', '8S', '3S'], { startingChips: 8 });
    expect(view(s, 1)).toMatchObject({ roundLimit: 8 });
    expect(() => game.apply(s, 1, bet(0, 9))).toThrow(IllegalMove);
    const poorBettor = { ...s, chips: [100, 6] };
    expect(() => game.apply(poorBettor, 1, bet(0, 7))).toThrow(/do not have that many/);
    // Staking all it holds ends the seat's turn.
    expect(play(poorBettor, [1, bet(0, 6)]).phase).toBe('dealerFirst');
  });

  it('when nobody bets the round ends at once and the next dealer is drawn', () => {
    const s = play(stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S']), [1, done], [2, done]);
    expect(s.round).toBe(2);
    expect(s.chips).toEqual([100, 100, 100]);
    expect(s.dealerDraw.length).toBeGreaterThan(0);
    expect(s.phase).toBe('betting');
  });
});

describe("Oicho-Kabu: the dealer's cards and the second field", () => {
  // After the first field (2S 5S 8S 3S) the deck runs 6H 2H AH AD 5H 3D 2C ...
  const top = ['TC', '9C', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H', '3D', '2C'];

  it('the dealer takes the top card face down, unseen even by him, and the second field is dealt from the top', () => {
    const s = play(stacked(3, top), [1, bet(0, 5)], [1, done], [2, bet(1, 5)], [2, done], [0, draw('top')]);
    expect(s.dealerCards).toEqual(['6H']);
    expect(s.tableaus.map((t) => t.cards.slice(0, 2))).toEqual([
      ['2S', '2H'],
      ['5S', 'AH'],
      ['8S', 'AD'],
      ['3S', '5H'],
    ]);
    for (const seat of [0, 1, 2, null]) expect(view(s, seat).dealerCards).toEqual(['face-down']);
  });

  it('or the fourth card from the top, or the bottom card', () => {
    const fourth = play(
      stacked(2, ['TC', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H']),
      [1, bet(0, 5)],
      [1, done],
      [0, draw('fourth')],
    );
    expect(fourth.dealerCards).toEqual(['AD']);
    // The second field takes the cards left on top: 6H 2H AH 5H.
    expect(fourth.tableaus.map((t) => t.cards[1])).toEqual(['6H', '2H', 'AH', '5H']);
    const bottom = play(stacked(2, ['TC', '2S', '5S', '8S', '3S'], {}, '9D'), [1, bet(0, 5)], [1, done], [0, draw('bottom')]);
    expect(bottom.dealerCards).toEqual(['9D']);
  });

  it('the second field is seen only by the seats that bet on that tableau', () => {
    const s = play(stacked(3, top), [1, bet(0, 5)], [1, done], [2, bet(1, 5)], [2, done], [0, draw()]);
    expect(view(s, 1).tableaus.map((t) => t.cards[1])).toEqual(['2H', 'face-down', 'face-down', 'face-down']);
    expect(view(s, 1).tableaus[0].total).toBe(4); // 2 + 2
    expect(view(s, 1).tableaus[1].total).toBeNull();
    expect(view(s, 2).tableaus.map((t) => t.cards[1])).toEqual(['face-down', 'AH', 'face-down', 'face-down']);
    for (const seat of [0, null]) expect(view(s, seat).tableaus.every((t) => t.cards[1] === 'face-down')).toBe(true);
  });
});

describe('Oicho-Kabu: third cards', () => {
  it('at 3 or less a third card is compulsory and dealt at once; at 7 or more it is refused', () => {
    // Second field: T0 2+AH = 3 (must), T1 5+5H = 0 (must), T2 8+AD = 9 (refused), T3 3+4H = 7 (refused).
    // The dealer took 6H; third cards come from the top: 9C to T0, 9D to T1.
    const s = play(
      stacked(2, ['TC', '2S', '5S', '8S', '3S', '6H', 'AH', '5H', 'AD', '4H', '9C', '9D', '2C']),
      [1, bet(0, 1)],
      [1, bet(1, 1)],
      [1, bet(2, 1)],
      [1, bet(3, 1)],
      [1, done],
      [0, draw()],
    );
    expect(s.tableaus.map((t) => t.cards)).toEqual([
      ['2S', 'AH', '9C'],
      ['5S', '5H', '9D'],
      ['8S', 'AD'],
      ['3S', '4H'],
    ]);
    // Nothing to decide: the dealer draws his second card.
    expect(s.phase).toBe('dealerSecond');
    expect(toAct(s)).toEqual([0]);
  });

  it('at 4 to 6 the bettor chooses', () => {
    // T0: 2 + 2 = 4; seat 1 may take a third card or not.
    const s = play(
      stacked(2, ['TC', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H', '3D']),
      [1, bet(0, 5)],
      [1, done],
      [0, draw()],
    );
    expect(toAct(s)).toEqual([1]);
    expect(game.legalActions(s, 1)).toEqual([third(0, true), third(0, false)]);
    expect(play(s, [1, third(0, true)]).tableaus[0].cards).toEqual(['2S', '2H', '3D']);
    expect(play(s, [1, third(0, false)]).tableaus[0].cards).toEqual(['2S', '2H']);
  });

  it('the first bettor asked decides for everyone on the tableau; tableaus are asked in the order of play of their deciders', () => {
    // Seat 1 bets on T1; seat 2 on T0 and T1. Second field: T0 2+3H = 5, T1 5+AH = 6: both may draw.
    const top = ['TC', '9C', '2S', '5S', '8S', '3S', '6H', '3H', 'AH', 'AD', '5H', '4D', '2D'];
    let s = play(stacked(3, top), [1, bet(1, 5)], [1, done], [2, bet(0, 5)], [2, bet(1, 5)], [2, done], [0, draw()]);
    expect(view(s, 0).tableaus.map((t) => t.decider)).toEqual([2, 1, null, null]);
    // Seat 1 decides for T1 first (it is first in the order of play), then seat 2 for T0.
    expect(toAct(s)).toEqual([1]);
    expect(view(s, null).asking).toBe(1);
    expect(() => game.apply(s, 2, third(1, true))).toThrow(/seat 1, the first bettor asked, decides/);
    expect(game.legalActions(s, 2)).toEqual([]);
    s = play(s, [1, third(1, true)]);
    expect(s.tableaus[1].cards).toEqual(['5S', 'AH', '4D']);
    expect(toAct(s)).toEqual([2]);
    s = play(s, [2, third(0, true)]);
    expect(s.tableaus[0].cards).toEqual(['2S', '3H', '2D']);
    expect(s.phase).toBe('dealerSecond');
  });

  it('a tableau nobody bet on takes no third card, even at 3 or less', () => {
    // T3: 3 + 10 = 3, no bets. Only T0 (2 + 9 = 1) draws, compulsorily.
    const s = play(
      stacked(2, ['TC', '2S', '5S', '8S', '3S', '6H', '9H', 'AH', 'AD', 'TH', '3D']),
      [1, bet(0, 5)],
      [1, done],
      [0, draw()],
    );
    expect(s.tableaus[3].cards).toEqual(['3S', 'TH']);
    expect(s.tableaus[0].cards).toEqual(['2S', '9H', '3D']);
  });

  it('third cards are face up for everyone', () => {
    const s = play(
      stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S', '6H', 'AH', '5H', 'AD', '4H', '9S']),
      [1, bet(0, 1)],
      [1, done],
      [2, done],
      [0, draw()],
    );
    // T0: 2 + 1 = 3, a compulsory third card 9S, face up; its second card stays hidden from seat 2.
    expect(view(s, 2).tableaus[0].cards).toEqual(['2S', 'face-down', '9S']);
  });
});

describe("Oicho-Kabu: the dealer's hand", () => {
  // Seat 1 bets 10 on T2 (8 + AD = 9: no third card). The dealer took 6H; his second card is the next top card.
  const upToDealerSecond = (after: Card[], options: Partial<Options> = {}) =>
    play(
      stacked(2, ['TC', '2S', '5S', '8S', '3S', '6H', '7H', '7D', 'AD', '9H', ...after], options),
      [1, bet(2, 10)],
      [1, done],
      [0, draw()],
    );

  it('the dealer looks at his two cards and at 4 to 6 chooses a third; the others still see them face down', () => {
    // 6 + 9 = 15: 5.
    const s = play(upToDealerSecond(['9C', '2C']), [0, draw()]);
    expect(s.phase).toBe('dealerThird');
    expect(view(s, 0).dealerCards).toEqual(['6H', '9C']);
    expect(view(s, 0).dealerTotal).toBe(5);
    expect(view(s, 1).dealerCards).toEqual(['face-down', 'face-down']);
    expect(view(s, 1).dealerTotal).toBeNull();
    expect(game.legalActions(s, 0)).toEqual([dealerThird(true), dealerThird(false)]);
    // He takes 2C, face up: 5 + 2 = 7, below the tableau's 9.
    const after = play(s, [0, dealerThird(true)]);
    expect(after.lastRound?.dealerCards).toEqual(['6H', '9C', '2C']);
    expect(after.lastRound?.dealerTotal).toBe(7);
  });

  it('at 3 or less the dealer must take a third card', () => {
    // 6 + 7 = 13: 3, so the next card AC comes at once: 4.
    const s = play(upToDealerSecond(['7C', 'AC']), [0, draw()]);
    expect(s.lastRound?.dealerCards).toEqual(['6H', '7C', 'AC']);
    expect(s.lastRound?.dealerTotal).toBe(4);
  });

  it('at 7 or more the dealer may not take a third card', () => {
    // 6 + 2 = 8.
    const s = play(upToDealerSecond(['2C', 'AC']), [0, draw()]);
    expect(s.lastRound?.dealerCards).toEqual(['6H', '2C']);
  });

  it("the dealer's second card may also be the fourth from the top", () => {
    const fourth = play(upToDealerSecond(['7C', 'AC', '3C', '2C']), [0, draw('fourth')]);
    expect(fourth.lastRound?.dealerCards).toEqual(['6H', '2C']);
  });

  it('with dealerDrawRule off the dealer chooses at any total', () => {
    const high = play(upToDealerSecond(['2C', 'AC'], { dealerDrawRule: false }), [0, draw()]);
    expect(high.phase).toBe('dealerThird'); // 8, yet he may draw
    expect(play(high, [0, dealerThird(true)]).lastRound?.dealerCards).toEqual(['6H', '2C', 'AC']);
    const low = play(upToDealerSecond(['7C', 'AC'], { dealerDrawRule: false }), [0, draw()]);
    expect(low.phase).toBe('dealerThird'); // 3, yet he may stand
    expect(play(low, [0, dealerThird(false)]).lastRound?.dealerCards).toEqual(['6H', '7C']);
  });
});

describe('Oicho-Kabu: settlement', () => {
  it('a higher total than the dealer wins even money; a lower one loses the bet', () => {
    // Seat 1 bets 10 on T0 and 20 on T2. T0: 2 + 2 = 4, seat 1 takes 3D: 7. T2: 8 + 1 = 9.
    // The dealer: 6H + 2C = 8. T0 loses 10, T2 wins 20: seat 1 100 - 10 + 20 = 110, the dealer 90.
    let s = stacked(2, ['TC', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H', '3D', '2C']);
    s = play(s, [1, bet(0, 10)], [1, bet(2, 20)], [1, done], [0, draw()], [1, third(0, true)], [0, draw()]);
    expect(s.lastRound?.tableaus.map((t) => t.total)).toEqual([7, 6, 9, 8]);
    expect(s.lastRound?.tableaus.map((t) => t.outcome)).toEqual(['dealer', 'none', 'win', 'none']);
    expect(s.lastRound?.payouts).toEqual([
      { seat: 1, tableau: 0, bet: 10, outcome: 'dealer', net: -10 },
      { seat: 1, tableau: 2, bet: 20, outcome: 'win', net: 20 },
    ]);
    expect(s.chips).toEqual([90, 110]);
  });

  // Seat 1 bets 10 on T0 (7S, 7H, then 7D: arashi) and 10 on T2 (8 + 1 = 9). The dealer's cards are d1 and d2.
  const arashiRound = (d1: Card, d2: Card, after: Card[] = [], options: Partial<Options> = {}) =>
    play(
      stacked(2, ['TC', '7S', '5S', '8S', '3S', d1, '7H', 'AH', 'AD', '5H', '7D', d2, ...after], options),
      [1, bet(0, 10)],
      [1, bet(2, 10)],
      [1, done],
      [0, draw()],
      [1, third(0, true)], // 7 + 7 = 4: seat 1 takes 7D
      [0, draw()],
    );

  it('arashi wins triple, even against a 9: the bet back plus twice the bet', () => {
    // The dealer: 5C + 4D = 9. T0 arashi (7 7 7, worth only 1) wins 2 x 10 = 20; T2's 9 ties the dealer's 9: lost (ties: dealer).
    const s = arashiRound('5C', '4D');
    expect(s.lastRound?.tableaus[0]).toMatchObject({ cards: ['7S', '7H', '7D'], total: 1, arashi: true, outcome: 'arashi' });
    expect(s.lastRound?.payouts).toContainEqual({ seat: 1, tableau: 0, bet: 10, outcome: 'arashi', net: 20 });
    // Seat 1: 100 + 20 - 10 = 110.
    expect(s.chips).toEqual([90, 110]);
  });

  it('shippin, a 4 then an ace, wins every bet for the dealer, arashi included', () => {
    const s = arashiRound('4C', 'AC');
    expect(s.lastRound?.special).toBe('shippin');
    expect(s.lastRound?.tableaus.map((t) => t.outcome)).toEqual(['dealer', 'none', 'dealer', 'none']);
    // 4 + 1 = 5, but the dealer takes no third card: the round is his. Seat 1 loses 10 + 10.
    expect(s.lastRound?.dealerCards).toEqual(['4C', 'AC']);
    expect(s.chips).toEqual([120, 80]);
  });

  it('kuppin, a 9 then an ace, wins every bet for the dealer, though it totals 0', () => {
    const s = arashiRound('9C', 'AC');
    expect(s.lastRound?.special).toBe('kuppin');
    expect(s.lastRound?.dealerCards).toEqual(['9C', 'AC']);
    expect(s.chips).toEqual([120, 80]);
  });

  it('an ace then a 4 is not shippin: just 5', () => {
    let s = arashiRound('AC', '4C');
    expect(s.phase).toBe('dealerThird');
    s = play(s, [0, dealerThird(false)]);
    expect(s.lastRound?.special).toBeNull();
    // Arashi wins 20, T2's 9 beats 5 and wins 10: seat 1 130.
    expect(s.chips).toEqual([70, 130]);
  });

  it('an ace then a 9 is not kuppin: 0, and the dealer must draw', () => {
    // 1 + 9 = 0: compulsory third card 2D: 2.
    const s = arashiRound('AC', '9C', ['2D']);
    expect(s.lastRound?.special).toBeNull();
    expect(s.lastRound?.dealerCards).toEqual(['AC', '9C', '2D']);
    expect(s.chips).toEqual([70, 130]);
  });

  describe('ties', () => {
    // Seat 1 bets 10 on T2: 8 + 1 = 9. The dealer: 5C + 4D = 9.
    const tie = (options: Partial<Options>) =>
      play(
        stacked(2, ['TC', '2S', '5S', '8S', '3S', '5C', '7H', '7D', 'AD', '9H', '4D'], options),
        [1, bet(2, 10)],
        [1, done],
        [0, draw()],
        [0, draw()],
      );

    it('by default the dealer wins a tie', () => {
      const s = tie({});
      expect(s.lastRound?.tableaus[2].outcome).toBe('dealer');
      expect(s.chips).toEqual([110, 90]);
    });

    it('with ties "push" the bet is returned', () => {
      const s = tie({ ties: 'push' });
      expect(s.lastRound?.tableaus[2].outcome).toBe('push');
      expect(s.lastRound?.payouts).toEqual([{ seat: 1, tableau: 2, bet: 10, outcome: 'push', net: 0 }]);
      expect(s.chips).toEqual([100, 100]);
    });
  });

  it('two seats on one tableau are settled apart', () => {
    // T0: 2 + 2 = 4, seat 1 (first asked) takes 3D: 7. The dealer 6H + 2C = 8: both lose on T0.
    const top = ['TC', '9C', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H', '3D', '2C'];
    const s = play(
      stacked(3, top),
      [1, bet(0, 10)],
      [1, done],
      [2, bet(0, 5)],
      [2, bet(2, 5)],
      [2, done],
      [0, draw()],
      [1, third(0, true)],
      [0, draw()],
    );
    // Seat 2 wins 5 on T2 (9 > 8) and loses 5 on T0: the dealer 100 + 10 + 5 - 5 = 110.
    expect(s.chips).toEqual([110, 90, 100]);
  });

  it('when arashi leaves the bank short, winners are paid in order while the dealer has chips', () => {
    // Dealer (seat 0) holds 12. T0 is arashi: seat 1 bet 6 (owed 12), seat 2 bet 4 (owed 8); seat 2 lost 2 on T1.
    // Collect 2: the dealer has 14; pay seat 1 12, then seat 2 the 2 that are left.
    const { payouts, chips } = settleBets(
      [
        [0, 6, 4],
        [0, 0, 2],
        [0, 0, 0],
        [0, 0, 0],
      ],
      ['arashi', 'dealer', 'none', 'none'],
      [1, 2],
      0,
      [12, 50, 50],
    );
    expect(chips).toEqual([0, 62, 50]);
    expect(payouts.map((p) => p.net)).toEqual([-2, 12, 2]);
  });
});

describe('Oicho-Kabu: rounds and the end', () => {
  const oneRound = (options: Partial<Options>) =>
    play(
      stacked(2, ['TC', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H', '3D', '2C'], options),
      [1, bet(0, 10)],
      [1, done],
      [0, draw()],
      [1, third(0, true)], // 2 + 2 + 3 = 7
      [0, draw()], // 6 + 2 = 8: seat 1 loses 10
    );

  it('the game ends after the set number of rounds; most chips wins', () => {
    const s = oneRound({ rounds: 1 });
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([110, 90]);
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins with 110 chips, after 1 round' });
    expect(() => playMove(game, s, 1, done)).toThrow(/over/);
  });

  it('the game ends when a round leaves a seat with no chips to bet', () => {
    // Ten chips each: seat 1 stakes all 10 on T0 (which ends the betting) and loses them, 7 to 8.
    const s = play(
      stacked(2, ['TC', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H', '3D', '2C'], { startingChips: 10 }),
      [1, bet(0, 10)],
      [0, draw()],
      [1, third(0, true)],
      [0, draw()],
    );
    expect(game.status(s).finished).toBe(true);
    expect(s.round).toBe(1);
    expect(game.status(s).result?.summary).toBe('seat 0 wins with 20 chips, seat 1 had no chips left to bet');
  });

  it('equal most chips share the win', () => {
    const s = play(stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S'], { rounds: 1 }), [1, done], [2, done]);
    expect(game.status(s).result?.winners).toEqual([0, 1, 2]);
  });

  it('plays six rounds by default', () => {
    let s = stacked(2, ['TC', '2S', '5S', '8S', '3S']);
    for (let round = 1; round <= 6; round++) {
      expect(game.status(s).finished).toBe(false);
      s = play(s, [s.order[0], done]);
    }
    expect(game.status(s).finished).toBe(true);
  });

  it('later dealers are drawn from a shuffle, and the round is dealt from a new shuffle', () => {
    const s = play(stacked(3, ['TC', '9C', '2S', '5S', '8S', '3S']), [1, done], [2, done]);
    // A stacked first deal leaves the RNG at the seed.
    const choice = drawForDealer(3, seedRng('stacked'));
    expect(s.dealer).toBe(choice.dealer);
    expect(s.order).toEqual(choice.order);
    expect(s.dealerDraw).toEqual(choice.passes);
    const [deck] = shuffle(aceToTenDeck(), choice.rng);
    choice.order.forEach((seat, i) => {
      expect(s.privateCards[seat]).toBe(deck[i]);
    });
    expect(s.tableaus.map((t) => t.cards[0])).toEqual(deck.slice(2, 6));
  });
});

describe('Oicho-Kabu: drawing for the dealer', () => {
  it('the lowest card deals; seats tied for the lowest draw again; the others play in the order of their cards', () => {
    let ties = 0;
    for (let i = 0; i < 300; i++) {
      const seats = 2 + (i % 6);
      const { dealer, order, passes } = drawForDealer(seats, seedRng(`draw-${i}`));
      expect(passes[0].map((d) => d.seat)).toEqual([...Array(seats).keys()]);
      passes.forEach((pass, k) => {
        const low = Math.min(...pass.map((d) => pipValue(d.card)));
        const lowest = pass.filter((d) => pipValue(d.card) === low).map((d) => d.seat);
        if (k < passes.length - 1) expect(passes[k + 1].map((d) => d.seat)).toEqual(lowest);
        else expect(lowest).toEqual([dealer]);
      });
      if (passes.length > 1) ties++;
      // The others sit from the dealer's right by their first card, lowest first.
      const first = (seat: number) => pipValue(passes[0].find((d) => d.seat === seat)?.card as Card);
      expect(order).toHaveLength(seats - 1);
      for (let k = 1; k < order.length; k++) expect(first(order[k - 1])).toBeLessThanOrEqual(first(order[k]));
    }
    // The seeds above include ties for the lowest card.
    expect(ties).toBeGreaterThan(10);
  });

  it('seats that drew the same card keep their order around the table from the dealer', () => {
    // Find a draw where two non-dealers drew the same first card and did not draw again.
    for (let i = 0; ; i++) {
      const { dealer, order, passes } = drawForDealer(7, seedRng(`same-${i}`));
      if (passes.length > 1) continue;
      const card = (seat: number) => pipValue(passes[0][seat].card);
      const k = order.findIndex((seat, j) => j > 0 && card(order[j - 1]) === card(seat));
      if (k < 0) continue;
      const fromDealer = (seat: number) => (seat - dealer + 7) % 7;
      expect(fromDealer(order[k - 1])).toBeLessThan(fromDealer(order[k]));
      break;
    }
  });
});

describe('Oicho-Kabu: refused moves and views', () => {
  const top = ['TC', '9C', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H', '3D', '2C'];

  it('refuses moves out of their phase or by the wrong seat', () => {
    let s = stacked(3, top);
    expect(() => game.apply(s, 0, draw())).toThrow(/only before the second field/);
    expect(() => game.apply(s, 1, third(0, true))).toThrow(/no third card/);
    expect(() => game.apply(s, 0, dealerThird(true))).toThrow(/after looking/);
    expect(() => game.apply(s, 1, { type: 'fold' } as unknown as Action)).toThrow(/unknown action/);
    expect(() => game.apply(s, 1, bet(4, 1))).toThrow(/four tableaus/);
    s = play(s, [1, bet(0, 5)], [1, done], [2, done]);
    expect(() => game.apply(s, 1, bet(0, 5))).toThrow(/betting is over/);
    expect(() => game.apply(s, 1, draw())).toThrow(/only the dealer/);
    s = play(s, [0, draw()]);
    expect(() => game.apply(s, 1, third(1, true))).toThrow(/tableau 0 is being asked/);
  });

  it('once the game is over everything is public', () => {
    const s = play(
      stacked(3, top, { rounds: 1 }),
      [1, bet(0, 5)],
      [1, done],
      [2, bet(1, 5)],
      [2, done],
      [0, draw()],
      [1, third(0, false)],
      [2, third(1, false)],
      [0, draw()],
    );
    expect(game.status(s).finished).toBe(true);
    const v = game.view(s, null) as View & { privateCards: Card[] };
    expect(v.privateCards).toEqual([null, 'TC', '9C']);
    expect(v.tableaus.map((t) => t.cards[1])).toEqual(['2H', 'AH', 'AD', '5H']);
    expect(v.dealerCards).toEqual(['6H', '3D']);
  });
});

describe('Oicho-Kabu: a state sampled from what a seat knows', () => {
  // Seat 1 bets on tableau 2 (5H, then 9H: 4, its choice: it stands), seat 2 on tableau 0 (2S, then
  // AS: 3, a compulsory third card TD). The dealer holds 3D and 2D: 5, his choice under the rule.
  const top: Card[] = ['7C', '8C', '2S', 'TS', '5H', '6S', '3D', 'AS', '4S', '9H', '7S', 'TD', '2D'];
  const moves: { seat: number; action: Action }[] = [
    { seat: 1, action: bet(2, 5) },
    { seat: 1, action: done },
    { seat: 2, action: bet(0, 5) },
    { seat: 2, action: done },
    { seat: 0, action: draw() },
    { seat: 1, action: third(2, false) },
    { seat: 0, action: draw() },
  ];
  const { state, seen } = playRead(game, stacked(3, top), moves, 3);
  const samples = (seat: number, log: SeenEvent[]) =>
    Array.from({ length: 40 }, (_, i) => game.sample?.(game.view(state, seat), seat, seedRng(`oicho ${i}`), log) as State);

  it('a sample for a seat that bet on tableau 2 keeps the second field it saw there', () => {
    expect(state.phase).toBe('dealerThird');
    for (const s of samples(1, seen[1])) {
      expect(s.tableaus[2].cards).toEqual(['5H', '9H']);
      expect(s.privateCards[1]).toBe('7C');
      expect(game.view(s, 1)).toEqual(game.view(state, 1));
    }
  });

  it('a hidden second field comes to what the third-card rule says of it', () => {
    // Seat 1 saw no choice made for tableau 0, which took a third card: 3 or less. Seat 2 saw seat 1 choose on tableau 2: 4 to 6.
    expect(secondFields(game.view(state, 1), seen[1])[0]).toEqual([0, 3]);
    expect(secondFields(game.view(state, 2), seen[2])[2]).toEqual([4, 6]);
    for (const s of samples(1, seen[1])) expect(totalModTen(s.tableaus[0].cards.slice(0, 2))).toBeLessThanOrEqual(3);
    for (const s of samples(2, seen[2])) expect(totalModTen(s.tableaus[2].cards.slice(0, 2))).toBeGreaterThanOrEqual(4);
    // A log that starts after the questions cannot tell a compulsory third card from a chosen one.
    expect(secondFields(game.view(state, 1), seen[1].slice(-1))[0]).toEqual([0, 6]);
  });

  it('a dealer deciding on his third card holds, for the others, neither shippin nor kuppin, and 4 to 6 under the rule', () => {
    for (const s of samples(2, seen[2])) {
      expect(dealerSpecial(s.dealerCards)).toBeNull();
      expect(totalModTen(s.dealerCards)).toBeGreaterThanOrEqual(4);
      expect(totalModTen(s.dealerCards)).toBeLessThanOrEqual(6);
    }
  });

  it('what a seat reads of the second fields holds for the real ones, all game long, from a whole log or its end', () => {
    let bound = 0;
    for (const seats of [2, 4, 7]) {
      for (let m = 0; m < 10; m++) {
        const options = resolveOptions(game, { dealerDrawRule: m % 2 === 0 }, seats) as Options;
        let s = game.setup({ seats, options, seed: `fields ${seats} ${m}` });
        let rng = seedRng(`moves ${seats} ${m}`);
        const log: SeenEvent[] = [];
        while (s.phase !== 'over') {
          for (let seat = 0; seat < seats; seat++) {
            for (const mine of [log, log.slice(-3)]) {
              secondFields(game.view(s, seat), mine).forEach(([lo, hi], t) => {
                if (s.tableaus[t].cards.length < 2) return;
                const total = totalModTen(s.tableaus[t].cards.slice(0, 2));
                expect(total >= lo && total <= hi).toBe(true);
                if (hi - lo < 9) bound++;
              });
            }
          }
          const mover = game.status(s).toAct[0];
          // Bets are one of some two hundred actions: done half the time keeps rounds of several bettors.
          const legal = game.legalActions(s, mover);
          let n: number;
          [n, rng] = randomInt(rng, 0, 2 * legal.length - 1);
          const action = legal[Math.min(n, legal.length - 1)];
          log.push({ seq: log.length + 1, seat: mover, kind: 'move', by: 'seat', action });
          s = game.apply(s, mover, action);
        }
      }
    }
    expect(bound).toBeGreaterThan(0);
  });
});

/** The cards `seat` may know in the round being played. */
function knowable(s: State, seat: number | null): Set<Card> {
  const known = new Set<Card>();
  if (seat !== null && s.privateCards[seat]) known.add(s.privateCards[seat]);
  for (const t of s.tableaus) {
    t.cards.forEach((c, k) => {
      if (k !== 1 || (seat !== null && t.bets[seat] > 0)) known.add(c);
    });
  }
  s.dealerCards.forEach((c, k) => {
    if (k === 2 || (seat === s.dealer && s.phase === 'dealerThird')) known.add(c);
  });
  return known;
}

/** Every card in one place, chips conserved and never below zero, bets within the round limit. */
function invariant(s: State) {
  assertConserved(
    [s.privateCards.flatMap((c) => (c ? [c] : [])), ...s.tableaus.map((t) => t.cards), s.dealerCards, s.deck],
    aceToTenDeck(),
  );
  const total = s.chips.length * s.options.startingChips;
  if (chipsTotal(s) !== total) throw new Error(`chips not conserved: ${chipsTotal(s)} of ${total}`);
  if (s.chips.some((c) => c < 0)) throw new Error('a seat holds fewer than no chips');
  if (s.phase !== 'over' && s.tableaus.reduce((sum, t) => sum + t.bets.reduce((a, b) => a + b, 0), 0) > roundLimit(s)) {
    throw new Error('bets over the round limit');
  }
}

/** No card a seat may not know in the round being played; the last round and the dealer draw are public history. */
function checkView(s: State, seat: number | null, v: unknown) {
  if (s.phase === 'over') return;
  const known = knowable(s, seat);
  assertHidden(
    { ...(v as object), lastRound: null, dealerDraw: null },
    aceToTenDeck().filter((c) => !known.has(c)),
    seat,
  );
}

describe('Oicho-Kabu: seeded random games', () => {
  const OPTIONS = { ties: 'push', dealerDrawRule: false, maxBet: 120, rounds: 10, startingChips: 150 };
  const SEATS = [2, 3, 4, 5, 6, 7];
  const configs = (perSeats: number, withOptions: number, label: string) => [
    ...SEATS.map((seats) => ({ seats, matches: perSeats, label: `${seats} seats${label}` })),
    ...[3, 6].map((seats) => ({
      seats,
      options: OPTIONS,
      matches: withOptions,
      label: `${seats} seats, push ties, no dealer draw rule, a higher limit and ten rounds${label}`,
    })),
  ];
  // A seat betting has some 200 actions (1 to 50 chips on each tableau), and a thorough step posts
  // each of them and checks it against the whole list: some 80 ms a match, the first step always
  // being thorough. So a few matches post every action every fifth step, and many more check only
  // the views (every step), the first actions listed and the default actions.
  const thorough = conformance<State>(game, {
    configs: configs(6, 5, ', every action every fifth step'),
    everyActionEvery: 5,
    maxMoves: 1_000,
    invariant,
    checkView,
  });
  const broad = conformance<State>(game, {
    configs: configs(50, 30, ''),
    everyActionEvery: 0,
    maxMoves: 1_000,
    invariant,
    checkView,
  });
  // The second list repeats the first list's check that the game declares a view schema and a default action.
  for (const c of [...thorough, ...broad.slice(1)]) it(c.name, c.run);
});

describe('Oicho-Kabu: the clock', () => {
  const top = ['TC', '9C', '2S', '5S', '8S', '3S', '6H', '2H', 'AH', 'AD', '5H', '3D', '2C'];

  it('a bettor whose time runs out bets nothing more', () => {
    const s = play(stacked(3, top), [1, bet(0, 5)]);
    expect(game.defaultAction?.(s, 1)).toEqual(done);
  });

  it('a dealer whose time runs out draws the top card', () => {
    const s = play(stacked(3, top), [1, bet(0, 5)], [1, done], [2, done]);
    expect(game.defaultAction?.(s, 0)).toEqual(draw('top'));
  });

  it('a decider whose time runs out takes no third card where it may choose', () => {
    // Tableau 0: 2♠ and the 2♥ of the second field make 4: seat 1 may choose.
    const s = play(stacked(3, top), [1, bet(0, 5)], [1, done], [2, done], [0, draw()]);
    expect(game.status(s).toAct).toEqual([1]);
    expect(game.defaultAction?.(s, 1)).toEqual(third(0, false));
  });
});
