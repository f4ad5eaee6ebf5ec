// A bot for one seat: it waits for its turn on the game's event stream... or, simplest, polls its view
// and plays the first legal action. Run it with a game id and a seat token.
import { getView, makeMove, type View } from '../src';
import { createClient } from '../src/client';

export async function playSeat(baseUrl: string, gameId: string, seatToken: string): Promise<View> {
  const client = createClient({ baseUrl, auth: seatToken });
  for (;;) {
    const { data: view } = await getView({ client, path: { id: gameId }, throwOnError: true });
    if (view.status !== 'active') return view;
    if (view.legalActions.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 1000)); // not my turn: look again in a second
      continue;
    }
    // Every kind's view narrows on `kind`: view.state is then that game's own state.
    if (view.kind === 'kaiser' && view.state?.phase === 'bidding') console.log('bidding; my hand:', view.state.hand);
    const [action] = view.legalActions;
    const { error } = await makeMove({ client, path: { id: gameId }, body: { action, expectedVersion: view.version } });
    // 409 version-conflict: someone moved first (or a clock did); read the view again.
    if (error && error.code !== 'version-conflict') throw new Error(`${error.code}: ${error.detail}`);
  }
}
