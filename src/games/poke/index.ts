import { buildDeck, type Card, type RngState, sortCards } from '../../cards';
import {
  CardCode,
  CardSet,
  type Game,
  IllegalMove,
  type MoveContext,
  openingDeck,
  type SetupContext,
  type Static,
  type Status,
  Type,
} from '../../engine';
import { newDeal, toAct } from './deal';
import { applyDraw, drawDone, MAX_DISCARD } from './draw';
import { answers, applyPlay, choose, leads, lowestPlay, type Play } from './play';
import { dealing, rules } from './rules';
import { sample } from './sample';
import { type DealRecord, type DealScore, gamesWon, levelOf } from './scoring';
import { view } from './view';

export * from './deal';
export * from './play';
export * from './scoring';

/**
 * Poke (Sid Sackson, Esquire 1946; A Gamut of Games): draw poker hands, then play them out as tricks.
 * The phases of a deal, in the order of the rules: deal.ts, draw.ts, play.ts, scoring.ts; then view.ts.
 */

export const optionsSchema = Type.Object(
  {
    target: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 20,
      description: 'points below the line that win a game (first to this or more, ties at or above it play on)',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

export const actionSchema = Type.Union([
  Type.Object(
    {
      type: Type.Literal('draw'),
      cards: CardSet({ minItems: 1, maxItems: MAX_DISCARD, description: 'the cards discarded, in any order' }),
    },
    { additionalProperties: false, description: 'discard one to three cards face down and draw as many from the stock' },
  ),
  Type.Object({ type: Type.Literal('stand') }, { additionalProperties: false, description: 'stand pat: draw no more this deal' }),
  Type.Object(
    { type: Type.Literal('play'), cards: CardSet({ minItems: 1, maxItems: 4, description: 'the cards played, in any order' }) },
    {
      additionalProperties: false,
      description: 'lead one card or a set of one rank (two to four cards), or answer a lead with as many cards',
    },
  ),
]);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => Type.Integer({ minimum: 0, maximum: 1, description });
const SeatOrNull = (description: string) => Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Null()], { description });
const Cards = (description: string) => Type.Array(CardCode, { description });
const Pair = (description: string) => Type.Array(Type.Integer(), { minItems: 2, maxItems: 2, description });
const Doubling = Type.Union([Type.Literal('none'), Type.Literal('doubled'), Type.Literal('redoubled')], {
  description: 'how far the seat has doubled itself by drawing',
});

const PlayView = Type.Object(
  {
    leader: Seat('the seat that led'),
    led: Cards('the cards led: one card, or two to four of one rank, as many tricks'),
    answer: Cards('the answer, as many cards'),
    winner: Seat('the seat that took the trick(s)'),
  },
  { additionalProperties: false, description: 'one lead and its answer' },
);

const DealScoreView = Type.Object(
  {
    dealer: Seat('the seat that dealt'),
    draws: Type.Array(Type.Array(Type.Integer()), { description: 'cards taken in each draw, by seat (the doubling history)' }),
    tricks: Pair('tricks won, by seat'),
    below: Pair('points scored below the line this deal, by seat'),
    honours: Type.Union(
      [
        Type.Object(
          {
            seat: Seat('the seat with the better hand'),
            hand: Type.String({ description: 'the better hand, named: "full house, threes over queens"' }),
            points: Type.Integer({ description: 'the honours scored above the line' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'honours for the better poker hand as held after the draw; null when none are scored' },
    ),
    slam: SeatOrNull('the seat that took all five tricks (250 above the line); null if neither did'),
    game: SeatOrNull('the seat that won a game on this deal; null if none'),
    rubberBonus: Type.Integer({ description: 'the rubber bonus scored on this deal (500 or 750); 0 if the rubber went on' }),
    above: Pair('points scored above the line this deal, by seat: honours, slam, game and rubber'),
  },
  { additionalProperties: false, description: 'one line of the scoresheet' },
);

export const viewSchema = Type.Object(
  {
    phase: Type.Union([Type.Literal('draw'), Type.Literal('play'), Type.Literal('over')], {
      description: 'draw: the seats stand pat or draw; play: the tricks; over: the rubber has ended',
    }),
    toAct: Type.Array(Type.Integer(), { description: 'the seat the game waits for (none once it is over)' }),
    dealer: Seat('the seat that dealt this deal'),
    nonDealer: Seat('the other seat: it draws first and leads first'),
    deal: Type.Integer({ minimum: 1, description: 'the deal being played, from 1' }),
    game: Type.Integer({ minimum: 1, description: 'the game of the rubber being played, from 1' }),
    target: Type.Integer({ description: 'points below the line that win a game (option target)' }),
    hand: Type.Union([Cards("this seat's hand"), Type.Null()], { description: "this seat's own hand; null for a spectator" }),
    handCounts: Pair('how many cards each seat holds, by seat'),
    stock: Type.Integer({ description: 'cards left in the stock' }),
    discards: Pair('how many cards each seat has discarded face down this deal, by seat'),
    ownDiscards: Type.Union([Cards("this seat's discards"), Type.Null()], {
      description: "this seat's own face-down discards this deal; null for a spectator",
    }),
    draws: Type.Array(Type.Array(Type.Integer()), { description: 'cards taken in each draw this deal, by seat' }),
    drawsLeft: Pair('draws each seat may still make this deal, by seat'),
    doubling: Type.Array(Doubling, { description: 'how far each seat has doubled itself this deal, by seat' }),
    trickValues: Pair('what each trick won is worth this deal (1, 2 or 4), by the seat winning it'),
    leader: SeatOrNull('the seat to lead, or whose lead awaits an answer; null outside the play'),
    lead: Type.Union([Cards('the cards led'), Type.Null()], { description: 'the cards led and not yet answered; null if none' }),
    plays: Type.Array(PlayView, { description: 'every lead and answer of this deal, in order (tricks stay face up)' }),
    previousPlay: Type.Union([PlayView, Type.Null()], { description: 'the last lead and answer of this deal; null if none yet' }),
    tricks: Pair('tricks won this deal, by seat'),
    below: Pair('points below the line in the game being played, by seat'),
    above: Pair('points above the line, by seat: the score'),
    games: Type.Array(Type.Integer(), { description: 'the winner of each finished game, in order' }),
    gamesWon: Pair('games won, by seat'),
    scoresheet: Type.Array(DealScoreView, { description: 'every deal scored so far, in order' }),
    lastDeal: Type.Union(
      [
        Type.Object(
          {
            score: DealScoreView,
            hands: Type.Array(Cards('a hand'), { description: 'both hands as held after the draw, by seat (shown for honours)' }),
            handNames: Type.Array(Type.String(), { description: 'the poker hand each seat held, named, by seat' }),
            plays: Type.Array(PlayView, { description: 'every lead and answer of that deal, in order' }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'the previous deal as the table saw it; null during the first deal' },
    ),
    revealed: Type.Union(
      [
        Type.Object(
          {
            discards: Type.Array(Cards('discards'), { description: "each seat's discards of the last deal, by seat" }),
            stock: Cards('the stock left at the end, top first'),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'what stayed face down in the last deal, once the rubber is over; null during play' },
    ),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export interface State {
  target: number;
  rng: RngState;
  phase: 'draw' | 'play' | 'over';
  dealer: number;
  hands: [Card[], Card[]];
  stock: Card[];
  /** Face-down discards of this deal, by seat. */
  discards: [Card[], Card[]];
  /** Cards taken in each draw this deal, by seat. */
  draws: [number[], number[]];
  /** The seat deciding on its draw (draw phase only). */
  drawer: number;
  /** The hands as held after the draw (set when play begins), for honours. */
  held: [Card[], Card[]] | null;
  /** The seat to lead, or whose lead awaits an answer. */
  leader: number;
  /** The cards led and not yet answered. */
  lead: Card[] | null;
  plays: Play[];
  below: [number, number];
  above: [number, number];
  /** The winner of each finished game, in order. */
  games: number[];
  deals: DealScore[];
  lastDeal: DealRecord | null;
}

export const poke: Game<State, Action, Options, View> = {
  kind: 'poke',
  title: 'Poke',
  blurb: 'Two-handed draw poker: draw up to three cards, doubling the stake, and show down the better hand.',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules,
  dealing,

  cards: () => buildDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, buildDeck());
    const blank: State = {
      target: ctx.options.target,
      rng,
      phase: 'draw',
      dealer: 0,
      hands: [[], []],
      stock: [],
      discards: [[], []],
      draws: [[], []],
      drawer: 1,
      held: null,
      leader: 1,
      lead: null,
      plays: [],
      below: [0, 0],
      above: [0, 0],
      games: [],
      deals: [],
      lastDeal: null,
    };
    return newDeal(blank, 0, deck, rng);
  },

  legalActions(s, seat) {
    if (!toAct(s).includes(seat)) return [];
    if (s.phase === 'draw') {
      const hand = sortCards(s.hands[seat]);
      const draws: Action[] = [1, 2, 3].flatMap((k) => choose(hand, k)).map((cards) => ({ type: 'draw', cards }));
      return [{ type: 'stand' }, ...draws];
    }
    const options = s.lead === null ? leads(s.hands[seat]) : answers(s.hands[seat], s.lead);
    return options.map((cards) => ({ type: 'play', cards }));
  },

  apply(s, seat, action) {
    if (s.phase === 'over') throw new IllegalMove('the game is over');
    const turn = toAct(s)[0];
    switch (action.type) {
      case 'draw':
      case 'stand':
        if (s.phase !== 'draw') throw new IllegalMove('the draw is over: play a card');
        if (seat !== turn) throw new IllegalMove(`it is seat ${turn}'s turn to draw or stand pat`);
        return action.type === 'stand' ? drawDone(s) : applyDraw(s, seat, action.cards);
      case 'play':
        if (s.phase !== 'play') throw new IllegalMove('the draw is not over: draw or stand pat first');
        if (seat !== turn) throw new IllegalMove(`it is seat ${turn}'s turn to ${s.lead === null ? 'lead' : 'answer the lead'}`);
        return applyPlay(s, seat, action.cards);
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  // Standing pat doubles nobody; in play, the lowest cards give away the least.
  defaultAction: (s, seat) =>
    s.phase === 'draw' ? { type: 'stand' } : { type: 'play', cards: lowestPlay(s.hands[seat], s.lead) },

  view,

  status(s): Status {
    const scores = [...s.above];
    if (s.phase !== 'over') return { toAct: toAct(s), finished: false, scores };
    const winners = scores[0] === scores[1] ? [0, 1] : [scores[0] > scores[1] ? 0 : 1];
    const [g0, g1] = gamesWon(s);
    const rubber = `games ${g0}-${g1}`;
    const summary =
      winners.length === 2
        ? `tie at ${scores[0]} above the line (${rubber})`
        : `seat ${winners[0]} wins ${scores[winners[0]]} to ${scores[1 - winners[0]]} above the line (${rubber})`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },

  moveView(move: MoveContext<State, Action>, viewer) {
    const { action, seat, after } = move;
    if (action.type !== 'draw') return action;
    // The discards are face down; the drawer alone sees what it drew.
    if (viewer !== seat) return { type: 'draw', count: action.cards.length };
    return { ...action, drew: move.before.stock.slice(0, action.cards.length), doubling: levelOf(after, seat) };
  },

  sample,
};
