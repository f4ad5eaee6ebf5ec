import { describe, expect, it } from 'vitest';
import { cardName } from '../web/src/cards';
import { actionLabel, cardsOf } from '../web/src/labels';
import { seatNamer } from '../web/src/seats';

/** What the web table's buttons say: a screen reader reads these names aloud. */
describe('the web table’s words for cards and moves', () => {
  it('names cards as a person says them', () => {
    expect(['7H', 'AS', 'TD', 'QC', 'KH', 'JK'].map(cardName)).toEqual([
      '7 of hearts',
      'ace of spades',
      '10 of diamonds',
      'queen of clubs',
      'king of hearts',
      'joker',
    ]);
  });

  it('names a move by what it does, its cards by name', () => {
    expect(actionLabel({ type: 'play', card: '7H' })).toBe('Play 7 of hearts');
    expect(actionLabel({ type: 'play', card: '7H', capture: ['3S', '4D'] })).toBe(
      'Play 7 of hearts, capture 3 of spades and 4 of diamonds',
    );
    expect(actionLabel({ type: 'play', card: 'JH', capture: [] })).toBe('Play jack of hearts, capture nothing');
    expect(actionLabel({ type: 'pass' })).toBe('Pass');
    expect(actionLabel({ type: 'declare', set: 'ronda', rank: 'J' }, 'porrazo')).toBe('Declare, set ronda, rank J');
    expect(actionLabel({ type: 'dealerThirdCard', take: false })).toBe('Dealer third card, take: no');
  });

  it('lets a game say its own moves better', () => {
    expect(actionLabel({ type: 'bid', points: 8, noTrump: true }, 'kaiser')).toBe('Bid 8 no trump');
    expect(actionLabel({ type: 'trump', suit: 'H' }, 'kaiser')).toBe('Trumps: hearts');
    expect(actionLabel({ type: 'swap', position: 2, cactus: true }, 'cactus')).toBe(
      'Swap the card held with your bottom left card and call Cactus',
    );
    expect(actionLabel({ type: 'spy', position: 1 }, 'cactus')).toBe('Spy on the opponent’s top right card');
    expect(actionLabel({ type: 'thirdCard', tableau: 0, take: false }, 'oicho-kabu')).toBe('Refuse a third card on tableau 1');
  });

  it('finds every card a move names, for picking a move by its card', () => {
    expect(cardsOf({ type: 'capture', card: '7D', take: ['3D', '4D'] })).toEqual(['7D', '3D', '4D']);
    expect(cardsOf({ type: 'bid', points: 7, noTrump: false })).toEqual([]);
  });

  it('names seats by who sits there, telling apart two that would read alike', () => {
    const name = seatNamer([
      { seat: 0, name: 'Ann', occupant: 'player' },
      { seat: 1, name: null, occupant: 'open' },
      { seat: 2, name: 'random', occupant: 'bot', bot: 'random' },
      { seat: 3, name: 'random', occupant: 'bot', bot: 'random' },
    ]);
    expect([0, 1, 2, 3].map(name)).toEqual(['Ann', 'open seat', 'random (seat 2)', 'random (seat 3)']);
  });
});
