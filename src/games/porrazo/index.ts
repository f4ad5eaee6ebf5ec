import {
  type Card,
  deal,
  type Rank,
  type RngState,
  rankNumber,
  rankOf,
  removeCards,
  shuffle,
  standardDeck,
  teamOf,
} from '../../cards';
import {
  CardCode,
  type Game,
  IllegalMove,
  type MoveContext,
  openingDeck,
  type SetupContext,
  type Static,
  type Status,
  Type,
} from '../../engine';
import {
  bestDeclaration,
  captureOf,
  type Declaration,
  declarationOf,
  declarationValue,
  fitsInPlace,
  handWinner,
  limpiaValue,
  rondaValue,
  rondineValue,
  scoreTendido,
  type TendidoScore,
} from './rules';

export * from './rules';

/** Porrazo, the Mexican fishing game (2-5 seats, four may play as partners), to 61. */

export const optionsSchema = Type.Object(
  {
    partners: Type.Boolean({
      default: false,
      description: 'four seats only: seats 0+2 and 1+3 play as partners, pooling their captured cards and points',
    }),
    target: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 61,
      description: 'play stops the moment a seat or partnership reaches this score',
    }),
  },
  { additionalProperties: false },
);
export type Options = Static<typeof optionsSchema>;

const rankSchema = Type.Union(
  [
    Type.Literal('A'),
    Type.Literal('2'),
    Type.Literal('3'),
    Type.Literal('4'),
    Type.Literal('5'),
    Type.Literal('6'),
    Type.Literal('7'),
    Type.Literal('8'),
    Type.Literal('9'),
    Type.Literal('T'),
    Type.Literal('J'),
    Type.Literal('Q'),
    Type.Literal('K'),
  ],
  { description: 'a rank: A 2-9 T J Q K' },
);

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('tendido') },
    { additionalProperties: false, description: 'dealer, once per hand, right after a deal of three: deal the tendido' },
  ),
  Type.Object(
    { type: Type.Literal('noTendido') },
    { additionalProperties: false, description: 'dealer: no tendido after this deal of three' },
  ),
  Type.Object(
    {
      type: Type.Literal('declare'),
      set: Type.Union([Type.Literal('ronda'), Type.Literal('rondine')]),
      rank: rankSchema,
    },
    {
      additionalProperties: false,
      description: 'declare the pair (ronda) or three of a kind (rondine) held; others see only the set',
    },
  ),
  Type.Object({ type: Type.Literal('pass') }, { additionalProperties: false, description: 'make no declaration for this deal' }),
  Type.Object(
    { type: Type.Literal('play'), card: CardCode },
    { additionalProperties: false, description: 'play a card: it captures if it can, otherwise it stays on the table' },
  ),
  Type.Object(
    { type: Type.Literal('inPlace'), card: CardCode },
    { additionalProperties: false, description: 'lay an ace to 4 in place, forgoing the capture it could make' },
  ),
]);
export type Action = Static<typeof actionSchema>;

export type Phase = 'tendido' | 'declaring' | 'playing';

/** How a card was played. */
export type PlayKind = 'capture' | 'laid' | 'in place' | 'porrazo' | 'counter-porrazo' | 'san benito' | 'last card';

export interface Play {
  seat: number;
  card: Card;
  as: PlayKind;
  /** Table cards captured, or for a counter-porrazo the two cards taken from the porrazo. */
  took: Card[];
  /** The dealer's last card of the hand: every table card swept up with it. */
  swept?: Card[];
}

export type ScoreReason =
  | 'in place'
  | 'limpia'
  | 'porrazo'
  | 'counter-porrazo'
  | 'san benito'
  | 'ronda'
  | 'rondine'
  | 'tendido'
  | 'hand';

export interface Note {
  /** The seat or partnership scoring. */
  side: number;
  /** The seat that made the score (null: a partnership's hand score). */
  seat: number | null;
  points: number;
  for: ScoreReason;
  rank?: Rank;
}

/** A porrazo waiting for the next play, or a counter-porrazo a san benito may follow. */
export interface Pending {
  stage: 'porrazo' | 'counter';
  seat: number;
  rank: Rank;
  /** The card laid without capturing and the card that made the porrazo on it. */
  cards: Card[];
}

export interface HandResult {
  /** Cards captured by each seat or partnership. */
  captured: number[];
  /** The seat or partnership that scored the difference (null: the most was shared). */
  winner: number | null;
  points: number;
}

export type Answer = Declaration | 'pass' | null;

export interface State {
  seats: number;
  partners: boolean;
  target: number;
  rng: RngState;
  /** Hands played so far, this one included. */
  handNo: number;
  dealer: number;
  /** Deal of three within the hand, from 1. */
  deal: number;
  phase: Phase;
  /** Seat to play (phase playing). */
  turn: number;
  stock: Card[];
  hands: Card[][];
  table: Card[];
  /** Won-cards pile of each seat. */
  captured: Card[][];
  /** By seat or partnership. */
  scores: number[];
  tendidoDealt: boolean;
  tendido: (TendidoScore & { cards: Card[] }) | null;
  /** The odd cards laid face up after the last deal of the hand. */
  leftover: Card[];
  /** This deal's declarations by seat (null: not answered yet). */
  answers: Answer[];
  /** The card the previous seat laid without capturing (a porrazo may follow). */
  laid: { seat: number; card: Card } | null;
  pending: Pending | null;
  /** This deal's plays (the last deal's until the first card of the next), and this hand's scores. */
  plays: Play[];
  notes: Note[];
  lastHand: HandResult | null;
  /** The seat or partnership that reached the target (or made a san benito). */
  winner: number | null;
}

const SIDES_PARTNERS = 2;

export const sideOf = (s: Pick<State, 'partners'>, seat: number): number => (s.partners ? teamOf(seat, SIDES_PARTNERS) : seat);
const sideCount = (s: State): number => (s.partners ? SIDES_PARTNERS : s.seats);
const seatsOfSide = (s: State, side: number): number[] => [...Array(s.seats).keys()].filter((seat) => sideOf(s, seat) === side);

/** Deals of three in a hand: 8 for two seats, 5 for three, 4 for four, 3 for five (the same with or without a tendido). */
export const dealsPerHand = (seats: number): number => Math.floor(48 / (3 * seats));

/**
 * A copy to change: the outer arrays are copied; inner hands and piles, the stock and the logs'
 * entries are shared, so they are only ever replaced, never changed in place.
 */
function clone(s: State): State {
  return {
    seats: s.seats,
    partners: s.partners,
    target: s.target,
    rng: s.rng,
    handNo: s.handNo,
    dealer: s.dealer,
    deal: s.deal,
    phase: s.phase,
    turn: s.turn,
    stock: s.stock,
    hands: [...s.hands],
    table: [...s.table],
    captured: [...s.captured],
    scores: [...s.scores],
    tendidoDealt: s.tendidoDealt,
    tendido: s.tendido,
    leftover: s.leftover,
    answers: [...s.answers],
    laid: s.laid,
    pending: s.pending,
    plays: [...s.plays],
    notes: [...s.notes],
    lastHand: s.lastHand,
    winner: s.winner,
  };
}

/** Scores for a side; the game ends the moment a side reaches the target, and nothing scores after. */
function award(s: State, side: number, seat: number | null, points: number, reason: ScoreReason, rank?: Rank): void {
  if (s.winner !== null || points <= 0) return;
  s.scores[side] += points;
  s.notes.push(rank ? { side, seat, points, for: reason, rank } : { side, seat, points, for: reason });
  if (s.scores[side] >= s.target) s.winner = side;
}

const awardSeat = (s: State, seat: number, points: number, reason: ScoreReason, rank?: Rank) =>
  award(s, sideOf(s, seat), seat, points, reason, rank);

function dealThree(s: State): void {
  s.deal += 1;
  const dealt = deal(s.stock, { seats: s.seats, count: 3, first: (s.dealer + 1) % s.seats, batch: 3, hands: s.hands });
  s.hands = dealt.hands;
  s.stock = dealt.stock;
  s.answers = Array(s.seats).fill(null);
  s.laid = null;
  s.pending = null;
  if (s.tendidoDealt) afterTendido(s);
  else s.phase = 'tendido';
}

function dealTendido(s: State): void {
  const cards = s.stock.slice(0, 4);
  s.stock = s.stock.slice(4);
  const score = scoreTendido(cards, s.table);
  s.table.push(...cards);
  s.tendidoDealt = true;
  s.tendido = { cards, ...score };
  awardSeat(s, s.dealer, score.points, 'tendido');
}

/** After the last deal the odd cards go face up to the table; then the declarations. */
function afterTendido(s: State): void {
  if (s.deal === dealsPerHand(s.seats) && s.stock.length > 0) {
    s.leftover = s.stock;
    s.table.push(...s.stock);
    s.stock = [];
  }
  s.phase = 'declaring';
}

function newHand(s: State, deck: Card[]): void {
  s.stock = deck;
  s.hands = Array.from({ length: s.seats }, () => []);
  s.table = [];
  s.captured = Array.from({ length: s.seats }, () => []);
  s.tendidoDealt = false;
  s.tendido = null;
  s.leftover = [];
  s.plays = [];
  s.notes = [];
  s.deal = 0;
  dealThree(s);
}

/** The card a seat may lay in place instead of capturing: an ace to 4 in place that would capture (or counter a porrazo). */
function mayForgo(s: State, card: Card): boolean {
  if (!fitsInPlace(card, s.table.length)) return false;
  const counters = s.pending?.stage === 'porrazo' && s.pending.rank === rankOf(card);
  return counters || captureOf(s.table, card).length > 0;
}

function sanBenito(s: State, seat: number, card: Card): void {
  s.table.push(card);
  s.plays.push({ seat, card, as: 'san benito', took: [] });
  const side = sideOf(s, seat);
  // The san benito scores the entire game: the side is raised to the target.
  award(s, side, seat, s.target - s.scores[side], 'san benito', rankOf(card));
}

function counterPorrazo(s: State, seat: number, card: Card, porrazo: Pending): void {
  s.captured[porrazo.seat] = removeCards(s.captured[porrazo.seat], porrazo.cards);
  s.captured[seat] = [...s.captured[seat], card, ...porrazo.cards];
  s.plays.push({ seat, card, as: 'counter-porrazo', took: [...porrazo.cards] });
  s.pending = { stage: 'counter', seat, rank: porrazo.rank, cards: [...porrazo.cards, card] };
  awardSeat(s, seat, rondineValue(porrazo.rank), 'counter-porrazo', porrazo.rank);
}

const porrazoStands = (s: State, p: Pending) => awardSeat(s, p.seat, rondaValue(p.rank), 'porrazo', p.rank);

/** One card from the hand of the seat to play, after the porrazo of the previous play is settled. */
function playCard(s: State, seat: number, card: Card, inPlace: boolean): void {
  if (s.hands.every((h) => h.length === 3)) s.plays = [];
  s.hands[seat] = removeCards(s.hands[seat], [card]);
  const rank = rankOf(card);
  const { pending, laid } = s;
  s.pending = null;
  s.laid = null;
  if (pending?.stage === 'counter' && pending.rank === rank) {
    sanBenito(s, seat, card);
    return;
  }
  if (pending?.stage === 'porrazo') {
    if (pending.rank === rank && !inPlace) {
      counterPorrazo(s, seat, card, pending);
      return;
    }
    porrazoStands(s, pending);
  }
  const took = inPlace ? [] : captureOf(s.table, card);
  if (took.length > 0) {
    s.table = removeCards(s.table, took);
    s.captured[seat] = [...s.captured[seat], card, ...took];
    const porrazo = laid !== null && rankOf(laid.card) === rank;
    if (porrazo) s.pending = { stage: 'porrazo', seat, rank, cards: [took[0], card] };
    s.plays.push({ seat, card, as: porrazo ? 'porrazo' : 'capture', took });
    if (s.table.length === 0) awardSeat(s, seat, limpiaValue(took), 'limpia', rankOf(took[took.length - 1]));
    return;
  }
  const placed = fitsInPlace(card, s.table.length);
  s.table.push(card);
  s.laid = { seat, card };
  s.plays.push({ seat, card, as: placed ? 'in place' : 'laid', took: [] });
  if (placed) awardSeat(s, seat, rankNumber(card), 'in place');
}

/**
 * The dealer's last card of the hand: the porrazo family still counts (it follows the previous
 * play), but it neither scores in place nor as a limpia, and every table card is swept up with it.
 */
function lastCard(s: State): void {
  const seat = s.dealer;
  const [card] = s.hands[seat];
  s.hands[seat] = [];
  const rank = rankOf(card);
  const { pending, laid } = s;
  s.pending = null;
  s.laid = null;
  if (pending?.stage === 'counter' && pending.rank === rank) {
    sanBenito(s, seat, card);
    return;
  }
  let as: PlayKind = 'last card';
  let took: Card[] = [];
  if (pending?.stage === 'porrazo' && pending.rank === rank) {
    s.captured[pending.seat] = removeCards(s.captured[pending.seat], pending.cards);
    took = [...pending.cards];
    as = 'counter-porrazo';
    awardSeat(s, seat, rondineValue(rank), 'counter-porrazo', rank);
  } else {
    if (pending?.stage === 'porrazo') porrazoStands(s, pending);
    // Nobody plays after the dealer's last card, so a porrazo made with it stands at once.
    if (laid !== null && rankOf(laid.card) === rank) {
      as = 'porrazo';
      awardSeat(s, seat, rondaValue(rank), 'porrazo', rank);
    }
  }
  const swept = s.table;
  s.table = [];
  s.captured[seat] = [...s.captured[seat], card, ...took, ...swept];
  s.plays.push({ seat, card, as, took, swept });
}

/** The deal's end: a porrazo still waiting stands, then the best declaration scores. */
function endOfDeal(s: State): void {
  if (s.pending?.stage === 'porrazo') porrazoStands(s, s.pending);
  s.pending = null;
  s.laid = null;
  const declared = s.answers.map((a) => (a === null || a === 'pass' ? null : a));
  const best = bestDeclaration(declared, s.dealer);
  if (best !== undefined) {
    const d = declared[best] as Declaration;
    awardSeat(s, best, declarationValue(d), d.set, d.rank);
  }
  if (s.winner !== null) return;
  if (s.deal < dealsPerHand(s.seats)) dealThree(s);
  else endOfHand(s);
}

/** The side with the most captured cards scores the difference to the next best. */
function endOfHand(s: State): void {
  const counts = Array(sideCount(s)).fill(0);
  s.captured.forEach((pile, seat) => {
    counts[sideOf(s, seat)] += pile.length;
  });
  const { winner, points } = handWinner(counts);
  s.lastHand = { captured: counts, winner, points };
  if (winner !== null) award(s, winner, null, points, 'hand');
  if (s.winner !== null) return;
  s.dealer = (s.dealer + 1) % s.seats;
  s.handNo += 1;
  const [deck, rng] = shuffle(standardDeck(), s.rng);
  s.rng = rng;
  newHand(s, deck);
}

function afterPlay(s: State): void {
  if (s.winner !== null) return;
  if (s.hands.every((h) => h.length === 0)) {
    endOfDeal(s);
    return;
  }
  s.turn = (s.turn + 1) % s.seats;
  if (s.deal === dealsPerHand(s.seats) && s.turn === s.dealer && s.hands[s.dealer].length === 1) {
    lastCard(s);
    if (s.winner === null) endOfDeal(s);
  }
}

function toAct(s: State): number[] {
  if (s.winner !== null) return [];
  if (s.phase === 'tendido') return [s.dealer];
  if (s.phase === 'declaring') return [...Array(s.seats).keys()].filter((seat) => s.answers[seat] === null);
  return [s.turn];
}

/** What `seat` sees: its own hand, public cards, counts of the rest; declarations show their set, not their rank. */
function viewOf(s: State, seat: number | null) {
  const over = s.winner !== null;
  const own = (who: number) => over || who === seat;
  return {
    phase: over ? 'over' : s.phase,
    toAct: toAct(s),
    handNo: s.handNo,
    deal: s.deal,
    dealsPerHand: dealsPerHand(s.seats),
    dealer: s.dealer,
    turn: s.phase === 'playing' && !over ? s.turn : null,
    partners: s.partners,
    target: s.target,
    sideOf: [...Array(s.seats).keys()].map((who) => sideOf(s, who)),
    scores: s.scores,
    hand: seat === null ? null : s.hands[seat],
    handCounts: s.hands.map((h) => h.length),
    hands: over ? s.hands : undefined,
    stockCount: s.stock.length,
    stock: over ? s.stock : undefined,
    table: s.table,
    capturedCounts: s.captured.map((p) => p.length),
    tendidoDealt: s.tendidoDealt,
    tendido: s.tendido,
    leftover: s.leftover,
    declarations: s.answers.map((a, who) => (a === null || a === 'pass' || own(who) ? a : { set: a.set })),
    laid: s.laid,
    porrazo: s.pending && { stage: s.pending.stage, seat: s.pending.seat, rank: s.pending.rank },
    plays: s.plays,
    scored: s.notes,
    lastHand: s.lastHand,
    winner: over ? seatsOfSide(s, s.winner as number) : null,
  };
}

export type View = ReturnType<typeof viewOf>;

const seatName = (s: State, side: number): string =>
  s.partners ? `Seats ${seatsOfSide(s, side).join(' and ')}` : `Seat ${side}`;

export const porrazo: Game<State, Action, Options> = {
  kind: 'porrazo',
  title: 'Porrazo',
  seats: { min: 2, max: 5 },
  optionsSchema,
  actionSchema,
  rules: [
    'A 52-card deck, aces low. 2 to 5 seats play alone; with option partners, four seats play as partners 0+2 and 1+3 (captured cards and points pooled). Seat numbers are turn order; seat 0 deals the first hand and the deal passes to the next seat each hand. The first side to reach 61 (option target) wins: play stops the moment it is reached, even in the middle of a hand or of a move.',
    'Each deal gives three cards to every seat (see dealing). Deals per hand: 8 with two seats, 5 with three, 4 with four, 3 with five. The seat left of the dealer (dealer + 1) plays first in every deal; turns go up in seat order.',
    'Tendido: once per hand, right after any deal of three (the last one included), the dealer chooses to deal the tendido (action tendido) or not (noTendido): four cards face up to the table as two pairs [1 2] [3 4]. The engine scores its best arrangement: either pair may be swapped and the row counted from either end, and a card in its own position (an ace 1st, a 2 2nd, a 3 3rd, a 4 4th) scores its pips. Every pair, three or four of a kind on the table that holds a tendido card also scores: a ronda, a rondine, twice a rondine.',
    'After the last deal the cards left in the stock (3 with an odd number of seats after a tendido; 4, or 7 with an odd number, if the dealer never dealt one) go face up to the table; they score nothing.',
    "Declarations: after each deal (and tendido decision) every seat answers at the same time: declare the pair (ronda) or three of a kind (rondine) it holds (three of a kind is declared as a rondine), or pass (a seat may pass while holding one; seats holding nothing pass too, so that being asked tells nothing). Others see the set declared, never its rank; the rank of the declaration that scores is shown once the deal is played out. When the deal has been played out the best declaration scores (rondine over ronda, then the higher rank, aces low; equal ones go to the first in turn order from the dealer's left): ronda K 4, Q 3, J 2, 10 to A 1; rondine K 12, Q 9, J 6, 10 to A 3. If the game ends first it never scores.",
    'Play: a card that matches a table card must capture it with the unbroken run of table cards going up from it, one card per rank (K is followed by A: 10-J-Q-K-A-2 is one run); where a rank lies twice only one card of it is taken (the one laid last; suits never score). A card that captures nothing stays on the table.',
    'Playing in place: an ace to 4 laid without capturing so that the table then holds as many cards as its pips (an ace on an empty table, a 2 as second card...) scores its pips. An ace to 4 that would capture (or counter a porrazo) and fits in place may instead be laid in place (action inPlace): the only way to forgo a capture.',
    'Limpia: a capture that empties the table scores the ronda value of the last card of the run taken (K-A-2-3-4 scores 1 for the 4), or of the single card taken.',
    "Porrazo: when the previous seat laid a card without capturing and the next seat captures it with a card of the same rank, the capture is made at once and the porrazo scores a ronda of that rank when it stands: when the next play is not a counter-porrazo, or at the end of the deal. Counter-porrazo: the next seat plays the third card of that rank: the porrazo does not score, the counter-porrazo scores a rondine of the rank and takes the laid card and the porrazo card from the porrazo's pile (with its own card; no table card); a limpia the porrazo made stays scored. San benito: the next seat plays the fourth card of that rank: it wins the game (its score is raised to the target). All of them need cards from one deal of three: a new deal breaks the chain, and a porrazo waiting then stands.",
    "The dealer's last card of the hand is played automatically: it still makes a porrazo, counter-porrazo or san benito, but it scores neither in place nor as a limpia, and the dealer sweeps every table card with it.",
    'End of the hand: the side with the most captured cards scores the difference to the next best side (equal most: nobody). Then the next seat deals a new hand from a fresh shuffle.',
  ].join('\n'),
  dealing:
    "Each deal of three: from the top of the stock, three cards at a time to each seat, starting with the seat left of the dealer (dealer + 1) and ending with the dealer. If the dealer then deals the tendido, the next four cards go face up to the table in order (the two pairs: 1st-2nd and 3rd-4th). After the last deal of the hand (and the dealer's tendido decision) the rest of the stock goes face up to the table in order. Seat 0 deals the first hand. Example with two seats: cards 1-3 to seat 1, 4-6 to seat 0, then (if chosen) 7-10 are the tendido, and the next deal continues from there.",

  cards: () => standardDeck(),

  checkSetup(seats, options) {
    if (options.partners && seats !== 4) return 'partners play needs exactly four seats';
    return undefined;
  },

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, standardDeck());
    const partners = ctx.options.partners && ctx.seats === 4;
    const s: State = {
      seats: ctx.seats,
      partners,
      target: ctx.options.target,
      rng,
      handNo: 1,
      dealer: 0,
      deal: 0,
      phase: 'tendido',
      turn: 1 % ctx.seats,
      stock: [],
      hands: [],
      table: [],
      captured: [],
      scores: Array(partners ? SIDES_PARTNERS : ctx.seats).fill(0),
      tendidoDealt: false,
      tendido: null,
      leftover: [],
      answers: [],
      laid: null,
      pending: null,
      plays: [],
      notes: [],
      lastHand: null,
      winner: null,
    };
    newHand(s, deck);
    return s;
  },

  legalActions(s, seat): Action[] {
    if (s.winner !== null) return [];
    if (s.phase === 'tendido') return seat === s.dealer ? [{ type: 'tendido' }, { type: 'noTendido' }] : [];
    if (s.phase === 'declaring') {
      if (s.answers[seat] !== null) return [];
      const d = declarationOf(s.hands[seat]);
      return d ? [{ type: 'declare', set: d.set, rank: d.rank }, { type: 'pass' }] : [{ type: 'pass' }];
    }
    if (seat !== s.turn) return [];
    return s.hands[seat].flatMap((card): Action[] =>
      mayForgo(s, card)
        ? [
            { type: 'play', card },
            { type: 'inPlace', card },
          ]
        : [{ type: 'play', card }],
    );
  },

  apply(s, seat, action) {
    if (s.winner !== null) throw new IllegalMove('the game is over');
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) throw new IllegalMove(`there is no seat ${seat}`);
    const next = clone(s);
    switch (action.type) {
      case 'tendido':
      case 'noTendido': {
        if (seat !== s.dealer) throw new IllegalMove('only the dealer decides on the tendido');
        if (s.phase !== 'tendido') {
          throw new IllegalMove(
            s.tendidoDealt
              ? 'the tendido has already been dealt this hand'
              : 'the tendido is dealt only right after a deal of three',
          );
        }
        if (action.type === 'tendido') dealTendido(next);
        if (next.winner === null) afterTendido(next);
        return next;
      }
      case 'declare':
      case 'pass': {
        if (s.phase !== 'declaring') throw new IllegalMove('declarations are made before the first card of a deal is played');
        if (s.answers[seat] !== null) throw new IllegalMove('you have already answered for this deal');
        if (action.type === 'declare') {
          const held = declarationOf(s.hands[seat]);
          if (!held) throw new IllegalMove('you hold no pair or three of a kind to declare');
          if (held.set !== action.set || held.rank !== action.rank) {
            throw new IllegalMove(`you can declare only what you hold: a ${held.set} of ${held.rank}`);
          }
          next.answers[seat] = held;
        } else next.answers[seat] = 'pass';
        if (next.answers.every((a) => a !== null)) {
          next.phase = 'playing';
          next.turn = (s.dealer + 1) % s.seats;
        }
        return next;
      }
      case 'play':
      case 'inPlace': {
        if (s.phase !== 'playing')
          throw new IllegalMove(
            s.phase === 'tendido' ? 'the dealer must decide on the tendido first' : 'declarations are still being made',
          );
        if (seat !== s.turn) throw new IllegalMove(`it is seat ${s.turn}'s turn to play`);
        if (!s.hands[seat].includes(action.card)) throw new IllegalMove(`${action.card} is not in your hand`);
        if (action.type === 'inPlace' && !mayForgo(s, action.card)) {
          throw new IllegalMove(
            fitsInPlace(action.card, s.table.length)
              ? `${action.card} captures nothing: play it and it lies in place by itself`
              : `${action.card} is not in place: only an ace to 4 that makes the table count its pips is`,
          );
        }
        playCard(next, seat, action.card, action.type === 'inPlace');
        afterPlay(next);
        return next;
      }
      default:
        throw new IllegalMove(`unknown action ${(action as { type: string }).type}`);
    }
  },

  view: viewOf,

  status(s): Status {
    const scores = [...Array(s.seats).keys()].map((seat) => s.scores[sideOf(s, seat)]);
    if (s.winner === null) return { toAct: toAct(s), finished: false, scores };
    const winners = seatsOfSide(s, s.winner);
    const byBenito = s.notes.at(-1)?.for === 'san benito';
    const others = s.scores.filter((_, side) => side !== s.winner).join(', ');
    const summary = byBenito
      ? `${seatName(s, s.winner)} win${s.partners ? '' : 's'} by san benito`
      : `${seatName(s, s.winner)} win${s.partners ? '' : 's'} with ${s.scores[s.winner]} (others: ${others})`;
    return { toAct: [], finished: true, scores, result: { winners, summary } };
  },

  moveView(move: MoveContext<State, Action>, viewer) {
    // A declaration's rank is the declarer's secret; the set (ronda or rondine) is announced.
    if (move.action.type === 'declare' && viewer !== move.seat) return { type: 'declare', set: move.action.set };
    return move.action;
  },
};
