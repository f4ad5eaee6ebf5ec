import { describe, expect, it } from 'vitest';
import { announcement } from '../web/src/announce';
import { cactusEnding } from '../web/src/cactus-end';
import { sortHand } from '../web/src/cards';
import { bidsBySeat, compassOf, directionOf } from '../web/src/compass';
import { amountProblem } from '../web/src/costs';
import { cardsOf } from '../web/src/labels';
import { place } from '../web/src/layout';
import { grouped, outcome, pick, tableTouchable } from '../web/src/moves';
import { narrate } from '../web/src/narrate';
import { headline, withNames } from '../web/src/results';

const names = (seat: number) => ['Ann', 'Bo', 'Cy', 'Di'][seat];

/** How the web table turns legal actions into touches: choose cards, and the moves narrow. */
describe('choosing cards at the table', () => {
  const scopa = [
    { type: 'play', card: '7H', capture: ['3C', '4D'] },
    { type: 'play', card: '7H', capture: ['2S', '5S'] },
    { type: 'play', card: 'KD', capture: [] },
  ];

  it('a hand card that makes one move plays it; one that makes several waits for the table cards that tell them apart', () => {
    expect(outcome(scopa, ['KD']).immediate).toEqual(scopa[2]);
    const seven = outcome(scopa, ['7H']);
    expect(seven.immediate).toBeNull();
    expect(seven.remaining).toEqual(scopa.slice(0, 2));
    expect([...seven.next].sort()).toEqual(['2S', '3C', '4D', '5S']);
  });

  it('a move is made only when the cards chosen are exactly its cards: 7♥ and 3♣ wait for the 4♦', () => {
    const part = outcome(scopa, ['7H', '3C']);
    expect(part.remaining).toEqual([scopa[0]]);
    expect(part.immediate).toBeNull();
    expect([...part.next]).toEqual(['4D']);
    expect(outcome(scopa, ['7H', '3C', '4D']).immediate).toEqual(scopa[0]);
    // A hand card with a single capture still waits for its table cards to be touched.
    expect(outcome([scopa[0]], ['7H']).immediate).toBeNull();
  });

  it('whatever cards are touched in whatever order, a move made uses exactly the cards touched', () => {
    const table = ['3C', '4D', '2S', '5S', '7S'];
    const actions = [
      ...scopa,
      { type: 'play', card: '7H', capture: ['7S'] },
      { type: 'play', card: 'KD', capture: ['3C', '4D'] },
    ];
    const hand = ['7H', 'KD', 'JC'];
    const touches = [...hand.map((c) => ({ c, from: 'hand' as const })), ...table.map((c) => ({ c, from: 'table' as const }))];
    let made = 0;
    // Every sequence of up to four touches, as the page takes them.
    const walk = (chosen: string[], depth: number) => {
      const now = outcome(actions, chosen).immediate;
      if (now) {
        made++;
        expect([...cardsOf(now)].sort()).toEqual([...chosen].sort());
        return;
      }
      if (depth === 4) return;
      for (const { c, from } of touches) {
        if (chosen.includes(c)) continue;
        if (from === 'table' && !tableTouchable(actions, chosen, hand).has(c)) continue;
        const how = pick(actions, chosen, c, from);
        if (how === 'add') walk([...chosen, c], depth + 1);
        if (how === 'restart') walk([c], depth + 1);
      }
    };
    walk([], 0);
    expect(made).toBeGreaterThan(0);
  });

  it('with a hand card chosen, only the table cards that complete a capture with it light up; with none, none do', () => {
    const hand = ['7H', 'KD', 'JC'];
    expect([...tableTouchable(scopa, ['7H', '2S'], hand)]).toEqual(['5S']);
    expect(tableTouchable(scopa, [], hand).size).toBe(0);
    // Moves that use no hand card (Diloti's groups, once the capturing card is down) are touched on the table first.
    expect([...tableTouchable([{ type: 'take', group: ['3C', '4D'] }], [], hand)].sort()).toEqual(['3C', '4D']);
  });

  it('a card joins the choice while a move uses them all; another hand card starts a new choice, a table card never does', () => {
    expect(pick(scopa, ['7H'], '3C', 'table')).toBe('add');
    expect(pick(scopa, ['7H'], 'KD', 'hand')).toBe('restart');
    // 3♣ makes moves with K♦ of its own: touched on the table, it still never replaces the 7♥ chosen.
    const kingTakes = [...scopa, { type: 'play', card: 'KD', capture: ['3C', '9S'] }];
    expect(pick(kingTakes, ['7H', '2S'], '9S', 'table')).toBe('none');
    expect(pick(scopa, ['KD'], '9S', 'hand')).toBe('none');
  });

  it('a set of cards (a draw of two) is complete when exactly those are chosen, and is confirmed while bigger sets remain', () => {
    const draws = [
      { type: 'draw', cards: ['2C'] },
      { type: 'draw', cards: ['2C', '9H'] },
      { type: 'draw', cards: ['2C', '9H', 'KS'] },
    ];
    const two = outcome(draws, ['2C', '9H']);
    expect(two.complete).toEqual([draws[1]]);
    expect(two.immediate).toBeNull();
    // Two decks repeat codes: a pair needs both copies chosen.
    expect(outcome([{ type: 'discard', cards: ['5H', '5H'] }], ['5H']).complete).toEqual([]);
  });

  it('an amount with many values is one stepper per other choice, never a button per amount', () => {
    const bets = [0, 1, 2, 3].flatMap((tableau) =>
      Array.from({ length: 50 }, (_, i) => ({ type: 'bet', tableau, amount: i + 1 })),
    );
    const { buttons, amounts } = grouped([...bets, { type: 'done' }]);
    expect(buttons).toEqual([{ type: 'done' }]);
    expect(amounts).toHaveLength(4);
    expect(amounts[1]).toMatchObject({ key: 'amount', base: { type: 'bet', tableau: 1, amount: null } });
    expect(amounts[1].values).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Few values stay buttons: Kaiser's bids.
    expect(grouped([7, 8, 9].map((points) => ({ type: 'bid', points }))).buttons).toHaveLength(3);
  });
});

describe('laying a view on the table', () => {
  it('puts the seat’s hand at the bottom, by-seat fields in the seat panels, cards and piles in the centre, score lines aside', () => {
    const schema = {
      properties: {
        handCounts: { description: 'how many cards each seat holds, by seat' },
        table: { items: { pattern: '^(?:[A2-9TJQK][SHDC]|JK)$' } },
      },
    };
    const placed = place(
      {
        hand: ['7H', 'KD'],
        handCounts: [2, 3],
        table: [],
        trick: { leader: 1, plays: [{ seat: 1, card: '9S' }] },
        stock: 30,
        trump: 'H',
        lastDeal: null,
        scoresheet: [{ deal: 1 }],
        tableaus: [{ cards: ['5S'], total: 5 }],
      },
      schema,
      0,
      2,
    );
    expect(placed.hand).toEqual({ key: 'hand', cards: ['7H', 'KD'] });
    expect(placed.bySeat).toEqual(['handCounts']);
    expect(placed.rows).toEqual([{ key: 'table', cards: [] }]);
    expect(placed.tricks).toEqual([{ key: 'trick', plays: [{ seat: 1, card: '9S' }] }]);
    expect(placed.counts).toEqual([{ key: 'stock', count: 30 }]);
    expect(placed.facts).toEqual([{ key: 'trump', value: 'H' }]);
    expect(placed.results).toEqual(['scoresheet']);
    expect(placed.piles.map((p) => p.key)).toEqual(['tableaus']);
  });

  it('holds the hand as a player does: by suit in alternating colours, aces high in trick games and low elsewhere', () => {
    expect(sortHand(['AD', '2S', 'KS', '9H', 'AS'], true)).toEqual(['2S', 'KS', 'AS', '9H', 'AD']);
    expect(sortHand(['AD', '2S', 'KS', '9H', 'AS'], false)).toEqual(['AS', '2S', 'KS', '9H', 'AD']);
  });
});

describe('telling what happened', () => {
  it('says each move as the seat may know it, with private notices for what a peek showed and what the clock played', () => {
    const peek = narrate(
      { seq: 3, seat: 0, kind: 'move', by: 'seat', action: { type: 'peek', position: 2, saw: '2S' } },
      'cactus',
      names,
      0,
    );
    expect(peek).toMatchObject({
      text: 'You: peek at your bottom left card: you saw the 2 of spades.',
      notice: 'Peek at your bottom left card: you saw the 2 of spades.',
      own: true,
    });
    const theirs = narrate(
      { seq: 4, seat: 1, kind: 'move', by: 'bot', action: { type: 'peek', position: 2 } },
      'cactus',
      names,
      0,
    );
    expect(theirs).toMatchObject({ text: 'Bo: peek at their bottom left card.', own: false });
    const spy = narrate({ seq: 4, seat: 1, kind: 'move', by: 'bot', action: { type: 'spy', position: 1 } }, 'cactus', names, 0);
    expect(spy.text).toBe('Bo: spy on your top right card.');
    expect(theirs.notice).toBeUndefined();
    const clock = narrate(
      { seq: 5, seat: 0, kind: 'move', by: 'clock', action: { type: 'play', card: '7S' } },
      'kaiser',
      names,
      0,
    );
    expect(clock.notice).toBe('Time ran out: the clock played for you: play 7 of spades.');
    expect(narrate({ seq: 6, seat: 1, kind: 'resign', by: 'seat', action: { type: 'resign' } }, 'kaiser', names, 0).notice).toBe(
      'Bo resigned.',
    );
  });

  it('says what the clocks did: time given (a notice for the seat given it), a vacation and its end', () => {
    const gift = narrate(
      { seq: 7, seat: 1, kind: 'gift', by: 'seat', action: { type: 'gift', seat: 0, seconds: 86400 } },
      'xeri',
      names,
      0,
    );
    expect(gift).toMatchObject({ text: 'Bo gave you 1 day more.', notice: 'Bo gave you 1 day more.', own: false });
    const given = narrate(
      { seq: 7, seat: 0, kind: 'gift', by: 'seat', action: { type: 'gift', seat: 1, seconds: 3600 } },
      'xeri',
      names,
      0,
    );
    expect(given).toMatchObject({ text: 'You gave Bo 1 hour more.', own: true });
    expect(given.notice).toBeUndefined();
    const away = narrate(
      { seq: 8, seat: 1, kind: 'vacation', by: 'seat', action: { type: 'vacation', until: '2030-01-08T00:00:00.000Z' } },
      'xeri',
      names,
      0,
    );
    expect(away.text).toMatch(/^Bo is on vacation until .+: the clock is stopped\.$/);
    expect(narrate({ seq: 9, seat: 1, kind: 'resume', by: 'clock', action: { type: 'resume' } }, 'xeri', names, 0).text).toBe(
      'Bo is back from vacation: the clock runs again.',
    );
  });

  it('a peek or a spy carries the card seen and its place, for the felt to turn it up for this seat alone', () => {
    const peek = narrate(
      { seq: 3, seat: 0, kind: 'move', by: 'seat', action: { type: 'peek', position: 2, saw: '2S' } },
      'cactus',
      names,
      0,
    );
    expect(peek.glimpse).toEqual({ type: 'peek', position: 2, card: '2S' });
    const spy = narrate(
      { seq: 4, seat: 0, kind: 'move', by: 'clock', action: { type: 'spy', position: 1, saw: 'AH' } },
      'cactus',
      names,
      0,
    );
    expect(spy.glimpse).toEqual({ type: 'spy', position: 1, card: 'AH' });
    // Bo's peek, seen from Ann's seat, shows her nothing.
    const theirs = narrate(
      { seq: 5, seat: 1, kind: 'move', by: 'bot', action: { type: 'peek', position: 2 } },
      'cactus',
      names,
      0,
    );
    expect(theirs.glimpse).toBeUndefined();
  });

  it('at Divide and Conquer, a card laid face down is said so, and named once the log shows it', () => {
    const hidden = narrate(
      { seq: 1, seat: 1, kind: 'move', by: 'bot', action: { type: 'play' } },
      'divide-and-conquer',
      names,
      0,
    );
    expect(hidden.text).toBe('Bo: lay a card face down.');
    const shown = narrate(
      {
        seq: 2,
        seat: 1,
        kind: 'move',
        by: 'bot',
        action: { type: 'play', card: '7C', match: { cards: ['9H', '7C'], winner: 0 } },
      },
      'divide-and-conquer',
      names,
      0,
    );
    expect(shown.text).toBe('Bo: play 7 of clubs.');
    const mine = narrate(
      { seq: 3, seat: 0, kind: 'move', by: 'seat', action: { type: 'play', card: 'QH' } },
      'divide-and-conquer',
      names,
      0,
    );
    expect(mine.text).toBe('You: play queen of hearts.');
  });

  it('says the end with names: "You won", "You lost", "A tie"', () => {
    expect(withNames('seat 0 wins 11 to 6', names)).toBe('Ann wins 11 to 6');
    expect(withNames('seats 0 and 2 win 70 to 61', names)).toBe('Ann and Cy win 70 to 61');
    expect(withNames('seats 0, 2 share the win with 155 each', names)).toBe('Ann and Cy share the win with 155 each');
    expect(withNames('Seat 0 resigned: seats 1 and 3 share the win', names)).toBe('Ann resigned: Bo and Di share the win');
    expect(headline({ winners: [0], summary: 'seat 0 wins' }, 0, names)).toBe('You won');
    expect(headline({ winners: [0], summary: 'seat 0 wins' }, 1, names)).toBe('You lost');
    expect(headline({ winners: [0, 2], summary: 'seats 0 and 2 win' }, 2, names)).toBe('You won');
    expect(headline({ winners: [0, 1], summary: 'a tie at 63 points each' }, 1, names)).toBe('A tie');
    expect(headline({ winners: [1], summary: 'seat 1 wins' }, null, names)).toBe('Bo won');
  });
});

describe('the end of a deal, as players tell it', () => {
  it('announces a sweep, a xeri and a Cactus call by name', () => {
    expect(announcement('scopa', { lastPlay: { seat: 1, card: '7D', capture: ['3C', '4D'], scopa: true } }, names)).toBe(
      'Scopa! Bo swept the table.',
    );
    expect(announcement('scopa', { lastPlay: { seat: 1, card: '7D', capture: [], scopa: false } }, names)).toBeNull();
    expect(announcement('xeri', { lastPlay: { seat: 0, card: '5H', took: ['5S'], xeri: true } }, names)).toBe(
      'Xeri! Ann took a single card.',
    );
    expect(announcement('cactus', { cactus: 1, end: null }, names)).toBe('Cactus! Bo called it: one more turn for the other.');
  });

  it('ends Cactus with both layouts turned up and their totals, the lower winning', () => {
    const over = {
      layouts: [
        ['AS', null, '2H', '3C'],
        ['KD', 'QS', null, '5H'],
      ],
      totals: [6, 20],
      end: 'cactus',
      cactus: 0,
    };
    expect(cactusEnding(over, names)?.said).toBe(
      'Ann called Cactus: the layouts are turned up, Ann 6 and Bo 20; Ann wins with the lower total.',
    );
    expect(cactusEnding({ ...over, totals: [9, 9], end: 'stock', cactus: null }, names)?.said).toBe(
      'The stock ran out: the layouts are turned up, Ann 9 and Bo 9; a tie.',
    );
    expect(cactusEnding({ ...over, totals: null, end: null }, names)).toBeNull();
  });

  it('leaves a stock shown at the end a count, not a row of its cards', () => {
    const placed = place({ stock: ['4S', '9D', 'JC'], discards: ['2C'] }, undefined, 0, 2);
    expect(placed.counts).toEqual([{ key: 'stock', count: 3 }]);
    expect(placed.rows.map((r) => r.key)).toEqual(['discards']);
  });
});

describe('an amount that is not a move says why', () => {
  const betting = {
    seat: 1,
    roundLimit: 30,
    betTotal: 0,
    chips: [100, 100],
    tableaus: [{ bets: [0, 0] }, { bets: [0, 0] }],
  };
  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('a bet over the round’s cap says the cap, and what is bet already', () => {
    expect(amountProblem('oicho-kabu', 40, upTo(30), betting)).toBe('At most 30 chips: the round’s cap.');
    expect(amountProblem('oicho-kabu', 40, upTo(20), { ...betting, betTotal: 10 })).toBe(
      'At most 20 chips: the round’s cap of 30, with 10 bet already.',
    );
  });

  it('a bet over the chips a seat has left says so', () => {
    const poor = { ...betting, chips: [100, 12], tableaus: [{ bets: [0, 4] }, { bets: [0, 0] }] };
    expect(amountProblem('oicho-kabu', 9, upTo(8), poor)).toBe('At most 8 chips: all the chips you have left to bet.');
  });

  it('too little, no number or a fraction are each said; an amount allowed is no problem', () => {
    expect(amountProblem('oicho-kabu', 0, upTo(30), betting)).toBe('At least 1 chip.');
    expect(amountProblem('oicho-kabu', Number.NaN, upTo(30), betting)).toBe('Give an amount: 1 to 30 chips.');
    expect(amountProblem('oicho-kabu', 2.5, upTo(30), betting)).toBe('A whole number: 1 to 30 chips.');
    expect(amountProblem('oicho-kabu', 30, upTo(30), betting)).toBeNull();
    expect(amountProblem('other', 12, upTo(10), null)).toBe('At most 10: the most allowed now.');
  });
});

describe('a four-seat table in sides', () => {
  const kaiser = {
    sides: [
      [0, 2],
      [1, 3],
    ],
  };

  it('the viewer sits at the bottom, the next seat to play on the left, the partner at the top', () => {
    expect(compassOf(kaiser, 4, 1)).toEqual({ bottom: 1, left: 2, top: 3, right: 0 });
    // A spectator sees the table from seat 0.
    expect(compassOf(kaiser, 4, null)).toEqual({ bottom: 0, left: 1, top: 2, right: 3 });
  });

  it('a table not of two sides of partners sitting opposite keeps the row of opponents', () => {
    expect(
      compassOf(
        {
          sides: [
            [0, 1],
            [2, 3],
          ],
        },
        4,
        0,
      ),
    ).toBeNull();
    expect(compassOf({}, 4, 0)).toBeNull();
    expect(compassOf({ sides: [[0, 2], [1]] }, 3, 0)).toBeNull();
  });

  it('a card comes in from its seat’s side: round the compass, or from across the table without one', () => {
    const compass = compassOf(kaiser, 4, 0);
    expect([0, 1, 2, 3].map((s) => directionOf(s, compass, 0))).toEqual(['bottom', 'left', 'top', 'right']);
    expect([0, 1, 2].map((s) => directionOf(s, null, 0))).toEqual(['bottom', 'top', 'top']);
  });

  it('each seat’s call is said by its seat, the highest bid marked, and the declarer’s is the contract with its trumps', () => {
    const bidding = {
      calls: [
        { seat: 1, bid: { points: 7, noTrump: false } },
        { seat: 2, bid: null },
      ],
      highBid: { seat: 1, bid: { points: 7, noTrump: false } },
      contract: null,
    };
    expect([...bidsBySeat(bidding)]).toEqual([
      [1, 'Bid 7, the highest'],
      [2, 'Passed'],
    ]);
    const played = {
      calls: [
        { seat: 1, bid: { points: 7, noTrump: false } },
        { seat: 2, bid: { points: 8, noTrump: false } },
        { seat: 3, bid: { points: 8, noTrump: true } },
        { seat: 0, bid: null },
      ],
      contract: { seat: 3, points: 8, noTrump: true },
      trump: null,
    };
    expect([...bidsBySeat(played)].sort()).toEqual([
      [0, 'Passed'],
      [1, 'Bid 7'],
      [2, 'Bid 8'],
      [3, 'Contract 8 no trump'],
    ]);
    const trumps = { ...played, calls: played.calls.slice(0, 2), contract: { seat: 2, points: 8, noTrump: false }, trump: 'H' };
    expect(bidsBySeat(trumps).get(2)).toBe('Contract 8, trumps hearts ♥');
  });
});
