import { describe, expect, it } from 'vitest';
import type { Card } from '../../cards';
import { botRng } from '../rng';
import { type TrickTable, trickPlay } from './tricks';

const plays = (...cards: Card[]) => cards.map((card) => ({ type: 'play', card }));
const card = (table: TrickTable, seat: number, legal: Card[]) => trickPlay(table, seat, plays(...legal), botRng('tricks'))?.card;
const table = (over: Partial<TrickTable>): TrickTable => ({
  hands: [[], [], [], []],
  trick: { leader: 0, plays: [] },
  trump: null,
  partner: null,
  worth: () => 0,
  avoid: false,
  ...over,
});

describe('the quick trick-taking player', () => {
  it('leads a sure trick: the highest card left of its suit, which nobody can trump', () => {
    const hands = [
      ['KS', '9H', '7D'],
      ['QS', '8H', 'TH'],
      ['JS', 'AH', '8D'],
      ['9S', 'KH', '9D'],
    ];
    expect(card(table({ hands, trump: 'D' }), 0, hands[0])).toBe('KS');
  });

  it('wins a trick it can win as cheaply as it can, last to play', () => {
    const trick = {
      leader: 1,
      plays: [
        { seat: 1, card: '9H' },
        { seat: 2, card: 'JH' },
        { seat: 3, card: '7H' },
      ],
    };
    const hands = [['QH', 'AH', '2C'], [], [], []];
    expect(card(table({ hands, trick, partner: 2 }), 0, ['QH', 'AH'])).toBe('QH');
  });

  it('never overtakes a partner who holds the trick, and gives it what scores', () => {
    const trick = {
      leader: 1,
      plays: [
        { seat: 1, card: '9H' },
        { seat: 2, card: 'AH' },
        { seat: 3, card: '7H' },
      ],
    };
    const worth = (c: Card) => (c === '5H' ? 5 : 0);
    expect(card(table({ hands: [['KH', '5H'], [], [], []], trick, partner: 2, worth }), 0, ['KH', '5H'])).toBe('5H');
  });

  it('where tricks are bad, ducks under the winning card with its highest card that stays under', () => {
    const trick = { leader: 1, plays: [{ seat: 1, card: 'TS' }] };
    expect(card(table({ hands: [['2S', '9S', 'KS'], [], [], []], trick, avoid: true }), 0, ['2S', '9S', 'KS'])).toBe('9S');
  });

  it('where tricks are bad, sheds its costliest card when it cannot follow', () => {
    const trick = { leader: 1, plays: [{ seat: 1, card: 'TD' }] };
    const worth = (c: Card) => (c === 'KS' ? -100 : c[1] === 'H' ? -10 : 0);
    expect(card(table({ hands: [['2C', 'KS', 'AH'], [], [], []], trick, avoid: true, worth }), 0, ['2C', 'KS', 'AH'])).toBe('KS');
  });
});
