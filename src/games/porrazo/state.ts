import { type Card, RANKS, type RngState } from '../../cards';
import { AtEnd, Cards, Closed, Count, Counts, Field, Literals, Move, Nullable, Option, Seat } from '../../cards/fishing-schema';
import { CardAction } from '../../cards/fishing-turn';
import { CardCode, type Static, Type } from '../../engine';

/** Porrazo's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({
  partners: Type.Boolean({
    default: false,
    description: 'four seats only: seats 0+2 and 1+3 play as partners, pooling their captured cards and points',
  }),
  target: Option.target(1000, 61, 'play stops the moment a seat or partnership reaches this score'),
});
export type Options = Static<typeof optionsSchema>;

const RankSchema = (description: string) => Literals(RANKS, description);
const SetSchema = (description: string) => Literals(['ronda', 'rondine'], description);

export const actionSchema = Type.Union([
  Move('tendido', 'dealer, right after a deal of three while the tendido is undealt: deal it now'),
  Move(
    'noTendido',
    "dealer: no tendido after this deal of three (not yet: if still undealt, it comes after the hand's last deal)",
  ),
  Move('declare', 'declare the pair (ronda) or three of a kind (rondine) held; others see only the set', {
    set: SetSchema('ronda: the pair held; rondine: the three of a kind held'),
    rank: RankSchema('the rank held: A 2-9 T J Q K'),
  }),
  Move('pass', 'make no declaration for this deal'),
  CardAction('play', 'play a card: it captures if it can, otherwise it stays on the table'),
  CardAction('inPlace', 'lay an ace to 4 in place, forgoing the capture it could make'),
]);
export type Action = Static<typeof actionSchema>;

const PlaySchema = Closed(
  {
    seat: Seat('the seat that played'),
    card: Type.With(CardCode, { description: 'the card played from the hand' }),
    as: Literals(
      ['capture', 'laid', 'in place', 'porrazo', 'counter-porrazo', 'san benito', 'last card'],
      "how it was played: a capture, laid without capturing, laid in place, a porrazo, a counter-porrazo, a san benito, or the dealer's last card of the hand",
    ),
    took: Cards(
      'the table cards captured, the run in order from the matched card up; for a counter-porrazo the two cards taken from the porrazo',
    ),
    swept: Type.Optional(Cards("the dealer's last card only: every table card swept up with it")),
  },
  'one card played',
);

const NoteSchema = Closed(
  {
    side: Count('the seat, or the partnership (0: seats 0+2, 1: seats 1+3), that scored'),
    seat: Nullable(Seat('the seat that made the score'), "the seat that made the score; null for a partnership's hand score"),
    points: Count('the points scored'),
    for: Literals(
      ['in place', 'limpia', 'porrazo', 'counter-porrazo', 'san benito', 'ronda', 'rondine', 'tendido', 'hand'],
      'what scored: a card in place, a limpia, the porrazo family, the best declaration, the tendido, or the hand',
    ),
    rank: Type.Optional(RankSchema('the rank that scored, where a rank decides the points')),
  },
  'one score, in the order made',
);

export const viewSchema = Closed({
  phase: Literals(
    ['tendido', 'declaring', 'playing', 'over'],
    'tendido: the dealer decides whether to deal the tendido now; declaring: every seat declares or passes; playing: cards are played; over: the game has ended',
  ),
  toAct: Type.Array(Seat('a seat to act'), { description: 'the seats the game waits for (several while declaring)' }),
  handNo: Type.Integer({ minimum: 1, description: 'the hand being played, from 1' }),
  deal: Type.Integer({ minimum: 1, description: 'the deal of three within the hand, from 1' }),
  dealsPerHand: Type.Integer({
    minimum: 1,
    description: 'deals of three in a hand: 8 for two seats, 5 for three, 4 for four, 3 for five',
  }),
  dealer: Seat('the seat that deals this hand (it decides on the tendido and plays last)'),
  turn: Nullable(Seat('the seat to play'), 'the seat to play a card; null outside the play and once the game is over'),
  partners: Type.Boolean({ description: 'true when four seats play as partners 0+2 and 1+3 (option partners)' }),
  target: Type.Integer({ description: 'the score that wins (option target)' }),
  sideOf: Counts('the side each seat scores for, by seat: its own number alone, 0 or 1 with partners'),
  scores: Counts('the scores, by side'),
  hand: Field.hand,
  handCounts: Field.handCounts,
  hands: Field.hands,
  stockCount: Field.stock,
  stock: AtEnd(Cards('the stock, top first'), 'the cards left in the stock, top first'),
  table: Field.table,
  capturedCounts: Counts("how many cards each seat's face-down won-cards pile holds, by seat"),
  tendidoDealt: Type.Boolean({
    description: "true once the tendido has been dealt this hand (by the dealer's choice, or after the last deal)",
  }),
  tendido: Nullable(
    Closed({
      cards: Cards('the four tendido cards as dealt: pairs 1st-2nd and 3rd-4th'),
      counted: Cards('the four cards in the order that scored best, position 1 first'),
      places: Count('pips of the cards lying in their own position'),
      sets: Type.Array(
        Closed({
          rank: RankSchema('the rank of the set'),
          count: Type.Integer({ minimum: 2, maximum: 4, description: 'how many of that rank lie on the table' }),
          points: Count('what it scored: a ronda, a rondine, or twice a rondine'),
        }),
        { description: 'the pairs, threes and fours on the table that hold a tendido card' },
      ),
      points: Count('what the tendido scored the dealer in all'),
    }),
    "this hand's tendido and its score; null until it is dealt",
  ),
  leftover: Cards('the odd cards laid face up after the last deal of the hand (they score nothing)'),
  declarations: Type.Array(
    Type.Union([
      Closed(
        { set: SetSchema('ronda or rondine'), rank: RankSchema('the rank declared') },
        'your own declaration (every one once the game is over)',
      ),
      Closed({ set: SetSchema('ronda or rondine') }, "another seat's declaration: its rank is secret"),
      Type.Literal('pass'),
      Type.Null(),
    ]),
    { description: "this deal's answers, by seat: a declaration, 'pass', or null while the seat has not answered" },
  ),
  laid: Nullable(
    Closed({ seat: Seat('the seat that laid it'), card: Type.With(CardCode, { description: 'the card laid' }) }),
    'the card the previous seat laid without capturing (a porrazo may follow); null when none',
  ),
  porrazo: Nullable(
    Closed({
      stage: Literals(
        ['porrazo', 'counter'],
        'porrazo: it stands unless the next play counters it; counter: a san benito may follow',
      ),
      seat: Seat('the seat that made it'),
      rank: RankSchema('its rank'),
    }),
    'a porrazo or counter-porrazo waiting for the next play; null when none',
  ),
  plays: Type.Array(PlaySchema, { description: "this deal's plays (the last deal's until the next is begun), in order" }),
  scored: Type.Array(NoteSchema, { description: "this hand's scores, in the order made" }),
  lastHand: Nullable(
    Closed({
      captured: Counts('cards captured, by side'),
      winner: Nullable(Count('a side'), 'the side that scored the difference; null when the most was shared'),
      points: Count('the points it scored'),
    }),
    'the last finished hand: the captured cards and who scored; null before the end of the first hand',
  ),
  winner: Nullable(Type.Array(Seat('a winning seat')), 'the seats that won, once the game is over; null during play'),
});
export type View = Static<typeof viewSchema>;

export type Play = Static<typeof PlaySchema>;
export type ScoreReason = Note['for'];
export type Note = Static<typeof NoteSchema>;

/** A porrazo waiting for the next play, or a counter-porrazo a san benito may follow, with the card laid and the porrazo card on it. */
export type Pending = NonNullable<View['porrazo']> & { cards: Card[] };

/** A ronda or rondine held, as declared. */
export type Declaration = Omit<Extract<Action, { type: 'declare' }>, 'type'>;
export type SetName = Declaration['set'];
export type Answer = Declaration | 'pass' | null;

/** The tendido's score: the order counted, the pips in place and the sets it formed. */
export type TendidoScore = Omit<NonNullable<View['tendido']>, 'cards'>;
export type TendidoSet = TendidoScore['sets'][number];

export interface State
  extends Pick<View, 'partners' | 'target' | 'handNo' | 'dealer' | 'deal' | 'table' | 'scores'>,
    Pick<View, 'tendidoDealt' | 'tendido' | 'leftover' | 'laid' | 'plays' | 'lastHand'> {
  seats: number;
  rng: RngState;
  phase: Exclude<View['phase'], 'over'>;
  /** Seat to play (phase playing). */
  turn: number;
  stock: Card[];
  hands: Card[][];
  /** Won-cards pile of each seat. */
  captured: Card[][];
  /** This deal's declarations by seat (null: not answered yet). */
  answers: Answer[];
  pending: Pending | null;
  notes: Note[];
  /** The seat or partnership that reached the target (or made a san benito). */
  winner: number | null;
}
