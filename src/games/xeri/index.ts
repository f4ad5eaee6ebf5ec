import { type Card, type RngState, rankOf, shuffle, standardDeck, strictlyMost } from '../../cards';
import { dealHandsAndTable, fieldsOf, handsSeenBy, redealTable, shownAtEnd, takeLeftovers } from '../../cards/fishing';
import { afterPlay, cardsAndBigCards, lowestAction, playedCard, turnStatusSaying } from '../../cards/fishing-turn';
import { type Game, IllegalMove, openingDeck, type SetupContext } from '../../engine';
import { sample } from './sample';
import type { Action, Options, State, View } from './state';
import { actionSchema, optionsSchema, viewSchema } from './state';

export * from './state';

const HAND = 6;
const PILE = 4;

/** Aces, kings, queens, jacks and tens score a point each. */
const HONOURS = new Set(['A', 'K', 'Q', 'J', 'T']);

/** The first pile is dealt again when a jack is on top, or the top two cards share a rank. */
export function pileNeedsRedeal(pile: readonly Card[]): boolean {
  const top = pile[pile.length - 1];
  return rankOf(top) === 'J' || rankOf(top) === rankOf(pile[pile.length - 2]);
}

/** True when `card` takes the pile: a jack takes any pile, another card a pile with its rank on top. */
export function capturesPile(card: Card, pile: readonly Card[]): boolean {
  return pile.length > 0 && (rankOf(card) === 'J' || rankOf(card) === rankOf(pile[pile.length - 1]));
}

/** A xeri: a single-card pile taken by a card of its rank (so a jack's xeri is only on a jack). */
export function isXeri(card: Card, pile: readonly Card[]): boolean {
  return pile.length === 1 && rankOf(card) === rankOf(pile[0]);
}

/** Scores a hand from the won cards (leftovers already taken) and the xeri cards: a HandScore less its dealer and leftovers. */
export function scoreHand(won: readonly (readonly Card[])[], xeris: readonly (readonly Card[])[]) {
  const { cards, mostCards: moreCards, tenOfDiamonds, twoOfClubs } = cardsAndBigCards(won);
  const honours = won.map((p) => p.filter((c) => HONOURS.has(rankOf(c))).length);
  const points = won.map((_, seat) => 10 * xeris[seat].length + honours[seat]);
  if (moreCards !== null) points[moreCards] += 3;
  for (const seat of [tenOfDiamonds, twoOfClubs]) if (seat !== null) points[seat] += 1;
  const winner = strictlyMost(points) ?? null;
  return { cards, xeris: xeris.map((x) => x.length), honours, moreCards, tenOfDiamonds, twoOfClubs, points, winner };
}

/** Hands won by each seat. */
export function handsWon(s: State): number[] {
  return [0, 1].map((seat) => s.handsPlayed.filter((h) => h.winner === seat).length);
}

/**
 * A new hand, `dealer` dealing from `deck`: six cards each one at a time from the non-dealer, who plays
 * first, then four face up to the pile (the last on top). A pile with a jack on top, or its top two
 * cards of one rank, is shuffled back into the stock and dealt again.
 */
function newHand(deck: readonly Card[], dealer: number, rng: RngState) {
  const dealt = dealHandsAndTable(deck, { seats: 2, count: HAND, first: 1 - dealer }, PILE);
  const { hands, table: pile, stock, rng: next, redeals } = redealTable(dealt, rng, pileNeedsRedeal, 'under');
  return {
    hands,
    pile,
    stock,
    rng: next,
    redeals,
    dealer,
    turn: 1 - dealer,
    won: [[], []] as Card[][],
    xeris: [[], []] as Card[][],
    lastCapturer: null,
    lastPlay: null,
  };
}

function endHand(s: State): State {
  const taken = takeLeftovers(s.pile, s.won, s.lastCapturer);
  const score = scoreHand(taken.piles, s.xeris);
  const handsPlayed = [...s.handsPlayed, { dealer: s.dealer, leftovers: { seat: s.lastCapturer, cards: s.pile }, ...score }];
  if (handsPlayed.length === s.handsInGame) return { ...s, pile: taken.table, won: taken.piles, handsPlayed, finished: true };
  const [deck, rng] = shuffle(standardDeck(), s.rng);
  return { ...s, ...newHand(deck, 1 - s.dealer, rng), handsPlayed };
}

/** Xeri: a Greek fishing game for two; a card matching the top of the discard pile takes the pile. */
export const xeri: Game<State, Action, Options, View> = {
  kind: 'xeri',
  title: 'Xeri',
  blurb: 'Capture the discard pile by matching its top card or with a jack; a capture of a lone card is a xeri.',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules: [
    'Two seats, one 52-card deck. Seat 0 deals the first hand; the deal alternates.',
    'Each seat gets six cards, then four cards are dealt face up to form the discard pile. If the top card of that pile is a',
    'jack, or the top two cards are of the same rank, the four cards are shuffled back into the stock and four new ones',
    'dealt (as often as needed). The rest is the stock.',
    'The non-dealer plays first; the seats alternate, each playing one card onto the pile:',
    '- a card of the rank on top of the pile captures the whole pile (it is not optional);',
    '- a jack captures any pile, whatever is on top; a jack played to an empty pile just starts it;',
    '- any other card is discarded on the pile.',
    'Capturing a pile of exactly one card with a card of its rank is a xeri (so a jack scores a xeri only on a single jack;',
    'a jack taking a single card of another rank is an ordinary capture).',
    'When both hands are empty, six more cards each are dealt from the stock. When the stock and the hands are empty the',
    'last seat to capture takes what is left in the pile (never a xeri).',
    'Each hand scores: 10 points per xeri; 3 for more cards than the opponent (none when equal); 1 for each ace, king, queen,',
    'jack and ten; 1 for the 10 of diamonds (so 2 in all); 1 for the 2 of clubs. The seat with more points wins the hand;',
    'equal points: nobody wins it. The points of every hand are kept in the view.',
    'After the number of hands of option `hands` (default 5), the seat that won more hands wins; equal: a shared win.',
    'The score shown for each seat is the number of hands it has won.',
    "When a seat's time runs out, it plays its lowest card (ace low, then spades, hearts, diamonds, clubs), capturing if that card takes the pile.",
  ].join('\n'),
  dealing: [
    'Each hand: six cards one at a time to each seat, starting with the non-dealer (seat 1 in the first hand, as seat 0',
    'deals first), then four cards face up to the pile, the fourth on top; the rest is the stock. If that pile must be',
    'dealt again (a jack on top, or the top two of one rank) it is shuffled back with the stock by the game. When both',
    'hands are empty, six more cards each are dealt from the top of the stock the same way.',
  ].join(' '),

  cards: () => standardDeck(),

  setup(ctx: SetupContext<Options>): State {
    const [deck, rng] = openingDeck(ctx, standardDeck());
    return { handsInGame: ctx.options.hands, ...newHand(deck, 0, rng), handsPlayed: [], finished: false };
  },

  legalActions(s, seat) {
    if (s.finished || seat !== s.turn) return [];
    return s.hands[seat].map((card): Action => ({ type: capturesPile(card, s.pile) ? 'capture' : 'discard', card }));
  },

  apply(s, seat, action) {
    const card = playedCard(s, seat, action, ['discard', 'capture']);
    const top = s.pile[s.pile.length - 1];
    const captures = capturesPile(card, s.pile);
    if (action.type === 'discard' && captures) {
      throw new IllegalMove(
        rankOf(card) === 'J' ? 'a jack takes the pile: post a capture' : `${card} matches ${top} on top of the pile: it captures`,
      );
    }
    if (action.type === 'capture' && !captures) {
      throw new IllegalMove(
        top ? `${card} does not match ${top} on top of the pile, and is not a jack` : 'the pile is empty: discard to start it',
      );
    }
    if (!captures) {
      const laid = { pile: [...s.pile, card], lastPlay: { seat, card, took: [], xeri: false } };
      return afterPlay(s, seat, card, laid, HAND, endHand);
    }
    const xeri = isXeri(card, s.pile);
    const play = {
      pile: [],
      won: s.won.map((w, i) => (i === seat ? [...w, ...s.pile, card] : w)),
      xeris: xeri ? s.xeris.map((x, i) => (i === seat ? [...x, s.pile[0]] : x)) : s.xeris,
      lastCapturer: seat,
      lastPlay: { seat, card, took: s.pile, xeri },
    };
    return afterPlay(s, seat, card, play, HAND, endHand);
  },

  defaultAction(s, seat) {
    // Every card has exactly one play, so the least a seat can choose is its lowest card.
    return lowestAction(xeri.legalActions(s, seat), (a) => [a.card]);
  },

  view(s, seat) {
    return {
      ...handsSeenBy(s.hands, seat),
      handNumber: s.finished ? s.handsPlayed.length : s.handsPlayed.length + 1,
      ...fieldsOf(s, ['handsInGame', 'dealer']),
      turn: s.finished ? null : s.turn,
      stock: s.stock.length,
      pile: s.pile,
      top: s.pile.length > 0 ? s.pile[s.pile.length - 1] : null,
      redeals: s.redeals,
      // Won cards lie face down: only their number shows, and the xeri cards turned face up across the pile.
      won: s.won.map((w) => w.length),
      ...fieldsOf(s, ['xeris', 'lastCapturer', 'lastPlay', 'handsPlayed']),
      handsWon: handsWon(s),
      finished: s.finished,
      ...shownAtEnd(s.finished, { hands: s.hands, wonCards: s.won }),
    };
  },

  status(s) {
    const scores = handsWon(s);
    return turnStatusSaying(scores, s.finished ? null : s.turn, (winners) =>
      winners.length === 2
        ? `tie: ${scores[0]} hands each of ${s.handsInGame}`
        : `seat ${winners[0]} wins ${scores[winners[0]]} hands to ${scores[1 - winners[0]]} of ${s.handsInGame}`,
    );
  },

  sample,
};
