import {
  allMost,
  buildDeck,
  type Card,
  deal,
  JOKER,
  type RngState,
  removeCards,
  SUITS,
  type Suit,
  shuffle,
  suitOf,
  winnersPhrase,
} from '../../cards';
import { CardCode, type Game, IllegalMove, openingDeck, type SetupContext, type Static, type Status, Type } from '../../engine';
import { BANK_START, bankPays, type Levy, type Money, OPENING_BALANCE, payBank } from './bank';
import {
  DEFAULT_LIMITS,
  type Direction,
  isNumberCard,
  type Limit,
  type Limits,
  priceAfter,
  type Stock,
  SUIT_NAMES,
  sharesOf,
} from './market';

export { BANK_START, bankPays, LEVY, type Levy, levy, type Money, OPENING_BALANCE } from './bank';
export { DEFAULT_LIMITS, type Limits, priceAfter, type Stock, SUIT_NAMES, sharesOf } from './market';

/** Card Stock Market, Sid Sackson's stock-trading game (Card Games Around the World). */

const limitSchema = (name: string, { up, down }: Limit) =>
  Type.Object(
    {
      up: Type.Integer({ minimum: 0, maximum: 9, default: up, description: `most ${name} may rise in one play, in dollars` }),
      down: Type.Integer({ minimum: 0, maximum: 9, default: down, description: `most ${name} may fall in one play, in dollars` }),
    },
    { additionalProperties: false, default: { up, down } },
  );

export const optionsSchema = Type.Object(
  {
    limits: Type.Object(
      {
        spades: limitSchema('spades', DEFAULT_LIMITS.spades),
        hearts: limitSchema('hearts', DEFAULT_LIMITS.hearts),
        diamonds: limitSchema('diamonds', DEFAULT_LIMITS.diamonds),
        clubs: limitSchema('clubs', DEFAULT_LIMITS.clubs),
      },
      {
        additionalProperties: false,
        default: DEFAULT_LIMITS,
        description: "the information strip: how far a number card may move each suit's price in one play",
      },
    ),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('buy'), card: CardCode },
    {
      additionalProperties: false,
      description:
        "trade: lay a card from your hand as a certificate; its pips (a face card 5) are the shares, paid at its suit's price",
    },
  ),
  Type.Object(
    { type: Type.Literal('sell'), card: CardCode },
    {
      additionalProperties: false,
      description: 'trade: sell one of your certificates back to the bank at the current price; it goes to the discard pile',
    },
  ),
  Type.Object(
    {
      type: Type.Literal('market'),
      card: CardCode,
      direction: Type.Optional(Type.Union([Type.Literal('up'), Type.Literal('down')])),
    },
    {
      additionalProperties: false,
      description:
        "play a card to its suit's market pile: a number card sets the price to its pips; a face card needs direction up (11/12/13) or down (bankrupt)",
    },
  ),
  Type.Object(
    { type: Type.Literal('discard'), card: CardCode },
    { additionalProperties: false, description: 'instead of trading and the market: discard one card (up to four this turn)' },
  ),
  Type.Object(
    { type: Type.Literal('end') },
    { additionalProperties: false, description: 'end your turn (or skip it) and draw back up to eight cards' },
  ),
]);
export type Action = Static<typeof actionSchema>;

export const HAND_SIZE = 8;
export const MAX_SHARES = 12;
export const MAX_TRADES = 2;
export const MAX_PLAYS = 2;
export const MAX_DISCARDS = 4;
/** The banker deals and is seat 0; the player at the banker's left (seat 1) goes first. */
export const BANKER = 0;

/** Where a turn is: how many trades, market plays and discards so far, and the phase of the last action. */
export interface Turn {
  seat: number;
  trades: number;
  plays: number;
  discards: number;
  phase: 'trading' | 'market' | 'discarding' | null;
}

/** What a player got for all its stock when the joker ended the game. */
export interface FinalSale {
  seat: number;
  certificates: Card[];
  proceeds: number;
}

export interface State extends Money {
  limits: Limits;
  market: Record<Suit, Stock>;
  hands: Card[][];
  /** The certificates in front of each player, face up. */
  holdings: Card[][];
  drawPile: Card[];
  /** Face up: discarded cards, sold and bankrupt certificates, and at the reshuffle nothing. */
  discardPile: Card[];
  /** Jokers not yet shuffled in: two until the draw pile first runs out. */
  jokersAside: number;
  reshuffled: boolean;
  levies: number;
  lastLevy: Levy | null;
  /** The turn being played; null once the game is over. */
  turn: Turn | null;
  rng: RngState;
  ending: { jokerDrawnBy: number; sales: FinalSale[] } | null;
}

/** The opening deck: two standard decks (the jokers wait aside until the first reshuffle). */
export const openingCards = (): Card[] => buildDeck({ copies: 2 });

const distinct = (cards: readonly Card[]): Card[] => [...new Set(cards)];
const without = (cards: readonly Card[], c: Card): Card[] => removeCards(cards, [c]);
const replaceAt = <T>(list: readonly T[], at: number, value: T): T[] => list.map((v, i) => (i === at ? value : v));

/** Shares of one suit a player holds. */
export function sharesHeld(holdings: readonly Card[], suit: Suit): number {
  return holdings.reduce((n, c) => (suitOf(c) === suit ? n + sharesOf(c) : n), 0);
}

/** What certificates are worth at the current prices. */
export function stockValue(s: Pick<State, 'market'>, holdings: readonly Card[]): number {
  return holdings.reduce((sum, c) => sum + sharesOf(c) * s.market[suitOf(c) as Suit].price, 0);
}

/** Trades are done together: a trading phase left for the market is over, and discarding replaces both phases. */
function tradeRefusal(t: Turn): string | undefined {
  if (t.phase === 'discarding') return 'you are discarding this turn: no trading';
  if (t.trades >= MAX_TRADES) return 'you have made two trades this turn';
  if (t.trades > 0 && t.phase !== 'trading') return 'your trades this turn are over: both trades must be made together';
  return undefined;
}

function playRefusal(t: Turn): string | undefined {
  if (t.phase === 'discarding') return 'you are discarding this turn: no market plays';
  if (t.plays >= MAX_PLAYS) return 'you have played to the market twice this turn';
  if (t.plays > 0 && t.phase !== 'market') return 'your market plays this turn are over: both must be made together';
  return undefined;
}

function discardRefusal(t: Turn): string | undefined {
  if (t.trades > 0 || t.plays > 0)
    return 'discarding replaces trading and the market: you have already traded or played this turn';
  if (t.discards >= MAX_DISCARDS) return 'you have discarded four cards, the most in one turn';
  return undefined;
}

function buyRefusal(s: State, seat: number, c: Card): string | undefined {
  const suit = suitOf(c) as Suit;
  const { price } = s.market[suit];
  if (price === 0) return `${SUIT_NAMES[suit]} stand at $0: a stock at $0 cannot be bought`;
  const shares = sharesOf(c);
  const held = sharesHeld(s.holdings[seat], suit);
  if (held + shares > MAX_SHARES)
    return `you hold ${held} shares of ${SUIT_NAMES[suit]}: ${shares} more would pass the limit of ${MAX_SHARES}`;
  const cost = shares * price;
  if (cost > s.cash[seat]) return `${shares} shares of ${SUIT_NAMES[suit]} at $${price} cost $${cost}; you have $${s.cash[seat]}`;
  return undefined;
}

function refuse(why: string | undefined): void {
  if (why) throw new IllegalMove(why);
}

function holdCard(cards: readonly Card[], c: Card, where: string): void {
  if (!cards.includes(c)) throw new IllegalMove(`you have no ${c} ${where}`);
}

function buy(s: State, seat: number, t: Turn, c: Card): State {
  refuse(tradeRefusal(t));
  holdCard(s.hands[seat], c, 'in your hand');
  refuse(buyRefusal(s, seat, c));
  const cost = sharesOf(c) * s.market[suitOf(c) as Suit].price;
  return {
    ...s,
    ...payBank(s, seat, cost),
    hands: replaceAt(s.hands, seat, without(s.hands[seat], c)),
    holdings: replaceAt(s.holdings, seat, [...s.holdings[seat], c]),
    turn: { ...t, trades: t.trades + 1, phase: 'trading' },
  };
}

/** The bank pays a seller, with a levy first when it is short; the levies are public. */
function collect(s: State, seat: number, amount: number): State {
  const { money, levies } = bankPays(s, seat, amount);
  return { ...s, ...money, levies: s.levies + levies.length, lastLevy: levies.at(-1) ?? s.lastLevy };
}

function sell(s: State, seat: number, t: Turn, c: Card): State {
  refuse(tradeRefusal(t));
  holdCard(s.holdings[seat], c, 'among your certificates');
  const paid = collect(s, seat, sharesOf(c) * s.market[suitOf(c) as Suit].price);
  return {
    ...paid,
    holdings: replaceAt(s.holdings, seat, without(s.holdings[seat], c)),
    discardPile: [...s.discardPile, c],
    turn: { ...t, trades: t.trades + 1, phase: 'trading' },
  };
}

function playToMarket(s: State, seat: number, t: Turn, c: Card, direction: Direction | undefined): State {
  refuse(playRefusal(t));
  holdCard(s.hands[seat], c, 'in your hand');
  const suit = suitOf(c) as Suit;
  const stock = s.market[suit];
  const price = priceAfter(stock, c, direction, s.limits[SUIT_NAMES[suit]], SUIT_NAMES[suit]);
  if (typeof price === 'string') throw new IllegalMove(price);
  const next: State = {
    ...s,
    market: { ...s.market, [suit]: { pile: [...stock.pile, c], price } },
    hands: replaceAt(s.hands, seat, without(s.hands[seat], c)),
    turn: { ...t, plays: t.plays + 1, phase: 'market' },
  };
  if (price > 0) return next;
  // A face card played down bankrupts the company: every certificate of the suit is discarded, unpaid.
  const wiped = s.holdings.flatMap((h) => h.filter((x) => suitOf(x) === suit));
  return {
    ...next,
    holdings: s.holdings.map((h) => h.filter((x) => suitOf(x) !== suit)),
    discardPile: [...s.discardPile, ...wiped],
  };
}

function discard(s: State, seat: number, t: Turn, c: Card): State {
  refuse(discardRefusal(t));
  holdCard(s.hands[seat], c, 'in your hand');
  return {
    ...s,
    hands: replaceAt(s.hands, seat, without(s.hands[seat], c)),
    discardPile: [...s.discardPile, c],
    turn: { ...t, discards: t.discards + 1, phase: 'discarding' },
  };
}

/** The draw pile is gone: the market piles but their top cards, the discard pile and the jokers aside make the new one. */
function reshuffle(s: State): State {
  const under = SUITS.flatMap((suit) => s.market[suit].pile.slice(0, -1));
  const market = Object.fromEntries(
    SUITS.map((suit) => [suit, { ...s.market[suit], pile: s.market[suit].pile.slice(-1) }]),
  ) as Record<Suit, Stock>;
  const jokers: Card[] = Array(s.jokersAside).fill(JOKER);
  const [drawPile, rng] = shuffle([...s.discardPile, ...under, ...jokers], s.rng);
  return { ...s, market, drawPile, discardPile: [], jokersAside: 0, reshuffled: true, rng };
}

/** The joker ends the game: from its drawer around the table, each player sells all its stock at the current prices. */
function finalSale(s: State, drawer: number): State {
  const seats = s.hands.length;
  let out: State = { ...s, turn: null };
  const sales: FinalSale[] = [];
  for (let k = 0; k < seats; k++) {
    const seat = (drawer + k) % seats;
    const certificates = out.holdings[seat];
    const proceeds = stockValue(out, certificates);
    out = collect(out, seat, proceeds);
    out = { ...out, holdings: replaceAt(out.holdings, seat, []), discardPile: [...out.discardPile, ...certificates] };
    sales.push({ seat, certificates, proceeds });
  }
  return { ...out, ending: { jokerDrawnBy: drawer, sales } };
}

/** The player draws back up to eight; the pile is rebuilt the moment it runs out; a joker drawn ends the game. */
function endTurn(s: State, seat: number): State {
  let out = s;
  let hand = [...s.hands[seat]];
  while (hand.length < HAND_SIZE) {
    const [c, ...rest] = out.drawPile;
    hand = [...hand, c];
    out = { ...out, drawPile: rest, hands: replaceAt(out.hands, seat, hand) };
    if (c === JOKER) return finalSale(out, seat);
    // The second pile holds both jokers, so the game ends before it can run out.
    if (rest.length === 0) out = reshuffle(out);
  }
  const next = (seat + 1) % s.hands.length;
  return { ...out, turn: { seat: next, trades: 0, plays: 0, discards: 0, phase: null } };
}

/** Nothing but ending is left when both phases are over, or four cards are discarded. */
function turnOver(t: Turn): boolean {
  return tradeRefusal(t) !== undefined && playRefusal(t) !== undefined && discardRefusal(t) !== undefined;
}

/** The first number card of each suit turned from the top sets its price; the other cards turned go back. */
export function turnMarket(deck: readonly Card[]): { market: Record<Suit, Stock>; turned: Card[]; rest: Card[] } {
  const market: Partial<Record<Suit, Stock>> = {};
  const turned: Card[] = [];
  let i = 0;
  while (Object.keys(market).length < SUITS.length) {
    const c = deck[i++];
    const suit = suitOf(c) as Suit;
    if (isNumberCard(c) && !market[suit]) market[suit] = { pile: [c], price: sharesOf(c) };
    else turned.push(c);
  }
  return { market: market as Record<Suit, Stock>, turned, rest: deck.slice(i) };
}

export const cardStockMarket: Game<State, Action, Options> = {
  kind: 'card-stock-market',
  title: 'Card Stock Market',
  seats: { min: 2, max: 6 },
  optionsSchema,
  actionSchema,
  rules: [
    'Two 52-card decks shuffled together (104 cards); two jokers wait aside and are shuffled in only when the draw pile first runs out.',
    'Money is whole dollars. Each player starts with $200; the bank starts with $1,240 (forty chips each of $1, $5 and $25). The bank, every cash balance, every debt and every certificate are public.',
    "Seat 0 is dealer and banker. Cards are turned from the top until a number card (ace = 1 to ten) of each suit has shown: the first of each suit starts that suit's market pile, and its pips are the price. The other cards turned go back into the deck, which is shuffled again (a stacked deck is taken as already shuffled: they go back on top in the order turned). Then eight cards each, dealt in twos.",
    "Seat 1 (the banker's left) plays first; turns go up in seat order. A turn is either (a) a trading phase and a market phase, in either order, each of up to two actions, each phase done at most once (trade, market, trade is refused), or (b) discarding up to four cards. Either way the player may stop at any time with `end` (ending at once skips the turn). Then the player draws back up to eight.",
    "Steps: each trade, market play and discard is one action. `buy` lays a card from the hand face up in front of the player as a certificate: its pips are the shares (ace 1, face card 5), paid at the suit's current price (7 shares at $4: $28). `sell` gives one certificate back to the bank for its shares times the current price; it goes to the discard pile. A trade is a buy or a sell; two trades may mix them. The turn ends by itself after four discards, or when both phases are over.",
    'Buying needs the cash (a player in debt has none), a price above $0 (a stock at $0 cannot be bought), and at most twelve shares of one suit held after the buy.',
    "`market` plays a card to its suit's pile. A number card sets the price to its pips, within the suit's limits (option `limits`; by default clubs up 2 / down 2, diamonds up 3 / down 2, hearts up 4 / down 4, spades up 5 / down 3; playing the price showing is no change and allowed). A face card is played `up` (the price becomes $11, $12 or $13 for J, Q, K, whatever it was) or `down` (the price becomes $0: the company is bankrupt and every certificate of that suit, everyone's, goes to the discard pile unpaid). Any number card may cover a face card, whatever the change.",
    "The bank's levy: when the bank cannot pay a seller, every player (the seller too) deposits $100 before the sale is paid; a player with less pays all its cash and owes the bank the rest. The levy is repeated if the bank is still short. A debt is paid first from later income (the sale proceeds settle the debt before any cash is paid), so the bank only needs to hold what it actually pays out.",
    "Discards, sold certificates and bankrupt certificates go face up to the discard pile (public). When the draw pile runs out (at once, even in the middle of a player's draw), the market piles except their top cards, the discard pile and the two jokers are shuffled into a new draw pile; prices stay. That pile holds both jokers, so the game ends before it can run out.",
    'A player who draws a joker shows it and the game ends: starting with that player and going around the table, each player sells all its stock at the current prices in one sale (the levy applies if the bank is short). Final money is cash minus debt; the most money wins, equal most share the win.',
    "Scores during play are cash minus debt (stock not counted); views also show each seat's stock value at the current prices.",
  ].join('\n'),
  dealing:
    "From the top of the 104 cards: cards are turned one at a time until a number card (A-10) of each suit has shown; the first of each suit is that suit's market card. With a stacked deck the other cards turned go back on top in the order turned (otherwise the deck is shuffled again), so a stacked deck less its four market cards is the deal: eight cards to each seat in batches of two, starting at the banker's left (seat 1) and ending with the banker (seat 0), four times around; the rest is the draw pile, drawn from the top.",

  cards: () => openingCards(),

  setup(ctx: SetupContext<Options>): State {
    const [opening, rng0] = openingDeck(ctx, openingCards());
    const { market, turned, rest } = turnMarket(opening);
    const [deck, rng] = ctx.deck ? [[...turned, ...rest], rng0] : shuffle([...turned, ...rest], rng0);
    const seats = ctx.seats;
    const first = (BANKER + 1) % seats;
    const { hands, stock } = deal(deck, { seats, count: HAND_SIZE, first, batch: 2 });
    return {
      limits: ctx.options.limits,
      market,
      hands,
      holdings: hands.map(() => []),
      drawPile: stock,
      discardPile: [],
      jokersAside: 2,
      reshuffled: false,
      bank: BANK_START,
      cash: hands.map(() => OPENING_BALANCE),
      debt: hands.map(() => 0),
      levies: 0,
      lastLevy: null,
      turn: { seat: first, trades: 0, plays: 0, discards: 0, phase: null },
      rng,
      ending: null,
    };
  },

  legalActions(s, seat) {
    const t = s.turn;
    if (!t || t.seat !== seat) return [];
    const hand = distinct(s.hands[seat]);
    const out: Action[] = [];
    if (!tradeRefusal(t)) {
      for (const card of hand) if (!buyRefusal(s, seat, card)) out.push({ type: 'buy', card });
      for (const card of distinct(s.holdings[seat])) out.push({ type: 'sell', card });
    }
    if (!playRefusal(t)) {
      for (const card of hand) {
        const suit = suitOf(card) as Suit;
        if (!isNumberCard(card)) out.push({ type: 'market', card, direction: 'up' }, { type: 'market', card, direction: 'down' });
        else if (typeof priceAfter(s.market[suit], card, undefined, s.limits[SUIT_NAMES[suit]], SUIT_NAMES[suit]) === 'number')
          out.push({ type: 'market', card });
      }
    }
    if (!discardRefusal(t)) for (const card of hand) out.push({ type: 'discard', card });
    out.push({ type: 'end' });
    return out;
  },

  apply(s, seat, action) {
    const t = s.turn;
    if (!t) throw new IllegalMove('the game is over');
    if (t.seat !== seat) throw new IllegalMove(`it is seat ${t.seat}'s turn`);
    let next: State;
    switch (action.type) {
      case 'buy':
        next = buy(s, seat, t, action.card);
        break;
      case 'sell':
        next = sell(s, seat, t, action.card);
        break;
      case 'market':
        next = playToMarket(s, seat, t, action.card, action.direction);
        break;
      case 'discard':
        next = discard(s, seat, t, action.card);
        break;
      case 'end':
        return endTurn(s, seat);
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
    return next.turn && turnOver(next.turn) ? endTurn(next, seat) : next;
  },

  view(s, seat) {
    const over = s.turn === null;
    const t = s.turn;
    return {
      seat,
      banker: BANKER,
      phase: over ? 'finished' : 'playing',
      turn: t && {
        ...t,
        mayTrade: !tradeRefusal(t),
        mayPlayToMarket: !playRefusal(t),
        mayDiscard: !discardRefusal(t),
      },
      market: SUITS.map((suit) => ({
        suit,
        name: SUIT_NAMES[suit],
        price: s.market[suit].price,
        limit: s.limits[SUIT_NAMES[suit]],
        pile: s.market[suit].pile,
      })),
      bank: s.bank,
      cash: s.cash,
      debt: s.debt,
      money: s.cash.map((c, i) => c - s.debt[i]),
      holdings: s.holdings,
      shares: s.holdings.map((h) => Object.fromEntries(SUITS.map((suit) => [suit, sharesHeld(h, suit)]))),
      stockValue: s.holdings.map((h) => stockValue(s, h)),
      hand: seat === null ? null : s.hands[seat],
      // Once the game is over every card is public.
      hands: over ? s.hands : null,
      handCounts: s.hands.map((h) => h.length),
      drawPileCount: s.drawPile.length,
      drawPile: over ? s.drawPile : null,
      discardPile: s.discardPile,
      jokersAside: s.jokersAside,
      reshuffled: s.reshuffled,
      levies: s.levies,
      lastLevy: s.lastLevy,
      ending: s.ending,
    };
  },

  status(s): Status {
    const scores = s.cash.map((c, i) => c - s.debt[i]);
    if (!s.ending) return { toAct: s.turn ? [s.turn.seat] : [], finished: false, scores };
    const winners = allMost(scores);
    const who = winnersPhrase(winners);
    const summary = `${who} with $${scores[winners[0]]} (seat ${s.ending.jokerDrawnBy} drew the joker)`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },
};
