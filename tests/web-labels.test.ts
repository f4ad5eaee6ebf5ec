import { describe, expect, it } from 'vitest';
import { cardName } from '../web/src/cards';
import { actionLabel, cardsOf, describedInWords, yesNoWords } from '../web/src/labels';
import { ago, partnered, seatNamer, seatPlace } from '../web/src/seats';

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

  it('names a seat kept for a player by whom it waits for', () => {
    const name = seatNamer([
      { seat: 0, name: 'Ann', occupant: 'player' },
      { seat: 1, name: 'Bo', occupant: 'invited', invited: 'b0' },
      { seat: 2, name: null, occupant: 'invited', invited: 'c0' },
    ]);
    expect([0, 1, 2].map(name)).toEqual(['Ann', 'Bo (invited)', 'invited player']);
  });
});

describe('the setup form’s words', () => {
  it('names seats by where they sit from mine: play passes to the left, partners sit opposite', () => {
    const places = (mine: number, count: number, together: boolean) =>
      Array.from({ length: count }, (_, seat) => seatPlace(seat, mine, count, together));
    expect(places(0, 2, false)).toEqual(['You', 'Your opponent']);
    expect(places(0, 3, false)).toEqual(['You', 'Player on your left', 'Player on your right']);
    expect(places(0, 4, true)).toEqual(['You', 'Left opponent', 'Your partner', 'Right opponent']);
    expect(places(0, 4, false)).toEqual(['You', 'Player on your left', 'Player opposite you', 'Player on your right']);
    expect(places(2, 4, true)).toEqual(['Your partner', 'Right opponent', 'You', 'Left opponent']);
    expect(places(0, 6, true)).toEqual([
      'You',
      'Left opponent',
      'Your partner on the left',
      'Opposite opponent',
      'Your partner on the right',
      'Right opponent',
    ]);
    expect(places(0, 5, false)).toEqual([
      'You',
      'Player on your left',
      'Second player on your left',
      'Second player on your right',
      'Player on your right',
    ]);
  });

  it('knows the tables played in partnerships: Kaiser always, Escoba and Porrazo when their option says so', () => {
    expect(partnered('kaiser', 4, {})).toBe(true);
    expect(partnered('diloti', 2, {})).toBe(false);
    expect(partnered('escoba', 4, { partnerships: false })).toBe(false);
    expect(partnered('escoba', 4, { partnerships: true })).toBe(true);
    expect(partnered('porrazo', 4, { partners: true })).toBe(true);
    expect(partnered('scopa', 4, {})).toBe(false);
  });

  it('says an option in words: no raw value or default in brackets, "null" as an empty field', () => {
    expect(
      describedInWords(
        'who leads to the first trick: the seat on the dealer’s left (dealer-left, the default) or the highest bidder',
        ['dealer-left', 'bidder'],
      ),
    ).toBe('who leads to the first trick: the seat on the dealer’s left or the highest bidder');
    expect(
      describedInWords('declarers who fail lose the value of their tricks (tricks, the default) or the amount of the bid (bid)', [
        'tricks',
        'bid',
      ]),
    ).toBe('declarers who fail lose the value of their tricks or the amount of the bid');
    expect(describedInWords('the game ends after a deal at which a side has this many points or more (default 52)', [])).toBe(
      'the game ends after a deal at which a side has this many points or more',
    );
    expect(
      describedInWords(
        'a side at this score or below after a deal loses (-52, say); default null, off: a side far below zero plays on',
        [],
      ),
    ).toBe('a side at this score or below after a deal loses (-52, say); left empty, a side far below zero plays on');
    expect(describedInWords('how many times each seat deals (default 1: every seat deals once)', [])).toBe(
      'how many times each seat deals (every seat deals once)',
    );
  });

  it('splits a yes/no option into what yes means and what no means', () => {
    expect(
      yesNoWords(
        "the dealer's third card follows the players' rule, compulsory at 3 or less and refused at 7 or more (default true); false: the dealer's free choice",
      ),
    ).toEqual({
      yes: "the dealer's third card follows the players' rule, compulsory at 3 or less and refused at 7 or more",
      no: "the dealer's free choice",
    });
    expect(yesNoWords('show each seat the face-down cards it knows (default false: it is a memory game)')).toEqual({
      yes: 'show each seat the face-down cards it knows',
      no: 'it is a memory game',
    });
    expect(yesNoWords('throw the cards in and deal again when three kings are dealt')).toEqual({
      yes: 'throw the cards in and deal again when three kings are dealt',
      no: null,
    });
  });
});

describe('my games’ words', () => {
  it('says how long ago the last move was, roughly', () => {
    const now = Date.parse('2030-01-10T12:00:00Z');
    const at = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    expect([20, 5 * 60, 3 * 3600 + 59, 86400, 3 * 86400].map((s) => ago(at(s), now))).toEqual([
      'just now',
      '5 min ago',
      '3 h ago',
      '1 day ago',
      '3 days ago',
    ]);
  });
});
