import { describe, expect, it } from 'vitest';
import { countCards, standardDeck, suitOf } from './cards';
import { seedRng } from './rng';
import { dealUnseen, unseenCards } from './unseen';

describe('unseen cards', () => {
  it('are the game’s cards less those the seat knows, copies counted', () => {
    expect(unseenCards(['AS', 'AS', 'KD', '2C'], ['AS', '2C'])).toEqual(['AS', 'KD']);
    expect(() => unseenCards(['AS'], ['AS', 'AS'])).toThrow(/more often/);
  });

  it('fill hidden places of the sizes asked, every card once', () => {
    const cards = standardDeck().slice(0, 20);
    const [places] = dealUnseen(cards, [{ size: 5 }, { size: 5 }, { size: 10 }], seedRng('deal'));
    expect(places.map((p) => p.length)).toEqual([5, 5, 10]);
    expect(countCards(places.flat())).toEqual(countCards(cards));
  });

  it('never give a seat a card of a suit it showed it lacks', () => {
    const cards = standardDeck().slice(0, 26);
    for (let i = 0; i < 50; i++) {
      const noHearts = (c: string) => suitOf(c) !== 'H';
      const [[voidHand, other]] = dealUnseen(cards, [{ size: 13 }, { size: 13, accepts: noHearts }], seedRng(`void ${i}`));
      expect(other.every(noHearts)).toBe(true);
      expect(voidHand.length).toBe(13);
    }
  });

  it('find a placing where two constraints compete for the same cards, whatever the shuffle', () => {
    const spadeOrDiamond = (c: string) => suitOf(c) === 'S' || suitOf(c) === 'D';
    const diamondOrClub = (c: string) => suitOf(c) === 'D' || suitOf(c) === 'C';
    for (let i = 0; i < 30; i++) {
      const [[a, b]] = dealUnseen(
        ['AS', 'KD', 'QD', 'JC'],
        [
          { size: 2, accepts: spadeOrDiamond },
          { size: 2, accepts: diamondOrClub },
        ],
        seedRng(`compete ${i}`),
      );
      expect(a.every(spadeOrDiamond) && a.includes('AS')).toBe(true);
      expect(b.every(diamondOrClub) && b.includes('JC')).toBe(true);
    }
  });

  it('refuse sizes that do not add up, or constraints nobody can meet', () => {
    expect(() => dealUnseen(['AS', 'KS'], [{ size: 3 }], seedRng('x'))).toThrow(/places of 3/);
    expect(() => dealUnseen(['AS', 'KS'], [{ size: 2, accepts: (c) => c !== 'AS' }], seedRng('x'))).toThrow(/cannot/);
  });

  it('deal the same from the same generator', () => {
    const cards = standardDeck();
    const places = [{ size: 26 }, { size: 26 }];
    expect(dealUnseen(cards, places, seedRng('same'))).toEqual(dealUnseen(cards, places, seedRng('same')));
  });
});
