// How long expert takes to decide, on this one thread with nothing else running: the issue's "decision
// p95 at or under 250 ms on one core". The arena's figures are wall clock in a pool whose threads share
// the machine's cores with the event loop and each other; these are the bot's own.
//
//   npx tsx bench/decisions.ts [--kinds cactus,totit] [--decisions 120]
//
// Expert holds seat 0 at the fewest seats and default options; the other seats play random legal moves.
// Each decision gets exactly the input the service builds (the seat's view, its legal actions, its
// reading of the last 256 events, a seed).
import { parseArgs } from 'node:util';
import { botEntries, botInput } from '../src/bots';
import { randomInt, seedRng } from '../src/cards';
import { type Action, type AnyGame, resolveOptions, type SeenEvent, seatViewAt, seenMove } from '../src/engine';
import { games } from '../src/games';

const { values } = parseArgs({
  options: {
    kinds: { type: 'string', default: [...games.keys()].join(',') },
    decisions: { type: 'string', default: '120' },
  },
});
const wanted = Number(values.decisions);
const found = botEntries.find((b) => b.name === 'expert');
if (!found) throw new Error('no expert bot');
const expert = found;

/** Expert's decision times (ms) over games of `kind` until `wanted` were timed (at most 64 games: a Cactus game gives expert few decisions). */
function timeDecisions(game: AnyGame): number[] {
  const seats = game.seats.min;
  const times: number[] = [];
  for (let n = 0; n < 64 && times.length < wanted; n++) {
    const seed = `decisions ${game.kind} ${n}`;
    let state = game.setup({ seats, options: resolveOptions(game, {}, seats), seed });
    const seen: SeenEvent[][] = Array.from({ length: seats }, () => []);
    let rng = seedRng(`random seats ${seed}`);
    for (let version = 0; times.length < wanted; version++) {
      const status = game.status(state);
      if (status.finished) break;
      const seat = status.toAct[0];
      let action: Action;
      if (seat === 0) {
        const input = botInput(seatViewAt(game, state, seat, version, 'bench'), seen[seat], seed);
        const started = performance.now();
        action = expert.play(input);
        times.push(performance.now() - started);
      } else {
        const legal = game.legalActions(state, seat) as Action[];
        let i: number;
        [i, rng] = randomInt(rng, 0, legal.length - 1);
        action = legal[i];
      }
      const after = game.apply(state, seat, action);
      seen.forEach((log, viewer) => {
        log.push({ seq: version + 1, seat, kind: 'move', by: 'bot', action: seenMove(game, state, after, seat, action, viewer) });
      });
      state = after;
    }
  }
  return times.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(`expert's decisions on one thread (node ${process.version}), up to ${wanted} a kind`);
console.log(
  `${'kind'.padEnd(20)}${'decisions'.padStart(10)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}`,
);
for (const kind of (values.kinds as string).split(',')) {
  const game = games.get(kind);
  if (!game) throw new Error(`there is no game "${kind}"`);
  const times = timeDecisions(game as AnyGame);
  const ms = (q: number) => at(times, q).toFixed(0).padStart(8);
  console.log(`${kind.padEnd(20)}${String(times.length).padStart(10)}${ms(0.5)}${ms(0.95)}${ms(1)}`);
}
