import { type Card, isRed, rankNumber } from '../../cards';
import { type Game, IllegalMove, type MoveContext, openingDeck, type SetupContext, type Status } from '../../engine';
import { sample } from './sample';
import { type Action, actionSchema, cardsFor, type Options, optionsSchema, type State, type View, viewSchema } from './state';

export * from './state';

/** Pip value: the queen is twelve; in the long game a red card is ten plus its pips. */
export function value(c: Card): number {
  return rankNumber(c) + (isRed(c) ? 10 : 0);
}

/** The seat (0 or 1) whose card wins: the higher, unless the lower divides it or is exactly one below. */
export function matchWinner(cards: readonly [Card, Card]): number {
  const [a, b] = cards.map(value);
  const low = a < b ? 0 : 1;
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const lowWins = hi % lo === 0 || hi - lo === 1;
  return lowWins ? low : 1 - low;
}

const handSize = (s: State) => s.dealt[0].length;
const totalMatches = (s: State) => 2 * handSize(s);

function wins(s: State): [number, number] {
  const w: [number, number] = [0, 0];
  for (const m of s.matches) w[m.winner]++;
  return w;
}

/** Divide and Conquer (Claude Soucie, in Sackson's Card Games Around the World). */
export const divideAndConquer: Game<State, Action, Options, View> = {
  kind: 'divide-and-conquer',
  title: 'Divide and Conquer',
  blurb: 'Both lay a card face down at once; the higher wins, unless the lower divides it or sits just below it.',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules: [
    'Two seats each hold half of the cards: standard, 2-10 and a queen (value 12); long, 2-10 black and 2-4-5-6-8 red (a red card is 10 + pips).',
    'Every match both seats lay one card face down at the same time; neither sees the other choice until both have chosen.',
    'The higher card wins, except that the lower wins when it divides the higher evenly or is exactly one below it.',
    'After five matches (seven in the long game) the hands as dealt are swapped and as many matches are played again.',
    'Most matches won wins; an even split is a tie (a shared win).',
    'When a clock runs out, the seat lays its lowest card.',
  ].join('\n'),
  dealing: 'One card at a time from the top, seat 0 first, alternating, until the pack is gone (5 each; 7 in the long game).',

  cards: (_seats, options) => cardsFor(options.variant),

  setup(ctx: SetupContext<Options>): State {
    const [deck] = openingDeck(ctx, cardsFor(ctx.options.variant));
    const dealt: [Card[], Card[]] = [deck.filter((_, i) => i % 2 === 0), deck.filter((_, i) => i % 2 === 1)];
    return { variant: ctx.options.variant, dealt, hands: [[...dealt[0]], [...dealt[1]]], laid: [null, null], matches: [] };
  },

  legalActions(s, seat) {
    if (divideAndConquer.status(s).finished || s.laid[seat] !== null) return [];
    return s.hands[seat].map((card) => ({ type: 'play' as const, card }));
  },

  apply(s, seat, action) {
    if (action.type !== 'play') throw new IllegalMove(`unknown action ${action.type}`);
    if (s.matches.length >= totalMatches(s)) throw new IllegalMove('the game is over');
    if (s.laid[seat] !== null) throw new IllegalMove('you have already laid a card for this match');
    if (!s.hands[seat].includes(action.card)) throw new IllegalMove(`${action.card} is not in your hand`);
    const laid: [Card | null, Card | null] = [...s.laid];
    laid[seat] = action.card;
    if (laid[0] === null || laid[1] === null) return { ...s, laid };

    const cards: [Card, Card] = [laid[0], laid[1]];
    const matches = [...s.matches, { cards, winner: matchWinner(cards) }];
    const halfDone = matches.length === handSize(s);
    const hands: [Card[], Card[]] = halfDone
      ? // The hands as dealt change sides for the second half.
        [[...s.dealt[1]], [...s.dealt[0]]]
      : [s.hands[0].filter((c) => c !== cards[0]), s.hands[1].filter((c) => c !== cards[1])];
    return { ...s, hands, laid: [null, null], matches };
  },

  defaultAction(s, seat) {
    const lowest = s.hands[seat].reduce((a, b) => (value(b) < value(a) ? b : a));
    return { type: 'play', card: lowest };
  },

  view(s, seat) {
    // Both hands are public knowledge (each seat knows the opponent holds the other cards). A card
    // laid face down stays in its hand until both are revealed, so the hands show nothing of it.
    return {
      variant: s.variant,
      hands: s.hands,
      laid: [0, 1].map((owner) => (s.laid[owner] === null || owner === seat ? s.laid[owner] : 'face-down')) as View['laid'],
      matches: s.matches,
      matchesWon: wins(s),
      half: s.matches.length < handSize(s) ? 1 : 2,
    };
  },

  status(s): Status {
    const scores = wins(s);
    const finished = s.matches.length === totalMatches(s);
    if (!finished) {
      return { toAct: [0, 1].filter((seat) => s.laid[seat] === null), finished, scores };
    }
    const winners = scores[0] === scores[1] ? [0, 1] : [scores[0] > scores[1] ? 0 : 1];
    const summary =
      winners.length === 2
        ? `tie, ${scores[0]} matches each`
        : `seat ${winners[0]} wins ${Math.max(...scores)} to ${Math.min(...scores)}`;
    return { toAct: [], finished, scores, result: { winners, summary } };
  },

  moveView(move: MoveContext<State, Action>, viewer) {
    if (viewer === move.seat) return move.action;
    const revealed = move.after.matches.length > move.before.matches.length;
    // The second card of a match reveals both; the first stays face down to the other seat.
    return revealed ? { type: 'play', card: move.action.card, match: move.after.matches.at(-1) } : { type: 'play' };
  },

  sample,
};
