import { buildDeck, type Card, type RngState, rankOf, suitOf } from '../../cards';
import type { Trick, TrickPlay } from '../../cards/tricks';
import { CardCode, type Static, Type } from '../../engine';

/** Canadian Salad's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Type.Object({}, { additionalProperties: false });
export type Options = Static<typeof optionsSchema>;

export const actionSchema = Type.Object(
  { type: Type.Literal('play'), card: CardCode },
  { additionalProperties: false, description: 'play a card to the trick' },
);
export type Action = Static<typeof actionSchema>;

const Seat = (description: string) => Type.Integer({ minimum: 0, maximum: 5, description });
const PerSeat = (description: string) => Type.Array(Type.Integer(), { description });
const PlayShape = Type.Object(
  { seat: Seat('the seat that played the card'), card: CardCode },
  { additionalProperties: false, description: 'one card played to a trick' },
);

export const viewSchema = Type.Object(
  {
    phase: Type.Union([Type.Literal('play'), Type.Literal('over')], {
      description: 'play, or over once the sixth deal is scored',
    }),
    toAct: Type.Array(Seat('a seat to act'), { description: 'the seat the game waits for (empty once over)' }),
    deal: Type.Integer({ minimum: 1, maximum: 6, description: 'the deal being played, 1 to 6 (6 once over)' }),
    condition: Type.String({ description: 'what scores in this deal, in words' }),
    dealer: Seat('the dealer of this deal'),
    hand: Type.Union([Type.Array(CardCode), Type.Null()], { description: 'your own hand; null for a spectator' }),
    handCounts: PerSeat('the number of cards in each hand, by seat'),
    trick: Type.Object(
      {
        leader: Seat('the seat that leads (or led) this trick'),
        plays: Type.Array(PlayShape, { description: 'the cards played to it so far, in order' }),
      },
      { additionalProperties: false, description: 'the trick being played' },
    ),
    lastTrick: Type.Union(
      [
        Type.Object(
          {
            plays: Type.Array(PlayShape, { description: 'the cards of the trick, in the order played' }),
            winner: Seat('the seat that won it'),
          },
          { additionalProperties: false, description: 'the last trick completed' },
        ),
        Type.Null(),
      ],
      { description: 'the last trick completed this deal; null before the first' },
    ),
    tricks: PerSeat('tricks taken this deal, by seat'),
    points: PerSeat(
      'points taken so far this deal under its condition, by seat (the last trick scores once played); once over, the sixth deal’s points',
    ),
    taken: Type.Union([Type.Array(Type.Array(CardCode)), Type.Null()], {
      description: 'the cards each seat took this deal, by seat; null until the match is over (won tricks lie face down)',
    }),
    scores: PerSeat('the match totals, by seat: the lowest wins'),
    lastDeal: Type.Union(
      [
        Type.Object(
          {
            deal: Type.Integer({ minimum: 1, maximum: 6, description: 'which deal it was, 1 to 6' }),
            dealer: Seat('who dealt it'),
            tricks: PerSeat('tricks taken, by seat'),
            points: PerSeat('points scored, by seat'),
            lastTrickWinner: Seat('the seat that took the last trick'),
          },
          { additionalProperties: false, description: 'the last deal scored' },
        ),
        Type.Null(),
      ],
      { description: 'how the last deal scored; null before the first is over' },
    ),
  },
  { additionalProperties: false },
);
export type View = Static<typeof viewSchema>;

export const DEALS = 6;

/** Cards left out so that every hand is equal: 3 seats 17 each, 4 seats 13, 5 seats 10, 6 seats 8. */
export function removedCards(seats: number): Card[] {
  if (seats === 3) return ['2C'];
  if (seats === 5) return ['2C', '2D'];
  if (seats === 6) return ['2C', '3C', '2D', '3D'];
  return [];
}

export function saladDeck(seats: number): Card[] {
  return buildDeck({ without: removedCards(seats) });
}

/** How a finished deal scored, seat by seat. */
export interface DealRecord {
  deal: number;
  dealer: number;
  tricks: number[];
  points: number[];
  lastTrickWinner: number;
}

export interface State {
  seats: number;
  phase: 'play' | 'over';
  /** The deal being played, 1 to 6 (6 once the match is over). */
  deal: number;
  dealer: number;
  hands: Card[][];
  trick: Trick;
  lastTrick: { plays: TrickPlay[]; winner: number } | null;
  /** The cards each seat has taken this deal. */
  taken: Card[][];
  tricks: number[];
  scores: number[];
  lastDeal: DealRecord | null;
  rng: RngState;
}

/**
 * What each seat scores under deal `dealNumber`'s condition, from the cards and tricks it took;
 * `lastTrickWinner` is the seat that took the last trick (null while it has not been played).
 */
export function dealPoints(
  dealNumber: number,
  taken: readonly Card[][],
  tricks: readonly number[],
  lastTrickWinner: number | null,
): number[] {
  const all = dealNumber === DEALS;
  return taken.map((cards, seat) => {
    let points = 0;
    if (all || dealNumber === 1) points += 10 * tricks[seat];
    if (all || dealNumber === 2) points += 10 * cards.filter((c) => suitOf(c) === 'H').length;
    if (all || dealNumber === 3) points += 25 * cards.filter((c) => rankOf(c) === 'Q').length;
    if ((all || dealNumber === 4) && cards.includes('KS')) points += 100;
    if ((all || dealNumber === 5) && lastTrickWinner === seat) points += 100;
    return points;
  });
}
