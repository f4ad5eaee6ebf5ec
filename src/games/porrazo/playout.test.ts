import { describe, expect, it } from 'vitest';
import { standardDeck } from '../../cards';
import { assertConserved, assertHidden, conformance, playOut, resolveOptions } from '../../engine';
import { type Action, porrazo as game, type Options, type State, type View } from '.';

const pack = standardDeck();

/** Cards conserved: every card of the pack is in exactly one place; the seat to play holds a card; the winner reached the target. */
function invariant(s: State): void {
  assertConserved([s.stock, s.table, ...s.hands, ...s.captured], pack);
  if (s.winner === null && s.phase === 'playing' && s.hands[s.turn].length === 0) throw new Error('the seat to play has no card');
  if (s.winner !== null && s.scores[s.winner] < s.target) throw new Error('the game ended short of the target');
}

/**
 * The leak test: until the end, no view shows a card of another seat's hand or of the stock, and
 * another seat's declaration shows its set only, never its rank.
 */
function checkView(s: State, seat: number | null, seen: unknown): void {
  if (s.winner !== null) return;
  const v = seen as View;
  assertHidden(v, [...s.stock, ...s.hands.flatMap((h, owner) => (owner === seat ? [] : h))], seat);
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

const tables: { seats: number; options: Partial<Options>; label?: string }[] = [
  { seats: 2, options: {} },
  { seats: 3, options: {} },
  { seats: 4, options: {} },
  { seats: 4, options: { partners: true }, label: '4 seats as partners' },
  { seats: 5, options: {} },
];

describe('Porrazo: seeded random matches', () => {
  const checks = conformance<State>(game, {
    // 50 matches per table, views and every listed action every 7th step: every table and option is played,
    // and more matches found nothing new (the suite's time goes where it finds bugs).
    configs: tables.map(({ seats, options, label }) => ({ seats, options, label, matches: 50 })),
    viewsEvery: 7,
    everyActionEvery: 7,
    invariant,
    checkView,
    maxMoves: 20_000,
  });
  for (const c of checks) it(c.name, c.run);

  it('random play declares and reaches the san benito, and the move log never shows another seat a declared rank', () => {
    let declared = 0;
    let benitos = 0;
    for (let i = 0; i < 50; i++) {
      const { seats, options } = tables[i % tables.length];
      const seed = `porrazo-${i}`;
      const { state, moves } = playOut<State>(game, { seats, seed, options, maxMoves: 20_000 });
      declared += moves.filter((m) => m.action.type === 'declare').length;
      if (state.notes.at(-1)?.for === 'san benito') benitos++;
      checkMoveViews(seats, resolveOptions(game, options, seats) as Options, seed, moves as { seat: number; action: Action }[]);
    }
    expect(declared).toBeGreaterThan(0);
    expect(benitos).toBeGreaterThan(0);
  });
});
