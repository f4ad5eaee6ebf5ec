import { describe, it } from 'vitest';
import { againstBots, browserAndServer, joinedFromTheLobby, type Table } from './scenarios';
import { cardsHidden } from './support';

const at = browserAndServer();
// Without the memory aid every layout lies face down to everyone until the end; the stock is hidden too.
const cactus: Table = {
  title: 'Cactus',
  options: {},
  leaks: cardsHidden((full) => [(full.layouts as ({ card: string } | null)[][]).flat().map((slot) => slot?.card), full.stock]),
};

describe('Cactus at the web table', () => {
  it('Ann plays a bot to the end by clicking while Bo watches on a phone, live; the audit steps through every move and passes the seed check; no hidden card reached either page', async () => {
    await againstBots(at, cactus, ['Me', 'Random bot']);
  });

  it('Bo joins the open seat of Ann’s table from the lobby; each sees the other’s move without a reload', async () => {
    await joinedFromTheLobby(at, cactus, ['Me', 'Open to anyone']);
  });
});
