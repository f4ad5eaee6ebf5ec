import { describe, expect, it } from 'vitest';
import { rankNumberAceHigh } from './cards';
import {
  cardsAllowed,
  ledSuit,
  newTrick,
  nextDealer,
  nextSeat,
  partnerOf,
  refusal,
  seatsFrom,
  seatsOfSide,
  seatToPlay,
  type TrickPlay,
  trickComplete,
  tricksOfDeal,
  trickWinner,
  voidsShown,
} from './tricks';

/** Plays in order from `leader`: seat leader, leader+1, ... around four seats. */
const played = (leader: number, cards: string[], seats = 4): TrickPlay[] =>
  cards.map((card, k) => ({ seat: (leader + k) % seats, card }));

describe('turn order', () => {
  it('the next seat is on the left, wrapping round the table', () => {
    expect(nextSeat(0, 4)).toBe(1);
    expect(nextSeat(3, 4)).toBe(0);
    expect(nextSeat(4, 5, 3)).toBe(2);
    expect(nextSeat(0, 4, -1)).toBe(3);
  });
  it('every seat plays once, in turn order from the first', () => expect(seatsFrom(2, 4)).toEqual([2, 3, 0, 1]));
  it('the deal passes to the left', () => {
    expect(nextDealer(0, 3)).toBe(1);
    expect(nextDealer(5, 6)).toBe(0);
  });
});

describe('partnerships', () => {
  it('partners sit opposite: 0+2 and 1+3 at four', () => {
    expect([0, 1, 2, 3].map((s) => partnerOf(s, 4))).toEqual([2, 3, 0, 1]);
    expect(partnerOf(1, 6)).toBe(4);
  });
  it('a side is every other seat', () => {
    expect(seatsOfSide(0, 4)).toEqual([0, 2]);
    expect(seatsOfSide(1, 4)).toEqual([1, 3]);
    expect(seatsOfSide(2, 6, 3)).toEqual([2, 5]);
  });
});

describe('a trick in progress', () => {
  it('the leader plays first, then each seat to the left', () => {
    const trick = { leader: 3, plays: played(3, ['AS', 'KS']) };
    expect(seatToPlay(newTrick(3), 4)).toBe(3);
    expect(seatToPlay(trick, 4)).toBe(1);
    expect(trickComplete(trick, 4)).toBe(false);
    expect(trickComplete({ leader: 3, plays: played(3, ['AS', 'KS', 'QS', 'JS']) }, 4)).toBe(true);
  });
  it('the suit led is the first card’s suit, none before the lead', () => {
    expect(ledSuit(newTrick(0))).toBeNull();
    expect(ledSuit({ leader: 0, plays: played(0, ['9D', 'AS']) })).toBe('D');
  });
});

describe('following suit', () => {
  const hand = ['AS', '7S', 'KH', 'TD'];
  it('the leader may lead any card', () => expect(cardsAllowed(hand, null)).toEqual(hand));
  it('a hand holding the suit led must follow it', () => expect(cardsAllowed(hand, 'S')).toEqual(['AS', '7S']));
  it('a hand without the suit led may play any card', () => expect(cardsAllowed(hand, 'C')).toEqual(hand));
  it('says why a card is refused', () => {
    expect(refusal(hand, 'KH', 'S')).toMatch(/must follow suit/);
    expect(refusal(hand, 'QC', 'S')).toMatch(/not in your hand/);
    expect(refusal(hand, 'TD', 'C')).toBeUndefined();
  });
  it('a game may give cards its own suits', () => {
    const suit = (c: string) => (c === 'JK' ? 'S' : c[1]);
    expect(cardsAllowed(['JK', 'KH'], 'S', suit)).toEqual(['JK']);
  });
});

describe('who wins a trick', () => {
  it('without trumps the highest card of the suit led wins, aces high', () => {
    expect(trickWinner(played(0, ['9H', 'AH', 'KH', 'TH'])).seat).toBe(1);
  });
  it('a card of another suit never wins without trumps, however high', () => {
    expect(trickWinner(played(2, ['7C', 'AS', '8C', 'AD'])).seat).toBe(0);
  });
  it('the highest trump wins when trumps were played', () => {
    expect(trickWinner(played(0, ['AH', '7D', 'KH', '9D']), { trump: 'D' }).seat).toBe(3);
  });
  it('a single low trump beats the ace of the suit led', () => {
    expect(trickWinner(played(1, ['AC', 'KC', '7S', 'QC']), { trump: 'S' }).card).toBe('7S');
  });
  it('a trump led wins like any suit led', () => {
    expect(trickWinner(played(0, ['8S', 'AH', 'TS', '9S']), { trump: 'S' }).card).toBe('TS');
  });
  it('a game may rank cards its own way', () => {
    // Ace low: the king is highest.
    const aceLow = (c: string) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'].indexOf(c[0]);
    expect(trickWinner(played(0, ['AH', 'KH']), { rank: aceLow }).card).toBe('KH');
  });
  it('in a suitless game the highest card wins whatever its suit, and the leader wins a tie', () => {
    expect(trickWinner(played(0, ['9H', 'JC'], 2), { followSuit: false }).seat).toBe(1);
    expect(trickWinner(played(1, ['QH', 'QS'], 2), { followSuit: false, rank: rankNumberAceHigh }).seat).toBe(1);
  });
  it('an empty trick has no winner', () => expect(() => trickWinner([])).toThrow());
});

describe('what a seat remembers of the deal', () => {
  // Eight plays at three seats, seat 1 first: the current trick is one card old.
  const plays = ['7S', '2S', 'AH', '3H', '4H', 'KD', '5D', '9C'].map((card, i) => ({ seat: (i + 1) % 3, card }));
  const cards = (tricks: { card: string }[][]) => tricks.map((t) => t.map((p) => p.card));

  it('groups the plays into whole tricks back from the current one, dropping a trick seen only in part', () => {
    expect(cards(tricksOfDeal(plays, 3, 1, 5))).toEqual([['2S', 'AH', '3H'], ['4H', 'KD', '5D'], ['9C']]);
    expect(cards(tricksOfDeal(plays, 3, 1, 1))).toEqual([['4H', 'KD', '5D'], ['9C']]);
  });

  it('shows a void in the suit led wherever a seat played another suit', () => {
    // 2♠ led by seat 2: seats 0 and 1 played hearts; 4♥ led by seat 2: seats 0 and 1 played diamonds.
    const voids = voidsShown(tricksOfDeal(plays, 3, 1, 5));
    expect(voids).toEqual(
      new Map([
        [0, new Set(['S', 'H'])],
        [1, new Set(['S', 'H'])],
      ]),
    );
  });
});
