import { describe, it } from 'vitest';
import { againstBots, browserAndServer, joinedFromTheLobby, type Table } from './scenarios';

const at = browserAndServer();
// Both hands are open; the card the other seat has laid for the match is not, until both have laid.
const divideAndConquer: Table = {
  title: 'Divide and Conquer',
  options: {},
  leaks: (_full, seat, seen) =>
    (seen as { state: { laid: unknown[] } }).state.laid
      .filter((card, s) => s !== seat && card !== null && card !== 'face-down')
      .map(String),
};

describe('Divide and Conquer at the web table', () => {
  it('Ann plays a bot to the end by clicking while Bo watches on a phone, live; the audit steps through every move and passes the seed check; no hidden card reached either page', async () => {
    await againstBots(at, divideAndConquer, ['Me', 'Random bot']);
  });

  it('Bo joins the open seat of Ann’s table from the lobby; each sees the other’s move without a reload', async () => {
    await joinedFromTheLobby(at, divideAndConquer, ['Me', 'Open to anyone']);
  });
});
