import { clientLoop } from './loop';
import { startService, withDataDir } from './servers';

await withDataDir('exp', async (dir) => {
  const s = await startService({ DATA_DIR: dir }, '/tmp/prof2');
  await clientLoop(s, 50, 3);
  const r = await clientLoop(s, 50, 8);
  console.log(r.moves, 'moves', r.cpuUs.toFixed(0), 'µs/move');
  await s.stop();
});
