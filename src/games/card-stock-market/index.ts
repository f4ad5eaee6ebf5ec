import { allMost, deal, type Suit, shuffle, sortCards, suitOf, winnersPhrase } from '../../cards';
import { type Game, IllegalMove, openingDeck, type SetupContext, type Status } from '../../engine';
import { BANK_START, OPENING_BALANCE } from './bank';
import { BANKER, HAND_SIZE, openingCards, turnMarket } from './deal';
import { endTurn } from './draw';
import { type Direction, isNumberCard, priceAfter, SUIT_NAMES } from './market';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { type Action, actionSchema, type Options, optionsSchema, type State, type View, viewSchema } from './state';
import {
  buy,
  buyRefusal,
  discard,
  discardRefusal,
  distinct,
  playRefusal,
  playToMarket,
  sell,
  tradeRefusal,
  turnOver,
} from './turn';
import { view } from './view';

export { BANK_START, bankPays, LEVY, type Levy, levy, type Money, OPENING_BALANCE } from './bank';
export { BANKER, HAND_SIZE, openingCards, turnMarket } from './deal';
export { DEFAULT_LIMITS, type Limits, priceAfter, type Stock, SUIT_NAMES, sharesHeld, sharesOf, stockValue } from './market';
export * from './state';
export { MAX_DISCARDS, MAX_PLAYS, MAX_SHARES, MAX_TRADES } from './turn';

/**
 * Card Stock Market, Sid Sackson's stock-trading game (Card Games Around the World). In the order of the
 * rules: deal.ts (the market opened, the hands dealt), turn.ts (trading, the market, discarding), draw.ts
 * (drawing back up, the reshuffle, the joker's final sale); market.ts prices, bank.ts money, view.ts.
 */
export const cardStockMarket: Game<State, Action, Options, View> = {
  kind: 'card-stock-market',
  title: 'Card Stock Market',
  blurb:
    'Buy shares in the four suits with the cards in your hand, and play cards to move their prices: the richest player wins.',
  seats: { min: 2, max: 6 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

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
        // A number card takes no direction; a face card goes up (where that raises the price) or down.
        const directions: (Direction | undefined)[] = isNumberCard(card) ? [undefined] : ['up', 'down'];
        for (const direction of directions) {
          if (typeof priceAfter(s.market[suit], card, direction, s.limits[SUIT_NAMES[suit]], SUIT_NAMES[suit]) !== 'number')
            continue;
          out.push(direction ? { type: 'market', card, direction } : { type: 'market', card });
        }
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

  // Ending the turn trades nothing and moves no price: the least a seat can do. A full hand would
  // draw nothing, so a seat gone quiet for good would stall the game: it discards its lowest card first.
  defaultAction(s, seat) {
    const t = s.turn;
    if (t && s.hands[seat].length >= HAND_SIZE && !discardRefusal(t))
      return { type: 'discard', card: sortCards(s.hands[seat])[0] };
    return { type: 'end' };
  },

  view,

  status(s): Status {
    const scores = s.cash.map((c, i) => c - s.debt[i]);
    if (!s.ending) return { toAct: s.turn ? [s.turn.seat] : [], finished: false, scores };
    const winners = allMost(scores);
    const who = winnersPhrase(winners);
    const summary = `${who} with $${scores[winners[0]]} (seat ${s.ending.jokerDrawnBy} drew the joker)`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },

  sample,
};
