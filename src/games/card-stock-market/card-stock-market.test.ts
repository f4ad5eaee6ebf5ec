import { describe, expect, it } from 'vitest';
import { type Card, JOKER, randomInt, removeCards, SUITS, sameCards, seedRng } from '../../cards';
import { type Action as AnyAction, assertConserved, conformance, IllegalMove, playMove, resolveOptions } from '../../engine';
import {
  type Action,
  BANK_START,
  bankPays,
  DEFAULT_LIMITS,
  cardStockMarket as game,
  type Limits,
  OPENING_BALANCE,
  type Options,
  openingCards,
  priceAfter,
  type State,
  sharesHeld,
  turnMarket,
  type View,
} from '.';

const buy = (card: Card): Action => ({ type: 'buy', card });
const sell = (card: Card): Action => ({ type: 'sell', card });
const market = (card: Card, direction?: 'up' | 'down'): Action =>
  direction ? { type: 'market', card, direction } : { type: 'market', card };
const discard = (card: Card): Action => ({ type: 'discard', card });
const end: Action = { type: 'end' };

interface Table {
  /** The four market cards, on top of the deck. */
  market?: Card[];
  /** Each seat's eight cards, by seat. */
  hands: Card[][];
  /** The top of the draw pile, top first. */
  pile?: Card[];
  limits?: Partial<Limits>;
}

/**
 * A game on a stacked deck: the market cards on top, then the hands dealt in twos from seat 1 around
 * to the banker (seat 0), four times; then the draw pile, then the rest of the deck in canonical order.
 */
function table({ market = ['9S', '6H', '4D', '5C'], hands, pile = [], limits = {} }: Table): State {
  const seats = hands.length;
  const order = [...Array(seats).keys()].map((k) => (k + 1) % seats);
  const dealt = [0, 1, 2, 3].flatMap((r) => order.flatMap((seat) => hands[seat].slice(2 * r, 2 * r + 2)));
  const top = [...market, ...dealt, ...pile];
  const deck = [...top, ...removeCards(openingCards(), top)];
  const options = resolveOptions(game, { limits }, seats) as Options;
  return game.setup({ seats, options, seed: 'stacked', deck });
}

/** Spades $9, hearts $6, diamonds $4, clubs $5; seat 1 plays first. */
const standard = (limits: Partial<Limits> = {}) =>
  table({
    hands: [
      ['8D', 'TC', '7C', 'AH', '3H', 'JC', '5D', '3C'],
      ['7D', '6D', 'QS', '6S', '4S', 'KH', 'TH', '2H'],
    ],
    pile: ['2C', '9H', 'AS', '4C', '5H', '8S', '2D', '3S'],
    limits,
  });

/** The seat to act plays the moves in order. */
function play(s: State, ...actions: Action[]): State {
  return actions.reduce((st, a) => playMove(game, st, game.status(st).toAct[0], a), s);
}

const prices = (s: State) => Object.fromEntries(SUITS.map((suit) => [suit, s.market[suit].price]));
const toAct = (s: State) => game.status(s).toAct;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Moves money between the bank and the players without changing the total, to reach a poor bank or a debt. */
function withMoney(s: State, bank: number, cash: number[], debt: number[] = cash.map(() => 0)): State {
  expect(bank + sum(cash)).toBe(s.bank + sum(s.cash));
  return { ...s, bank, cash, debt };
}

describe('Card Stock Market: setup', () => {
  it('opens the market with the first number card of each suit; the other cards turned go back on top of a stacked deck', () => {
    const top = ['KS', '5S', '7S', 'QH', '4H', '9D', 'AC', '2C', '3C'];
    const deck = [...top, ...removeCards(openingCards(), top)];
    const s = game.setup({ seats: 2, options: resolveOptions(game, {}, 2) as Options, seed: 'x', deck });
    // 5S, 4H, 9D and AC open the market (an ace is a number card worth 1); KS, 7S and QH were turned and go back.
    expect(prices(s)).toEqual({ S: 5, H: 4, D: 9, C: 1 });
    expect(s.market.S.pile).toEqual(['5S']);
    // Dealt in twos from the banker's left: seat 1 gets KS 7S, the banker QH 2C, then seat 1 3C ...
    expect(s.hands[1].slice(0, 2)).toEqual(['KS', '7S']);
    expect(s.hands[0].slice(0, 2)).toEqual(['QH', '2C']);
    expect(s.hands[1][2]).toBe('3C');
  });

  it('finds the market in a face-led deck the same way', () => {
    const { market, turned, rest } = turnMarket(['JD', 'QD', '3D', '8D', 'KC', 'TC', '2H', 'AS', '9S']);
    expect(market).toEqual({
      D: { pile: ['3D'], price: 3 },
      C: { pile: ['TC'], price: 10 },
      H: { pile: ['2H'], price: 2 },
      S: { pile: ['AS'], price: 1 },
    });
    expect(turned).toEqual(['JD', 'QD', '8D', 'KC']);
    expect(rest).toEqual(['9S']);
  });

  it('deals eight cards each in twos from the banker’s left; the rest is the draw pile; seat 1 plays first', () => {
    const s = standard();
    expect(s.hands[1]).toEqual(['7D', '6D', 'QS', '6S', '4S', 'KH', 'TH', '2H']);
    expect(s.hands[0]).toEqual(['8D', 'TC', '7C', 'AH', '3H', 'JC', '5D', '3C']);
    expect(s.drawPile.slice(0, 3)).toEqual(['2C', '9H', 'AS']);
    expect(s.drawPile).toHaveLength(104 - 4 - 16);
    expect(toAct(s)).toEqual([1]);
  });

  it('starts every player with $200 and the bank with $1,240; the jokers wait aside', () => {
    const s = game.setup({ seats: 6, options: resolveOptions(game, {}, 6) as Options, seed: 'six' });
    expect(s.cash).toEqual([200, 200, 200, 200, 200, 200]);
    expect(s.debt).toEqual([0, 0, 0, 0, 0, 0]);
    expect(s.bank).toBe(1240); // 40 × ($1 + $5 + $25)
    expect(BANK_START).toBe(1240);
    expect(OPENING_BALANCE).toBe(200);
    expect(s.jokersAside).toBe(2);
    expect(s.drawPile).toHaveLength(104 - 4 - 48);
    expect(s.drawPile).not.toContain(JOKER);
    for (const suit of SUITS) expect(s.market[suit].price).toBeLessThanOrEqual(10);
    expect(game.cards(6, resolveOptions(game, {}, 6) as Options)).toHaveLength(104);
  });

  it('turns go around the table from the banker’s left', () => {
    const s = table({
      hands: [
        ['8D', 'TC', '7C', 'AH', '3H', 'JC', '5D', '3C'],
        ['7D', '6D', 'QS', '6S', '4S', 'KH', 'TH', '2H'],
        ['2S', '3S', '4H', '5H', '7H', '8H', '9D', 'TD'],
      ],
    });
    expect(toAct(s)).toEqual([1]);
    expect(toAct(play(s, end))).toEqual([2]);
    expect(toAct(play(s, end, end))).toEqual([0]);
    expect(toAct(play(s, end, end, end))).toEqual([1]);
  });
});

describe('Card Stock Market: buying and selling', () => {
  it('buying 7♦ with the 4♦ showing costs $28, paid to the bank; the certificate lies face up in front of the buyer', () => {
    const s = play(standard(), buy('7D'));
    expect(s.cash).toEqual([200, 172]); // 200 - 7 × 4
    expect(s.bank).toBe(1268); // 1240 + 28
    expect(s.holdings[1]).toEqual(['7D']);
    expect(s.hands[1]).not.toContain('7D');
    expect((game.view(s, 0) as { holdings: Card[][] }).holdings[1]).toEqual(['7D']);
  });

  it('selling pays the shares times the current price, and the certificate goes to the discard pile', () => {
    // Seat 1 buys 7♦ at $4 ($28) and raises diamonds to $6; seat 0 skips; seat 1 sells 7 shares at $6.
    let s = play(standard(), buy('7D'), market('6D'), end, end);
    expect(s.market.D.price).toBe(6);
    s = play(s, sell('7D'));
    expect(s.cash).toEqual([200, 214]); // 200 - 28 + 42
    expect(s.bank).toBe(1226); // 1240 + 28 - 42
    expect(s.holdings[1]).toEqual([]);
    expect(s.discardPile).toEqual(['7D']);
  });

  it('a face card buys five shares, an ace one', () => {
    let s = play(standard(), buy('QS'));
    expect(s.cash[1]).toBe(155); // 200 - 5 × $9
    expect(sharesHeld(s.holdings[1], 'S')).toBe(5);
    s = play(s, end, buy('AH'));
    expect(s.cash[0]).toBe(194); // 200 - 1 × $6
  });

  it('a buy needs the cash', () => {
    const s = withMoney(standard(), 1420, [200, 20]);
    expect(() => play(s, buy('7D'))).toThrow('7 shares of diamonds at $4 cost $28; you have $20');
    expect(game.legalActions(s, 1)).not.toContainEqual(buy('7D'));
    expect(play(s, buy('2H')).cash[1]).toBe(8); // 20 - 2 × $6
  });

  it('no one may hold more than twelve shares of one suit', () => {
    // T♥ and 2♥ at $6: 10 + 2 = 12 shares for $72; the 9♥ drawn next would make 21.
    let s = play(standard(), buy('TH'), buy('2H'), end);
    expect(s.cash[1]).toBe(128);
    expect(sharesHeld(s.holdings[1], 'H')).toBe(12);
    s = play(s, end);
    expect(s.hands[1]).toContain('9H');
    expect(() => play(s, buy('9H'))).toThrow(/hold 12 shares of hearts: 9 more would pass the limit of 12/);
    expect(game.legalActions(s, 1)).not.toContainEqual(buy('9H'));
  });

  it('a trading phase holds two trades at most, buys and sells mixed', () => {
    let s = play(standard(), buy('7D'), end, end);
    s = play(s, sell('7D'), buy('6D'));
    expect(s.cash[1]).toBe(176); // 200 - 28 + 28 - 24
    expect(() => play(s, buy('QS'))).toThrow('you have made two trades this turn');
    expect(game.legalActions(s, 1).some((a) => a.type === 'buy' || a.type === 'sell')).toBe(false);
  });

  it('refuses a card not held, a certificate not held, and a move out of turn', () => {
    const s = standard();
    expect(() => play(s, buy('8D'))).toThrow('you have no 8D in your hand');
    expect(() => play(s, sell('7D'))).toThrow('you have no 7D among your certificates');
    expect(() => playMove(game, s, 0, buy('8D'))).toThrow(IllegalMove);
    expect(() => game.apply(s, 0, buy('8D'))).toThrow("it is seat 1's turn");
    expect(game.legalActions(s, 0)).toEqual([]);
  });
});

describe('Card Stock Market: changing the market value', () => {
  it('a number card sets the price to its pips within the limit: the 4♠ may not fall from the 9♠', () => {
    const s = standard();
    expect(() => play(s, market('4S'))).toThrow('spades may fall at most $3 in one play: $9 to $4 is a fall of $5');
    expect(game.legalActions(s, 1)).not.toContainEqual(market('4S'));
    expect(play(s, market('6S')).market.S).toEqual({ pile: ['9S', '6S'], price: 6 }); // a fall of 3
  });

  it('the default strip: clubs up 2 / down 2, diamonds up 3 / down 2, hearts up 4 / down 4, spades up 5 / down 3', () => {
    const at5 = (suit: string) => ({ pile: [`5${suit}`], price: 5 });
    const move = (suit: 'S' | 'H' | 'D' | 'C', name: keyof Limits, to: string) =>
      priceAfter(at5(suit), `${to}${suit}`, undefined, DEFAULT_LIMITS[name], name);
    expect([move('C', 'clubs', '7'), move('C', 'clubs', '3')]).toEqual([7, 3]);
    expect(move('C', 'clubs', '8')).toMatch(/rise at most \$2/);
    expect(move('C', 'clubs', '2')).toMatch(/fall at most \$2/);
    expect([move('D', 'diamonds', '8'), move('D', 'diamonds', '3')]).toEqual([8, 3]);
    expect(move('D', 'diamonds', '9')).toMatch(/rise at most \$3/);
    expect(move('D', 'diamonds', '2')).toMatch(/fall at most \$2/);
    expect([move('H', 'hearts', '9'), move('H', 'hearts', 'A')]).toEqual([9, 1]);
    expect(move('H', 'hearts', 'T')).toMatch(/rise at most \$4/);
    expect([move('S', 'spades', 'T'), move('S', 'spades', '2')]).toEqual([10, 2]);
    expect(move('S', 'spades', 'A')).toMatch(/fall at most \$3/);
    // Playing the price showing is no change.
    expect(move('C', 'clubs', '5')).toBe(5);
  });

  it('the limits are an option', () => {
    const s = play(standard({ spades: { up: 5, down: 5 } }), market('4S'));
    expect(s.market.S.price).toBe(4);
  });

  it('a face card played up sets the price to 11, 12 or 13, past the limits', () => {
    // Hearts $6 to $13 (a rise of 7, past the limit of 4); spades $9 to $12.
    let s = play(standard(), market('KH', 'up'), market('QS', 'up'), end);
    expect(prices(s)).toMatchObject({ H: 13, S: 12 });
    s = play(s, market('JC', 'up'));
    expect(s.market.C.price).toBe(11); // clubs $5 to $11
    expect(s.holdings).toEqual([[], []]);
  });

  it('a face card played "up" must "increase the value of the stock": a jack "up" is refused on a $12 stock', () => {
    let s = table({
      hands: [
        ['JS', 'QH', 'KS', 'JC', '8D', 'TC', '7C', 'AH'],
        ['QS', 'KH', '7D', '6D', '6S', '4S', 'TH', '2H'],
      ],
    });
    // Seat 1 raises spades $9 to $12 with the Q♠ and hearts $6 to $13 with the K♥.
    s = play(s, market('QS', 'up'), market('KH', 'up'), end);
    expect(prices(s)).toMatchObject({ S: 12, H: 13 });
    expect(() => play(s, market('JS', 'up'))).toThrow(
      'the JS played up sets the price to $11, which does not raise spades from $12: a face card goes up only where it raises the price',
    );
    expect(() => play(s, market('QH', 'up'))).toThrow(
      /QH played up sets the price to \$12, which does not raise hearts from \$13/,
    );
    // The J♠ may still go down, the K♠ up on spades at $12, the J♣ up on clubs at $5; the Q♥ only down.
    const plays = game.legalActions(s, 0).filter((a) => a.type === 'market' && 'direction' in a);
    expect(plays).toEqual([
      market('JS', 'down'),
      market('QH', 'down'),
      market('KS', 'up'),
      market('KS', 'down'),
      market('JC', 'up'),
      market('JC', 'down'),
    ]);
    expect(play(s, market('KS', 'up')).market.S).toEqual({ pile: ['9S', 'QS', 'KS'], price: 13 });
  });

  it('a face card that would leave the price where it is does not raise it: a jack on $11, a queen on $12, a king on $13', () => {
    const up = (card: Card, price: number) => priceAfter({ pile: [card], price }, card, 'up', DEFAULT_LIMITS.spades, 'spades');
    expect([up('JS', 11), up('QS', 12), up('KS', 13), up('JS', 13)]).toEqual([
      expect.stringMatching(/does not raise spades from \$11/),
      expect.stringMatching(/does not raise spades from \$12/),
      expect.stringMatching(/does not raise spades from \$13/),
      expect.stringMatching(/does not raise spades from \$13/),
    ]);
    // From $10 or less any face card raises the price, a bankrupt company's $0 included.
    expect([up('JS', 10), up('QS', 11), up('KS', 12), up('JS', 0)]).toEqual([11, 12, 13, 11]);
  });

  it('any number card may cover a face card, whatever the change', () => {
    let s = play(standard(), market('KH', 'up'), end);
    s = play(s, market('AH')); // $13 to $1: a fall of 12
    expect(s.market.H).toEqual({ pile: ['6H', 'KH', 'AH'], price: 1 });
  });

  it('a face card played down bankrupts the company: every certificate of that suit is discarded unpaid', () => {
    // Seat 1 buys T♥ and 2♥ at $6 ($72); seat 0 buys A♥ ($6); seat 1 buys 7♦ ($28), then crashes hearts with the K♥.
    let s = play(standard(), buy('TH'), buy('2H'), end, buy('AH'), end, buy('7D'), market('KH', 'down'));
    expect(s.market.H).toEqual({ pile: ['6H', 'KH'], price: 0 });
    expect(s.holdings).toEqual([[], ['7D']]);
    expect(s.discardPile).toEqual(['AH', 'TH', '2H']);
    expect(s.cash).toEqual([194, 100]); // 200 - 6; 200 - 72 - 28: nothing paid back
    expect(s.bank).toBe(1346); // 1240 + 72 + 6 + 28
    s = play(s, end);
    // A stock at $0 cannot be bought; any number card may cover the king and restore a price.
    expect(() => play(s, buy('3H'))).toThrow('hearts stand at $0: a stock at $0 cannot be bought');
    expect(game.legalActions(s, 0)).not.toContainEqual(buy('3H'));
    s = play(s, market('3H'));
    expect(s.market.H.price).toBe(3);
  });

  it('a face card needs a direction and a number card takes none', () => {
    const s = standard();
    expect(() => play(s, market('KH'))).toThrow(/say whether the KH raises the price \(up\) or bankrupts the company \(down\)/);
    expect(() => play(s, market('6S', 'down'))).toThrow(/6S takes no direction/);
    expect(game.legalActions(s, 1)).toEqual(expect.arrayContaining([market('KH', 'up'), market('KH', 'down'), market('6S')]));
  });
});

describe('Card Stock Market: the turn', () => {
  it('trading and the market are each one phase: trade, market, trade is refused', () => {
    const s = play(standard(), buy('7D'), market('6D'));
    expect(() => play(s, buy('QS'))).toThrow('your trades this turn are over: both trades must be made together');
    expect(game.legalActions(s, 1).map((a) => a.type)).not.toContain('buy');
  });

  it('either order: market, trade, market is refused', () => {
    const s = play(standard(), market('6D'), buy('7D'));
    expect(s.cash[1]).toBe(158); // 7 × the new $6
    expect(() => play(s, market('6S'))).toThrow('your market plays this turn are over: both must be made together');
  });

  it('two trades and two market plays end the turn, and the player draws back up to eight', () => {
    const s = play(standard(), buy('7D'), buy('QS'), market('6D'), market('6S'));
    expect(toAct(s)).toEqual([0]);
    expect(s.hands[1]).toEqual(['4S', 'KH', 'TH', '2H', '2C', '9H', 'AS', '4C']);
  });

  it('a player may instead discard up to four cards, face up, then draw back up to eight', () => {
    let s = play(standard(), discard('KH'), discard('4S'));
    expect(() => play(s, buy('7D'))).toThrow('you are discarding this turn: no trading');
    expect(() => play(s, market('6D'))).toThrow('you are discarding this turn: no market plays');
    s = play(s, discard('TH'), discard('2H'));
    // The fourth discard ends the turn.
    expect(toAct(s)).toEqual([0]);
    expect(s.discardPile).toEqual(['KH', '4S', 'TH', '2H']);
    expect(s.hands[1]).toEqual(['7D', '6D', 'QS', '6S', '2C', '9H', 'AS', '4C']);
  });

  it('discarding replaces the phases: no discard after a trade or a market play', () => {
    expect(() => play(standard(), buy('7D'), discard('KH'))).toThrow(/discarding replaces trading and the market/);
    expect(() => play(standard(), market('6D'), discard('KH'))).toThrow(/discarding replaces trading and the market/);
  });

  it('a player may skip the turn, keeping its hand', () => {
    const s = play(standard(), end);
    expect(s.hands[1]).toEqual(standard().hands[1]);
    expect(s.drawPile).toEqual(standard().drawPile);
    expect(toAct(s)).toEqual([0]);
  });

  it('offers a small concrete list: each buy, sell, market play (faces up and down) and discard, and end', () => {
    const legal = game.legalActions(standard(), 1);
    // Buys: all eight are affordable (T♥, 10 × $6 = $60, the dearest). Market: 7♦ (4 to 7, +3), 6♦ (+2), 6♠ (9 to 6,
    // -3), T♥ (6 to 10, +4), 2♥ (-4), and Q♠, K♥ both ways; not 4♠ (9 to 4, -5).
    expect(legal.filter((a) => a.type === 'buy')).toHaveLength(8);
    expect(legal.filter((a) => a.type === 'market')).toEqual([
      market('7D'),
      market('6D'),
      market('QS', 'up'),
      market('QS', 'down'),
      market('6S'),
      market('KH', 'up'),
      market('KH', 'down'),
      market('TH'),
      market('2H'),
    ]);
    expect(legal.filter((a) => a.type === 'discard')).toHaveLength(8);
    expect(legal.at(-1)).toEqual(end);
    for (const a of legal) expect(() => game.apply(standard(), 1, a)).not.toThrow();
  });
});

describe("Card Stock Market: the bank's levy and debts", () => {
  const three = () =>
    table({
      hands: [
        ['8D', 'TC', '7C', 'AH', '3H', 'JC', '5D', '3C'],
        ['7D', '6D', 'QS', '6S', '4S', 'KH', 'TH', '2H'],
        ['2S', '3S', '4H', '5H', '7H', '8H', '9D', 'TD'],
      ],
    });

  it('when the bank cannot pay a seller, every player deposits $100; one with less pays all and owes the rest', () => {
    // Seat 1 buys T♥ at $6; seat 2 skips; seat 0 buys 5♦ at $4.
    let s = play(three(), buy('TH'), end, end, buy('5D'), end);
    // Then the bank is down to $20; seat 0 already owes $40.
    s = withMoney(s, 20, [0, 1760, 60], [40, 0, 0]);
    s = play(s, sell('TH'));
    // 10 × $6 = $60 > $20: the levy. Seat 0 pays nothing (owes 40 + 100), seat 1 pays 100, seat 2 pays its $60 and owes $40.
    // The bank: 20 + 160 = 180, then pays 60: 120.
    expect(s.lastLevy).toEqual({ seller: 1, paid: [0, 100, 60], owed: [100, 0, 40] });
    expect(s.levies).toBe(1);
    expect(s.cash).toEqual([0, 1720, 0]); // 1760 - 100 + 60
    expect(s.debt).toEqual([140, 0, 40]);
    expect(s.bank).toBe(120);
    expect(game.status(s).scores).toEqual([-140, 1720, -40]);
    // A debt is paid first from later income: seat 0 sells 5♦ (5 × $4 = $20) and receives nothing.
    s = play(s, end, end, sell('5D'));
    expect(s.debt).toEqual([120, 0, 40]);
    expect(s.cash).toEqual([0, 1720, 0]);
    expect(s.bank).toBe(120);
  });

  it('a player in debt has no cash to buy with', () => {
    const s = withMoney(play(standard(), end), 1640, [0, 0], [0, 30]);
    expect(() => play(s, end, buy('2H'))).toThrow('2 shares of hearts at $6 cost $12; you have $0');
  });

  it('income beyond the debt is paid in cash', () => {
    const { money, levies } = bankPays({ bank: 500, cash: [0, 1140], debt: [30, 0] }, 0, 45);
    expect(levies).toEqual([]);
    expect(money).toEqual({ bank: 485, cash: [15, 1140], debt: [0, 0] }); // 45 - 30 owed = 15 paid out
  });

  it('the levy is repeated while the bank is still short', () => {
    // The bank holds $10 and owes $130; seat 1 has nothing. Each levy brings in $100 from seat 0 and a $100 debt for seat 1.
    const { money, levies } = bankPays({ bank: 10, cash: [1630, 0], debt: [0, 0] }, 0, 130);
    expect(levies).toEqual([
      { seller: 0, paid: [100, 0], owed: [0, 100] },
      { seller: 0, paid: [100, 0], owed: [0, 100] },
    ]);
    expect(money).toEqual({ bank: 80, cash: [1560, 0], debt: [0, 200] }); // 10 + 200 - 130; 1630 - 200 + 130
  });

  it("a seller's own levy debt is settled by the sale", () => {
    // Seat 1 has no cash: it owes the $100 levy, and the $72 sale pays $72 of it.
    const { money } = bankPays({ bank: 40, cash: [1600, 0], debt: [0, 0] }, 1, 72);
    expect(money).toEqual({ bank: 140, cash: [1500, 0], debt: [0, 28] });
  });
});

describe('Card Stock Market: the draw pile, the jokers and the end', () => {
  /**
   * Seat 1 buys 7♦ ($28) and Q♠ ($45), raises diamonds to $6 and drops spades to $6; seat 0 buys T♣ ($50) and 8♦
   * (8 × $6 = $48) and raises clubs to $7. Then everyone discards four cards a turn until the draw pile runs out.
   */
  function opened(): State {
    const s = play(standard(), buy('7D'), buy('QS'), market('6D'), market('6S'), buy('TC'), buy('8D'), market('7C'), end);
    expect(s.cash).toEqual([102, 127]);
    expect(s.bank).toBe(1411);
    return s;
  }

  function discardFour(s: State): State {
    const seat = toAct(s)[0];
    return play(s, ...s.hands[seat].slice(0, 4).map(discard));
  }

  it('when the draw pile runs out, the market piles but their tops and the discard pile, with two jokers, become the new pile', () => {
    let s = opened();
    let before = s;
    while (!s.reshuffled) {
      expect(s.jokersAside).toBe(2);
      before = s;
      s = discardFour(s);
    }
    const seat = toAct(before)[0];
    const discarded = before.hands[seat].slice(0, 4);
    // The player drew the last cards of the old pile, then the rest of its four from the new one.
    const fromNew = 4 - before.drawPile.length;
    const newPile = [...s.hands[seat].slice(8 - fromNew), ...s.drawPile];
    expect(sameCards(newPile, [...before.discardPile, ...discarded, '4D', '9S', '5C', JOKER, JOKER])).toBe(true);
    expect(s.market.D.pile).toEqual(['6D']);
    expect(s.market.S.pile).toEqual(['6S']);
    expect(s.market.C.pile).toEqual(['7C']);
    expect(prices(s)).toEqual({ S: 6, H: 6, D: 6, C: 7 });
    expect(s.discardPile).toEqual([]);
    expect(s.jokersAside).toBe(0);
    expect(game.status(s).finished).toBe(false);
  });

  it('a state sampled after the reshuffle keeps both jokers in the draw pile, never in a hand', () => {
    let s = opened();
    while (!s.reshuffled) s = discardFour(s);
    for (let i = 0; i < 20; i++) {
      const sampled = game.sample?.(game.view(s, 0), 0, seedRng(`jokers ${i}`), []) as State;
      expect(sampled.drawPile.filter((c) => c === JOKER)).toHaveLength(2);
      expect(sampled.hands[1]).not.toContain(JOKER);
      expect(game.view(sampled, 0)).toEqual(game.view(s, 0));
    }
  });

  /** Plays to the reshuffle, lets seat 1 be the next to draw, with a joker on top of the new pile. */
  function jokerNext(): State {
    let s = opened();
    while (!s.reshuffled) s = discardFour(s);
    if (toAct(s)[0] === 0) s = play(s, end);
    const pile = removeCards(s.drawPile, [JOKER]);
    return { ...s, drawPile: [JOKER, ...pile] };
  }

  it('a drawn joker ends the game: each player sells all stock at the current prices, and the most money wins', () => {
    const s0 = jokerNext();
    const s = play(s0, discard(s0.hands[1][0]), end);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(s.hands[1]).toContain(JOKER);
    // Seat 1 (who drew it) sells first: 7♦ 7 × $6 = 42, Q♠ 5 × $6 = 30: 127 + 72 = 199.
    // Seat 0: T♣ 10 × $7 = 70, 8♦ 8 × $6 = 48: 102 + 118 = 220. The bank: 1411 - 190 = 1221.
    expect(s.ending).toEqual({
      jokerDrawnBy: 1,
      sales: [
        { seat: 1, certificates: ['7D', 'QS'], proceeds: 72 },
        { seat: 0, certificates: ['TC', '8D'], proceeds: 118 },
      ],
    });
    expect(s.cash).toEqual([220, 199]);
    expect(s.bank).toBe(1221);
    expect(s.holdings).toEqual([[], []]);
    expect(st.scores).toEqual([220, 199]);
    expect(st.result?.winners).toEqual([0]);
    expect(game.legalActions(s, 0)).toEqual([]);
    expect(() => game.apply(s, 1, end)).toThrow('the game is over');
  });

  it('final money is cash minus debt', () => {
    // Seat 0 owes $130 and has no cash: its $118 sale pays the debt down to $12. Seat 1: 250 + 72 = 322.
    const s0 = jokerNext();
    const s = play(withMoney(s0, 1390, [0, 250], [130, 0]), discard(s0.hands[1][0]), end);
    expect(s.cash).toEqual([0, 322]);
    expect(s.debt).toEqual([12, 0]);
    expect(s.bank).toBe(1318); // 1390 - 72: seat 0's sale only settled its debt
    expect(game.status(s).scores).toEqual([-12, 322]);
    expect(game.status(s).result?.winners).toEqual([1]);
  });

  it('equal most money shares the win', () => {
    // Seat 0: 100 + 118 = 218; seat 1: 146 + 72 = 218.
    const s0 = jokerNext();
    const s = play(withMoney(s0, 1394, [100, 146]), discard(s0.hands[1][0]), end);
    expect(game.status(s).scores).toEqual([218, 218]);
    expect(game.status(s).result?.winners).toEqual([0, 1]);
    expect(game.status(s).result?.summary).toBe('seats 0 and 1 share the win with $218 (seat 1 drew the joker)');
  });

  it('the levy applies to the final sale when the bank is short', () => {
    // The bank holds $40. Seat 1 sells first for $72: the levy takes $100 from seat 0, and seat 1, with nothing, owes
    // $100, of which its sale pays $72 (owes 28). Seat 0 then sells for $118 from the bank's $140.
    const s0 = jokerNext();
    const s = play(withMoney(s0, 40, [1600, 0]), discard(s0.hands[1][0]), end);
    expect(s.lastLevy).toEqual({ seller: 1, paid: [100, 0], owed: [0, 100] });
    expect(s.cash).toEqual([1618, 0]); // 1600 - 100 + 118
    expect(s.debt).toEqual([0, 28]);
    expect(s.bank).toBe(22); // 40 + 100 - 118
    expect(game.status(s).scores).toEqual([1618, -28]);
  });
});

describe('Card Stock Market: a state sampled from what a seat knows', () => {
  it('the other hands and the draw pile are dealt exactly the cards no seat sees: discards, certificates and market piles stay put', () => {
    const s = play(standard(), buy('7D'), market('6D'), end, discard('8D'), discard('TC'), end, sell('7D'));
    for (let i = 0; i < 20; i++) {
      const sampled = game.sample?.(game.view(s, 1), 1, seedRng(`sample ${i}`), []) as State;
      expect(sameCards([...sampled.hands[0], ...sampled.drawPile], [...s.hands[0], ...s.drawPile])).toBe(true);
      expect(sampled.hands[1]).toEqual(s.hands[1]);
      expect(sampled.drawPile).not.toContain(JOKER);
      expect(game.view(sampled, 1)).toEqual(game.view(s, 1));
    }
  });
});

describe('Card Stock Market: what each seat sees', () => {
  it('prices, the bank, cash, debts and certificates are public; a hand only to its seat; the draw pile is a count', () => {
    const s = play(standard(), buy('7D'));
    const v = game.view(s, 0) as Record<string, unknown>;
    expect(v.hand).toEqual(s.hands[0]);
    expect(v.hands).toBeNull();
    expect(v.handCounts).toEqual([8, 7]);
    expect(v.drawPile).toBeNull();
    expect(v.drawPileCount).toBe(84);
    expect(v.bank).toBe(1268);
    expect(v.cash).toEqual([200, 172]);
    expect(v.holdings).toEqual([[], ['7D']]);
    expect(v.shares).toEqual([
      { S: 0, H: 0, D: 0, C: 0 },
      { S: 0, H: 0, D: 7, C: 0 },
    ]);
    expect(v.stockValue).toEqual([0, 28]);
    expect(v.turn).toMatchObject({ seat: 1, trades: 1, mayTrade: true, mayPlayToMarket: true, mayDiscard: false });
    expect(JSON.stringify(v)).not.toContain('QS'); // in seat 1's hand only
    const spectator = game.view(s, null) as Record<string, unknown>;
    expect(spectator.hand).toBeNull();
  });

  it('everything is public once the game is over', () => {
    let s = standard();
    while (!game.status(s).finished) s = play(s, ...s.hands[toAct(s)[0]].slice(0, 4).map(discard));
    const v = game.view(s, null) as Record<string, unknown>;
    expect(v.hands).toEqual(s.hands);
    expect(v.drawPile).toEqual(s.drawPile);
  });
});

const CARD = /^(?:[A2-9TJQK][SHDC]|JK)$/;

/** Every card code anywhere in a view, each copy counted: two decks repeat codes, so a set of codes cannot show a leak. */
function cardsIn(x: unknown, out: Card[] = []): Card[] {
  if (typeof x === 'string' && CARD.test(x)) out.push(x);
  else if (Array.isArray(x)) for (const y of x) cardsIn(y, out);
  else if (x && typeof x === 'object') for (const y of Object.values(x)) cardsIn(y, out);
  return out;
}

function fail(why: string): never {
  throw new Error(why);
}

/** Cards conserved (the 104 and the jokers shuffled in), money conserved, and the table's limits kept. */
function invariant(s: State): void {
  const seats = s.hands.length;
  const places = [...s.hands, ...s.holdings, s.drawPile, s.discardPile, ...SUITS.map((suit) => s.market[suit].pile)];
  const jokers: Card[] = Array(2 - s.jokersAside).fill(JOKER);
  assertConserved(places, [...openingCards(), ...jokers]);
  // Money only moves between the players and the bank: cash + bank is what they started with.
  if (s.bank + sum(s.cash) !== BANK_START + OPENING_BALANCE * seats) fail('money not conserved');
  if (s.bank < 0) fail('the bank is overdrawn');
  s.cash.forEach((c, i) => {
    if (c < 0 || s.debt[i] < 0 || !Number.isInteger(c) || !Number.isInteger(s.debt[i]))
      fail('cash and debt are whole dollars, never negative');
    // A debt is paid first from income, so a player in debt holds no cash.
    if (s.debt[i] > 0 && c > 0) fail(`seat ${i} holds cash while in debt`);
  });
  for (const h of s.holdings) for (const suit of SUITS) if (sharesHeld(h, suit) > 12) fail('more than twelve shares');
  for (const suit of SUITS) {
    const { price, pile } = s.market[suit];
    if (price === 0 && s.holdings.some((h) => sharesHeld(h, suit) > 0)) fail('certificates of a bankrupt company');
    if (!pile.every((c) => c[1] === suit)) fail('a card on the wrong market pile');
  }
  if (s.turn && s.hands.some((h, i) => i !== s.turn?.seat && h.length !== 8)) fail('a waiting hand is not eight cards');
  if (!s.reshuffled && places.flat().includes(JOKER)) fail('a joker before the first reshuffle');
}

/** The leak test: a view holds exactly the public cards and the seat's own hand, nothing of other hands or the pile. */
function checkView(s: State, seat: number | null, view: unknown): void {
  if (!s.turn) return;
  const seen = cardsIn(view);
  const allowed = [
    ...SUITS.flatMap((suit) => s.market[suit].pile),
    ...s.holdings.flat(),
    ...s.discardPile,
    ...(seat === null ? [] : s.hands[seat]),
  ];
  if (!sameCards(seen, allowed))
    fail(`seat ${seat} sees cards it may not: ${JSON.stringify(seen.filter((c) => !allowed.includes(c)))}`);
  const v = view as View;
  if (v.drawPileCount !== s.drawPile.length || v.handCounts.some((n, i) => n !== s.hands[i].length)) fail('wrong counts');
}

describe('Card Stock Market: a seat whose time runs out', () => {
  it('with a full hand, discards its lowest card first, so that ending the turn draws one', () => {
    const s = standard();
    // Seat 1 holds 7D 6D QS 6S 4S KH TH 2H: the 2 of hearts is its lowest card.
    expect(game.defaultAction?.(s, 1)).toEqual(discard('2H'));
    const discarded = play(s, discard('2H'));
    expect(game.defaultAction?.(discarded, 1)).toEqual(end);
    // Seat 1 draws the 2 of clubs from the top of the pile, and the turn passes.
    const after = play(discarded, end);
    expect(after.hands[1]).toContain('2C');
    expect(after.hands[1]).toHaveLength(8);
    expect(toAct(after)).toEqual([0]);
  });

  it('after trading, ends its turn where it stands and draws back up to eight', () => {
    const traded = play(standard(), buy('7D'));
    expect(game.defaultAction?.(traded, 1)).toEqual(end);
    expect(play(traded, end).hands[1]).toHaveLength(8);
  });
});

describe('Card Stock Market: seeded random matches', () => {
  const seatCounts = [2, 3, 4, 5, 6];
  const strips: [string, Partial<Limits>][] = [
    [
      'a frozen strip',
      { spades: { up: 0, down: 0 }, hearts: { up: 0, down: 0 }, diamonds: { up: 0, down: 0 }, clubs: { up: 0, down: 0 } },
    ],
    [
      'a loose strip',
      { spades: { up: 9, down: 9 }, hearts: { up: 9, down: 9 }, diamonds: { up: 9, down: 9 }, clubs: { up: 9, down: 9 } },
    ],
  ];
  const checks = conformance<State>(game, {
    configs: [
      ...seatCounts.map((seats) => ({ seats, matches: 20 })),
      ...strips.flatMap(([name, limits]) =>
        seatCounts.map((seats) => ({ seats, options: { limits }, matches: 10, label: `${seats} seats, ${name}` })),
      ),
    ],
    viewsEvery: 7,
    everyActionEvery: 10,
    // A match stays far below a thousand moves.
    maxMoves: 1000,
    invariant: (s) => {
      invariant(s);
      // The game ends only by a joker, and the jokers come in with the first reshuffle.
      if (s.ending && !s.reshuffled) fail('the game ended before the reshuffle');
    },
    checkView,
  });
  for (const c of checks) it(c.name, c.run);

  it('100 matches from a poor bank go through levies and debts and still conserve money', () => {
    let levied = 0;
    let indebted = 0;
    for (let i = 0; i < 100; i++) {
      const seats = 2 + (i % 5);
      const opened = game.setup({ seats, options: resolveOptions(game, {}, seats) as Options, seed: `poor-${i}` });
      // The bank's $1,240 and all but $50 of every other seat's money handed to seat 0: the first sale finds the bank
      // short, and a levy leaves the others in debt.
      const total = BANK_START + OPENING_BALANCE * seats;
      const cash = opened.cash.map((_, seat) => (seat === 0 ? total - 50 * (seats - 1) : 50));
      let s: State = { ...opened, bank: 0, cash };
      let rng = seedRng(`poor-play-${i}`);
      let debt = false;
      for (let move = 0; !game.status(s).finished; move++) {
        invariant(s);
        if (move > 20_000) fail('no end');
        const seat = toAct(s)[0];
        const legal = game.legalActions(s, seat) as AnyAction[];
        let n: number;
        [n, rng] = randomInt(rng, 0, legal.length - 1);
        s = playMove(game, s, seat, legal[n]);
        if (s.debt.some((d) => d > 0)) debt = true;
      }
      invariant(s);
      if (s.levies > 0) levied++;
      if (debt) indebted++;
    }
    expect(levied).toBeGreaterThan(10);
    expect(indebted).toBeGreaterThan(10);
  });
});
