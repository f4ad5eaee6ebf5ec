import { readdirSync, readFileSync } from 'node:fs';
import { clientLoop } from './loop';
import { startService, withDataDir } from './servers';

const threads = (pid: number) =>
  Object.fromEntries(
    readdirSync(`/proc/${pid}/task`).map((t) => {
      const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.indexOf(')'));
      const f = stat.split(') ')[1].split(' ');
      return [`${t}:${name}`, (Number(f[11]) + Number(f[12])) * 10];
    }),
  );
await withDataDir('exp', async (dir) => {
  const s = await startService({ DATA_DIR: dir, ...(process.env.EXTRA ? JSON.parse(process.env.EXTRA) : {}) });
  await clientLoop(s, 50, 3);
  const before = threads(s.pid);
  const r = await clientLoop(s, 50, Number(process.env.SECS ?? 6));
  const after = threads(s.pid);
  console.log(r.moves, 'moves', (r.moves / r.seconds).toFixed(0), '/s', r.cpuUs.toFixed(0), 'µs/move', 'games', r.games);
  for (const k of Object.keys(after)) {
    const d = after[k] - (before[k] ?? 0);
    if (d > 0) console.log(k, d, 'ms', ((d * 1000) / r.moves).toFixed(0), 'µs/move');
  }
  await s.stop();
});
