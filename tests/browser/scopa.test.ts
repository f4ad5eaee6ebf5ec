import { describe, it } from 'vitest';
import { againstBots, browserAndServer, joinedFromTheLobby, type Table } from './scenarios';
import { cardsHidden, otherHands } from './support';

const at = browserAndServer();
// Target 1: one deal. A seat may not see the other hand, nor the stock.
const scopa: Table = {
  title: 'Scopa',
  options: { Target: '1' },
  leaks: cardsHidden((full, seat) => [otherHands(full, seat), full.stock]),
};

describe('Scopa at the web table', () => {
  it('Ann plays a bot to the end by clicking while Bo watches on a phone, live; the audit steps through every move and passes the seed check; no hidden card reached either page', async () => {
    await againstBots(at, scopa, ['Me', 'Random bot'], 'table-phone');
  });

  it('Bo joins the open seat of Ann’s table from the lobby; each sees the other’s move without a reload', async () => {
    await joinedFromTheLobby(at, scopa, ['Me', 'Open to anyone']);
  });
});
