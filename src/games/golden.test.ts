import { createHash, type Hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomInt, seedRng } from '../cards';
import { type Action, type AnyGame, defaultOptions, resolveOptions, type SeenEvent, seatCounts, seenMove } from '../engine';
import { games } from '.';

/**
 * The games' behaviour pinned byte for byte: seeded random matches of every kind, every seat count and
 * each option varied alone, hashed move by move (the state, its status, every seat's and a spectator's
 * view and legal actions, the clock's default move, what each seat reads of the move played, and a
 * state sampled for the mover). Refactoring a game must leave its hash where it is.
 */

const SEEDS = ['golden:1', 'golden:2'];
const MAX_MOVES = 3000;

/** The defaults, then each option given another value alone: every boolean flipped, every other listed literal, a number's minimum. */
function optionSets(game: AnyGame): Record<string, unknown>[] {
  const defaults = defaultOptions(game);
  const sets: Record<string, unknown>[] = [{}];
  const properties = (game.optionsSchema as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
  for (const [name, schema] of Object.entries(properties)) {
    const values: unknown[] = [];
    if (schema.type === 'boolean') values.push(!defaults[name]);
    else if (schema.type === 'integer' || schema.type === 'number') {
      if (typeof schema.minimum === 'number') values.push(schema.minimum);
    } else {
      for (const v of (schema.anyOf as { const?: unknown }[] | undefined) ?? []) if ('const' in v) values.push(v.const);
      if ('enum' in schema) values.push(...(schema.enum as unknown[]));
    }
    for (const v of values) if (v !== defaults[name]) sets.push({ [name]: v });
  }
  return sets;
}

function put(hash: Hash, value: unknown): void {
  hash.update(JSON.stringify(value) ?? 'undefined');
  hash.update('\n');
}

/** One seeded random match, hashed into `hash` move by move. */
function playInto(hash: Hash, game: AnyGame, seats: number, given: Record<string, unknown>, seed: string): void {
  const options = resolveOptions(game, given, seats);
  let state = game.setup({ seats, options, seed });
  let pick = seedRng(`pick:${seed}`);
  const seen: SeenEvent[][] = Array.from({ length: seats }, () => []);
  const allSeats = [...Array(seats).keys()];
  for (let step = 0; step < MAX_MOVES; step++) {
    const status = game.status(state);
    put(hash, state);
    put(hash, status);
    for (const seat of [...allSeats, null]) put(hash, game.view(state, seat));
    const legal = allSeats.map((s) => game.legalActions(state, s) as Action[]);
    put(hash, legal);
    if (status.finished) return;
    let n: number;
    [n, pick] = randomInt(pick, 0, status.toAct.length - 1);
    const seat = status.toAct[n];
    put(hash, game.defaultAction(state, seat));
    if (game.sample) {
      let rng = seedRng(`sample:${seed}:${step}`);
      const view = JSON.parse(JSON.stringify(game.view(state, seat)));
      put(hash, game.sample(view, seat, rng, seen[seat]));
      // A short memory too: a bot's window of the log may start anywhere.
      rng = seedRng(`short:${seed}:${step}`);
      put(hash, game.sample(view, seat, rng, seen[seat].slice(-5)));
    }
    [n, pick] = randomInt(pick, 0, legal[seat].length - 1);
    const action = legal[seat][n];
    const after = game.apply(state, seat, action);
    for (const viewer of allSeats) {
      const shown = JSON.parse(JSON.stringify(seenMove(game, state, after, seat, action, viewer)));
      put(hash, shown);
      seen[viewer].push({ seq: seen[viewer].length + 1, seat, kind: 'move', by: 'seat', action: shown });
    }
    if (game.moveView) put(hash, game.moveView({ before: state, after, seat, action }, null));
    state = after;
  }
}

function digest(game: AnyGame): string {
  const hash = createHash('sha256');
  for (const given of optionSets(game)) {
    for (const seats of seatCounts(game, { ...defaultOptions(game), ...given })) {
      for (const seed of SEEDS) playInto(hash, game, seats, given, `${seed}:${seats}:${JSON.stringify(given)}`);
    }
  }
  return hash.digest('hex');
}

/** Computed on the code before the fishing kit (commit 4750345). */
const pinned: Record<string, string> = {
  kabu: 'f9ebc2c7c5b98a3393565fff653d0906e0ae27f13c54387c96c8665886b3db23',
  'oicho-kabu': 'c373b5293e2216d73e053b7d22d5e6c1c55fd1c1f127b5b483b8f98b620397f2',
  'divide-and-conquer': '45aec55dc784943396a9dbf11914197f0a93ce5350422b636cf180f14e72f2b8',
  'card-stock-market': 'f937e26603b1ab3191647d3896f0c5e579b741d15fb5b8453da0d53a057459cc',
  cactus: '68dab6491bf4752fafc447fe89d41e7ea39fcdea533793942fd1f6d4ba817105',
  'canadian-salad': '7d7abd289b1f82710b9bd72db3e80361510e18dac1a8335fc77ef684e95685a3',
  kaiser: '1516c040249b153b9104f3dc37fea6836acef1d71d21ed8d9e79d1ae9c1a6432',
  poke: '09d3ae28f8d5882931e7a694befdd480b6b98196043673ef5b92453ddafa1869',
  'chinese-ten': '7de5de7406c3fc209f7c6f1f462fdb45fdf2f16002b0f2bdadeb659403f6dc45',
  diloti: '174137c666038f36409bb5eecf0bd7eb7c00f0262600a0623c7449d4edac0d70',
  kontsina: 'cc58412d61b29b68c8f272c1da5add38d2f03c87a282513e6f3edb51dd98a530',
  xeri: '5251cf3b320e00c5a18fa38cbd81f7d2f870098f870c5d9d22db75b7cbbea6cf',
  porrazo: '5419d1361ecbf851f4e137a6a37fa9ceb066ea5387d5a02eff0e21b46e11ac68',
  totit: '755dd1ab3e5ae07caa59df73fc3fdcb1d4028082b579ff0b4d5e40986b2bcceb',
  'stealing-bundles': 'fdaa33a4a40374defd883e3aa3d84d0ca681426f2d68a2f5a9d8c96e47273ece',
  paks: 'ef48f3594b0b5a6d004c15f8d6cafc4d3135b19c25b04f9921a06bac6aaa9a19',
  escoba: 'cdd2cc72e7adae24395ec834d62af21426a7b8956755c8619adab3ce43065449',
  scopa: 'c09b830f6f35e2f33e4e27ec99652a2578b1654b7f8f6cc9884a9882c08a845b',
};

describe('every game plays as it did before the fishing kit, byte for byte', () => {
  for (const [kind, game] of games) {
    it(`${kind}: seeded matches hash as pinned`, () => {
      expect(digest(game)).toBe(pinned[kind]);
    });
  }
});
