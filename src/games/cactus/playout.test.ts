import stringify from 'fast-json-stable-stringify';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { type Card, type RngState, randomInt, seedRng, standardDeck } from '../../cards';
import { assertConserved, assertHidden, conformance, type Move, playMove, replay, resolveOptions } from '../../engine';
import { type Action, cactus as game, type Options, type State } from '.';

/** Cards conserved: every card of the deck is in exactly one place (stock, pile, a layout, the hand). */
function invariant(s: State): void {
  assertConserved(
    [
      s.stock,
      s.discards.map((d) => d.card),
      ...s.layouts.map((l) => l.flatMap((slot) => (slot ? [slot.card] : []))),
      s.held ? [s.held.card] : [],
    ],
    standardDeck(),
  );
}

/**
 * The cards `seat` may not see now: the stock, a card drawn by the other seat, and every face-down
 * layout card unless `knowing` and the seat has legitimately seen it (or it was shown to all).
 */
function hidden(s: State, seat: number | null, knowing: boolean): Card[] {
  const out = [...s.stock];
  for (const layout of s.layouts) {
    for (const slot of layout) {
      if (slot && !(knowing && (slot.shown || (seat !== null && slot.seen[seat])))) out.push(slot.card);
    }
  }
  if (s.held?.source === 'stock' && seat !== s.turn) out.push(s.held.card);
  return out;
}

/** The leak test: no face-down card, no stock card, no card the other seat drew, except what the memory aid allows. */
function checkView(s: State, seat: number | null, view: unknown): void {
  if (game.status(s).finished) return;
  assertHidden(view, hidden(s, seat, s.memoryAid), seat);
}

describe('Cactus: seeded random matches', () => {
  // Nothing ends a game nobody calls "Cactus!" in while the stock can be rebuilt, as it is by default
  // as often as needed. Random players call it with about half of their turn-ending moves, so their
  // games end within some dozens of moves; maxMoves turns a game that would not end into a failure.
  const checks = conformance<State>(game, {
    configs: [
      { seats: 2, matches: 200 },
      { seats: 2, options: { memoryAid: true }, matches: 50, label: 'memory aid' },
      { seats: 2, options: { stockRebuilds: 0 }, matches: 30, label: 'no stock rebuild' },
      { seats: 2, options: { stockRebuilds: 0, memoryAid: true }, matches: 30, label: 'no stock rebuild, memory aid' },
    ],
    everyActionEvery: 3,
    maxMoves: 2_000,
    invariant,
    checkView,
  });
  for (const c of checks) it(c.name, c.run);
});

/**
 * Uniformly random play calls "Cactus!" with half of its turn-ending moves and matches only in turn.
 * These players call rarely and try matches out of turn as well, so games run long enough to use
 * every power, rebuild the stock and run it out.
 */
const actionSchema = Compile(game.actionSchema);

function patientMatch(seed: string, given: Partial<Options>, tally: Map<string, number>): State {
  const options = resolveOptions(game, given, 2) as Options;
  const created = { seats: 2, options, seed };
  let s = game.setup(created);
  let rng: RngState = seedRng(`patient:${seed}`);
  const random = (n: number) => {
    let k: number;
    [k, rng] = randomInt(rng, 0, n - 1);
    return k;
  };
  const log: Move[] = [];
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
  while (!game.status(s).finished) {
    if (log.length > 5000) throw new Error(`${seed}: no end after 5000 moves`);
    const legal = [0, 1].map((seat) => game.legalActions(s, seat));
    const roll = random(100);
    const matchers = [0, 1].filter((seat) => legal[seat].some((a) => a.type === 'match'));
    let seat = s.turn;
    let choices: Action[];
    if (roll < 5 && matchers.length > 0) {
      seat = matchers[random(matchers.length)];
      choices = legal[seat].filter((a) => a.type === 'match');
      count(seat === s.turn ? 'match in turn' : 'match out of turn');
    } else {
      choices = legal[seat].filter((a) => a.type !== 'match' && (roll < 7 || !('cactus' in a)));
    }
    const action = choices[random(choices.length)];
    if (!actionSchema.Check(action)) throw new Error(`${seed}: ${JSON.stringify(action)} does not fit the action schema`);
    const before = s;
    s = playMove(game, s, seat, action);
    count(action.type);
    if (action.type === 'match' && s.layouts[seat].length > before.layouts[seat].length) count('wrong match');
    if (s.rebuilt > before.rebuilt) count('rebuild');
    if (before.held?.source === 'discard' && ['peek', 'spy', 'queen'].includes(action.type)) count('power reused');
    log.push({ seat, action });
    invariant(s);
    for (const viewer of [0, 1, null]) {
      checkView(s, viewer, game.view(s, viewer));
      if (!game.status(s).finished) {
        // The event log shows each seat what it saw, and nothing it has not.
        assertHidden(game.moveView?.({ before, after: s, seat, action }, viewer), hidden(s, viewer, true), viewer);
      }
    }
  }
  count(`end by ${s.end}`);
  expect(stringify(replay<State>(game, created, log))).toBe(stringify(s));
  return s;
}

describe('Cactus: patient random players', () => {
  it('100 long matches with matches out of turn use every move, fit the action schema, and no view or event leaks a card', () => {
    const tally = new Map<string, number>();
    for (let i = 0; i < 100; i++) {
      // Half the matches keep the house limit of one rebuild, so that some end with the stock.
      const state = patientMatch(`patient-${i}`, { memoryAid: i % 3 === 0, stockRebuilds: i % 2 === 0 ? 1 : null }, tally);
      expect(game.status(state).finished).toBe(true);
    }
    for (const key of [
      'draw',
      'take',
      'swap',
      'discard',
      'peek',
      'spy',
      'queen',
      'exchange',
      'match in turn',
      'match out of turn',
      'wrong match',
      'rebuild',
      'power reused',
      'end by cactus',
      'end by stock',
    ]) {
      expect(tally.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  });
});
