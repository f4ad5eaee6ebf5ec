import { buildDeck, type Card, deal, type RngState, removeCards, shuffle } from '../../cards';
import { pokerHand } from '../../cards/poker';
import { nextDealer, nextSeat } from '../../cards/tricks';
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
import { answers, answerWins, choose, isSet, leads } from './play';
import {
  doubling,
  GAME_BONUS,
  gameWinner,
  type Honours,
  honours,
  type Level,
  rubberBonus,
  SLAM,
  TRICKS_PER_DEAL,
  trickValue,
} from './scoring';

export * from './play';
export * from './scoring';

/** Poke (Sid Sackson, Esquire 1946; A Gamut of Games): draw poker hands, then play them out as tricks. */

const SEATS = 2;
const HAND_SIZE = 5;
const MAX_DISCARD = 3;
const GAMES_TO_WIN = 2;

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

const Cards = (min: number, max: number) => Type.Array(CardCode, { minItems: min, maxItems: max });

export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('draw'), cards: Cards(1, MAX_DISCARD) },
    { additionalProperties: false, description: 'discard one to three cards face down and draw as many from the stock' },
  ),
  Type.Object({ type: Type.Literal('stand') }, { additionalProperties: false, description: 'stand pat: draw no more this deal' }),
  Type.Object(
    { type: Type.Literal('play'), cards: Cards(1, 4) },
    {
      additionalProperties: false,
      description: 'lead one card or a set of one rank (two to four cards), or answer a lead with as many cards',
    },
  ),
]);
export type Action = Static<typeof actionSchema>;

/** One lead and its answer: as many tricks as cards led, all to `winner`. */
export interface Play {
  leader: number;
  led: Card[];
  answer: Card[];
  winner: number;
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

const other = (seat: number) => nextSeat(seat, SEATS);
const nonDealer = (s: State) => other(s.dealer);
const maxDraws = (s: State, seat: number) => (seat === s.dealer ? 3 : 2);
const levelOf = (s: State, seat: number): Level => doubling(s.draws[seat].length, seat === s.dealer);
const trickValues = (s: State): [number, number] => [trickValue(levelOf(s, 1)), trickValue(levelOf(s, 0))];

/** Draws the seat may still make this deal (none once it has stood pat or play has begun). */
function drawsLeft(s: State, seat: number): number {
  if (s.phase !== 'draw' || (seat !== s.dealer && s.drawer === s.dealer)) return 0;
  return maxDraws(s, seat) - s.draws[seat].length;
}

function tricksWon(plays: readonly Play[]): [number, number] {
  const won: [number, number] = [0, 0];
  for (const p of plays) won[p.winner] += p.led.length;
  return won;
}

function gamesWon(s: State): [number, number] {
  return [s.games.filter((g) => g === 0).length, s.games.filter((g) => g === 1).length];
}

/**
 * A new deal by `dealer` from `deck` (top first): five cards each, one at a time, the non-dealer
 * first; the non-dealer draws first. The scores and the rubber carry on.
 */
export function newDeal(s: State, dealer: number, deck: readonly Card[], rng: RngState = s.rng): State {
  const first = other(dealer);
  const { hands, stock } = deal(deck, { seats: SEATS, count: HAND_SIZE, first });
  return {
    ...s,
    rng,
    phase: 'draw',
    dealer,
    hands: [hands[0], hands[1]],
    stock,
    discards: [[], []],
    draws: [[], []],
    drawer: first,
    held: null,
    leader: first,
    lead: null,
    plays: [],
  };
}

/** The seat's draw is over: the dealer draws next, or play begins with the non-dealer's lead. */
function drawDone(s: State): State {
  if (s.drawer !== s.dealer) return { ...s, drawer: s.dealer };
  return { ...s, phase: 'play', held: [[...s.hands[0]], [...s.hands[1]]], leader: nonDealer(s), lead: null };
}

/** Scores a finished deal, then ends the rubber or deals again (the non-dealer deals next). */
function scored(s: State): State {
  const held = s.held as [Card[], Card[]];
  const tricks = tricksWon(s.plays);
  const values = trickValues(s);
  const points: [number, number] = [tricks[0] * values[0], tricks[1] * values[1]];
  const honour = honours(held);
  const slam = tricks[0] === TRICKS_PER_DEAL ? 0 : tricks[1] === TRICKS_PER_DEAL ? 1 : null;
  const above: [number, number] = [0, 0];
  if (honour) above[honour.seat] += honour.points;
  if (slam !== null) above[slam] += SLAM;
  let below: [number, number] = [s.below[0] + points[0], s.below[1] + points[1]];
  const game = gameWinner(below, s.target);
  let games = s.games;
  let bonus = 0;
  if (game !== null) {
    above[game] += GAME_BONUS;
    games = [...games, game];
    below = [0, 0];
    const won = games.filter((g) => g === game).length;
    if (won === GAMES_TO_WIN) bonus = rubberBonus(games.length - won);
    above[game] += bonus;
  }
  const score: DealScore = {
    dealer: s.dealer,
    draws: s.draws,
    tricks,
    below: points,
    honours: honour,
    slam,
    game,
    rubberBonus: bonus,
    above,
  };
  const next: State = {
    ...s,
    below,
    above: [s.above[0] + above[0], s.above[1] + above[1]],
    games,
    deals: [...s.deals, score],
    lastDeal: { score, hands: held, handNames: [pokerHand(held[0]).name, pokerHand(held[1]).name], plays: s.plays },
  };
  if (bonus > 0) return { ...next, phase: 'over' };
  const [deck, rng] = shuffle(buildDeck(), s.rng);
  return newDeal(next, nextDealer(s.dealer, SEATS), deck, rng);
}

function toAct(s: State): number[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'draw') return [s.drawer];
  return [s.lead === null ? s.leader : other(s.leader)];
}

function checkCards(hand: readonly Card[], cards: readonly Card[]): void {
  for (const c of cards) if (!hand.includes(c)) throw new IllegalMove(`${c} is not in your hand`);
  if (new Set(cards).size !== cards.length) throw new IllegalMove('a card may be named only once');
}

function applyDraw(s: State, seat: number, cards: readonly Card[]): State {
  if (cards.length < 1 || cards.length > MAX_DISCARD) {
    throw new IllegalMove(`a draw discards one to ${MAX_DISCARD} cards; to keep your hand, stand pat`);
  }
  checkCards(s.hands[seat], cards);
  const kept = removeCards(s.hands[seat], cards);
  const hands: [Card[], Card[]] = [...s.hands];
  hands[seat] = [...kept, ...s.stock.slice(0, cards.length)];
  const discards: [Card[], Card[]] = [...s.discards];
  discards[seat] = [...s.discards[seat], ...cards];
  const draws: [number[], number[]] = [...s.draws];
  draws[seat] = [...s.draws[seat], cards.length];
  const next: State = { ...s, hands, discards, draws, stock: s.stock.slice(cards.length) };
  return draws[seat].length === maxDraws(s, seat) ? drawDone(next) : next;
}

function applyPlay(s: State, seat: number, cards: readonly Card[]): State {
  checkCards(s.hands[seat], cards);
  const hands: [Card[], Card[]] = [...s.hands];
  hands[seat] = removeCards(s.hands[seat], cards);
  if (s.lead === null) {
    if (!isSet(cards)) throw new IllegalMove('lead one card, or two to four cards of the same rank');
    return { ...s, hands, lead: [...cards] };
  }
  if (cards.length !== s.lead.length) {
    throw new IllegalMove(`answer the lead with ${s.lead.length} card${s.lead.length > 1 ? 's' : ''}`);
  }
  const winner = answerWins(s.lead, cards) ? seat : s.leader;
  const plays = [...s.plays, { leader: s.leader, led: s.lead, answer: [...cards], winner }];
  const next: State = { ...s, hands, plays, lead: null, leader: winner };
  return hands[0].length === 0 ? scored(next) : next;
}

export const poke: Game<State, Action, Options> = {
  kind: 'poke',
  title: 'Poke',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  rules: [
    'Two seats, a 52-card deck. Seat 0 deals first; the deal alternates (the non-dealer deals the next hand). Five cards each; the rest is the stock.',
    'The draw. The non-dealer decides first: stand pat, or discard one to three cards face down and draw as many from the stock. Its first draw doubles it, a second draw (one to three cards again) redoubles it; then it must stand.',
    'The dealer then draws the same way, up to three times: its first draw is free, the second doubles it, the third redoubles it. The number of cards drawn is public; the discards stay face down (and secret) for good.',
    'Doubling counts against the doubled seat: each trick its opponent wins is worth 2 points when it is doubled, 4 when redoubled, otherwise 1.',
    'The play. Five tricks; suits do not matter and need not be followed; aces are high. The non-dealer leads first, then the winner of each lead.',
    'A lead is one card, or two to four cards of one rank (a pair, or three or four of a kind; a pair may be taken from three or four of a kind): it stands for that many tricks. The answer is as many cards of any kind: a single card beats a lower single card; a set is beaten only by a set of as many cards of a higher rank. Equal ranks, and any other answer, go to the leader. No one is ever obliged to beat a lead.',
    'Scoring. Tricks score below the line (1, 2 or 4 each, as above). The better poker hand as held after the draw scores honours above the line: royal flush 1000, straight flush 750, four of a kind 600, full house 500, flush 400, straight 300, three of a kind 200, two pair 100, one pair 50 (aces high, A-2-3-4-5 the lowest straight). Equal hands score nothing, nor does a better hand without a pair or better.',
    'Taking all five tricks scores a 250 slam above the line.',
    'Game: after a deal, a seat with 20 or more below the line (option target) and more than the other wins the game, 100 above the line; both at 20 or more and equal: play on. Below-the-line scores then start again from 0.',
    'Rubber: the first seat to win two games ends the match, with its game bonus plus 500 above the line if the other seat won a game, 750 if not.',
    'The winner of the match is the higher total above the line (below-the-line points do not count; equal totals are a shared win). Scores are the totals above the line.',
    "The view shows your own hand, the plays of the current deal (tricks stay face up), tricks won, each seat's draws and doubling, the scoresheet, and the previous deal with both hands as held after the draw (they are shown for honours).",
  ].join('\n'),
  dealing:
    "Every deal uses the whole 52-card deck. From the top, one card at a time, the non-dealer first, alternating, until each seat holds five (seat 0 deals first, so in the first deal cards 1, 3, 5, 7, 9 go to seat 1 and cards 2, 4, 6, 8, 10 to seat 0). The rest is the stock; every draw takes replacements from its top, the non-dealer's draws before the dealer's.",

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
      const draws: Action[] = [1, 2, 3].flatMap((k) => choose(s.hands[seat], k)).map((cards) => ({ type: 'draw', cards }));
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

  view(s, seat) {
    const over = s.phase === 'over';
    return {
      phase: s.phase,
      toAct: toAct(s),
      dealer: s.dealer,
      nonDealer: nonDealer(s),
      deal: s.deals.length + 1,
      game: s.games.length + 1,
      target: s.target,
      hand: seat === null ? null : s.hands[seat],
      handCounts: s.hands.map((h) => h.length),
      stock: s.stock.length,
      discards: s.discards.map((d) => d.length),
      ownDiscards: seat === null ? null : s.discards[seat],
      draws: s.draws,
      drawsLeft: [0, 1].map((p) => drawsLeft(s, p)),
      doubling: [levelOf(s, 0), levelOf(s, 1)],
      trickValues: trickValues(s),
      leader: s.phase === 'play' ? s.leader : null,
      lead: s.lead,
      plays: s.plays,
      previousPlay: s.plays.at(-1) ?? null,
      tricks: tricksWon(s.plays),
      below: s.below,
      above: s.above,
      games: s.games,
      gamesWon: gamesWon(s),
      scoresheet: s.deals,
      lastDeal: s.lastDeal,
      // After the end everything is public: the last deal's discards and the stock left.
      revealed: over ? { discards: s.discards, stock: s.stock } : null,
    };
  },

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
};
