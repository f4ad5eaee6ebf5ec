// Replay benchmark: how long a cold start from the event log takes for one long match of each game,
// and how large the rebuilt state is. Prints one row per game. `npm run bench`.
import { performance } from 'node:perf_hooks';
import { playOut, replay, resolveOptions } from '../src/engine';
import { games } from '../src/games';

const rounds = Number(process.argv[2] ?? 20);
const rows: string[][] = [['game', 'seats', 'moves', 'replay ms', 'µs/move', 'state KB', 'view µs']];
/** Random play rarely brings a Kaiser team to 52: the house rule of a losing score ends its match. */
const toAnEnd: Record<string, Record<string, unknown>> = { kaiser: { loseAt: -52 } };

for (const game of games.values()) {
  const seats = game.seats.max;
  const seed = 'bench';
  const given = toAnEnd[game.kind] ?? {};
  const options = resolveOptions(game, given, seats);
  const { state, moves } = playOut(game, { seats, seed, options: given });
  const created = { seats, options, seed };
  replay(game, created, moves);
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) replay(game, created, moves);
  const ms = (performance.now() - t0) / rounds;
  const t1 = performance.now();
  for (let i = 0; i < 200; i++) for (let s = 0; s < seats; s++) JSON.stringify(game.view(state, s));
  const viewUs = ((performance.now() - t1) * 1000) / (200 * seats);
  rows.push([
    game.kind,
    String(seats),
    String(moves.length),
    ms.toFixed(2),
    ((ms * 1000) / Math.max(1, moves.length)).toFixed(1),
    (JSON.stringify(state).length / 1024).toFixed(1),
    viewUs.toFixed(1),
  ]);
}

const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
console.log(
  `\nnode ${process.version}; each replay averaged over ${rounds} runs; memory rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
);
