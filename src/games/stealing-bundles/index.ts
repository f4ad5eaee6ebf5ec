import { type Card, rankOf, standardDeck } from '../../cards';
import { dealHandsAndTable, fieldsOf, handsSeenBy, shownAtEnd } from '../../cards/fishing';
import { afterPlay, lowestCaptureOrTrail, playedCard, turnStatusSaying } from '../../cards/fishing-turn';
import { type Game, IllegalMove, openingDeck, type SetupContext } from '../../engine';
import { sample } from './sample';
import { type Action, actionSchema, HAND, type Options, optionsSchema, type State, type View, viewSchema } from './state';

export * from './state';

const BOARD = 4;

/** What `card` takes when `seat` plays it: the board cards of its rank, and whether the opponent's bundle goes too. */
export function captureOf(s: State, seat: number, card: Card): { board: Card[]; bundle: boolean } {
  const rank = rankOf(card);
  const opponent = s.bundles[1 - seat];
  return {
    board: s.board.filter((c) => rankOf(c) === rank),
    bundle: opponent.length > 0 && rankOf(opponent[opponent.length - 1]) === rank,
  };
}

function captures(s: State, seat: number, card: Card): boolean {
  const take = captureOf(s, seat, card);
  return take.board.length > 0 || take.bundle;
}

/** Why a trail is refused: each card of the hand that captures, and what it would take. */
function trailRefusal(s: State, seat: number): string | undefined {
  if (s.optionalCapture) return undefined;
  const capturing = s.hands[seat].filter((c) => captures(s, seat, c));
  if (capturing.length === 0) return undefined;
  const takes = capturing.map((card) => {
    const take = captureOf(s, seat, card);
    const what = [
      ...(take.board.length > 0 ? [`${take.board.join(' ')} from the board`] : []),
      ...(take.bundle ? ["the opponent's bundle"] : []),
    ];
    return `your ${card} captures ${what.join(' and ')}`;
  });
  return `you may trail only when no card can capture: ${takes.join('; ')}`;
}

/** Stealing Bundles: a two-seat fishing game where a card of the rank on top of the opponent's bundle takes the bundle. */
export const stealingBundles: Game<State, Action, Options, View> = {
  kind: 'stealing-bundles',
  title: 'Stealing Bundles',
  blurb: 'Capture board cards of your card’s rank, or steal the opponent’s whole bundle when its top card matches.',
  seats: { min: 2, max: 2 },
  optionsSchema,
  actionSchema,
  viewSchema,
  rules: [
    'Two seats, one 52-card deck, one deal: seat 0 deals, seat 1 (the non-dealer) plays first, then the seats alternate.',
    'Each seat gets four cards and four cards go face up to the board; the rest is the stock.',
    'A turn is one card from the hand. A card captures when the board holds cards of its rank, or when the top card of',
    "the opponent's bundle is of its rank; one play then takes every board card of that rank AND, if its top card is of",
    "that rank, the opponent's whole bundle. Everything taken goes into the player's own face-up bundle, the card played",
    "on top (so the top of a bundle is always the last card played to it). A seat's own bundle is never captured back.",
    '"If a player cannot capture any cards on a turn, they discard one card, face up, to the board. This is known as',
    'trailing." So a seat holding a card that captures (from the board or the opponent\'s bundle) must play a capturing',
    'card, which one being its choice; a seat that cannot capture with any card trails one card of its choice. House rule',
    'optionalCapture (option, default off): a seat may trail even when it could capture.',
    'When both hands are empty, four more cards each are dealt from the stock (the board gets none). When the stock and',
    'the hands are empty the game is over: cards left on the board belong to nobody; the seat with more cards in its',
    'bundle wins; equal bundles are a shared win. The score shown is the size of each bundle.',
    "When a seat's time runs out, it plays its lowest card that captures (aces low), or trails its lowest card when none captures.",
  ].join('\n'),
  dealing: [
    'Four cards one at a time to each seat, starting with seat 1 (the non-dealer), then the next four face up to the',
    'board; the rest is the stock. When both hands are empty, four more cards each are dealt from the top of the stock',
    'the same way.',
  ].join(' '),

  cards: () => standardDeck(),

  setup(ctx: SetupContext<Options>): State {
    // One deal is the whole game: no later shuffle needs the generator.
    const [deck] = openingDeck(ctx, standardDeck());
    const dealer = 0;
    const { hands, table: board, stock } = dealHandsAndTable(deck, { seats: 2, count: HAND, first: 1 - dealer }, BOARD);
    return {
      optionalCapture: ctx.options.optionalCapture,
      dealer,
      turn: 1 - dealer,
      hands,
      board,
      stock,
      bundles: [[], []],
      lastPlay: null,
      finished: false,
    };
  },

  legalActions(s, seat) {
    if (s.finished || seat !== s.turn) return [];
    const hand = s.hands[seat];
    const capturing = hand.filter((card) => captures(s, seat, card)).map((card): Action => ({ type: 'capture', card }));
    if (!s.optionalCapture && capturing.length > 0) return capturing;
    return [...capturing, ...hand.map((card): Action => ({ type: 'trail', card }))];
  },

  apply(s, seat, action) {
    const card = playedCard(s, seat, action, ['capture', 'trail']);
    // The game is one deal: it ends when the hands and the stock are empty.
    const end = (last: State): State => ({ ...last, finished: true });
    if (action.type === 'trail') {
      const refusal = trailRefusal(s, seat);
      if (refusal) throw new IllegalMove(refusal);
      return afterPlay(s, seat, card, { board: [...s.board, card], lastPlay: { seat, card, took: [], stole: 0 } }, HAND, end);
    }
    const take = captureOf(s, seat, card);
    if (take.board.length === 0 && !take.bundle) {
      throw new IllegalMove(`${card} matches no board card and not the top of the opponent's bundle`);
    }
    const stolen = take.bundle ? s.bundles[1 - seat] : [];
    const play = {
      board: s.board.filter((c) => !take.board.includes(c)),
      bundles: s.bundles.map((b, i) => (i === seat ? [...b, ...stolen, ...take.board, card] : take.bundle ? [] : b)),
      lastPlay: { seat, card, took: take.board, stole: stolen.length },
    };
    return afterPlay(s, seat, card, play, HAND, end);
  },

  // As the rules play: the lowest card that captures, or, when none can, a trail of the lowest card.
  defaultAction(s, seat) {
    const captures = stealingBundles.legalActions(s, seat).filter((a) => a.type === 'capture');
    return lowestCaptureOrTrail(captures, s.hands[seat]);
  },

  view(s, seat) {
    return {
      ...handsSeenBy(s.hands, seat),
      ...fieldsOf(s, ['dealer', 'optionalCapture']),
      turn: s.finished ? null : s.turn,
      stock: s.stock.length,
      board: s.board,
      // A bundle is a face-up stack: its top card and its size show.
      bundles: s.bundles.map((b) => ({ top: b.length > 0 ? b[b.length - 1] : null, count: b.length })),
      ...fieldsOf(s, ['lastPlay', 'finished']),
      ...shownAtEnd(s.finished, { hands: s.hands, bundleCards: s.bundles }),
    };
  },

  status(s) {
    const scores = s.bundles.map((b) => b.length);
    return turnStatusSaying(scores, s.finished ? null : s.turn, (winners) =>
      winners.length === 2
        ? `tie, ${scores[0]} cards each`
        : `seat ${winners[0]} wins with ${scores[winners[0]]} cards to ${scores[1 - winners[0]]}`,
    );
  },

  sample,
};
