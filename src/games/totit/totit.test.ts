import { describe, expect, it } from 'vitest';
import { type Card, countCards, randomInt, rankOf, removeCards, seedRng } from '../../cards';
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
import { type Action, totit as game, type Options, pairsIn, type State, targetsFor, totitDeck, type View } from '.';
import { trailedOn } from './sample';

const capture = (card: Card, target: Card): Action => ({ type: 'capture', card, target });
const trail = (card: Card): Action => ({ type: 'trail', card });
const options = (given: Partial<Options> = {}, seats = 2) => resolveOptions(game, given, seats) as Options;

/**
 * A stacked first deal: eighteen table cards, then the hands (by seat, as many cards as given, the rest
 * filled with unused cards in deck order), dealt one at a time from seat 1; the rest set aside.
 */
function stacked(seats: number, table: Card[], hands: Card[][], given: Partial<Options> = {}): State {
  let rest = removeCards(totitDeck(), [...table, ...hands.flat()]);
  const size = seats === 2 ? 11 : 7;
  const full = Array.from({ length: seats }, (_, s) => {
    const mine = hands[s] ?? [];
    const filler = rest.slice(0, size - mine.length);
    rest = rest.slice(filler.length);
    return [...mine, ...filler];
  });
  const dealt: Card[] = [];
  for (let i = 0; i < size; i++) for (let k = 1; k <= seats; k++) dealt.push(full[k % seats][i]);
  return game.setup({ seats, options: options(given, seats), seed: 'stacked', deck: [...table, ...dealt, ...rest] });
}

/** Table cards the test hands below never capture, to fill the eighteen. */
const padding: Card[] = '6S 6S 6H 6H 6D 6D 8S 8S 8H 8H 8D 8D 4D 4D 4H 4H QC QC'.split(' ');
const tableOf = (cards: Card[]) => [...cards, ...padding.slice(0, 18 - cards.length)];
/** The captures listed for `seat` with the named hand cards (the filler cards of a stacked hand are left out). */
const capturesWith = (s: State, seat: number, cards: Card[]) =>
  game.legalActions(s, seat).filter((a) => a.type === 'capture' && cards.includes(a.card));

/** Everybody trails to the end of the deal in progress (a game under the house rule optionalCapture). */
function trailOut(s: State): State {
  const deals = s.deals.length;
  let state = s;
  while (state.deals.length === deals) {
    const at = game.status(state).toAct[0];
    state = playMove(game, state, at, trail(state.hands[at][0]));
  }
  return state;
}

describe('Totit: the deck and the deal', () => {
  it('uses 60 cards: two copies each of A-9 of spades, hearts and diamonds and of J Q K of clubs', () => {
    const deck = totitDeck();
    expect(deck).toHaveLength(60);
    const counts = countCards(deck);
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((n) => n === 2)).toBe(true);
    expect(deck.filter((c) => c.endsWith('C')).sort()).toEqual(['JC', 'JC', 'KC', 'KC', 'QC', 'QC']);
    expect(deck.some((c) => 'TJQK'.includes(c[0]) && !c.endsWith('C'))).toBe(false);
  });

  it('deals eighteen cards to the table and seven to each seat, eleven with two seats; the rest are set aside', () => {
    for (const [seats, size, unused] of [
      [2, 11, 20], // 60 - 18 - 22
      [3, 7, 21], // 60 - 18 - 21
      [6, 7, 0], // 60 - 18 - 42
    ]) {
      const s = game.setup({ seats, options: options({}, seats), seed: `deal-${seats}` });
      expect(s.table).toHaveLength(18);
      expect(s.hands.map((h) => h.length)).toEqual(Array(seats).fill(size));
      expect(s.unused).toHaveLength(unused);
    }
  });

  it("deals the table from the top, then one card at a time from the dealer's left, who plays first", () => {
    const deck = totitDeck();
    const s = game.setup({ seats: 3, options: options({}, 3), seed: 'x', deck });
    expect(s.table).toEqual(deck.slice(0, 18));
    expect([s.hands[1][0], s.hands[2][0], s.hands[0][0], s.hands[1][1]]).toEqual(deck.slice(18, 22));
    expect(s.unused).toEqual(deck.slice(39));
    expect(game.status(s).toAct).toEqual([1]);
  });
});

describe('Totit: capturing', () => {
  it("on a seat's first turn only an identical card can be captured", () => {
    const s = stacked(2, tableOf(['5S', '5H', 'KC']), [['5D'], ['5S', '5D', 'AS']]);
    // The identical 5♠ is the only capture, and a seat that can capture must: it is the only move.
    expect(game.legalActions(s, 1)).toEqual([capture('5S', '5S')]);
    expect(() => game.apply(s, 1, capture('5D', '5H'))).toThrow(/first turn of a deal you may only capture a card identical/);
    expect(() => game.apply(s, 1, capture('AS', 'KC'))).toThrow(IllegalMove);
    const after = playMove(game, s, 1, capture('5S', '5S'));
    expect(after.captured[1]).toEqual(['5S', '5S']);
    expect(after.table).not.toContain('5S');
    // One capture per turn: the turn passes, to a seat on its own first turn too.
    expect(game.status(after).toAct).toEqual([0]);
    expect(capturesWith(after, 0, ['5D'])).toEqual([]);
  });

  it("from a seat's second turn on, any card of the same rank can be captured, whatever the suit", () => {
    let s = stacked(2, tableOf(['5H', '7D']), [['9H'], ['2S', '5D', '7S']]);
    s = playMove(game, s, 1, trail('2S'));
    s = playMove(game, s, 0, trail('9H'));
    expect(capturesWith(s, 1, ['5D', '7S'])).toEqual([capture('5D', '5H'), capture('7S', '7D')]);
    s = playMove(game, s, 1, capture('5D', '5H'));
    expect(s.captured[1]).toEqual(['5D', '5H']);
    expect(() => game.apply(s, 0, capture('9H', '5S'))).toThrow(/not in your hand/);
  });

  it('aces and face cards are all one rank: the A♠ takes the K♣, the J♣ takes the Q♣', () => {
    expect(targetsFor('AS', ['KC', '9S', 'QC'], false)).toEqual(['KC', 'QC']);
    expect(targetsFor('JC', ['QC', 'AH'], false)).toEqual(['QC', 'AH']);
    expect(targetsFor('KC', ['9S', '2H'], false)).toEqual([]);
    let s = stacked(2, tableOf(['KC']), [['9H'], ['2S', 'AS']]);
    s = playMove(game, playMove(game, s, 1, trail('2S')), 0, trail('9H'));
    s = playMove(game, s, 1, capture('AS', 'KC'));
    expect(s.captured[1]).toEqual(['AS', 'KC']);
  });

  it('a card of another rank cannot be captured', () => {
    let s = stacked(2, tableOf(['5H']), [['9H'], ['2S', '4S']]);
    s = playMove(game, playMove(game, s, 1, trail('2S')), 0, trail('9H'));
    expect(() => game.apply(s, 1, capture('4S', '5H'))).toThrow(/4S cannot capture 5H: not the same rank/);
    expect(() => game.apply(s, 1, capture('4S', '3D'))).toThrow(/3D is not on the table/);
  });

  it('odd suit first: beside an identical pair, the card of the odd suit must be captured first', () => {
    let s = stacked(2, tableOf(['5S', '5S', '5H']), [
      ['9H', '5D'],
      ['2S', '5D'],
    ]);
    s = playMove(game, playMove(game, s, 1, trail('2S')), 0, trail('9H'));
    expect(capturesWith(s, 1, ['5D'])).toEqual([capture('5D', '5H')]);
    expect(() => game.apply(s, 1, capture('5D', '5S'))).toThrow(/odd cards of that rank must be captured first: 5H/);
    s = playMove(game, s, 1, capture('5D', '5H'));
    // Only the identical pair is left of that rank: one of it may now be captured.
    expect(capturesWith(s, 0, ['5D'])).toEqual([capture('5D', '5S')]);
  });

  it('odd suit first counts aces and face cards as one rank', () => {
    expect(targetsFor('KC', ['JC', 'JC', 'AH', '9S'], false)).toEqual(['AH']);
    expect(targetsFor('AS', ['JC', 'JC'], false)).toEqual(['JC']);
  });

  it('when every card of the rank on the table lies in an identical pair, any of them may be captured', () => {
    expect(targetsFor('5D', ['5S', '5H', '5S', '5H'], false)).toEqual(['5S', '5H']);
  });

  it('"If a player cannot make a capture, they must trail": a seat that can capture may not trail', () => {
    const s = stacked(2, tableOf(['5S']), [[], ['5S']]);
    expect(game.legalActions(s, 1)).toEqual([capture('5S', '5S')]);
    expect(() => game.apply(s, 1, trail('5S'))).toThrow(/you may trail only when you cannot make a capture: 5S takes 5S/);
    expect(() => playMove(game, s, 1, trail('5S'))).toThrow(IllegalMove);
  });

  it('from the second turn on a capture of any card of the rank is compulsory too, and which capture is the seat’s choice', () => {
    // Seat 1 trails 2S, seat 0 trails 2H; seat 1's 5D may take 5H, and its 7S 7D: both are offered, no trail.
    let s = stacked(2, tableOf(['5H', '7D']), [
      ['2H', '2D', '2H', '2D', '5S', '5S', '7H', '7H', '9S', '9S', '5D'],
      ['2S', '5D', '7S', '3H', '3D', '3S', '3H', '3D', '3S', '9H', '9D'],
    ]);
    s = playMove(game, playMove(game, s, 1, trail('2S')), 0, trail('2H'));
    expect(game.legalActions(s, 1)).toEqual([capture('5D', '5H'), capture('7S', '7D')]);
    expect(() => game.apply(s, 1, trail('3S'))).toThrow(/cannot make a capture: 5D takes 5H, 7S takes 7D/);
    expect(playMove(game, s, 1, capture('7S', '7D')).captured[1]).toEqual(['7S', '7D']);
  });

  it('a seat that cannot make a capture trails one card of its choice', () => {
    // The padding table holds 4s, 6s, 8s and queens only: none of seat 1's cards is identical to one.
    const hand = ['9H', '5D', '2S', '3H', '7D', '9D', '5S', '7S', '3D', '9S', '5H'];
    const s = stacked(2, tableOf([]), [[], hand]);
    expect(game.legalActions(s, 1)).toEqual(hand.map(trail));
    expect(playMove(game, s, 1, trail('7D')).table.at(-1)).toBe('7D');
  });

  it('house rule optionalCapture: a seat may trail a card that could capture', () => {
    const s = stacked(2, tableOf(['5S']), [[], ['5S']], { optionalCapture: true });
    expect(game.legalActions(s, 1).filter((a) => a.card === '5S')).toEqual([capture('5S', '5S'), trail('5S')]);
    const after = playMove(game, s, 1, trail('5S'));
    expect(after.table.filter((c) => c === '5S')).toHaveLength(2);
    expect(after.captured[1]).toEqual([]);
  });

  it('refuses a move out of turn', () => {
    const s = stacked(2, tableOf([]), [['9H'], []]);
    expect(() => game.apply(s, 0, trail('9H'))).toThrow(/seat 1's turn/);
    expect(game.legalActions(s, 0)).toEqual([]);
  });
});

describe('Totit: pairs', () => {
  it('one point for each pair of identical cards captured, and none for a pair of the same rank only', () => {
    expect(pairsIn(['5S', '5S', '5H', '5D', 'JC', 'QC']).length).toBe(1);
    expect(pairsIn(['5H', '5D', 'JC', 'QC', 'AS', 'KC'])).toEqual([]);
    expect(pairsIn(['5S', '3H', '5S', '3H']).sort()).toEqual(['3H', '5S']);
  });

  it('the two copies need not be captured together: a trailed copy captured later completes the pair', () => {
    // Neither hand holds a 2, 4, 6, 8 or honour: until a 3 lies on the table nobody can capture, so everybody trails.
    let s = stacked(2, tableOf([]), [
      ['3H', '3H', '5S', '5H', '5D', '7S', '7H', '7D', '9S', '9H', '9D'],
      ['2S', '3D', '3S', '5S', '5H', '5D', '7S', '7H', '7D', '9S', '9H'],
    ]);
    s = playMove(game, playMove(game, s, 1, trail('2S')), 0, trail('3H'));
    s = playMove(game, s, 1, capture('3D', '3H')); // a pair of the same rank only: no point
    expect(game.status(s).scores).toEqual([0, 0]);
    expect(game.legalActions(s, 0).every((a) => a.type === 'trail')).toBe(true);
    s = playMove(game, s, 0, trail('3H')); // the other copy of 3♥ comes to the table
    s = playMove(game, s, 1, capture('3S', '3H'));
    // Seat 1 holds 3♦ 3♥ 3♠ 3♥: one identical pair.
    expect(pairsIn(s.captured[1])).toEqual(['3H']);
    expect(game.status(s).scores).toEqual([0, 1]);
  });
});

describe('Totit: the match', () => {
  /**
   * Two seats under the house rule optionalCapture, so that everybody may trail: the first deal scores 9♥ for
   * seat 0 and 7♦ (and 2♠ with `extra`) for seat 1, then everybody trails.
   */
  function firstDeal(extra: boolean): State {
    const table = tableOf(['7D', '9H', '2S']);
    let s = stacked(2, table, [['9H'], ['7D', ...(extra ? ['3S', '2S'] : [])]], { optionalCapture: true });
    s = playMove(game, s, 1, capture('7D', '7D'));
    s = playMove(game, s, 0, capture('9H', '9H'));
    if (extra) {
      s = playMove(game, s, 1, trail('3S'));
      s = playMove(game, s, 0, trail(s.hands[0].at(-1) as Card));
      s = playMove(game, s, 1, capture('2S', '2S'));
    }
    return s;
  }

  it('a deal ends when the hands are empty: pairs are scored, the table discarded, and the next seat deals', () => {
    const s = trailOut(firstDeal(false));
    expect(s.deals).toEqual([{ dealer: 0, pairs: [['9H'], ['7D']] }]);
    expect(s.dealer).toBe(1);
    expect(game.status(s)).toMatchObject({ toAct: [0], finished: false, scores: [1, 1] });
    expect(s.table).toHaveLength(18);
    expect(s.hands.map((h) => h.length)).toEqual([11, 11]);
    expect(s.captured).toEqual([[], []]);
    expect(s.last).toBeNull();
    // Every seat starts the new deal on its own first turn again.
    expect((game.view(s, 0) as { firstTurn: boolean[] }).firstTurn).toEqual([true, true]);
  });

  it('the match ends when every seat has dealt once; equal totals share the win', () => {
    const s = trailOut(trailOut(firstDeal(false)));
    expect(s.deals.map((d) => d.dealer)).toEqual([0, 1]);
    const st = game.status(s);
    // Trailing captures nothing in the second deal: 1 pair each.
    expect(st).toMatchObject({ finished: true, scores: [1, 1], result: { winners: [0, 1] } });
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => game.apply(s, 0, trail('9H'))).toThrow(/over/);
  });

  it('the highest total wins', () => {
    const s = trailOut(trailOut(firstDeal(true)));
    // Seat 1: 7♦ and 2♠ pairs; seat 0: 9♥.
    expect(game.status(s).result).toEqual({ winners: [1], summary: 'seat 1 wins with 2 pairs (1 / 2)' });
  });

  it('option rounds: every seat deals that many times, the deal passing to the left', () => {
    let s = game.setup({ seats: 3, options: options({ rounds: 2, optionalCapture: true }, 3), seed: 'rounds' });
    while (!game.status(s).finished) s = trailOut(s);
    expect(s.deals.map((d) => d.dealer)).toEqual([0, 1, 2, 0, 1, 2]);
  });
});

describe('Totit: views', () => {
  it('a seat sees its own hand, the sizes of the others, and never the cards set aside; at the end everything', () => {
    const s = stacked(3, tableOf([]), [['9H'], ['2S'], ['3D']], { optionalCapture: true });
    const v = game.view(s, 1) as Record<string, unknown>;
    expect(v.hand).toEqual(s.hands[1]);
    expect(v.handSizes).toEqual([7, 7, 7]);
    expect(v.unusedCount).toBe(21);
    expect(v.hands).toBeNull();
    expect(v.unused).toBeNull();
    expect((game.view(s, null) as Record<string, unknown>).hand).toBeNull();
    let end = s;
    while (!game.status(end).finished) end = trailOut(end);
    const last = game.view(end, 1) as Record<string, unknown>;
    expect(last.hands).toEqual(end.hands);
    expect(last.unused).toEqual(end.unused);
    expect(last.unused).toHaveLength(21);
  });
});

describe('Totit: a clock that runs out', () => {
  it('captures with the lowest card that can, aces low', () => {
    // On its first turn seat 1's 9H and 3H are identical to table cards; 2S is lower but captures nothing: 3H takes 3H.
    const hand = ['9H', 'KC', '5D', '2S', '3H', '4S', '7D', '9D', '5S', '7S', '3D'];
    const s = stacked(2, tableOf(['9H', '3H']), [[], hand]);
    expect(s.hands[1]).toEqual(hand);
    expect(game.legalActions(s, 1)).toEqual([capture('9H', '9H'), capture('3H', '3H')]);
    expect(game.defaultAction?.(s, 1)).toEqual(capture('3H', '3H'));
    // Under the house rule too.
    const optional = stacked(2, tableOf(['9H', '3H']), [[], hand], { optionalCapture: true });
    expect(game.defaultAction?.(optional, 1)).toEqual(capture('3H', '3H'));
  });

  it('trails the lowest card, aces low, when no card can capture', () => {
    const s = stacked(2, tableOf([]), [[], ['9H', '5D', '2S', '3H', '7D', '9D', '5S', '7S', '3D', '9S', '5H']]);
    expect(game.defaultAction?.(s, 1)).toEqual(trail('2S'));
  });
});

describe('Totit: a state sampled from what a seat knows', () => {
  it('a seat that had to trail is dealt no card that could have captured then', () => {
    const s = stacked(3, tableOf(['2S', '5H']), [
      ['AH', 'AH', 'AD', 'AD', '2H', '2H', '7D'],
      ['2S', 'AS', 'AS', '3S', '3S', '7S', '7S'],
      ['9S', '7H', '7H', '3H', '3H', '3D', '3D'],
    ]);
    // Seat 2 trails 9S on its first turn (no identical card), then 3H on its second, when the table
    // holds fours, fives, sixes, eights and its own 9S.
    const { state, seen } = playRead(
      game,
      s,
      [
        { seat: 1, action: capture('2S', '2S') },
        { seat: 2, action: trail('9S') },
        { seat: 0, action: trail('7D') },
        { seat: 1, action: capture('7S', '7D') },
        { seat: 2, action: trail('3H') },
      ],
      3,
    );
    const view = game.view(state, 0);
    const trails = trailedOn(view, 0, seen[0]);
    expect(trails[2].map((t) => t.first)).toEqual([true, false]);
    expect(trails[0]).toEqual([]);
    for (let i = 0; i < 50; i++) {
      const sampled = game.sample?.(view, 0, seedRng(`trail ${i}`), seen[0]) as State;
      expect(sampled.hands[2].filter((c) => '45689'.includes(rankOf(c)))).toEqual([]);
      expect(game.view(sampled, 0)).toEqual(view);
    }
  });

  it('the cards a trail rules out are never in the real hand, all game long, from a whole log or its end', () => {
    let ruledOut = 0;
    for (const seats of [2, 3, 6]) {
      for (let m = 0; m < 6; m++) {
        let s = game.setup({ seats, options: options({}, seats), seed: `ruled out ${seats} ${m}` });
        let rng = seedRng(`moves ${seats} ${m}`);
        const seen: SeenEvent[] = [];
        while (game.status(s).toAct.length > 0) {
          for (let seat = 0; seat < seats; seat++) {
            for (const log of [seen, seen.slice(-4)]) {
              trailedOn(game.view(s, seat), seat, log).forEach((tables, other) => {
                for (const { table, first } of tables) {
                  expect(s.hands[other].filter((c) => targetsFor(c, table, first).length > 0)).toEqual([]);
                  ruledOut++;
                }
              });
            }
          }
          const legal = game.legalActions(s, s.turn);
          let n: number;
          [n, rng] = randomInt(rng, 0, legal.length - 1);
          seen.push({ seq: seen.length + 1, seat: s.turn, kind: 'move', by: 'seat', action: legal[n] });
          s = game.apply(s, s.turn, legal[n]);
        }
      }
    }
    expect(ruledOut).toBeGreaterThan(0);
  });
});

describe('Totit: seeded random games', () => {
  const all = totitDeck();
  const invariant = (s: State) => {
    assertConserved([...s.hands, s.table, ...s.captured, s.unused], all);
    // Every seat deals once per round, in seat order.
    if (game.status(s).finished)
      expect(s.deals.map((d) => d.dealer)).toEqual([...Array(s.dealsInMatch).keys()].map((d) => d % s.seats));
  };
  const checkView = (s: State, seat: number | null, view: unknown) => {
    if (game.status(s).finished) return;
    const v = view as View;
    expect(v.hands).toBeNull();
    expect(v.unused).toBeNull();
    expect(v.hand).toEqual(seat === null ? null : s.hands[seat]);
    // Cards repeat, so a hidden code leaks only when none of its copies lies where this seat may see it
    // (the pairs of past deals name cards of other deals, so they are left out).
    const seen = new Set([...(seat === null ? [] : s.hands[seat]), ...s.table, ...s.captured.flat()]);
    const hidden = [...s.hands.filter((_, i) => i !== seat).flat(), ...s.unused].filter((c) => !seen.has(c));
    assertHidden({ ...v, deals: [] }, hidden, seat);
  };

  const checks = conformance<State>(game, {
    // 50 matches per seat count (and 30 under the house rule), views and every listed action every 7th step:
    // every seat count is played, and more matches found nothing new.
    configs: [
      ...[2, 3, 4, 5, 6].map((seats) => ({ seats, matches: 50 })),
      { seats: 3, options: { optionalCapture: true }, matches: 30, label: 'house rule optionalCapture' },
    ],
    viewsEvery: 7,
    everyActionEvery: 7,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);
});
