import { describe, expect, it } from 'vitest';
import { standardDeck } from '../../cards';
import { playOut, resolveOptions } from '../../engine';
import { type Action, porrazo as game, type Options, type State, type View } from '.';

const pack = new Set(standardDeck());

/** Cards conserved: every card of the pack is in exactly one place. */
function invariant(s: State): void {
  const seen = new Set<string>();
  let count = 0;
  for (const place of [s.stock, s.table, ...s.hands, ...s.captured]) {
    count += place.length;
    for (const c of place) if (pack.has(c)) seen.add(c);
  }
  if (count !== pack.size || seen.size !== pack.size)
    throw new Error(`cards not conserved: ${count} in play, ${seen.size} distinct`);
  if (s.winner === null && s.phase === 'playing' && s.hands[s.turn].length === 0) throw new Error('the seat to play has no card');
}

/** Where each hidden card lies in the state last looked at: a seat's hand, or the stock (-1). */
let hiddenOf: { state: State | null; where: Map<string, number> } = { state: null, where: new Map() };

function hiddenCards(s: State): Map<string, number> {
  if (hiddenOf.state !== s) {
    const where = new Map<string, number>(s.stock.map((c) => [c, -1]));
    s.hands.forEach((hand, owner) => {
      for (const c of hand) where.set(c, owner);
    });
    hiddenOf = { state: s, where };
  }
  return hiddenOf.where;
}

/** Every string anywhere in a view, to find a card code wherever a view might put one. */
function eachString(x: unknown, visit: (text: string) => void): void {
  if (typeof x === 'string') visit(x);
  else if (Array.isArray(x)) for (const y of x) eachString(y, visit);
  else if (x !== null && typeof x === 'object') for (const y of Object.values(x)) eachString(y, visit);
}

/**
 * The leak test: until the end, no view shows a card of another seat's hand or of the stock, and
 * another seat's declaration shows its set only, never its rank.
 */
function checkView(s: State, seat: number | null, seen: unknown): void {
  if (s.winner !== null) return;
  const v = seen as View;
  const where = hiddenCards(s);
  eachString(v, (text) => {
    const owner = where.get(text);
    if (owner !== undefined && owner !== seat)
      throw new Error(`${text} (${owner < 0 ? 'stock' : `seat ${owner}`}) leaks to seat ${seat}`);
  });
  s.answers.forEach((a, owner) => {
    if (owner === seat || a === null || a === 'pass') return;
    const shown = v.declarations[owner];
    if (typeof shown !== 'object' || shown === null || 'rank' in shown)
      throw new Error(`seat ${owner}'s declared rank leaks to seat ${seat}`);
  });
  if (v.stockCount !== s.stock.length || v.handCounts.join() !== s.hands.map((h) => h.length).join())
    throw new Error('counts wrong');
}

/** Replays the moves and checks what each other seat and a spectator learn of every declaration. */
function checkMoveViews(seats: number, options: Options, seed: string, moves: { seat: number; action: Action }[]): void {
  let s = game.setup({ seats, options, seed });
  for (const { seat, action } of moves) {
    const after = game.apply(s, seat, action);
    if (action.type === 'declare') {
      for (const viewer of [...Array(seats).keys(), null]) {
        const shown = game.moveView?.({ before: s, after, seat, action }, viewer);
        expect(shown).toEqual(viewer === seat ? action : { type: 'declare', set: action.set });
      }
    }
    s = after;
  }
}

const tables: { seats: number; options: Partial<Options> }[] = [
  { seats: 2, options: {} },
  { seats: 3, options: {} },
  { seats: 4, options: {} },
  { seats: 4, options: { partners: true } },
  { seats: 5, options: {} },
];

describe('Porrazo: seeded random matches', () => {
  it('1,000 matches to 61 over 2-5 seats and partners keep the cards, leak no hand, stock or declared rank, and end', () => {
    let longest = 0;
    let declared = 0;
    let benitos = 0;
    for (let i = 0; i < 1000; i++) {
      const { seats, options } = tables[i % tables.length];
      const seed = `porrazo-${i}`;
      // The first 100 check every view at every step (and every listed action every 3rd); the rest sample every 7th.
      const views = i < 100 ? 1 : 7;
      const { state, moves } = playOut<State>(game, {
        seats,
        seed,
        options,
        everyActionEvery: i < 100 ? 3 : 7,
        viewsEvery: views,
        invariant,
        checkView,
        maxMoves: 20_000,
      });
      const st = game.status(state);
      expect(st.finished).toBe(true);
      expect(Math.max(...st.scores)).toBeGreaterThanOrEqual(61);
      longest = Math.max(longest, moves.length);
      declared += moves.filter((m) => m.action.type === 'declare').length;
      if (state.notes.at(-1)?.for === 'san benito') benitos++;
      if (i < 100)
        checkMoveViews(seats, resolveOptions(game, options, seats) as Options, seed, moves as { seat: number; action: Action }[]);
    }
    expect(longest).toBeLessThan(20_000);
    // Random play does reach the rarer rules.
    expect(declared).toBeGreaterThan(0);
    expect(benitos).toBeGreaterThan(0);
  });
});
