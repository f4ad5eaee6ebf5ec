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
import { playMatch } from '../src/bots/match';
import type { AnyGame } from '../src/engine';
import { games } from '../src/games';

const { values } = parseArgs({
  options: {
    kinds: { type: 'string', default: [...games.keys()].join(',') },
    decisions: { type: 'string', default: '120' },
  },
});
const wanted = Number(values.decisions);

/** Expert's decision times (ms) over games of `kind` until `wanted` were timed (at most 64 games: a Cactus game gives expert few decisions). */
function timeDecisions(game: AnyGame): number[] {
  const seats = game.seats.min;
  const times: number[] = [];
  const players = Array.from({ length: seats }, (_, s) => (s === 0 ? 'expert' : null));
  for (let n = 0; n < 64 && times.length < wanted; n++) {
    playMatch({
      game,
      seats,
      seed: `decisions ${game.kind} ${n}`,
      players,
      chose: (_action, _input, ms) => times.push(ms),
      enough: () => times.length >= wanted,
    });
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
