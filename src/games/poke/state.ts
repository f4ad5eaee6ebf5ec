import type { Card, RngState } from '../../cards';
import { CardCode, CardSet, type Static, Type } from '../../engine';

/** Poke's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const MAX_DISCARD = 3;

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

/** One lead and its answer: as many tricks as cards led, all to `winner`. */
export interface Play {
  leader: number;
  led: Card[];
  answer: Card[];
  winner: number;
}

export interface Honours {
  seat: number;
  hand: string;
  points: number;
}

/** One line of the scoresheet: what a deal scored below and above the line. */
export interface DealScore {
  dealer: number;
  /** Cards taken in each draw, by seat (the doubling history). */
  draws: [number[], number[]];
  tricks: [number, number];
  /** Points below the line, by seat. */
  below: [number, number];
  honours: Honours | null;
  /** The seat that took all five tricks, if any. */
  slam: number | null;
  /** The seat that won a game on this deal, if any (its below-the-line scores start again from 0). */
  game: number | null;
  rubberBonus: number;
  /** Points above the line, by seat: honours, slam, game and rubber bonuses. */
  above: [number, number];
}

/** A finished deal as the table saw it: the hands shown for honours, and every play. */
export interface DealRecord {
  score: DealScore;
  /** The hands as held after the draw. */
  hands: [Card[], Card[]];
  handNames: [string, string];
  plays: Play[];
}
