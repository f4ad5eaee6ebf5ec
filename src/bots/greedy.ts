import type { Action } from '../engine';
import type { BotInput } from './input';
import type { BotRng } from './rng';
import { candidates, margins, quickMove, type Setting } from './search';

/** Sampled states each action is tried in. */
export const GREEDY_SAMPLES = 8;

/**
 * The best immediate outcome: each legal action is tried in a few states sampled from what the seat
 * knows (the same states for every action), the other seats answer by the family's quick policy
 * until the seat is to move again (a trick is finished, a capture answered), and the action that
 * gains most on average (score, and what the family counts before it scores: tricks, captures, a
 * hand's total) is played. Ties are broken by its RNG.
 */
export function greedy(setting: Setting, input: BotInput, rng: BotRng): Action {
  const { game, seat } = setting;
  const sample = game.sample;
  if (!sample) throw new Error(`${game.kind} offers no sample(): greedy needs one`);
  const worlds = Array.from({ length: GREEDY_SAMPLES }, () => {
    let s = sample(input.view.state, seat, rng.state(), input.seen);
    // Seats choosing at the same time choose first, unseen.
    for (let st = game.status(s); st.toAct.length > 1 && st.toAct.includes(seat); st = game.status(s)) {
      const other = st.toAct.find((x) => x !== seat) as number;
      s = game.apply(s, other, quickMove(setting, s, other, game.legalActions(s, other), rng));
    }
    return s;
  });
  const tried = candidates(input.legalActions);
  const gains = tried.map((action) => {
    let total = 0;
    for (const world of worlds) {
      const before = margins(setting, world, game.status(world), true)[seat];
      let s = game.apply(world, seat, action);
      let status = game.status(s);
      for (let step = 0; step < 4 * status.scores.length && !status.finished && !status.toAct.includes(seat); step++) {
        const other = status.toAct[0];
        s = game.apply(s, other, quickMove(setting, s, other, game.legalActions(s, other), rng));
        status = game.status(s);
      }
      total += margins(setting, s, status, !status.finished)[seat] - before;
    }
    return total;
  });
  const best = Math.max(...gains);
  return rng.pick(tried.filter((_, i) => gains[i] >= best - 1e-9));
}
