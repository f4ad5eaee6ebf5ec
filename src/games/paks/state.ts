import type { Card, RngState } from '../../cards';
import { Bounded, Cards, Closed, Field, Literals, Move, Nullable, Seat } from '../../cards/fishing-schema';
import { CardCode, type Static, type TSchema, Type } from '../../engine';

/** Paks's options, actions, state and view: the types every file of the game imports, so imports run one way. */

export const optionsSchema = Closed({
  target: Bounded(
    50,
    5000,
    500,
    'a hand that ends with a seat or team at this score or more (default 500) wins the game for the highest score (a tie at the top plays another hand)',
  ),
});
export type Options = Static<typeof optionsSchema>;

const SeatIndex = (description: string) => Seat(description, 6);

export const actionSchema = Type.Union([
  Move(
    'capture',
    'start a pak: the board card to capture and the first hand card of its suit to capture it with; more cards follow with play, then done',
    { card: CardCode, with: CardCode },
  ),
  Move('steal', "start a steal of pak number `pak` of seat `from`, or add another of that seat's paks of the same suit to it", {
    from: SeatIndex('the seat whose pak is stolen'),
    pak: Type.Integer({ minimum: 0, maximum: 103, description: 'the pak, by its place in that seat’s list' }),
  }),
  Move('play', 'put a card from the hand into the capturing or stealing set being made', { card: CardCode }),
  Move('done', 'make the capture or steal: the set beats the board card or the paks chosen'),
  Move('pass', 'form no pak this turn (not on a full table)'),
  Move('end', 'steal nothing more: end the turn'),
]);
export type Action = Static<typeof actionSchema>;

const SuitCode = Literals(['S', 'H', 'D', 'C'], 'a suit: S spades, H hearts, D diamonds, C clubs');
const Ints = (description: string) => Type.Array(Type.Integer(), { description });

/** Something that happened to one seat: the seat, what happened, a line on it, and what the table saw of it. */
const toSeat = <T extends string, P extends Record<string, TSchema>>(seat: string, type: T, description: string, fields: P) =>
  Closed({ seat: SeatIndex(seat), type: happened(type), ...fields }, description);
const happened = <T extends string>(type: T) => Type.Literal(type, { description: `what happened: ${type}` });

const HappeningShape = Type.Union(
  [
    Closed(
      {
        type: happened('deal'),
        hand: Type.Integer({ minimum: 1, description: 'the hand dealt, from 1' }),
        dealer: SeatIndex('its dealer'),
        board: Cards('the three board cards dealt face up'),
      },
      'a new hand was dealt',
    ),
    toSeat('the seat that drew', 'feed', 'a drawn card of a suit missing from the board fed the table', { card: CardCode }),
    toSeat('the seat that drew', 'draw', 'a drawn card joined the hand', {
      card: Nullable(CardCode, 'the card kept; null where the draw was secret to you'),
      shown: Type.Boolean({ description: 'false on a full table: the draw was secret' }),
    }),
    toSeat('the seat', 'reveal', 'on a full table the seat could form no pak: its hand was shown and its turn ended', {
      hand: Cards('its whole hand, shown to all'),
    }),
    toSeat('the seat', 'pass', 'the seat formed no pak', {}),
    toSeat('the seat', 'pak', 'a pak was formed: the board card captured and its capturers', {
      captured: CardCode,
      with: Cards('the hand cards that captured it'),
    }),
    toSeat('the stealer', 'steal', 'paks were stolen; with the stealing cards they make one new pak', {
      from: SeatIndex('the seat robbed'),
      paks: Type.Array(Cards('one pak stolen'), { description: 'the paks stolen' }),
      with: Cards('the hand cards that stole them'),
    }),
  ],
  { description: 'something the table saw happen' },
);

const PakSideShape = Closed(
  {
    kept: Type.Array(Cards('one pak'), { description: 'the paks kept, which scored' }),
    discarded: Type.Array(Cards('one pak'), { description: 'the paks discarded, suit by suit' }),
    points: Type.Integer({ description: 'what the paks kept scored' }),
  },
  'one side’s paks at the end of the hand',
);

const PakShape = Closed(
  {
    suit: SuitCode,
    cards: Cards('its cards: the card captured first, then its capturers (stolen paks and their stealers)'),
    value: Type.Integer({ description: 'what a steal must beat: the sum of its cards’ single values' }),
  },
  'one pak, face up',
);

const MakingShape = Closed(
  {
    capture: Nullable(CardCode, 'the board card being captured; null for a steal'),
    steal: Nullable(
      Closed(
        { from: SeatIndex('the seat robbed'), suit: SuitCode, paks: Ints('the indexes of its paks being stolen') },
        'the paks being stolen',
      ),
      'the paks being stolen; null for a capture',
    ),
    beat: Type.Integer({ description: 'the value the set must beat' }),
    chosen: Cards('the hand cards put into the set so far (still in the hand)'),
    worth: Type.Integer({ description: 'the set’s value so far, at its best reading' }),
  },
  'the capture or steal being made',
);

export const viewSchema = Closed({
  seats: Field.seats(6),
  sides: Type.Array(Type.Array(SeatIndex('a seat of the side')), {
    description: 'the sides, by side: each seat alone with 2 or 3 seats, two teams of alternate seats with 4 or 6',
  }),
  target: Type.Integer({ description: 'the score that ends the game (option target)' }),
  hand: Type.Integer({ minimum: 1, description: 'the hand being played, from 1' }),
  dealer: SeatIndex('the dealer of this hand'),
  stock: Field.stock,
  board: Cards('the board cards, face up, in the order they came'),
  myHand: Field.hand,
  handCounts: Ints('the number of cards in each hand, by seat'),
  hands: Field.hands,
  stockCards: Nullable(Cards('the stock, top first'), 'the stock’s cards once the game is over; null before'),
  paks: Type.Array(
    Type.Array(PakShape, { description: 'one seat’s paks, in the order formed: steals name them by this index' }),
    { description: 'every seat’s paks this hand, by seat' },
  ),
  turn: Nullable(
    Closed(
      {
        seat: SeatIndex('the seat to play'),
        phase: Literals(
          ['form', 'steal', 'choosing'],
          'form a pak or pass; steal or end; choosing: making a set (shown only to the seat to play)',
        ),
        drawn: Nullable(CardCode, 'the card it drew; null to the others on a full table (the draw is secret)'),
        fullTable: Type.Boolean({ description: 'the board held every suit when it drew: a pak is compulsory if possible' }),
        formed: Nullable(SuitCode, 'the suit of the pak formed this turn; null before'),
        stolen: Type.Array(SuitCode, { description: 'the suits stolen this turn' }),
        making: Nullable(MakingShape, 'the set the seat to play is making, shown to that seat alone; null otherwise'),
      },
      'the turn in progress',
    ),
    'the turn in progress; null once the game is over',
  ),
  recent: Type.Array(HappeningShape, { description: 'the latest happenings at the table (up to 16), oldest first' }),
  scores: Ints('the game score, by side'),
  history: Type.Array(Ints('what each side scored in one hand'), { description: 'every hand’s points, by side' }),
  lastHand: Nullable(
    Closed(
      {
        hand: Type.Integer({ minimum: 1, description: 'which hand it was' }),
        dealer: SeatIndex('its dealer'),
        sides: Type.Array(PakSideShape, { description: 'each side’s paks, kept and discarded, by side' }),
        scores: Ints('the game score after it, by side'),
      },
      'the last hand scored',
    ),
    'how the last hand scored; null before the first is over',
  ),
  toAct: Ints('the seat the game waits for (empty once over)'),
  finished: Field.finished,
});
export type View = Static<typeof viewSchema>;

type Seen = Static<typeof HappeningShape>;
/** What the table saw happen, in order: a draw keeps its card, which the view hides where the draw was secret. */
export type Happening = Exclude<Seen, { type: 'draw' }> | (Extract<Seen, { type: 'draw' }> & { card: Card });

type Making = Pick<Static<typeof MakingShape>, 'capture' | 'steal' | 'chosen'>;
/** The turn as its seat sees it: the card drawn, and the set in the making (its board card or paks, the hand cards chosen). */
export type Turn = Omit<NonNullable<View['turn']>, 'phase' | 'drawn' | 'making'> & { drawn: Card } & Making;

type Shown = 'seats' | 'target' | 'sides' | 'hand' | 'dealer' | 'board' | 'scores' | 'history' | 'lastHand' | 'finished';
/** The whole table: what every view shows as it is, and the hidden cards, the turn and the happenings in full. */
export interface State extends Pick<View, Shown> {
  rng: RngState;
  stock: Card[];
  hands: Card[][];
  paks: Pak[][];
  turn: Turn | null;
  /** The latest happenings (at most 16), across hands: feeds and draws are made by the engine, not posted. */
  recent: Happening[];
}

/** A pak: a captured board card (first) and the cards that captured it, or stolen paks merged with their stealers. */
export type Pak = Omit<Static<typeof PakShape>, 'value'>;

/** One side's paks at the end of a hand (the cards of each): those kept score, those discarded do not. */
export type SideScore = Static<typeof PakSideShape>;
