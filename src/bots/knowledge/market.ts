import { type State, stockValue } from '../../games/card-stock-market';
import type { Knowledge } from './knowledge';

/**
 * Card Stock Market: money moves with every trade, so a player reckons its certificates at the
 * market's prices beside its cash; a few turns ahead are enough to see a trade pay (a rollout to the
 * joker would be a hundred moves).
 */
export const marketKnowledge: Knowledge = {
  horizon: 'game',
  rolloutCap: 24,
  material: (state, seat) => stockValue(state as State, (state as State).holdings[seat]),
};
