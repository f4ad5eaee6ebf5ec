import type { Card, RngState } from '../../cards';
import { AtEnd, Cards, Closed, Count, Counts, Field, Literals, Nullable, Option, Seat } from '../../cards/fishing-schema';
import { CardCode, CardSet, type Static, Type } from '../../engine';

/** Diloti's options, actions, state and view: the types every file of the game imports, so imports run one way. */

/** The highest value of a card, so of a sum a card can capture or a declaration. */
export const MAX_VALUE = 10;

export const optionsSchema = Closed({
  target: Option.target(
    1000,
    61,
    'the game ends after a deal in which a side reaches this score; the higher score wins (equal: a shared win)',
  ),
});
export type Options = Static<typeof optionsSchema>;

const group = CardSet({ minItems: 1, maxItems: 52, description: 'the cards of one group or set, in any order' });
const layAction = Closed({ type: Type.Literal('lay'), card: CardCode }, 'lay a card face up on the table, capturing nothing');
const captureAction = Closed(
  { type: Type.Literal('capture'), card: CardCode },
  'play a card to capture with it: a face card takes every table card of its rank at once; a number card then takes ' +
    'groups worth its value with `take`, and `done` ends the capture',
);
const takeAction = Closed(
  { type: Type.Literal('take'), group },
  'capture with the card being played: loose cards worth its value (or, on a crowded table, one card of such a group at ' +
    'a time), or a whole declaration of its value',
);
const declareAction = Closed(
  { type: Type.Literal('declare'), card: CardCode, value: Type.Integer({ minimum: 1, maximum: MAX_VALUE }) },
  'play a number card to form a declaration of `value` with it; its cards follow with `add`, and `done` ends it',
);
const addAction = Closed(
  { type: Type.Literal('add'), group },
  'add cards to the declaration being formed: loose cards to complete the open set (on a crowded table one at a ' +
    "time), an opponent's regular declaration to raise with the card played, or a new set of the same value (loose " +
    'cards or a regular declaration), making a group declaration',
);
const doneAction = Closed({ type: Type.Literal('done') }, 'end the capture or the declaration in progress');
export const actionSchema = Type.Union([layAction, captureAction, takeAction, declareAction, addAction, doneAction]);
export type Action = Static<typeof actionSchema>;

const Value = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_VALUE, description });
const BySide = Counts;

const DeclarationSchema = Closed(
  {
    sets: Type.Array(Cards('one set, worth the value'), {
      description: 'its sets, each worth the value: one set is a regular declaration, several a group declaration',
    }),
    value: Value('the value of the card that captures it (1 to 10)'),
    owner: Seat('the seat obliged to capture it: who formed it, or last raised it or took it into a group'),
  },
  'a declaration: a bundle captured only whole, by a card of its value',
);

const PendingSchema = Type.Union([
  Closed(
    {
      kind: Type.Literal('capture', { description: 'capture: a capture is in progress' }),
      seat: Seat('the seat capturing'),
      card: Type.With(CardCode, { description: 'the card being played to capture' }),
      taken: Type.Array(Cards('one group, as it lay on the table'), { description: 'the groups taken so far, in order' }),
      open: Cards('the cards of a group being built one card at a time, not yet worth the value; empty when none'),
      from: Count('internal: the table position the open group goes on from (each group is built in table order)'),
      needs: Count('what the open group still needs to be worth the value; 0 when no group is open'),
    },
    'a capture in progress',
  ),
  Closed(
    {
      kind: Type.Literal('declare', { description: 'declare: a declaration is being formed' }),
      seat: Seat('the seat declaring'),
      card: Type.With(CardCode, { description: 'the card being played into the declaration' }),
      forming: DeclarationSchema,
      open: Cards('the cards of a set not yet worth the value (the card played and loose cards); empty when none'),
      from: Count('internal: the table position the open set goes on from (each set is built in table order)'),
      raised: Nullable(Value('a value'), "the value of the opponent's declaration the card raised; null when it raised none"),
      needs: Count('what the open set still needs to be worth the value; 0 when no set is open'),
    },
    'a declaration being formed',
  ),
]);

const PlaySchema = Closed(
  {
    seat: Seat('the seat that played'),
    card: Type.With(CardCode, { description: 'the card played' }),
    kind: Literals(['lay', 'capture', 'declare'], 'laid on the table, a capture, or a declaration'),
    taken: Type.Array(Cards('one group, as it lay on the table'), { description: 'the groups captured, in order' }),
    declaration: Nullable(DeclarationSchema, 'the declaration formed; null for a lay or a capture'),
    raised: Nullable(Value('a value'), "the value of the opponent's declaration it raised; null when none"),
    xeri: Type.Boolean({ description: 'true when the capture swept the table for a xeri' }),
  },
  'one finished play, as everyone saw it',
);

const DealScoreSchema = Closed(
  {
    dealer: Seat('the seat that dealt it'),
    cards: BySide('cards won, by side (leftovers included)'),
    xeris: BySide('xeris made, by side'),
    aces: BySide('aces won, by side'),
    mostCards: Nullable(Count('a side'), 'the side scoring 4 for the most cards; null on a 26-26 tie'),
    tenOfDiamonds: Nullable(Count('a side'), 'the side scoring 2 for the 10 of diamonds; null when nobody won it'),
    twoOfClubs: Nullable(Count('a side'), 'the side scoring 1 for the 2 of clubs; null when nobody won it'),
    leftovers: Closed(
      {
        side: Nullable(Count('a side'), 'the side of the last capturer, who took them; null when nobody captured'),
        cards: Cards('the cards left on the table at the end of the deal'),
      },
      'the cards left on the table at the end, and who took them',
    ),
    points: BySide('points scored in the deal, by side'),
  },
  "one deal's score, line by line",
);

export const viewSchema = Closed({
  seats: Type.Integer({ minimum: 2, maximum: 4, description: 'two seats, or four in partnerships' }),
  target: Field.target,
  deal: Field.deal,
  dealer: Field.dealer,
  turn: Nullable(Seat('the seat to play'), 'the seat to play (the one finishing a play in progress); null once the game is over'),
  phase: Type.Union([Type.Literal('play'), Type.Literal('capturing'), Type.Literal('declaring'), Type.Literal('over')], {
    description:
      'play: a turn is to begin; capturing or declaring: a play is in progress (see pending); over: the game has ended',
  }),
  pending: Nullable(PendingSchema, 'the play in progress, face up for everyone; null when none'),
  hand: Field.hand,
  handCounts: Field.handCounts,
  stock: Field.stock,
  table: Cards('the loose face-up table cards, in the order they came'),
  declarations: Type.Array(DeclarationSchema, { description: 'the declarations on the table' }),
  obligation: Nullable(Value('a value'), 'the value of the declaration this seat must capture; null when it holds none'),
  sides: Type.Array(
    Closed({
      seats: Type.Array(Seat('a seat'), { description: 'the seats of the side' }),
      won: Count('how many cards its face-down pile of won cards holds this deal'),
      xeris: Count('its xeris this deal'),
      score: Count('its score in the game'),
    }),
    { description: 'the two sides (seats 0 and 1, or partners 0+2 and 1+3), by side' },
  ),
  lastCapturer: Field.lastCapturer,
  lastPlay: Nullable(PlaySchema, 'the last finished play of this deal; null before the first'),
  scores: BySide('the scores, by side'),
  scoresheet: Type.Array(BySide("one deal's points, by side"), { description: "each finished deal's points, in order" }),
  lastDeal: Nullable(DealScoreSchema, 'the last finished deal, line by line; null during the first deal'),
  finished: Field.finished,
  hands: Field.hands,
  wonCards: AtEnd(Type.Array(Cards('a pile')), "each side's won cards of the last deal"),
  stockCards: AtEnd(Cards('the stock, top first'), 'the cards left in the stock'),
  deals: AtEnd(Type.Array(DealScoreSchema), 'every deal, line by line'),
});
export type View = Static<typeof viewSchema>;

/** The scoring of one deal, by side (seat 0 and 1 alone; partners 0+2 and 1+3 with four seats). */
export type DealScore = Static<typeof DealScoreSchema>;

/**
 * A play in progress, posted a group at a time. `open` holds a group (capture) or set (declaration) not yet
 * worth the value: the loose cards taken into it, and for a declaration's first set the card played. It
 * goes on with table cards from position `from` on, so each group is built in table order. The view adds `needs`, worked out.
 */
export type Pending = Static<typeof PendingSchema> extends infer P ? (P extends unknown ? Omit<P, 'needs'> : never) : never;

/** One finished play, as everyone saw it. */
export type Play = Static<typeof PlaySchema>;

/** A declaration: a bundle captured only as a unit, by a card of its value. */
export type Declaration = Static<typeof DeclarationSchema>;

export interface State
  extends Pick<
    View,
    'seats' | 'target' | 'dealer' | 'table' | 'declarations' | 'lastCapturer' | 'lastPlay' | 'scores' | 'finished'
  > {
  rng: RngState;
  /** The seat to play (the one finishing a pending play). */
  turn: number;
  hands: Card[][];
  stock: Card[];
  pending: Pending | null;
  /** Each side's face-down pile of won cards for the current deal, and its xeris. */
  won: Card[][];
  xeris: number[];
  /** Plays finished in this deal: the first one cannot be a xeri. */
  plays: number;
  deals: DealScore[];
}
