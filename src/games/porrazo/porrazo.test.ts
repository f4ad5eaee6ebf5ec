import { describe, expect, it } from 'vitest';
import { type Card, countCards, randomInt, rankOf, removeCards, seedRng, sortCards, standardDeck } from '../../cards';
import { IllegalMove, playMove, playRead, resolveOptions, type SeenEvent, SetupError, seenMove } from '../../engine';
import {
  type Action,
  bestDeclaration,
  captureOf,
  dealsPerHand,
  declarationOf,
  fitsInPlace,
  porrazo as game,
  handWinner,
  limpiaValue,
  type Options,
  rondaValue,
  rondineValue,
  type State,
  scoreTendido,
  type View,
} from '.';

const cardsOf = (list: string): Card[] => list.split(' ').filter(Boolean);

/** The 52 cards with `top` on top (top card first) and the rest after them in the canonical order. */
function deckWith(top: string): Card[] {
  const head = cardsOf(top);
  return [...head, ...removeCards(standardDeck(), head)];
}

function start(seats: number, top: string, options: Partial<Options> = {}): State {
  return game.setup({ seats, options: resolveOptions(game, options, seats) as Options, seed: 'stacked', deck: deckWith(top) });
}

const go = (s: State, seat: number, action: Action): State => playMove(game, s, seat, action);
const noTendido = (s: State): State => go(s, s.dealer, { type: 'noTendido' });
const view = (s: State, seat: number | null) => game.view(s, seat) as View;

function passAll(s: State): State {
  let next = s;
  for (const seat of game.status(s).toAct) next = go(next, seat, { type: 'pass' });
  return next;
}

/** The first deal's tendido declined and nobody declaring: play may begin. */
const ready = (s: State): State => passAll(noTendido(s));

/** Each card played by the seat whose turn it is. */
function plays(s: State, ...cards: string[]): State {
  let next = s;
  for (const card of cards) next = go(next, next.turn, { type: 'play', card });
  return next;
}

/**
 * The last deal of a hand, about to be played out: `hands` by seat, `table`, and the rest of the
 * pack in the won-cards piles, `piles[i]` cards to seat i and the remainder to the last seat.
 */
function lastDeal(
  seats: number,
  dealer: number,
  hands: string[],
  table: string,
  piles: number[],
  options: Partial<Options> = {},
): State {
  const s = start(seats, '', options);
  const held = hands.map(cardsOf);
  const onTable = cardsOf(table);
  let rest = removeCards(standardDeck(), [...held.flat(), ...onTable]);
  const captured = piles.map((n) => {
    const pile = rest.slice(0, n);
    rest = rest.slice(n);
    return pile;
  });
  captured.push(rest);
  return {
    ...s,
    dealer,
    deal: dealsPerHand(seats),
    phase: 'playing',
    turn: (dealer + 1) % seats,
    stock: [],
    hands: held,
    table: onTable,
    captured,
    tendidoDealt: true,
    answers: Array(seats).fill('pass'),
  };
}

describe('Porrazo: captures', () => {
  it('a card captures a table card of its rank and the unbroken run going up from it', () => {
    expect(captureOf(cardsOf('7S 9D 8C TH 2C'), '7H')).toEqual(cardsOf('7S 8C 9D TH'));
    expect(captureOf(cardsOf('8C 9D TH'), '7H')).toEqual([]);
  });

  it('the king is followed by the ace: 10-J-Q-K-A-2 is one run', () => {
    expect(captureOf(cardsOf('2C AH KS QD JC TS'), 'TD')).toEqual(cardsOf('TS JC QD KS AH 2C'));
  });

  it("the text's Q-K-A-2 run is taken by a queen (the ruling), not by a jack", () => {
    expect(captureOf(cardsOf('QS KH AD 2C'), 'QH')).toEqual(cardsOf('QS KH AD 2C'));
    expect(captureOf(cardsOf('QS KH AD 2C'), 'JH')).toEqual([]);
  });

  it('one card never captures two table cards of one rank', () => {
    expect(captureOf(cardsOf('5S 5H 6D'), '5C')).toEqual(cardsOf('5H 6D'));
    // All thirteen ranks on the table: the run stops before coming back to the fives.
    const all = cardsOf('AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS');
    expect(captureOf(all, '5H')).toEqual(cardsOf('5S 6S 7S 8S 9S TS JS QS KS AS 2S 3S 4S'));
  });

  it('a run wrapping K-A-2 is captured in play, and a capture is compulsory', () => {
    // Two seats, seat 0 deals: seat 1 gets the top three cards, seat 0 the next three.
    let s = ready(start(2, 'KS 2D KH AH 7C 9C'));
    s = plays(s, 'KS', 'AH', '2D', '7C');
    expect(s.table).toEqual(cardsOf('KS AH 2D 7C'));
    // The king on the table must be taken: KH captures K-A-2 (no 3 follows); 7C stays, so no limpia.
    expect(game.legalActions(s, 1)).toEqual([{ type: 'play', card: 'KH' }]);
    s = plays(s, 'KH');
    expect(s.table).toEqual(['7C']);
    expect(s.captured[1]).toEqual(cardsOf('KH KS AH 2D'));
    expect(s.plays.at(-1)).toEqual({ seat: 1, card: 'KH', as: 'capture', took: cardsOf('KS AH 2D') });
    expect(s.scores).toEqual([0, 0]);
  });
});

describe('Porrazo: limpias', () => {
  it('a limpia scores the ronda of the last card of the run: Q-K taken by a queen scores 4 for the king', () => {
    let s = ready(start(2, 'QS QD 5C KH 9S 8S'));
    s = plays(s, 'QS', 'KH', 'QD');
    expect(s.table).toEqual([]);
    expect(s.scores).toEqual([0, 4]);
    expect(s.notes).toEqual([{ side: 1, seat: 1, points: 4, for: 'limpia', rank: 'K' }]);
  });

  it('the last card is not the highest: Q-K-A taken as a limpia scores 1 for the ace', () => {
    let s = ready(start(2, 'QS AD 5C KH QC 9S'));
    s = plays(s, 'QS', 'KH', 'AD', 'QC');
    expect(s.table).toEqual([]);
    expect(s.scores).toEqual([1, 0]);
    expect(limpiaValue(cardsOf('KS AH 2D 3C 4S'))).toBe(1); // the text's K-A-2-3-4
  });

  it('a single table card taken by pairing is a limpia of its rank', () => {
    // Seat 1 lays KS on the empty table; seat 0 pairs it: limpia of kings, 4 at once.
    let s = ready(start(2, 'KS 4D 9H KH JC 3C'));
    s = plays(s, 'KS', 'KH');
    expect(s.notes[0]).toEqual({ side: 0, seat: 0, points: 4, for: 'limpia', rank: 'K' });
  });
});

describe('Porrazo: playing in place', () => {
  it('an ace on an empty table, a 2 second, a 3 third and a 4 fourth score their pips; a 5 never does', () => {
    let s = ready(start(2, 'AS 3D 5S 2H 4C 6D'));
    s = plays(s, 'AS', '2H', '3D', '4C', '5S', '6D');
    // Seat 1: ace 1 + three 3 = 4; seat 0: two 2 + four 4 = 6; the 5 and the 6 score nothing.
    expect(s.scores).toEqual([6, 4]);
    expect(s.plays.map((p) => p.as)).toEqual(['in place', 'in place', 'in place', 'in place', 'laid', 'laid']);
    expect([
      fitsInPlace('AS', 0),
      fitsInPlace('2S', 1),
      fitsInPlace('4S', 3),
      fitsInPlace('5S', 4),
      fitsInPlace('2S', 0),
    ]).toEqual([true, true, true, false, false]);
  });

  it('a card that could capture or be played in place may forgo the capture: the only choice not to capture', () => {
    let s = ready(start(2, '2S 2D 9H 2H 8C 7D'));
    s = plays(s, '2S');
    expect(game.legalActions(s, 0)).toEqual([
      { type: 'play', card: '2H' },
      { type: 'inPlace', card: '2H' },
      { type: 'play', card: '8C' },
      { type: 'play', card: '7D' },
    ]);
    s = go(s, 0, { type: 'inPlace', card: '2H' });
    expect(s.table).toEqual(cardsOf('2S 2H'));
    expect(s.scores).toEqual([2, 0]);
  });

  it('laying in place is refused for a card that captures nothing or does not fit', () => {
    const s = plays(ready(start(2, '2S 2D 9H 2H 8C 7D')), '2S');
    expect(() => go(s, 0, { type: 'inPlace', card: '8C' })).toThrow(IllegalMove);
    expect(() => game.apply(s, 0, { type: 'inPlace', card: '8C' })).toThrow(/not in place/);
    const t = plays(ready(start(2, 'AS 2D 9H 2H 8C 7D')), 'AS');
    expect(() => game.apply(t, 0, { type: 'inPlace', card: '2H' })).toThrow(/captures nothing/);
  });
});

describe('Porrazo: the tendido', () => {
  it('scores the best arrangement of its two pairs and direction, and the pairs it forms on the table', () => {
    // Deal 1: seat 1 9D 5S 6S, seat 0 KC 7S 8H; all six are laid, none captures.
    // Deal 2: seat 1 TC JC QC, seat 0 2D 3D 4D; then the tendido 4H 9S | 2C AH.
    let s = ready(start(2, '9D 5S 6S KC 7S 8H TC JC QC 2D 3D 4D 4H 9S 2C AH'));
    s = plays(s, '9D', 'KC', '5S', '7S', '6S', '8H');
    expect(s.table).toEqual(cardsOf('9D KC 5S 7S 6S 8H'));
    expect(s.deal).toBe(2);
    expect(game.status(s).toAct).toEqual([0]);
    s = go(s, 0, { type: 'tendido' });
    // Counted from the right with the second pair swapped: AH 2C 9S 4H: ace 1st (1), 2 2nd (2), 4 4th (4) = 7.
    // 9S pairs with 9D already on the table: a ronda of nines, 1. The dealer scores 7 + 1 = 8.
    expect(s.tendido).toEqual({
      cards: cardsOf('4H 9S 2C AH'),
      counted: cardsOf('AH 2C 9S 4H'),
      places: 7,
      sets: [{ rank: '9', count: 2, points: 1 }],
      points: 8,
    });
    expect(s.scores).toEqual([8, 0]);
    expect(s.table).toEqual(cardsOf('9D KC 5S 7S 6S 8H 4H 9S 2C AH'));
    expect(s.phase).toBe('declaring');
    expect(() => game.apply(s, 0, { type: 'tendido' })).toThrow(/already been dealt/);
  });

  it('may come right after the first deal; once dealt, later deals offer no tendido that hand', () => {
    // Seat 1 AS 5D 9C, seat 0 KD 7H 8C; tendido 3C 3S | 2H JD: 2 2nd (2), 3 3rd (3) = 5, pair of threes 1 = 6.
    let s = start(2, 'AS 5D 9C KD 7H 8C 3C 3S 2H JD');
    s = passAll(go(s, 0, { type: 'tendido' }));
    expect(s.tendido?.counted).toEqual(cardsOf('JD 2H 3C 3S'));
    expect(s.scores).toEqual([6, 0]);
    // AS captures nothing (table JD... no ace) and is not in place (four cards already); the rest are laid.
    s = plays(s, 'AS', 'KD', '5D', '7H', '9C', '8C');
    expect(s.deal).toBe(2);
    expect(s.phase).toBe('declaring');
    expect(game.legalActions(s, 0)).toEqual([{ type: 'pass' }]);
  });

  it('a three of a kind scores a rondine and a four of a kind twice a rondine', () => {
    // Three queens: QD on the table, QS QH dealt: rondine 9; 7C 8C in no place.
    expect(scoreTendido(cardsOf('QS QH 7C 8C'), ['QD']).points).toBe(9);
    // Four kings: rondine 12 doubled; 5C lies 3rd or 4th, never 5th: 24.
    expect(scoreTendido(cardsOf('KS KH KD 5C'), ['KC'])).toMatchObject({ places: 0, points: 24 });
    // A pair already on the table that the tendido does not touch is not formed by it.
    expect(scoreTendido(cardsOf('7C 8C 9C TC'), cardsOf('2S 2H')).points).toBe(0);
  });

  it('only the dealer decides on the tendido, and only right after a deal', () => {
    const s = start(2, '');
    expect(() => go(s, 1, { type: 'tendido' })).toThrow(IllegalMove);
    expect(() => game.apply(s, 1, { type: 'tendido' })).toThrow(/only the dealer/);
    expect(() => game.apply(noTendido(s), 0, { type: 'tendido' })).toThrow(/right after a deal/);
  });
});

describe('Porrazo: porrazo, counter-porrazo and san benito', () => {
  it('a porrazo on a lone card is a limpia at once, and scores its ronda when the next seat lets it stand', () => {
    let s = ready(start(2, 'KS 4D 9H KH JC 3C'));
    s = plays(s, 'KS', 'KH');
    // Limpia of kings at once (4); the porrazo waits for seat 1's answer.
    expect(s.scores).toEqual([4, 0]);
    expect(view(s, null).porrazo).toEqual({ stage: 'porrazo', seat: 0, rank: 'K' });
    s = plays(s, '4D');
    // Seat 1 did not counter: the porrazo stands, a ronda of kings, 4 more.
    expect(s.scores).toEqual([8, 0]);
    expect(s.notes.map((n) => n.for)).toEqual(['limpia', 'porrazo']);
  });

  it('a counter-porrazo cancels the porrazo, scores a rondine and takes both cards', () => {
    let s = start(2, 'KS KD 9H KH JC 6C');
    s = noTendido(s);
    s = go(s, 1, { type: 'declare', set: 'ronda', rank: 'K' });
    s = go(s, 0, { type: 'pass' });
    s = plays(s, 'KS', 'KH', 'KD');
    // Seat 0 keeps its limpia (4) but its porrazo never scores; seat 1's counter-porrazo: rondine of kings, 12.
    expect(s.scores).toEqual([4, 12]);
    expect(s.captured).toEqual([[], cardsOf('KD KS KH')]);
    expect(s.plays.at(-1)).toEqual({ seat: 1, card: 'KD', as: 'counter-porrazo', took: cardsOf('KS KH') });
    s = plays(s, 'JC', '9H', '6C');
    // The deal played out: seat 1's ronda of kings scores 4: 12 + 4 = 16.
    expect(s.scores).toEqual([4, 16]);
    expect(s.notes.map((n) => [n.for, n.points])).toEqual([
      ['limpia', 4],
      ['counter-porrazo', 12],
      ['ronda', 4],
    ]);
  });

  it('porrazo, then counter-porrazo, then san benito: the fourth card wins the whole game', () => {
    // Three seats, seat 0 deals: seat 1 9C 5S 5C, seat 2 KD 5H JS, seat 0 7H 5D 8S.
    let s = start(3, '9C 5S 5C KD 5H JS 7H 5D 8S');
    s = noTendido(s);
    s = go(s, 1, { type: 'declare', set: 'ronda', rank: '5' });
    s = go(s, 2, { type: 'pass' });
    s = go(s, 0, { type: 'pass' });
    s = plays(s, '9C', 'KD', '7H', '5S', '5H');
    expect(s.pending).toEqual({ stage: 'porrazo', seat: 2, rank: '5', cards: cardsOf('5S 5H') });
    expect(s.table).toEqual(cardsOf('9C KD 7H'));
    s = plays(s, '5D');
    // Counter-porrazo: rondine of fives, 3; seat 2's porrazo is void and its two fives go to seat 0.
    expect(s.scores).toEqual([3, 0, 0]);
    expect(s.captured).toEqual([cardsOf('5D 5S 5H'), [], []]);
    s = plays(s, '5C');
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.result).toEqual({ winners: [1], summary: 'Seat 1 wins by san benito' });
    // The san benito raises seat 1 to the target; its ronda of fives never scores.
    expect(st.scores).toEqual([3, 61, 0]);
    expect(st.toAct).toEqual([]);
    expect(game.legalActions(s, 2)).toEqual([]);
    expect(() => go(s, 2, { type: 'play', card: 'JS' })).toThrow(/over/);
  });

  it('a porrazo the next seat does not counter stands', () => {
    let s = ready(start(3, '9C 5S 5C KD 5H JS 7H 5D 8S'));
    s = plays(s, '9C', 'KD', '7H', '5S', '5H', '8S');
    expect(s.scores).toEqual([0, 0, 1]); // a ronda of fives for seat 2
    expect(s.pending).toBeNull();
    expect(s.table).toEqual(cardsOf('9C KD 7H 8S'));
  });

  it('a porrazo after a card laid in place, taken from a pair on the table', () => {
    let s = ready(start(2, '2S 2D 9H 2H 8C 7D'));
    s = plays(s, '2S');
    s = go(s, 0, { type: 'inPlace', card: '2H' });
    s = plays(s, '2D');
    // Seat 1 pairs the 2H seat 0 laid: a porrazo; the other two stays (one card, one rank), so no limpia.
    expect(s.table).toEqual(['2S']);
    expect(s.pending?.cards).toEqual(cardsOf('2H 2D'));
    s = plays(s, '8C');
    expect(s.scores).toEqual([2, 1]); // seat 0: in place 2; seat 1: porrazo of twos 1
  });

  it('a porrazo needs cards from one deal: a new deal breaks the chain', () => {
    // Deal 1: seat 1 9C 6H 3S, seat 0 8D TD 7S; deal 2: seat 1 7H 2C 5C, seat 0 4S JH QH.
    let s = ready(start(2, '9C 6H 3S 8D TD 7S 7H 2C 5C 4S JH QH'));
    s = plays(s, '9C', '8D', '6H', 'TD', '3S', '7S');
    expect(s.laid).toBeNull();
    s = ready(s);
    s = plays(s, '7H');
    // 7H takes the dealer's 7S from the last deal and the run 8-9-10, but it is no porrazo.
    expect(s.plays.at(-1)).toEqual({ seat: 1, card: '7H', as: 'capture', took: cardsOf('7S 8D 9C TD') });
    expect(s.pending).toBeNull();
    s = plays(s, '4S');
    expect(s.scores).toEqual([0, 0]);
  });

  it('a porrazo made with the last card of a deal stands when the deal ends', () => {
    let s = ready(start(2, '9C 6H 3S 8D TD 3H'));
    s = plays(s, '9C', '8D', '6H', 'TD', '3S', '3H');
    expect(s.scores).toEqual([1, 0]); // a ronda of threes
    expect(s.deal).toBe(2);
    expect(s.pending).toBeNull();
  });
});

describe('Porrazo: rondas and rondines', () => {
  it('the best declaration scores once the deal is played out; a rondine beats any ronda', () => {
    // Seat 1 KS KH 3C (ronda of kings), seat 0 QS QH QD (rondine of queens).
    let s = noTendido(start(2, 'KS KH 3C QS QH QD'));
    s = go(s, 1, { type: 'declare', set: 'ronda', rank: 'K' });
    s = go(s, 0, { type: 'declare', set: 'rondine', rank: 'Q' });
    s = plays(s, 'KS', 'QS', 'KH', 'QH');
    // KH takes KS; QH takes QS and empties the table: a limpia of queens, 3. No bonus yet.
    expect(s.scores).toEqual([3, 0]);
    expect(view(s, 1).declarations).toEqual([{ set: 'rondine' }, { set: 'ronda', rank: 'K' }]);
    s = plays(s, '3C', 'QD');
    // Played out: the rondine of queens scores 9 (3 + 9 = 12); the ronda of kings nothing.
    expect(s.scores).toEqual([12, 0]);
    expect(s.notes.at(-1)).toEqual({ side: 0, seat: 0, points: 9, for: 'rondine', rank: 'Q' });
  });

  it('ronda and rondine values: kings 4 and 12, queens 3 and 9, jacks 2 and 6, tens to aces 1 and 3', () => {
    expect((['K', 'Q', 'J', 'T', '5', 'A'] as const).map(rondaValue)).toEqual([4, 3, 2, 1, 1, 1]);
    expect((['K', 'Q', 'J', 'T', '5', 'A'] as const).map(rondineValue)).toEqual([12, 9, 6, 3, 3, 3]);
  });

  it("three aces outrank a pair of kings; tens outrank fives; equal declarations go first in turn from the dealer's left", () => {
    expect(bestDeclaration([{ set: 'ronda', rank: 'K' }, { set: 'rondine', rank: 'A' }, null], 0)).toBe(1);
    expect(bestDeclaration([null, { set: 'ronda', rank: '5' }, { set: 'ronda', rank: 'T' }], 0)).toBe(2);
    const sevens = [{ set: 'ronda' as const, rank: '7' as const }, null, { set: 'ronda' as const, rank: '7' as const }];
    expect(bestDeclaration(sevens, 0)).toBe(2); // turn order from the dealer's left: 1, 2, 0
    expect(bestDeclaration(sevens, 2)).toBe(0); // 0, 1, 2
    expect(bestDeclaration([null, null], 1)).toBeUndefined();
    expect(declarationOf(cardsOf('7S 7D 7H'))).toEqual({ set: 'rondine', rank: '7' });
    expect(declarationOf(cardsOf('7S 2D 7H'))).toEqual({ set: 'ronda', rank: '7' });
    expect(declarationOf(cardsOf('7S 2D 8H'))).toBeNull();
  });

  it('every seat answers each deal, and only the declaration it holds is offered', () => {
    const s = noTendido(start(3, 'KS KH 3C 4D 5D 6D'));
    expect(game.status(s).toAct).toEqual([0, 1, 2]);
    expect(game.legalActions(s, 1)).toEqual([{ type: 'declare', set: 'ronda', rank: 'K' }, { type: 'pass' }]);
    expect(game.legalActions(s, 2)).toEqual([{ type: 'pass' }]);
    expect(() => game.apply(s, 2, { type: 'declare', set: 'ronda', rank: '4' })).toThrow(/no pair/);
    expect(() => game.apply(s, 1, { type: 'declare', set: 'ronda', rank: 'Q' })).toThrow(/only what you hold/);
    expect(() => game.apply(s, 1, { type: 'declare', set: 'rondine', rank: 'K' })).toThrow(IllegalMove);
    const t = go(s, 1, { type: 'pass' });
    expect(() => game.apply(t, 1, { type: 'declare', set: 'ronda', rank: 'K' })).toThrow(/already answered/);
    expect(() => game.apply(t, 1, { type: 'play', card: 'KS' })).toThrow(/declarations are still being made/);
  });

  it('the rank declared is hidden from the other seats and spectators, in views and in the move log', () => {
    const before = noTendido(start(2, 'KS KH 3C QS JH 9D'));
    const s = go(before, 1, { type: 'declare', set: 'ronda', rank: 'K' });
    expect(view(s, 1).declarations[1]).toEqual({ set: 'ronda', rank: 'K' });
    expect(view(s, 0).declarations[1]).toEqual({ set: 'ronda' });
    expect(view(s, null).declarations[1]).toEqual({ set: 'ronda' });
    const move = { before, after: s, seat: 1, action: { type: 'declare', set: 'ronda', rank: 'K' } as Action };
    expect(game.moveView?.(move, 0)).toEqual({ type: 'declare', set: 'ronda' });
    expect(game.moveView?.(move, null)).toEqual({ type: 'declare', set: 'ronda' });
    expect(game.moveView?.(move, 1)).toEqual(move.action);
  });
});

describe('Porrazo: a state sampled from what a seat knows', () => {
  // Three seats, seat 0 deals: seat 1 9C 5S 5C declares a ronda (of fives, unseen by the others),
  // seat 2 KD 5H JS and seat 0 7H 5D 8S pass; then 9C, KD, 7H, 5S laid, and seat 2's 5H takes it: a porrazo.
  const { state, seen } = playRead(
    game,
    start(3, '9C 5S 5C KD 5H JS 7H 5D 8S'),
    [
      { seat: 0, action: { type: 'noTendido' } },
      { seat: 1, action: { type: 'declare', set: 'ronda', rank: '5' } },
      { seat: 2, action: { type: 'pass' } },
      { seat: 0, action: { type: 'pass' } },
      ...cardsOf('9C KD 7H 5S 5H').map((card, i) => ({ seat: [1, 2, 0, 1, 2][i], action: { type: 'play', card } as Action })),
    ],
    3,
  );
  const samples = () =>
    Array.from({ length: 30 }, (_, i) => game.sample?.(view(state, 0), 0, seedRng(`porrazo ${i}`), seen[0]) as State);

  it('a seat that declared holds, with the cards it played of the deal, the set it announced; its rank is drawn with the hand', () => {
    // Seat 1 played 9C and 5S of its ronda: its last card is a nine or a five (5C is the only five seat 0 has not seen).
    const last = new Set<Card>();
    for (const s of samples()) {
      expect(game.view(s, 0)).toEqual(view(state, 0));
      const [card] = s.hands[1];
      expect(['9', '5']).toContain(rankOf(card));
      expect(s.answers[1]).toEqual({ set: 'ronda', rank: rankOf(card) });
      last.add(card);
    }
    expect([...last].sort()).toEqual(['5C', '9D', '9H', '9S']);
  });

  it('a porrazo waiting keeps its two cards in its maker’s pile, so a counter-porrazo takes them', () => {
    for (const s of samples()) {
      expect(s.pending).toEqual(state.pending);
      const after = game.apply(s, 0, { type: 'play', card: '5D' });
      expect(after.captured[0]).toEqual(cardsOf('5D 5S 5H'));
      expect(after.captured[2]).toEqual([]);
    }
  });

  it('with the whole hand in its log a seat places every won card: the hidden hands and the stock hold what they really hold', () => {
    for (const seats of [2, 3, 4]) {
      for (let m = 0; m < 3; m++) {
        let s = game.setup({ seats, options: resolveOptions(game, {}, seats) as Options, seed: `placed ${seats} ${m}` });
        let rng = seedRng(`moves ${seats} ${m}`);
        const logs: SeenEvent[][] = Array.from({ length: seats }, () => []);
        for (let step = 0; step < 150 && s.winner === null; step++) {
          for (let seat = 0; seat < seats; seat++) {
            const sampled = game.sample?.(game.view(s, seat), seat, seedRng(`${step} ${seat}`), logs[seat]) as State;
            const hidden = (t: State) => sortCards([...t.stock, ...t.hands.flatMap((h, i) => (i === seat ? [] : h))]);
            expect(hidden(sampled)).toEqual(hidden(s));
            expect(countCards(sampled.captured.flat())).toEqual(countCards(s.captured.flat()));
          }
          const mover = game.status(s).toAct[0];
          const legal = game.legalActions(s, mover);
          let n: number;
          [n, rng] = randomInt(rng, 0, legal.length - 1);
          const after = game.apply(s, mover, legal[n]);
          logs.forEach((log, viewer) => {
            log.push({
              seq: log.length + 1,
              seat: mover,
              kind: 'move',
              by: 'seat',
              action: seenMove(game, s, after, mover, legal[n], viewer),
            });
          });
          s = after;
        }
      }
    }
  });
});

describe('Porrazo: the end of a hand', () => {
  it("the dealer's last card sweeps the table, which is not a limpia; the card difference scores", () => {
    // Two seats, seat 0 deals the eighth and last deal; the KC lies on the table.
    let s = lastDeal(2, 0, ['KD 7D 8D', '7S 8S AH'], 'KC', [20]);
    // 7S laid, 7D porrazo; 8S (no counter: the porrazo of sevens stands, 1) laid, 8D porrazo;
    // AH (the porrazo of eights stands, 1) laid beside KC. The dealer's KD then takes KC and AH:
    // K-A would be a limpia worth 1, but the last turn's sweep is none.
    s = plays(s, '7S', '7D', '8S', '8D', 'AH');
    // Piles: seat 0 20 + 7D 7S 8D 8S + KD KC AH = 27; seat 1 the other 25 cards. 27 - 25 = 2.
    // Seat 0: two porrazos 2 + hand 2 = 4.
    expect(s.lastHand).toEqual({ captured: [27, 25], winner: 0, points: 2 });
    expect(s.scores).toEqual([4, 0]);
    // The next hand: seat 1 deals, seat 0 plays first, from a fresh shuffle.
    expect([s.handNo, s.dealer, s.deal, s.phase]).toEqual([2, 1, 1, 'tendido']);
    expect(s.hands.map((h) => h.length)).toEqual([3, 3]);
    expect(s.table).toEqual([]);
    expect(s.plays).toEqual([]);
  });

  it("the dealer's last card still makes a porrazo, which stands at once, and is swept with the table", () => {
    let s = lastDeal(2, 0, ['9D', '9S'], '4C', [30]);
    s = plays(s, '9S');
    // The dealer's 9D follows seat 1's 9S: a porrazo of nines, 1; then 4C, 9S, 9D are swept.
    // Piles: seat 0 30 + 3 = 33; seat 1 52 - 2 - 1 - 30 = 19. 33 - 19 = 14. Seat 0: 1 + 14 = 15.
    expect(s.lastHand).toEqual({ captured: [33, 19], winner: 0, points: 14 });
    expect(s.scores).toEqual([15, 0]);
  });

  it('partners pool their captured cards', () => {
    // Four seats as partners 0+2 and 1+3; seat 3 deals; each holds its last card; QS on the table.
    let s = lastDeal(4, 3, ['2H', '5C', '8D', 'JC'], 'QS', [12, 10, 9], { partners: true });
    s = plays(s, '2H', '5C', '8D');
    // 2H is the second card: in place, 2 for seats 0+2. Seat 3's JC sweeps QS 2H 5C 8D: 5 cards.
    // Seats 0+2: 12 + 9 = 21; seats 1+3: 10 + (52 - 4 - 1 - 31 = 16) + 5 = 31. 31 - 21 = 10.
    expect(s.lastHand).toEqual({ captured: [21, 31], winner: 1, points: 10 });
    expect(game.status(s).scores).toEqual([2, 10, 2, 10]);
    expect(s.dealer).toBe(0);
  });

  it('the most captured cards scores the difference to the next best; an equal most scores nobody', () => {
    expect(handWinner([25, 14, 13])).toEqual({ winner: 0, points: 11 });
    expect(handWinner([10, 22, 20])).toEqual({ winner: 1, points: 2 });
    expect(handWinner([20, 20, 12])).toEqual({ winner: null, points: 0 });
  });

  it('deals of three: 8 a hand for two seats, 5 for three, 4 for four, 3 for five', () => {
    expect([2, 3, 4, 5].map(dealsPerHand)).toEqual([8, 5, 4, 3]);
  });
});

/** Plays the first listed action of the first seat to act until `done`. */
function drive(s: State, done: (s: State) => boolean, tendido: 'tendido' | 'noTendido'): State {
  let next = s;
  while (!done(next)) {
    if (game.status(next).finished) throw new Error('the game ended before the point wanted');
    const seat = game.status(next).toAct[0];
    const legal = game.legalActions(next, seat);
    const pick = next.phase === 'tendido' ? { type: tendido } : next.phase === 'declaring' ? { type: 'pass' } : legal[0];
    next = go(next, seat, pick as Action);
  }
  return next;
}

describe('Porrazo: the odd cards left over', () => {
  const lastDealDealt = (s: State) => s.deal === dealsPerHand(s.seats) && s.phase === 'declaring';

  it('three seats after a tendido: the three odd cards go face up after the last deal and score nothing', () => {
    const deck = deckWith('');
    // Deal 1 (cards 1-9), the tendido (10-13), deals 2-5 (14-49): cards 50-52 are left over.
    const s = drive(start(3, ''), lastDealDealt, 'tendido');
    expect(s.leftover).toEqual(deck.slice(49));
    expect(s.table.slice(-3)).toEqual(deck.slice(49));
    expect(s.stock).toEqual([]);
  });

  it("two seats with a tendido use the whole pack: eight deals of six and the tendido's four make 52", () => {
    const s = drive(start(2, ''), lastDealDealt, 'tendido');
    expect(s.leftover).toEqual([]);
    expect(s.stock).toEqual([]);
  });
});

describe('Porrazo: every hand has one tendido', () => {
  const lastDealDealt = (s: State) => s.deal === dealsPerHand(s.seats) && s.phase === 'declaring';

  it('a dealer who declines after every deal gets the tendido after the last: with two seats the 52 cards come out even', () => {
    const deck = deckWith('');
    // Deals 1-7 (cards 1-42) each end with the dealer's choice; it declines every time.
    const seventh = drive(start(2, ''), (s) => s.deal === 7 && s.phase === 'tendido', 'noTendido');
    expect(game.legalActions(seventh, 0)).toEqual([{ type: 'tendido' }, { type: 'noTendido' }]);
    const before = drive(seventh, (s) => s.deal === 8, 'noTendido');
    // The eighth deal (cards 43-48) is the last: no choice is offered, and cards 49-52 are the tendido.
    expect(before.phase).toBe('declaring');
    expect(game.legalActions(before, 0).some((a) => a.type === 'tendido' || a.type === 'noTendido')).toBe(false);
    expect(before.tendidoDealt).toBe(true);
    expect(before.tendido?.cards).toEqual(deck.slice(48));
    expect(before.table.slice(-4)).toEqual(deck.slice(48));
    expect(before.leftover).toEqual([]);
    expect(before.stock).toEqual([]);
  });

  it('with three seats the tendido after the fifth and last deal leaves "three odd cards"', () => {
    const deck = deckWith('');
    // Five deals of nine (cards 1-45), the tendido (46-49), and cards 50-52 left over, face up.
    const s = drive(start(3, ''), lastDealDealt, 'noTendido');
    expect(s.deal).toBe(5);
    expect(s.tendido?.cards).toEqual(deck.slice(45, 49));
    expect(s.leftover).toEqual(deck.slice(49));
    expect(s.leftover).toHaveLength(3);
    expect(s.table.slice(-7)).toEqual(deck.slice(45));
    expect(s.stock).toEqual([]);
  });

  it('with five seats too: three deals of fifteen, the tendido, three odd cards', () => {
    const deck = deckWith('');
    const s = drive(start(5, ''), lastDealDealt, 'noTendido');
    expect(s.deal).toBe(3);
    expect(s.tendido?.cards).toEqual(deck.slice(45, 49));
    expect(s.leftover).toEqual(deck.slice(49));
    expect(s.stock).toEqual([]);
  });
});

describe('Porrazo: play stops at 61', () => {
  it('the moment a seat reaches 61, even in the middle of a hand; a declaration not yet scored never scores', () => {
    let s = noTendido(start(2, 'AS 9D 9H QC QD 7S'));
    s = go(s, 1, { type: 'pass' });
    s = go(s, 0, { type: 'declare', set: 'ronda', rank: 'Q' });
    s = { ...s, scores: [0, 60] };
    s = plays(s, 'AS'); // an ace on the empty table: in place, 1: 61
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([0, 61]);
    expect(st.result).toEqual({ winners: [1], summary: 'Seat 1 wins with 61 (others: 0)' });
    expect(s.hands.map((h) => h.length)).toEqual([3, 2]);
    // Once over, everything is public: both hands and the declaration's rank.
    const v = view(s, null);
    expect(v.hands).toEqual([cardsOf('QC QD 7S'), cardsOf('9D 9H')]);
    expect(v.declarations[0]).toEqual({ set: 'ronda', rank: 'Q' });
  });

  it('even in the middle of a move: a porrazo that stands and wins leaves the card after it unscored', () => {
    let s = ready(start(2, '9S AH 5C 9D 7C 8C'));
    s = { ...s, scores: [59, 0] };
    s = plays(s, '9S', '9D'); // porrazo and limpia of nines: the limpia 1 now (60)
    expect(s.scores).toEqual([60, 0]);
    s = plays(s, 'AH'); // the porrazo stands: 61; the ace in place would have scored 1
    expect(game.status(s).scores).toEqual([61, 0]);
    expect(game.status(s).result?.winners).toEqual([0]);
  });

  it('the target is an option', () => {
    const s = plays(ready(start(2, 'AS 9D 9H QC QD 7S', { target: 1 })), 'AS');
    expect(game.status(s).result?.summary).toBe('Seat 1 wins with 1 (others: 0)');
  });
});

describe('Porrazo: a game', () => {
  it("deals three at a time from the dealer's left, the dealer last", () => {
    const s = start(5, 'AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H');
    expect(s.hands).toEqual([
      cardsOf('KS AH 2H'),
      cardsOf('AS 2S 3S'),
      cardsOf('4S 5S 6S'),
      cardsOf('7S 8S 9S'),
      cardsOf('TS JS QS'),
    ]);
    expect(s.stock).toHaveLength(37);
    expect(game.status(s).toAct).toEqual([0]);
  });

  it('shows each seat its own hand and only counts of the others and of the stock', () => {
    const s = ready(start(3, 'AS 2S 3S 4S 5S 6S 7S 8S 9S'));
    const v = view(s, 2);
    expect(v.hand).toEqual(cardsOf('4S 5S 6S'));
    expect(v.handCounts).toEqual([3, 3, 3]);
    expect(v.stockCount).toBe(43);
    expect(v.hands).toBeNull();
    expect(v.stock).toBeNull();
    expect(JSON.stringify(v)).not.toContain('"AS"');
    expect(view(s, null).hand).toBeNull();
    expect(v.turn).toBe(1);
  });

  it('refuses a play out of turn, a card not held and a play before the declarations', () => {
    const s = ready(start(2, 'AS 9D 9H QC QD 7S'));
    expect(() => go(s, 0, { type: 'play', card: 'QC' })).toThrow(IllegalMove);
    expect(() => game.apply(s, 0, { type: 'play', card: 'QC' })).toThrow(/seat 1's turn/);
    expect(() => game.apply(s, 1, { type: 'play', card: 'KS' })).toThrow(/not in your hand/);
    expect(() => game.apply(start(2, ''), 1, { type: 'play', card: 'AS' })).toThrow(/tendido first/);
  });

  it('partners need four seats', () => {
    expect(() => resolveOptions(game, { partners: true }, 3)).toThrow(SetupError);
    expect(() => resolveOptions(game, { partners: true }, 4)).not.toThrow();
    expect(() => resolveOptions(game, {}, 6)).toThrow(SetupError);
  });

  it('partners win or lose together; otherwise every seat plays for itself', () => {
    const opts = (partners: boolean) => resolveOptions(game, { partners }, 4) as Options;
    expect(game.sides?.(4, opts(true))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(game.sides?.(4, opts(false))).toEqual([[0], [1], [2], [3]]);
  });
});

describe('Porrazo: a clock that runs out', () => {
  it('the dealer deals no tendido, and a seat asked to declare passes, even holding a pair', () => {
    const s = start(2, 'QS QD 5C KH 9S 8S');
    expect(game.defaultAction?.(s, 0)).toEqual({ type: 'noTendido' });
    const asked = noTendido(s);
    expect(game.legalActions(asked, 1)).toContainEqual({ type: 'declare', set: 'ronda', rank: 'Q' });
    expect(game.defaultAction?.(asked, 1)).toEqual({ type: 'pass' });
    expect(game.defaultAction?.(asked, 0)).toEqual({ type: 'pass' });
  });

  it('a seat to play plays its lowest card, aces low', () => {
    // Seat 1 holds 9D 5S 6S on an empty table: the 5 cannot lie in place, so it is simply played.
    const s = ready(start(2, '9D 5S 6S KC 7S 8H'));
    expect(game.defaultAction?.(s, 1)).toEqual({ type: 'play', card: '5S' });
  });

  it('a lowest card that may forgo its capture is laid in place', () => {
    // Seat 1 laid 2S; seat 0's 2H would capture it, or lie in place as the second card.
    const s = plays(ready(start(2, '2S 2D 9H 2H 8C 7D')), '2S');
    expect(game.defaultAction?.(s, 0)).toEqual({ type: 'inPlace', card: '2H' });
  });
});
