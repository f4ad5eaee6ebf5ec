import { describe, expect, it } from 'vitest';
import { type Card, randomInt, rankOf, seedRng, standardDeck } from '../../cards';
import {
  type Action,
  assertConserved,
  assertHidden,
  conformance,
  IllegalMove,
  playMove,
  playRead,
  type SeenEvent,
} from '../../engine';
import { stealingBundles as game, type State, type View } from '.';
import { ranksNotHeld } from './sample';

/**
 * A stacked deck (seat 0 deals): `plays` are the cards in play order, seat 1 first, which is also the
 * order they are dealt; the board's four cards come after the first eight; the rest of the deck follows.
 */
function deckFor(board: Card[], plays: Card[]): Card[] {
  const used = [...plays, ...board];
  return [...plays.slice(0, 8), ...board, ...plays.slice(8), ...standardDeck().filter((c) => !used.includes(c))];
}

function dealt(board: Card[], plays: Card[], optionalCapture = false): State {
  return game.setup({ seats: 2, options: { optionalCapture }, seed: 'stacked', deck: deckFor(board, plays) });
}

/** The seat to act plays `card`: a capture when the card captures, else a trail. */
function play(s: State, card: Card): State {
  const action = game.legalActions(s, s.turn).find((a) => a.card === card);
  if (!action) throw new Error(`seat ${s.turn} may not play ${card}`);
  return playMove(game, s, s.turn, action);
}

const playAll = (s: State, cards: Card[]) => cards.reduce(play, s);

/**
 * Seat 1 takes 2H with 2S and 3H with 3S, seat 0 takes 7H with 7S and must trail 7D (nothing of its captures);
 * seat 1's 7C then takes the 7D from the board and seat 0's bundle, topped by 7S.
 */
const BOARD_7: Card[] = ['7H', '2H', '3H', 'KH'];
const PLAYS_7: Card[] = ['2S', '7S', '3S', '7D', '7C', '9D', '5C', '9C'];

/** A whole game in play order; see the comments of the test for the count. */
const BOARD_GAME: Card[] = ['2H', '3H', '4H', '5H'];
const PLAYS_GAME: Card[] = [
  ...['2S', '2D', '2C', '3S', '3D', '4S', '5S', '5D'],
  ...['6S', '6H', '6D', '6C', '7H', '8S', '7S', '9S'],
  ...['8H', '8D', '9H', '9D', '8C', 'TH', 'TS', 'JS'],
  ...['9C', 'JH', 'JD', 'JC', 'TD', 'TC', 'QS', 'QH'],
  ...['QD', 'QC', 'KS', 'KH', 'KD', 'KC', 'AS', 'AH'],
  ...['AD', 'AC', '3C', '4D', '4C', '7D', '7C', '5C'],
];

describe('Stealing Bundles: the deal', () => {
  it('deals four cards each one at a time from the non-dealer, then four face up to the board', () => {
    const s = game.setup({ seats: 2, options: { optionalCapture: false }, seed: 'x', deck: standardDeck() });
    expect(s.hands).toEqual([
      ['2S', '4S', '6S', '8S'],
      ['AS', '3S', '5S', '7S'],
    ]);
    expect(s.board).toEqual(['9S', 'TS', 'JS', 'QS']);
    expect(s.stock).toHaveLength(40);
    expect(game.status(s).toAct).toEqual([1]);
  });

  it('when both hands are empty, four more cards each come from the stock and the board gets none', () => {
    const s = playAll(dealt(BOARD_GAME, PLAYS_GAME), PLAYS_GAME.slice(0, 8));
    expect(s.hands).toEqual([
      ['6H', '6C', '8S', '9S'],
      ['6S', '6D', '7H', '7S'],
    ]);
    expect(s.board).toEqual([]);
    expect(s.stock).toHaveLength(32);
    expect(s.turn).toBe(1);
  });
});

describe('Stealing Bundles: capturing', () => {
  it('one card captures every board card of its rank', () => {
    const s = dealt(['5H', '5C', '9S', 'KD'], ['5S', '2D', '3S', '4D', '6S', '7D', '8S', '9D']);
    const after = play(s, '5S');
    expect(after.board).toEqual(['9S', 'KD']);
    expect(after.bundles[1]).toEqual(['5H', '5C', '5S']);
    expect(after.lastPlay).toEqual({ seat: 1, card: '5S', took: ['5H', '5C'], stole: 0 });
  });

  it("a card of the rank on top of the opponent's bundle steals the whole bundle", () => {
    // 2S takes 2H; 2D has no 2 on the board but takes seat 1's bundle, topped by 2S.
    const s = playAll(dealt(['2H', '3H', '4H', '5H'], PLAYS_GAME.slice(0, 8)), ['2S', '2D']);
    expect(s.bundles).toEqual([['2H', '2S', '2D'], []]);
    expect(s.lastPlay).toEqual({ seat: 0, card: '2D', took: [], stole: 2 });
  });

  it("capturing all board cards of a rank and the opponent's bundle in one play", () => {
    const s = playAll(dealt(BOARD_7, PLAYS_7), ['2S', '7S', '3S', '7D']);
    expect(s.board).toEqual(['KH', '7D']);
    expect(s.bundles[0]).toEqual(['7H', '7S']);
    const after = play(s, '7C');
    // Seat 1's own 2H 2S 3H 3S, then seat 0's 7H 7S, then the board's 7D, and 7C on top.
    expect(after.bundles).toEqual([[], ['2H', '2S', '3H', '3S', '7H', '7S', '7D', '7C']]);
    expect(after.board).toEqual(['KH']);
    expect(after.lastPlay).toEqual({ seat: 1, card: '7C', took: ['7D'], stole: 2 });
  });

  it('the card played goes on top of the bundle, and only the top card can be matched to steal it', () => {
    // Seat 1's bundle is 2H 2S 3H 3S, 3S on top: seat 0's 7D, 9D and 9C take nothing (the 2S beneath does not count).
    const s = playAll(dealt(BOARD_7, PLAYS_7), ['2S', '7S', '3S']);
    expect(s.bundles[1].at(-1)).toBe('3S');
    expect(game.legalActions(s, 0)).toEqual([
      { type: 'trail', card: '7D' },
      { type: 'trail', card: '9D' },
      { type: 'trail', card: '9C' },
    ]);
  });

  it('a seat never captures its own bundle', () => {
    // Seat 1's bundle is topped by 2S after its first play: its own 2C takes nothing and only trails.
    const s = dealt(['2H', '3H', '4H', 'KH'], ['2S', '9D', '2C', '9C', '5S', '8D', '6S', '8C']);
    const after = playAll(s, ['2S', '9D']);
    expect(game.legalActions(after, 1)).toEqual([
      { type: 'trail', card: '2C' },
      { type: 'trail', card: '5S' },
      { type: 'trail', card: '6S' },
    ]);
  });

  it('"If a player cannot capture any cards on a turn, they discard one card": a seat whose card captures from the board may not trail', () => {
    const s = dealt(['5H', '5C', '9S', 'KD'], ['5S', '2D', '3S', '4D', '6S', '7D', '8S', '9D']);
    // Seat 1 holds 5S 3S 6S 8S: the 5 of spades takes both fives, so it must be played.
    expect(game.legalActions(s, 1)).toEqual([{ type: 'capture', card: '5S' }]);
    expect(() => game.apply(s, 1, { type: 'trail', card: '3S' })).toThrow(
      /you may trail only when no card can capture: your 5S captures 5H 5C from the board/,
    );
    expect(() => playMove(game, s, 1, { type: 'trail', card: '3S' })).toThrow(IllegalMove);
    const t = play(s, '5S');
    // Seat 0 holds 2D 4D 7D 9D: the 9 of diamonds takes 9S, so it may not trail either.
    expect(game.legalActions(t, 0)).toEqual([{ type: 'capture', card: '9D' }]);
  });

  it("a seat whose card can steal the opponent's bundle may not trail", () => {
    // Seat 1's 2S takes 2H; seat 0 holds 2D 3C 4C 6C and the board 9H 8H JH: only the 2D captures, the bundle topped by 2S.
    const s = play(dealt(['2H', '9H', '8H', 'JH'], ['2S', '2D', '5S', '3C', '7S', '4C', 'TS', '6C']), '2S');
    expect(s.bundles[1]).toEqual(['2H', '2S']);
    expect(game.legalActions(s, 0)).toEqual([{ type: 'capture', card: '2D' }]);
    expect(() => game.apply(s, 0, { type: 'trail', card: '3C' })).toThrow(
      /you may trail only when no card can capture: your 2D captures the opponent's bundle/,
    );
  });

  it('a seat that cannot capture with any card trails one card of its choice', () => {
    // Seat 1 holds 9S 2D KS 4C; the board 7H 8H JH QH has none of those ranks and no bundle has begun.
    const s = dealt(['7H', '8H', 'JH', 'QH'], ['9S', '3D', '2D', '5D', 'KS', '6D', '4C', '7D']);
    expect(game.legalActions(s, 1)).toEqual(['9S', '2D', 'KS', '4C'].map((card) => ({ type: 'trail', card })));
    const t = playMove(game, s, 1, { type: 'trail', card: 'KS' });
    expect(t.board).toEqual(['7H', '8H', 'JH', 'QH', 'KS']);
    expect(t.lastPlay).toEqual({ seat: 1, card: 'KS', took: [], stole: 0 });
  });

  it('house rule optionalCapture: a seat may trail a card even when it could capture', () => {
    const s = dealt(['5H', '5C', '9S', 'KD'], ['5S', '2D', '3S', '4D', '6S', '7D', '8S', '9D'], true);
    // Seat 1 holds 5S 3S 6S 8S: the 5 of spades could take both fives.
    expect(game.legalActions(s, 1)).toEqual([
      { type: 'capture', card: '5S' },
      ...['5S', '3S', '6S', '8S'].map((card) => ({ type: 'trail', card })),
    ]);
    const t = playMove(game, s, 1, { type: 'trail', card: '3S' });
    expect(t.board).toEqual(['5H', '5C', '9S', 'KD', '3S']);
  });

  it('refuses a play out of turn, a card not held, and a capture that takes nothing', () => {
    const s = dealt(['5H', '5C', '9S', 'KD'], ['5S', '2D', '3S', '4D', '6S', '7D', '8S', '9D']);
    expect(() => game.apply(s, 0, { type: 'capture', card: '9D' })).toThrow(/seat 1's turn/);
    expect(() => game.apply(s, 1, { type: 'capture', card: '9D' })).toThrow(/9D is not in your hand/);
    expect(() => game.apply(s, 1, { type: 'capture', card: '3S' })).toThrow(/3S matches no board card/);
    expect(() => playMove(game, s, 1, { type: 'steal', card: '5S' })).toThrow(IllegalMove);
  });
});

describe('Stealing Bundles: a whole game on a stacked deck', () => {
  it('over one deal, the seat with more cards in its bundle wins; cards left on the board count for nobody', () => {
    let s = dealt(BOARD_GAME, PLAYS_GAME);
    // Deal 1: 2S takes 2H; 2D steals it (3); 2C steals back (4); 3S takes 3H; 3D steals (7); 4S takes 4H;
    // 5S takes 5H (9, top 5S); 5D steals: seat 0 has 4H 4S + 9 + 5D = 12.
    s = playAll(s, PLAYS_GAME.slice(0, 8));
    expect(s.bundles.map((b) => b.length)).toEqual([12, 0]);
    // Deal 2: 6S trails; 6H takes it (14); 6D steals (15); 6C steals (16); 7H, 8S trail; 7S takes 7H; 9S trails.
    s = playAll(s, PLAYS_GAME.slice(8, 16));
    expect(s.bundles.map((b) => b.length)).toEqual([16, 2]);
    expect(s.board).toEqual(['8S', '9S']);
    // Deal 3: 8H takes 8S (4); 8D steals (21); 9H takes 9S; 9D steals (24); 8C, TH trail; TS takes TH; JS trails.
    s = playAll(s, PLAYS_GAME.slice(16, 24));
    expect(s.bundles.map((b) => b.length)).toEqual([24, 2]);
    // Deal 4: 9C steals (2 + 24 + 1 = 27); JH takes JS; JD steals (30); JC steals (31); TD trails; TC takes it (33);
    // QS trails; QH takes it (35).
    s = playAll(s, PLAYS_GAME.slice(24, 32));
    expect(s.bundles.map((b) => b.length)).toEqual([35, 0]);
    // Deal 5: QD steals (36); QC (37); KS trails, KH takes it (39); KD steals (40); KC (41); AS trails, AH takes it (43).
    s = playAll(s, PLAYS_GAME.slice(32, 40));
    expect(s.bundles.map((b) => b.length)).toEqual([43, 0]);
    // Deal 6: AD steals (44); AC steals (45); 3C and 4D trail; 4C takes 4D; 7D trails; 7C takes it; 5C trails.
    s = playAll(s, PLAYS_GAME.slice(40));
    expect(s.bundles.map((b) => b.length)).toEqual([45, 4]);
    expect(s.board).toEqual(['8C', '3C', '5C']);
    const st = game.status(s);
    expect(st.finished).toBe(true);
    expect(st.scores).toEqual([45, 4]);
    expect(st.result).toEqual({ winners: [0], summary: 'seat 0 wins with 45 cards to 4' });
    expect(game.legalActions(s, 1)).toEqual([]);
    expect(() => game.apply(s, 1, { type: 'trail', card: '5C' })).toThrow(/over/);
    expect((game.view(s, null) as { bundleCards: Card[][] }).bundleCards[1]).toEqual(['4D', '4C', '7D', '7C']);
  });

  it('equal bundles at the end are a shared win', () => {
    const end = playAll(dealt(BOARD_GAME, PLAYS_GAME), PLAYS_GAME);
    // An end with 24 cards in each bundle and 4 on the board.
    const all = [...end.bundles[0], ...end.bundles[1]];
    const s: State = { ...end, bundles: [all.slice(0, 24), all.slice(24, 48)], board: [...end.board, ...all.slice(48)] };
    expect(game.status(s).result).toEqual({ winners: [0, 1], summary: 'tie, 24 cards each' });
  });
});

describe('Stealing Bundles: views', () => {
  it("a seat sees its hand, the board, and each bundle's top card and size", () => {
    const s = playAll(dealt(BOARD_7, PLAYS_7), ['2S', '7S']);
    const v = game.view(s, 1) as Record<string, unknown>;
    expect(v.hand).toEqual(['3S', '7C', '5C']);
    expect(v.handCounts).toEqual([3, 3]);
    expect(v.board).toEqual(['3H', 'KH']);
    expect(v.bundles).toEqual([
      { top: '7S', count: 2 },
      { top: '2S', count: 2 },
    ]);
    expect(v.stock).toBe(40);
    const spectator = JSON.stringify(game.view(s, null));
    for (const c of ['3S', '7C', '5C', '7D', '9D', '9C']) expect(spectator).not.toContain(c);
  });
});

describe('Stealing Bundles: a clock that runs out', () => {
  it('plays the lowest card that captures when a card can capture', () => {
    // Seat 1 holds 9S 2D KS 4C; the board's 9H and 4H make 9S and 4C capture: the lower, 4C, is played.
    const s = dealt(['9H', '8H', '4H', 'QH'], ['9S', '3D', '2D', '5D', 'KS', '6D', '4C', '7D']);
    expect(game.defaultAction?.(s, 1)).toEqual({ type: 'capture', card: '4C' });
    // Under the house rule too: the clock captures rather than give a card to the board.
    const optional = dealt(['9H', '8H', '4H', 'QH'], ['9S', '3D', '2D', '5D', 'KS', '6D', '4C', '7D'], true);
    expect(game.defaultAction?.(optional, 1)).toEqual({ type: 'capture', card: '4C' });
  });

  it("steals the opponent's bundle when that is the only capture", () => {
    const s = play(dealt(['2H', '9H', '8H', 'JH'], ['2S', '2D', '5S', '3C', '7S', '4C', 'TS', '6C']), '2S');
    expect(game.defaultAction?.(s, 0)).toEqual({ type: 'capture', card: '2D' });
  });

  it('trails the lowest card (aces low) when nothing captures', () => {
    const s = dealt(['7H', '8H', 'JH', 'QH'], ['9S', '3D', '2D', '5D', 'KS', '6D', '4C', '7D']);
    expect(game.defaultAction?.(s, 1)).toEqual({ type: 'trail', card: '2D' });
  });
});

describe('Stealing Bundles: a state sampled from what a seat knows', () => {
  /** The seats play `cards` in turn, each as `play` would, and read the log. */
  function read(s: State, cards: Card[]) {
    const moves: { seat: number; action: Action }[] = [];
    let now = s;
    for (const card of cards) {
      moves.push({ seat: now.turn, action: game.legalActions(now, now.turn).find((a) => a.card === card) as Action });
      now = play(now, card);
    }
    return playRead(game, s, moves, 2);
  }

  it('a seat that had to trail is dealt no card that would have captured then', () => {
    // Seat 0 trails 7D holding 7D 9D 9C: the board held KH and seat 1's bundle was topped by 3S.
    const { state, seen } = read(dealt(BOARD_7, PLAYS_7), PLAYS_7.slice(0, 4));
    const view = game.view(state, 1);
    expect([...ranksNotHeld(view, 1, seen[1])].sort()).toEqual(['3', 'K']);
    for (let i = 0; i < 50; i++) {
      const sampled = game.sample?.(view, 1, seedRng(`trail ${i}`), seen[1]) as State;
      expect(sampled.hands[0].filter((c) => ['3', 'K'].includes(rankOf(c)))).toEqual([]);
    }
    // Under the house rule a trail says nothing of the hand.
    const optional = read(dealt(BOARD_7, PLAYS_7, true), PLAYS_7.slice(0, 4));
    expect(ranksNotHeld(game.view(optional.state, 1), 1, optional.seen[1]).size).toBe(0);
  });

  it('cards seen played are never dealt back into the other hand or the stock', () => {
    const { state, seen } = read(dealt(BOARD_GAME, PLAYS_GAME), PLAYS_GAME.slice(0, 13));
    const sampled = game.sample?.(game.view(state, 0), 0, seedRng('played'), seen[0]) as State;
    const hidden = [...sampled.hands[1], ...sampled.stock];
    expect(PLAYS_GAME.slice(0, 13).filter((c) => hidden.includes(c))).toEqual([]);
    expect(sampled.bundles.map((b) => b.length)).toEqual(state.bundles.map((b) => b.length));
  });

  it('the ranks a trail rules out are never in the real other hand, all game long, from a whole log or its end', () => {
    let ruledOut = 0;
    for (let m = 0; m < 30; m++) {
      let s = game.setup({ seats: 2, options: { optionalCapture: false }, seed: `ruled out ${m}`, deck: undefined });
      let rng = seedRng(`moves ${m}`);
      const seen: SeenEvent[][] = [[], []];
      while (!s.finished) {
        for (const seat of [0, 1]) {
          for (const log of [seen[seat], seen[seat].slice(-5)]) {
            const ranks = ranksNotHeld(game.view(s, seat), seat, log);
            expect(s.hands[1 - seat].filter((c) => ranks.has(rankOf(c)))).toEqual([]);
            ruledOut += ranks.size;
          }
        }
        const legal = game.legalActions(s, s.turn);
        let n: number;
        [n, rng] = randomInt(rng, 0, legal.length - 1);
        for (const viewer of [0, 1]) seen[viewer].push({ seq: 0, seat: s.turn, kind: 'move', by: 'seat', action: legal[n] });
        s = game.apply(s, s.turn, legal[n]);
      }
    }
    expect(ruledOut).toBeGreaterThan(0);
  });
});

/** Every card of the deck is in exactly one place: a hand, the stock, the board or a bundle. */
function conserved(s: State) {
  assertConserved([...s.hands, s.stock, s.board, ...s.bundles], standardDeck());
  if (!s.finished) return;
  // The game ends when every card has been played: the bundles and the board hold them all.
  expect(s.stock.length + s.hands.flat().length).toBe(0);
  const { scores, result } = game.status(s);
  expect(result?.winners).toEqual(scores[0] === scores[1] ? [0, 1] : [scores[0] > scores[1] ? 0 : 1]);
}

/** A seat sees its own hand; no card of the other hand, and no stock card, in what it is shown. */
function noLeak(s: State, seat: number | null, view: unknown) {
  if (s.finished) return;
  expect((view as View).hand).toEqual(seat === null ? null : s.hands[seat]);
  assertHidden(view, [...s.stock, ...s.hands.flatMap((h, i) => (i === seat ? [] : h))], seat);
}

describe('Stealing Bundles: seeded random games', () => {
  const checks = conformance<State>(game, {
    configs: [
      { seats: 2, matches: 300 },
      { seats: 2, options: { optionalCapture: true }, matches: 80, label: 'house rule optionalCapture' },
    ],
    // Views every 3rd step and every listed action every 7th, over 300 and 80 matches: more found nothing new.
    viewsEvery: 3,
    everyActionEvery: 7,
    invariant: conserved,
    checkView: noLeak,
  });
  for (const c of checks) it(c.name, c.run);
});
