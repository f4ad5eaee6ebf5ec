import { describe, expect, it } from 'vitest';
import { type Card, rankOf, sameCards, seedRng, standardDeck } from '../../cards';
import {
  assertConserved,
  assertHidden,
  conformance,
  decide,
  IllegalMove,
  playMove,
  playRead,
  resolveOptions,
  SetupError,
} from '../../engine';
import { type Action, diloti as game, LIST_LIMIT, type Options, type State, scoreDeal, type View } from '.';
import { pips } from './plays';

const ALL = standardDeck();

function options(given: Partial<Options> = {}, seats = 2): Options {
  return resolveOptions(game, given, seats) as Options;
}

/** Seat 0 deals the first deal: seat 1 gets the top card, one at a time around the table. */
function interleave(hands: Card[][]): Card[] {
  const seats = hands.length;
  const out: Card[] = [];
  for (let i = 0; i < 6; i++) for (let k = 1; k <= seats; k++) out.push(hands[k % seats][i]);
  return out;
}

/** The stacked cards on top, then the rest of the deck in its canonical order. */
const withRest = (top: Card[]): Card[] => [...top, ...ALL.filter((c) => !top.includes(c))];

/** A first deal on a stacked deck: six cards for each seat (by seat), the four table cards, the rest as the stock. */
function dealt(hands: Card[][], table: Card[], given: Partial<Options> = {}): State {
  const seats = hands.length;
  const deck = withRest([...interleave(hands), ...table]);
  return game.setup({ seats, options: options(given, seats), seed: 'stacked', deck });
}

const act = (s: State, seat: number, action: Action): State => playMove(game, s, seat, action);
const lay = (card: Card): Action => ({ type: 'lay', card });
const capture = (card: Card): Action => ({ type: 'capture', card });
const take = (group: Card[]): Action => ({ type: 'take', group });
const declare = (card: Card, value: number): Action => ({ type: 'declare', card, value });
const add = (group: Card[]): Action => ({ type: 'add', group });
const done: Action = { type: 'done' };

function refused(s: State, seat: number, action: Action, reason: RegExp) {
  expect(() => game.apply(s, seat, action)).toThrow(IllegalMove);
  expect(() => game.apply(s, seat, action)).toThrow(reason);
  expect(() => playMove(game, s, seat, action)).toThrow(IllegalMove);
}

/** The cards in a side's won pile (face down during play; the state is the truth). */
const pile = (s: State, side: number) => s.won[side];

/** A turn of a scripted deal: the card played, and for a capture the groups it must have taken. */
interface Turn {
  action: Action & { card: Card };
  took?: Card[][];
}
const laid = (card: Card): Turn => ({ action: { type: 'lay', card } });
/** A capture with a single possible group, which is taken at once. */
const paired = (card: Card, group: Card[]): Turn => ({ action: { type: 'capture', card }, took: [group] });
/** Seat 1 lays a, seat 0 lays b, seat 1 pairs b with b2, seat 0 pairs a with a2: two cards to each side. */
const block = (a: Card, a2: Card, b: Card, b2: Card): Turn[] => [laid(a), laid(b), paired(b2, [b]), paired(a2, [a])];

/**
 * A two-seat deal from its turns: each turn's card comes from the hand of the seat whose turn it is
 * (seat 1, 0, 1, 0...), so the hands of each round of six, and the stacked deck, follow from the script.
 * Plays the first `played` turns, checking that each capture took what the script says.
 */
function playScript(table: Card[], turns: Turn[], given: Partial<Options> = {}, played = turns.length): State {
  const rounds: Card[][][] = [];
  turns.forEach((turn, i) => {
    const round = Math.floor(i / 12);
    rounds[round] ??= [[], []];
    rounds[round][(1 + i) % 2].push(turn.action.card);
  });
  const deck = withRest([...interleave(rounds[0]), ...table, ...rounds.slice(1).flatMap(interleave)]);
  let s = game.setup({ seats: 2, options: options(given), seed: 'scripted', deck });
  for (const [i, turn] of turns.slice(0, played).entries()) {
    const deals = s.deals.length;
    s = act(s, (1 + i) % 2, turn.action);
    // The play that ends a deal is checked by the deal's score instead.
    if (turn.took && s.deals.length === deals) expect(s.lastPlay).toMatchObject({ card: turn.action.card, taken: turn.took });
  }
  return s;
}

describe('Diloti: the deal', () => {
  it('deals six cards to each seat one at a time from the dealer’s left and four face up; the left of the dealer plays first', () => {
    const hands = [
      ['AS', '2S', '3S', '4S', '5S', '6S'],
      ['AH', '2H', '3H', '4H', '5H', '6H'],
    ];
    const s = dealt(hands, ['7C', '8C', '9C', 'TC']);
    expect(s.hands).toEqual(hands);
    expect(s.table).toEqual(['7C', '8C', '9C', 'TC']);
    expect(s.stock).toHaveLength(52 - 12 - 4);
    expect(s.dealer).toBe(0);
    expect(game.status(s).toAct).toEqual([1]);
    const four = dealt(
      [0, 1, 2, 3].map((k) => ALL.slice(6 * k, 6 * k + 6)),
      ['AC', '2C', '3C', '4C'],
    );
    expect(four.stock).toHaveLength(52 - 24 - 4);
    expect(four.hands[2]).toEqual(ALL.slice(12, 18));
  });

  it('three or more of one rank among the four table cards go back into the stock, which is shuffled, and four more are dealt', () => {
    const hands = [
      ['AS', '2S', '3S', '4S', '5S', '6S'],
      ['AH', '2H', '3H', '4H', '5H', '6H'],
    ];
    const s = dealt(hands, ['9C', '9D', '9H', 'TC']);
    expect(s.hands).toEqual(hands);
    expect(s.table).toHaveLength(4);
    expect(s.table.some((c) => s.table.filter((o) => rankOf(o) === rankOf(c)).length >= 3)).toBe(false);
    expect(
      sameCards(
        [...s.table, ...s.stock],
        ALL.filter((c) => !hands.flat().includes(c)),
      ),
    ).toBe(true);
  });

  it('is played by two seats or by four in partnerships, never three', () => {
    expect(() => resolveOptions(game, {}, 3)).toThrow(SetupError);
    expect(() => resolveOptions(game, {}, 4)).not.toThrow();
    expect(options().target).toBe(61);
  });
});

describe('Diloti: laying and capturing', () => {
  const hands = [
    ['8S', '5H', 'KC', '2D', 'TH', 'QD'],
    ['2S', '5S', '6C', '9D', 'JH', 'KD'],
  ];
  const table = ['8C', '6H', '5D', '3C'];

  it('a card may be laid even when it could capture: capturing is never compulsory', () => {
    const s = dealt(hands, table);
    expect(game.legalActions(s, 1)).toContainEqual(lay('5S'));
    expect(game.legalActions(s, 1)).toContainEqual(capture('5S'));
    const next = act(s, 1, lay('5S'));
    expect(next.table).toEqual([...table, '5S']);
    expect(next.hands[1]).not.toContain('5S');
  });

  it('an 8 on 8, 6, 5, 3 and 2 captures all five in one play: 8 alone, 5+3 and 6+2 (a xeri after the first play)', () => {
    let s = act(dealt(hands, table), 1, lay('2S'));
    s = act(s, 0, capture('8S'));
    // Nothing is taken yet: the seat chooses the first group among all three (each listed in the canonical order).
    expect(game.legalActions(s, 0)).toEqual([take(['8C']), take(['2S', '6H']), take(['3C', '5D'])]);
    refused(s, 0, done, /8S has captured nothing yet/);
    refused(s, 0, lay('5H'), /finish the play in progress with 8S first/);
    refused(s, 0, take(['6H', '5D']), /add up to 11, more than the 8 needed/);
    refused(s, 0, add(['6H', '2S']), /no declaration in progress/);
    expect(game.view(s, 1)).toMatchObject({ phase: 'capturing', pending: { kind: 'capture', seat: 0, card: '8S', taken: [] } });
    s = act(s, 0, take(['8C']));
    expect(game.legalActions(s, 0)).toEqual([take(['2S', '6H']), take(['3C', '5D']), done]);
    s = act(s, 0, take(['5D', '3C']));
    // The last group ends the capture by itself: nothing is left to take.
    s = act(s, 0, take(['6H', '2S']));
    expect(s.table).toEqual([]);
    expect(sameCards(pile(s, 0), ['8S', '8C', '5D', '3C', '6H', '2S'])).toBe(true);
    expect(s.xeris).toEqual([1, 0]);
    expect(s.lastPlay).toMatchObject({ seat: 0, card: '8S', kind: 'capture', xeri: true });
    expect(game.status(s).toAct).toEqual([1]);
  });

  it('the play offers every collection of disjoint groups, one group at a time, and may stop after any of them', () => {
    const s = act(act(dealt(hands, table), 1, lay('2S')), 0, capture('8S'));
    const collections = new Set<string>();
    const explore = (at: State, taken: Card[][]) => {
      if (at.pending === null) {
        collections.add(
          taken
            .map((g) => g.join('+'))
            .sort()
            .join(', '),
        );
        return;
      }
      for (const a of game.legalActions(at, 0)) explore(game.apply(at, 0, a), a.type === 'take' ? [...taken, a.group] : taken);
    };
    explore(s, []);
    expect([...collections].sort()).toEqual(
      ['8C', '3C+5D', '2S+6H', '3C+5D, 8C', '2S+6H, 8C', '2S+6H, 3C+5D', '2S+6H, 3C+5D, 8C'].sort(),
    );
  });

  it('a capture may stop early: the rest stays on the table and it is no xeri', () => {
    let s = act(act(dealt(hands, table), 1, lay('2S')), 0, capture('8S'));
    s = act(s, 0, take(['5D', '3C']));
    s = act(s, 0, done);
    expect(s.table).toEqual(['8C', '6H', '2S']);
    expect(s.xeris).toEqual([0, 0]);
    expect(s.lastCapturer).toBe(0);
  });

  it('a capture with a single possible group takes it at once', () => {
    const s = act(dealt(hands, table), 1, capture('9D'));
    // 9 = 6 + 3 only.
    expect(s.lastPlay).toMatchObject({ card: '9D', taken: [['6H', '3C']] });
    expect(s.table).toEqual(['8C', '5D']);
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('a face card captures every table card of its rank at once', () => {
    let s = dealt(hands, ['KS', '4H', 'KH', '3C']);
    expect(game.legalActions(s, 1)).toContainEqual(capture('KD'));
    refused(s, 1, capture('JH'), /no J on the table/);
    s = act(s, 1, capture('KD'));
    expect(s.table).toEqual(['4H', '3C']);
    expect(sameCards(pile(s, 1), ['KD', 'KS', 'KH'])).toBe(true);
  });

  it('refuses a move out of turn, a card not held, a wrong sum, a face card in a sum, a card named twice', () => {
    let s = dealt(
      [
        ['9S', '5H', 'KC', '2D', 'TH', 'QD'],
        ['2S', '5S', '6C', '7D', 'JH', 'KD'],
      ],
      ['5D', '3C', '4H', 'QS'],
    );
    refused(s, 0, lay('9S'), /seat 1's turn/);
    refused(s, 1, lay('8S'), /not in your hand/);
    refused(s, 1, capture('2S'), /nothing on the table is worth 2/);
    refused(s, 1, done, /nothing in progress/);
    refused(s, 1, take(['5D']), /no capture in progress/);
    s = act(s, 1, lay('2S'));
    // 9 = 5 + 4, or 3 + 4 + 2.
    s = act(s, 0, capture('9S'));
    refused(s, 0, take(['5D', '3C']), /add up to 8: name a whole group worth 9/);
    refused(s, 0, take(['5D', '4H', 'QS']), /face cards have no value/);
    refused(s, 0, take(['5D', '5D']), /only once/);
    refused(s, 0, take(['7H', '2S']), /7H is not on the table/);
    refused(s, 0, take(['5D', '4H', '2S']), /add up to 11, more than the 9 needed/);
    s = act(s, 0, take(['3C', '4H', '2S']));
    expect(s.table).toEqual(['5D', 'QS']);
  });

  it('a group is a set: named in any order it is the same group, logged in the canonical order', () => {
    const hands = [
      ['9S', '5H', 'KC', '2D', 'TH', 'QD'],
      ['2S', '5S', '6C', '7D', 'JH', 'KD'],
    ];
    let s = act(dealt(hands, ['5D', '3C', '4H', 'QS']), 1, lay('2S'));
    s = act(s, 0, capture('9S'));
    // 9 = 5 + 4, or 3 + 4 + 2: listed by rank, then suit.
    expect(game.legalActions(s, 0)).toEqual([take(['4H', '5D']), take(['2S', '3C', '4H'])]);
    expect(decide(game, s, 0, take(['5D', '4H'])).action).toEqual(take(['4H', '5D']));
    s = act(s, 0, take(['4H', '2S', '3C']));
    expect(s.table).toEqual(['5D', 'QS']);
    // The state keeps the group as it lay on the table.
    expect(s.lastPlay?.taken).toEqual([['3C', '4H', '2S']]);
  });

  it('a crowded table offers a group one card at a time, so the list stays short', () => {
    const lays = (cards: Card[]) => cards.map(laid);
    const turns: Turn[] = [
      ...lays(['AS', '3H', '2S', '4H', '3S', 'AD', '4S', '2D', 'AH', '3D', '2H', '4D']),
      ...lays(['AC', '5C', '2C', '6C', '3C', '7S', '4C', '7H', '5D', '7D', '6D', '7C']),
      ...lays(['TS', '9S', 'TH', '9H', 'TD', '9D', 'TC', '9C', '8S', '8D', '8H', '8C']),
    ];
    let s = playScript(['5S', '5H', '6S', '6H'], turns, {}, 24);
    expect(s.table).toHaveLength(28);
    expect(game.legalActions(s, 1).length).toBeLessThan(60);
    s = act(s, 1, capture('TS'));
    // Hundreds of sets of these small cards make 10: each card that can start one is offered alone.
    const first = game.legalActions(s, 1);
    expect(first.every((a) => a.type === 'take' && a.group.length === 1)).toBe(true);
    // A group is named in table order: the last card, 7C, has nothing after it to make 10 with.
    expect(first).toContainEqual(take(['5S']));
    expect(first).not.toContainEqual(take(['7C']));
    expect(first.length).toBeLessThan(28);
    refused(s, 1, take(['5S', '5H']), /too many ways to make 10 to list them all: add one card at a time/);
    s = act(s, 1, take(['5S']));
    expect(s.pending).toMatchObject({ open: ['5S'] });
    expect(game.view(s, 0)).toMatchObject({ pending: { needs: 5 } });
    refused(s, 1, done, /finish the group in progress first: it needs 5 more/);
    while (s.pending?.open.length) {
      const next = game.legalActions(s, 1);
      expect(next.length).toBeLessThanOrEqual(Math.max(LIST_LIMIT, s.table.length) + 1);
      s = act(s, 1, next[0]);
    }
    // Many more groups of 10 remain: the capture goes on, with the first group taken.
    const taken = s.pending?.kind === 'capture' ? s.pending.taken : [];
    expect(taken).toHaveLength(1);
    const [group] = taken;
    expect(group[0]).toBe('5S');
    expect(group.reduce((n, c) => n + (pips(c) ?? 0), 0)).toBe(10);
  });
});

describe('Diloti: xeri', () => {
  it('a capture that sweeps the table on the very first play of the deal is no xeri; later sweeps are', () => {
    const hands = [
      ['7S', '5H', 'KC', '2D', '8H', 'QD'],
      ['TS', '7D', '6C', '9D', 'JH', 'KD'],
    ];
    let s = dealt(hands, ['AS', '2C', '3H', '4C']);
    s = act(s, 1, capture('TS'));
    expect(s.table).toEqual([]);
    expect(s.lastPlay).toMatchObject({ taken: [['AS', '2C', '3H', '4C']], xeri: false });
    expect(s.xeris).toEqual([0, 0]);
    s = act(s, 0, lay('7S'));
    s = act(s, 1, capture('7D'));
    expect(s.xeris).toEqual([0, 1]);
    expect(s.lastPlay?.xeri).toBe(true);
  });
});

describe('Diloti: regular declarations', () => {
  const hands = [
    ['2D', 'TC', '5H', '9S', '4C', 'KS'],
    ['5C', 'TH', '7D', '9C', 'JD', '3D'],
  ];
  const table = ['2S', '3H', 'KD', 'QC'];

  it('a card played onto table cards forms a declaration of their total, which the former must be able to capture', () => {
    let s = dealt(hands, table);
    // Each with a card of the value kept in hand: 5 + 2 = 7, 5 + 2 + 3 = 10, 7 + 2 = 9, 7 + 3 = 10, 3 + 2 = 5.
    expect(game.legalActions(s, 1).filter((a) => a.type === 'declare')).toEqual([
      declare('5C', 7),
      declare('5C', 10),
      declare('7D', 9),
      declare('7D', 10),
      declare('3D', 5),
    ]);
    refused(s, 1, declare('5C', 8), /to declare 8 you must keep a card worth 8/);
    refused(s, 1, declare('JD', 10), /face cards have no value/);
    refused(s, 1, declare('9C', 11), /no card captures more than 10/);
    refused(s, 1, declare('9C', 7), /worth at least 9/);
    s = act(s, 1, declare('5C', 10));
    expect(s.declarations).toEqual([{ sets: [['5C', '2S', '3H']], value: 10, owner: 1 }]);
    expect(s.table).toEqual(['KD', 'QC']);
    expect(s.lastPlay).toMatchObject({ kind: 'declare', declaration: { value: 10 }, raised: null });
  });

  it('a declaration is captured only whole, by a card of its value', () => {
    let s = act(dealt(hands, table), 1, declare('5C', 10));
    refused(s, 0, capture('2D'), /nothing on the table is worth 2/);
    refused(s, 0, capture('5H'), /nothing on the table is worth 5/);
    s = act(s, 0, capture('TC'));
    expect(s.declarations).toEqual([]);
    expect(sameCards(pile(s, 0), ['TC', '5C', '2S', '3H'])).toBe(true);
    // The former is freed: it may lay again.
    expect(game.legalActions(s, 1)).toContainEqual(lay('7D'));
  });

  it('an opponent may raise it with a card from the hand; the obligation passes to the raiser', () => {
    let s = act(dealt(hands, table), 1, declare('3D', 5));
    expect(s.declarations).toEqual([{ sets: [['3D', '2S']], value: 5, owner: 1 }]);
    // Raising needs the new value in hand: 5 + 2 = 7, and seat 0 holds no 7; 5 + 4 = 9 with the 9 of spades.
    refused(s, 0, declare('2D', 7), /keep a card worth 7/);
    expect(game.legalActions(s, 0)).toContainEqual(declare('4C', 9));
    s = act(s, 0, declare('4C', 9));
    expect(s.declarations).toEqual([{ sets: [['3D', '2S', '4C']], value: 9, owner: 0 }]);
    expect(s.lastPlay).toMatchObject({ kind: 'declare', raised: 5 });
    // Seat 1 is free again; seat 0 now carries the restrictions.
    expect(game.legalActions(s, 1)).toContainEqual(lay('7D'));
    s = act(s, 1, lay('7D'));
    expect(game.legalActions(s, 0).some((a) => a.type === 'lay')).toBe(false);
    refused(s, 0, declare('5H', 10), /the only declaration you may form is a group of 9s/);
  });

  it('a seat holding a declaration may not lay, declare anew or raise, and keeps its last card of the value for it', () => {
    const h = [
      ['2D', '7C', '8H', 'AC', '4C', 'KS'],
      ['3C', '7H', '5S', '2H', '9C', 'JS'],
    ];
    let s = dealt(h, ['4S', '7D', 'KH', 'QC']);
    s = act(s, 1, declare('3C', 7));
    // 3 + 4 make the first set; the loose 7 could join as a second set of 7s: the former may stop there.
    expect(game.legalActions(s, 1)).toEqual([add(['7D']), done]);
    s = act(s, 1, done);
    // The ace makes 8 with the loose 7, or by raising seat 1's 7: seat 0 chooses the loose 7.
    s = act(s, 0, declare('AC', 8));
    expect(game.legalActions(s, 0)).toEqual([add(['7D']), add(['3C', '4S'])]);
    s = act(s, 0, add(['7D']));
    expect(s.declarations).toEqual([
      { sets: [['3C', '4S']], value: 7, owner: 1 },
      { sets: [['AC', '7D']], value: 8, owner: 0 },
    ]);
    expect(game.legalActions(s, 1).some((a) => a.type === 'lay')).toBe(false);
    refused(s, 1, lay('5S'), /declaration of 7 to capture: you cannot lay a card/);
    refused(s, 1, declare('9C', 9), /the only declaration you may form is a group of 7s/);
    // Raising the opponent's 8 with the 2 would bind it to a second declaration, of 10.
    refused(s, 1, declare('2H', 10), /the only declaration you may form is a group of 7s/);
    // Its only 7 may capture nothing but its own declaration, which it takes at once.
    expect(game.legalActions(s, 1).filter((a) => a.type !== 'declare')).toEqual([capture('7H')]);
    s = act(s, 1, capture('7H'));
    expect(s.lastPlay).toMatchObject({ taken: [['3C', '4S']] });
    expect(s.declarations.map((d) => d.value)).toEqual([8]);
    s = act(s, 0, capture('8H'));
    expect(game.legalActions(s, 1)).toContainEqual(lay('5S'));
  });

  it('a holder with two cards of the value may use one of them elsewhere; the last one must take its declaration first', () => {
    const h = [
      ['2D', '8C', '6H', 'AC', '4C', 'KS'],
      ['3C', '7H', '7C', '2H', '9C', 'JS'],
    ];
    let s = dealt(h, ['4S', '7D', 'KH', 'QC']);
    s = act(s, 1, declare('3C', 7));
    s = act(s, 1, done);
    s = act(s, 0, lay('AC'));
    s = act(s, 1, capture('7C'));
    expect(game.legalActions(s, 1)).toEqual([take(['7D']), take(['3C', '4S'])]);
    s = act(s, 1, take(['7D']));
    s = act(s, 1, done);
    s = act(s, 0, lay('6H'));
    // The ace and the six make 7, but 7H is now its last 7: its declaration is taken first, then the rest may follow.
    s = act(s, 1, capture('7H'));
    expect(s.pending).toMatchObject({ taken: [['3C', '4S']] });
    expect(game.legalActions(s, 1)).toEqual([take(['AC', '6H']), done]);
    s = act(s, 1, take(['AC', '6H']));
    expect(s.declarations).toEqual([]);
    expect(sameCards(pile(s, 1), ['7C', '7D', '7H', '3C', '4S', 'AC', '6H'])).toBe(true);
  });

  it('a seat may not raise its partner’s declaration', () => {
    // Four seats: 1 and 3 are partners against 0 and 2. Seat 1 plays first.
    const h = [
      ['2D', '8C', '6H', 'AC', '4C', 'KS'],
      ['3C', '7H', '7C', '2H', '9C', 'JS'],
      ['5D', '9H', 'QH', 'JC', '8D', '6S'],
      ['2C', '9S', '4D', '5C', 'TD', 'KC'],
    ];
    let s = dealt(h, ['4S', '3H', 'KH', 'QC']);
    s = act(s, 1, declare('3C', 7));
    s = act(s, 2, lay('QH'));
    refused(s, 3, declare('2C', 9), /cannot raise your partner's declaration/);
    expect(game.legalActions(s, 3)).not.toContainEqual(declare('2C', 9));
  });
});

describe('Diloti: group declarations', () => {
  it('a group declaration: sets of equal value, one of them with the card played (2 on 6, and 4 + 4 beside it: a group of 8s)', () => {
    const h = [
      ['2D', '8C', '6H', 'AC', '9C', 'KS'],
      ['2S', '8H', '5S', '7H', 'TC', 'JS'],
    ];
    let s = dealt(h, ['6S', '4H', '4D', 'QC']);
    s = act(s, 1, declare('2S', 8));
    expect(game.legalActions(s, 1)).toEqual([add(['4H', '4D']), done]);
    s = act(s, 1, add(['4H', '4D']));
    expect(s.declarations).toEqual([
      {
        sets: [
          ['2S', '6S'],
          ['4H', '4D'],
        ],
        value: 8,
        owner: 1,
      },
    ]);
    expect(s.table).toEqual(['QC']);
    // A group declaration cannot be raised (8 + 1 = 9 with the 9 of clubs).
    refused(s, 0, declare('AC', 9), /a group declaration cannot be raised/);
    // An 8 captures all four cards at once; the queen stays, so it is no xeri.
    s = act(s, 0, capture('8C'));
    expect(sameCards(pile(s, 0), ['8C', '2S', '6S', '4H', '4D'])).toBe(true);
    expect(s.xeris).toEqual([0, 0]);
  });

  it('a card alone is no declaration: it may start a group only with another set of its value to join', () => {
    const h = [
      ['2D', '8C', '6H', 'AC', '9C', 'KS'],
      ['5D', '5S', '8H', '7H', 'TC', 'JS'],
    ];
    const s = dealt(h, ['6S', '4H', '2H', 'QC']);
    refused(s, 1, declare('8H', 8), /keep a card worth 8/);
    refused(s, 1, declare('5D', 5), /a card alone is not a declaration: there is no other set worth 5/);
    let five = act(dealt(h, ['5C', '4H', 'AD', 'QC']), 1, declare('5D', 5));
    refused(five, 1, done, /a 5D alone is not a declaration: add another set worth 5/);
    expect(game.legalActions(five, 1)).toEqual([add(['5C']), add(['AD', '4H'])]);
    five = act(five, 1, add(['5C']));
    five = act(five, 1, done);
    expect(five.declarations).toEqual([{ sets: [['5D'], ['5C']], value: 5, owner: 1 }]);
    expect(five.table).toEqual(['4H', 'AD', 'QC']);
  });

  it('Alpha makes 7 with a 3 on a 4; Bravo raises it to 9 with a 2 and groups it with a 9 on the table; a 9 takes all four', () => {
    const h = [
      ['2D', '9S', '6H', 'AC', '4C', 'KS'],
      ['3C', '7H', '9H', '2H', '8C', 'JS'],
    ];
    let s = dealt(h, ['4S', '9D', 'KH', 'QC']);
    s = act(s, 1, declare('3C', 7));
    s = act(s, 0, declare('2D', 9));
    // Nothing loose makes 7 with the 2: it goes onto Alpha's 7 at once; the 9 on the table may join.
    expect(game.legalActions(s, 0)).toEqual([add(['9D']), done]);
    s = act(s, 0, add(['9D']));
    expect(s.declarations).toEqual([{ sets: [['3C', '4S', '2D'], ['9D']], value: 9, owner: 0 }]);
    expect(s.lastPlay).toMatchObject({ kind: 'declare', raised: 7 });
    // Alpha is freed, Bravo is bound.
    expect(game.legalActions(s, 1)).toContainEqual(lay('2H'));
    s = act(s, 1, capture('9H'));
    expect(sameCards(pile(s, 1), ['9H', '3C', '4S', '2D', '9D'])).toBe(true);
    expect(s.declarations).toEqual([]);
  });

  it('a seat may take its own pending declaration into a new group of the same value: the only way to declare again', () => {
    const h = [
      ['2D', '9S', '6H', 'AC', '4C', 'KS'],
      ['5C', '8H', '6S', '8S', '3S', 'JS'],
    ];
    let s = dealt(h, ['3D', '2C', 'KH', 'QC']);
    s = act(s, 1, declare('5C', 8));
    s = act(s, 0, lay('AC'));
    // Only groups of 8s that take the declaration of 8 in: 6 + 2, or an 8 alone beside it.
    expect(game.legalActions(s, 1).filter((a) => a.type === 'declare')).toEqual([
      declare('8H', 8),
      declare('6S', 8),
      declare('8S', 8),
    ]);
    s = act(s, 1, declare('6S', 8));
    expect(s.declarations).toEqual([
      {
        sets: [
          ['6S', '2C'],
          ['5C', '3D'],
        ],
        value: 8,
        owner: 1,
      },
    ]);
    // The holder of a group declaration may only capture.
    s = act(s, 0, lay('6H'));
    expect(game.legalActions(s, 1).every((a) => a.type === 'capture')).toBe(true);
    refused(s, 1, declare('3S', 3), /capture your group declaration of 8s before you declare again/);
  });

  it('a holder may raise an opponent’s declaration to the value of its own, which joins it in a group', () => {
    const h = [
      ['3S', '7C', '6H', 'AC', '4C', 'KS'],
      ['5C', '9H', '2H', 'AD', '8C', 'JS'],
    ];
    let s = dealt(h, ['4D', '4S', 'KH', 'QC']);
    s = act(s, 1, declare('5C', 9));
    expect(game.legalActions(s, 1)).toEqual([add(['4D']), add(['4S'])]);
    s = act(s, 1, add(['4D']));
    s = act(s, 0, declare('3S', 7));
    expect(s.declarations.map((d) => [d.value, d.owner])).toEqual([
      [9, 1],
      [7, 0],
    ]);
    // 7 + 1 = 8 would be a second declaration; 7 + 2 = 9 is a group of 9s with its own.
    refused(s, 1, declare('AD', 8), /the only declaration you may form is a group of 9s/);
    s = act(s, 1, declare('2H', 9));
    expect(s.declarations).toEqual([
      {
        sets: [
          ['3S', '4S', '2H'],
          ['5C', '4D'],
        ],
        value: 9,
        owner: 1,
      },
    ]);
    expect(game.legalActions(s, 0)).toContainEqual(lay('6H'));
  });

  it('a seat may group its partner’s declaration: the partner is freed and the grouper holds it', () => {
    const h = [
      ['2D', '8C', '6H', 'AC', '4C', 'KS'],
      ['3C', '7H', '7C', '2H', '9C', 'JS'],
      ['5D', '9H', 'QH', 'JC', '8D', '6S'],
      ['7S', '9S', '4D', '5C', 'TD', 'KC'],
    ];
    let s = dealt(h, ['4S', '3H', 'KH', 'QC']);
    s = act(s, 1, declare('3C', 7));
    s = act(s, 2, lay('QH'));
    // With a single 7, seat 3 cannot set it beside the declaration; it plays 4D onto 3H for a second 7 instead.
    refused(s, 3, declare('7S', 7), /keep a card worth 7/);
    s = act(s, 3, declare('4D', 7));
    expect(game.legalActions(s, 3)).toEqual([add(['3C', '4S']), done]);
    s = act(s, 3, add(['3C', '4S']));
    expect(s.declarations).toEqual([
      {
        sets: [
          ['4D', '3H'],
          ['3C', '4S'],
        ],
        value: 7,
        owner: 3,
      },
    ]);
    s = act(s, 0, lay('6H'));
    expect(game.legalActions(s, 1)).toContainEqual(lay('2H'));
    // Partners share one pile: seat 1 captures the group for its side.
    s = act(s, 1, capture('7H'));
    expect(sameCards(pile(s, 1), ['7H', '4D', '3H', '3C', '4S'])).toBe(true);
  });
});

describe('Diloti: a deal played out and scored', () => {
  /**
   * The four table cards (two kings, two queens) stay down most of the deal, so no play sweeps the table.
   * Seat 1 takes the kings once (K♣ on K♦, K♠, K♥); the queens are laid and left for the last capturer.
   */
  const tieTurns: Turn[] = [
    ...block('AS', 'AH', '2S', '2H'),
    ...block('3S', '3H', '4S', '4H'),
    ...block('5S', '5H', '6S', '6H'),
    ...block('7S', '7H', '8S', '8H'),
    ...block('9S', '9H', 'TS', 'TH'),
    ...block('JS', 'JH', 'AD', 'AC'),
    ...block('2D', '2C', '3D', '3C'),
    ...block('4D', '4C', '5D', '5C'),
    ...block('6D', '6C', '7D', '7C'),
    laid('8D'),
    laid('KD'),
    paired('KC', ['KS', 'KH', 'KD']),
    paired('8C', ['8D']),
    laid('QC'),
    laid('9D'),
    paired('9C', ['9D']),
    laid('QD'),
    ...block('TD', 'TC', 'JD', 'JC'),
  ];

  it('replenishes six cards each when the hands run out, from the stock', () => {
    const firstRound = playScript(['KS', 'KH', 'QS', 'QH'], tieTurns, {}, 12);
    expect(firstRound.hands.map((h) => h.length)).toEqual([6, 6]);
    expect(firstRound.stock).toHaveLength(24);
    expect(firstRound.hands[1]).toEqual(['7S', '8H', '9S', 'TH', 'JS', 'AC']);
    expect(game.status(firstRound).toAct).toEqual([1]);
  });

  it('a 26-26 tie for the most cards scores nobody; the last capturer takes the leftovers, which is no xeri', () => {
    const s = playScript(['KS', 'KH', 'QS', 'QH'], tieTurns);
    const [deal] = s.deals;
    // Seat 1: ten pair blocks (2 each: 20) + K♣ taking K♦ K♠ K♥ (4) + 9♣ taking 9♦ (2) = 26.
    // Seat 0: ten pair blocks (20) + 8♣ taking 8♦ (2) = 22, and the four queens left on the table = 26.
    expect(deal.cards).toEqual([26, 26]);
    expect(deal.mostCards).toBeNull();
    expect(deal.leftovers).toEqual({ side: 0, cards: ['QS', 'QH', 'QC', 'QD'] });
    expect(deal.xeris).toEqual([0, 0]);
    // Seat 0: A♠ A♥ (2) + 10♦ (2) + 2♣ (1) = 5; seat 1: A♦ A♣ (2) = 2. No 4 points for cards.
    expect(deal.aces).toEqual([2, 2]);
    expect(deal.tenOfDiamonds).toBe(0);
    expect(deal.twoOfClubs).toBe(0);
    expect(deal.points).toEqual([5, 2]);
    expect(s.scores).toEqual([5, 2]);
    // Below 61: the next deal is dealt by seat 1, and seat 0 (its left) plays first.
    expect(s.finished).toBe(false);
    expect(s.dealer).toBe(1);
    expect(game.status(s).toAct).toEqual([0]);
    expect(s.hands.map((h) => h.length)).toEqual([6, 6]);
    expect(s.table).toHaveLength(4);
  });

  it('every line: 10 a xeri, 4 for the most cards, 2 for the 10♦, 1 an ace, 1 for the 2♣', () => {
    const turns: Turn[] = [
      paired('9D', ['9C']),
      paired('4H', ['4D']),
      ...block('AS', 'AH', '2C', '2S'),
      ...block('3S', '3H', 'TD', 'TS'),
      laid('5S'),
      paired('5H', ['5S']),
      ...block('6S', '6H', '7S', '7H'),
      ...block('8S', '8H', 'JS', 'JH'),
      ...block('2D', '2H', 'AD', 'AC'),
      ...block('3D', '3C', '4S', '4C'),
      ...block('5D', '5C', '6D', '6C'),
      ...block('7D', '7C', '8D', '8C'),
      laid('QD'),
      laid('9S'),
      paired('9H', ['9S']),
      laid('TC'),
      paired('TH', ['TC']),
      laid('JC'),
      paired('JD', ['JC']),
      laid('KS'),
      laid('KH'),
      laid('KD'),
      paired('KC', ['KS', 'KH', 'KD']),
      // The very last card of the deal takes the three queens, all the table holds: a xeri.
      paired('QC', ['QS', 'QH', 'QD']),
    ];
    const s = playScript(['QS', 'QH', '9C', '4D'], turns);
    const [deal] = s.deals;
    // Seat 1: 9D 9C, 2S 2C, TS TD | 7H 7S, JH JS, AC AD | 4C 4S, 6C 6D, 8C 8D | 9H 9S, TH TC, JD JC, KC KS KH KD = 28.
    // Seat 0: 4H 4D, AH AS, 3H 3S, 5H 5S | 6H 6S, 8H 8S, 2H 2D | 3C 3D, 5C 5D, 7C 7D | QC QS QH QD = 24.
    expect(deal.cards).toEqual([24, 28]);
    expect(deal.leftovers).toEqual({ side: 0, cards: [] });
    expect(deal.xeris).toEqual([1, 0]);
    expect(deal.aces).toEqual([2, 2]);
    expect(deal.mostCards).toBe(1);
    expect(deal.tenOfDiamonds).toBe(1);
    expect(deal.twoOfClubs).toBe(1);
    // Seat 0: xeri 10 + aces 2 = 12. Seat 1: most cards 4 + aces 2 + 10♦ 2 + 2♣ 1 = 9.
    expect(deal.points).toEqual([12, 9]);
    expect(game.status(s).scores).toEqual([12, 9]);
  });

  it('the game ends after the deal in which a side reaches the target: the higher score wins', () => {
    const s = playScript(['KS', 'KH', 'QS', 'QH'], tieTurns, { target: 5 });
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([5, 2]);
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins 5 to 2 after 1 deal' });
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => playMove(game, s, 0, lay('AS'))).toThrow(/over/);
    // Everything is public once the game is over.
    expect((game.view(s, 1) as { wonCards: Card[][] }).wonCards[0]).toHaveLength(26);
  });

  it('equal scores at the end are a shared win; partners share their side’s score', () => {
    const s = playScript(['KS', 'KH', 'QS', 'QH'], tieTurns, { target: 5 });
    const level: State = { ...s, scores: [63, 63] };
    expect(game.status(level).result).toEqual({ winners: [0, 1], summary: 'a tie at 63 points each after 1 deal' });
    const four: State = { ...level, seats: 4, scores: [70, 61] };
    expect(game.status(four).scores).toEqual([70, 61, 70, 61]);
    expect(game.status(four).result).toEqual({ winners: [0, 2], summary: 'seats 0 and 2 win 70 to 61 after 1 deal' });
  });

  it('scores a deal from the won piles alone, line by line', () => {
    const side0 = ALL.filter((c) => c.endsWith('S') || c.endsWith('H'));
    const side1 = ALL.filter((c) => c.endsWith('D') || c.endsWith('C'));
    // 26-26: no 4 points. Side 0: A♠ A♥ = 2. Side 1: A♦ A♣ 2 + 10♦ 2 + 2♣ 1 + 2 xeris 20 = 25.
    expect(scoreDeal([side0, side1], [0, 2]).points).toEqual([2, 25]);
    // 27-25: 4 points more for side 0.
    expect(scoreDeal([[...side0, 'TD'], side1.filter((c) => c !== 'TD')], [1, 0]).points).toEqual([10 + 4 + 2 + 2, 2 + 1]);
  });
});

describe('Diloti: views', () => {
  it('a seat sees its own hand and only the counts of the others; a spectator sees no hand', () => {
    const h = [
      ['2D', '8C', '6H', 'AC', '4C', 'KS'],
      ['3C', '7H', '7C', '2H', '9C', 'JS'],
      ['5D', '9H', 'QH', 'JC', '8D', '6S'],
      ['7S', '9S', '4D', '5C', 'TD', 'KC'],
    ];
    const s = dealt(h, ['4S', '3H', 'KH', 'QC']);
    const v2 = game.view(s, 2) as { hand: Card[]; handCounts: number[]; stock: number; table: Card[] };
    expect(v2.hand).toEqual(h[2]);
    expect(v2.handCounts).toEqual([6, 6, 6, 6]);
    expect(v2.stock).toBe(24);
    expect(JSON.stringify(v2)).not.toContain('5C');
    expect((game.view(s, null) as { hand: unknown }).hand).toBeNull();
  });
});

/** Every card of the deck is in exactly one place, and every declaration is sound. */
function invariant(s: State) {
  const p = s.pending;
  assertConserved(
    [
      ...s.hands,
      s.stock,
      s.table,
      ...s.declarations.flatMap((d) => d.sets),
      ...s.won,
      // A play in progress holds its card (in the open set, or a finished one, of a declaration) and what it gathered.
      ...(p === null ? [] : p.kind === 'capture' ? [[p.card], ...p.taken, p.open] : [...p.forming.sets, p.open]),
    ],
    ALL,
  );
  const holders = s.declarations.map((d) => d.owner);
  if (new Set(holders).size !== holders.length) throw new Error('a seat holds two declarations');
  for (const d of s.declarations) {
    for (const set of d.sets) {
      if (set.reduce((n, c) => n + (pips(c) ?? 100), 0) !== d.value)
        throw new Error(`a set of ${set.join(' ')} is not worth ${d.value}`);
    }
    if (!s.finished && !s.hands[d.owner].some((c) => pips(c) === d.value)) {
      throw new Error(`seat ${d.owner} holds a declaration of ${d.value} without a card to capture it`);
    }
  }
  if (s.finished && Math.max(...s.scores) < s.target) throw new Error('the game ended short of the target');
  if (s.finished && s.seats === 4) {
    const { scores } = game.status(s);
    if (scores[0] !== scores[2] || scores[1] !== scores[3]) throw new Error('partners share one score');
  }
}

/** No view shows a card of another seat's hand or of the stock; a seat sees its own hand. */
function checkView(s: State, seat: number | null, view: unknown) {
  if (s.finished) return;
  // The score of the last deal names cards of that deal (its leftovers), which may be in today's hands.
  const now = { ...(view as View), lastDeal: null };
  assertHidden(now, [...s.stock, ...s.hands.flatMap((hand, owner) => (owner === seat ? [] : hand))], seat);
  if ((view as View).hand !== (seat === null ? null : s.hands[seat])) throw new Error('a seat sees its own hand');
}

describe('Diloti: the checks of the random matches', () => {
  it('catch a card lost or a hand shown to another seat', () => {
    const s = dealt(
      [
        ['2D', '8C', '6H', 'AC', '4C', 'KS'],
        ['3C', '7H', '7C', '2H', '9C', 'JS'],
      ],
      ['4S', '3H', 'KH', 'QC'],
    );
    expect(() => invariant(s)).not.toThrow();
    expect(() => invariant({ ...s, table: s.table.slice(1) })).toThrow(/not conserved/);
    expect(() => checkView(s, 0, game.view(s, 0))).not.toThrow();
    expect(() => checkView(s, 0, { ...game.view(s, 0), peek: s.hands[1][3] })).toThrow(/2H leaks to seat 0/);
    expect(() => checkView(s, null, { ...game.view(s, null), next: s.stock[0] })).toThrow(/leaks to a spectator/);
  });
});

describe('Diloti: a clock that runs out', () => {
  const hands = [
    ['8S', '5H', 'KC', '2D', 'TH', 'QD'],
    ['9S', '5S', '6C', '2S', 'JH', 'KD'],
  ];
  const table = ['8C', '6H', '5D', '3C'];

  it('lays the lowest card, aces low, even when it could capture', () => {
    // Seat 1's 2S is its lowest card; 5S, 6C and 9S could capture.
    expect(game.defaultAction?.(dealt(hands, table), 1)).toEqual(lay('2S'));
  });

  it('a capture in progress ends as soon as it may, after the first group offered', () => {
    let s = act(act(dealt(hands, table), 1, lay('2S')), 0, capture('8S'));
    expect(game.defaultAction?.(s, 0)).toEqual(take(['8C']));
    s = act(s, 0, take(['8C']));
    expect(game.defaultAction?.(s, 0)).toEqual(done);
  });

  it('a seat holding a declaration may not lay: it captures with its lowest card that can', () => {
    const h = [
      ['2D', 'TC', '5H', '9S', '4C', 'KS'],
      ['5C', 'TH', '7D', '9C', 'JD', '3D'],
    ];
    // Seat 1 declares 5 with 3D on the 2S; seat 0 lays 4C: 7D could take 3H + 4C, 5C takes the declaration.
    let s = act(dealt(h, ['2S', '3H', 'KD', 'QC']), 1, declare('3D', 5));
    s = act(s, 0, lay('4C'));
    expect(game.legalActions(s, 1).some((a) => a.type === 'lay')).toBe(false);
    expect(game.legalActions(s, 1)).toContainEqual(capture('7D'));
    expect(game.defaultAction?.(s, 1)).toEqual(capture('5C'));
  });
});

describe('Diloti: a state sampled from what a seat knows', () => {
  const sampleFor = (s: State, seat: number, seen: Parameters<NonNullable<typeof game.sample>>[3], i: number) =>
    game.sample?.(game.view(s, seat), seat, seedRng(`diloti ${i}`), seen) as State;

  it('puts the groups a capture named into the capturing side’s face-down pile', () => {
    const hands = [
      ['8S', '5H', 'KC', '2D', 'TH', 'QD'],
      ['2S', '5S', '6C', '9D', 'JH', 'KD'],
    ];
    // Seat 0's 8S takes 8C, 5D+3C and 6H+2S; then two cards are laid, so the view's last play no longer shows it.
    const moves: [number, Action][] = [
      [1, lay('2S')],
      [0, capture('8S')],
      [0, take(['8C'])],
      [0, take(['3C', '5D'])],
      [0, take(['2S', '6H'])],
      [1, lay('5S')],
      [0, lay('KC')],
    ];
    const { state, seen } = playRead(
      game,
      dealt(hands, ['8C', '6H', '5D', '3C']),
      moves.map(([seat, action]) => ({ seat, action })),
      2,
    );
    for (let i = 0; i < 10; i++) expect(sameCards(sampleFor(state, 1, seen[1], i).won[0], pile(state, 0))).toBe(true);
  });

  it('deals a seat holding a declaration a card of its value', () => {
    const hands = [
      ['2D', 'TC', '5H', '9S', '4C', 'KS'],
      ['5C', 'TH', '7D', '9C', 'JD', '3D'],
    ];
    // Seat 1 declares 10 with 5C on 2S and 3H, keeping TH to capture it.
    const { state, seen } = playRead(game, dealt(hands, ['2S', '3H', 'KD', 'QC']), [{ seat: 1, action: declare('5C', 10) }], 2);
    for (let i = 0; i < 30; i++) expect(sampleFor(state, 0, seen[0], i).hands[1].some((c) => pips(c) === 10)).toBe(true);
  });
});

describe('Diloti: seeded random matches', () => {
  const checks = conformance<State>(game, {
    configs: [
      { seats: 2, matches: 200 },
      { seats: 4, matches: 40, label: '4 seats in partnerships' },
    ],
    // Matches to 61 are long: 200 and 40 matches, views and every listed action every 15th step, play both
    // tables through many deals without matches that find nothing new.
    viewsEvery: 15,
    everyActionEvery: 15,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);

  it('partners win or lose together', () => {
    expect(game.sides?.(4, options({}, 4))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(game.sides?.(2, options())).toEqual([[0], [1]]);
  });
});
