import { type Card, rankNumberAceHigh } from '../../cards';
import { pokerCategory, pokerIndex, pokerValue } from '../../cards/poker';
import type { Action } from '../../engine';
import { answerWins, type State, tricksWon, trickValues } from '../../games/poke';
import type { Knowledge } from './knowledge';

/**
 * Poke, draw poker played out as tricks. The draw: a made hand (a straight or better) stands pat, a
 * pair or better keeps its sets and draws to them once, anything else keeps its two best cards; one
 * draw only, since every later draw doubles what the other seat's tricks are worth. The play: lead
 * the highest set, answer with the cheapest winning set, else throw the lowest cards.
 */
export const pokeKnowledge: Knowledge = {
  horizon: 'deal',
  policy(state, seat, legal) {
    const s = state as State;
    if (s.phase === 'draw') return draw(s, seat, legal);
    if (s.phase !== 'play') return undefined;
    const plays = legal.map((a) => a.cards as Card[]);
    const strength = (cards: Card[]) => cards.length * 100 + rankNumberAceHigh(cards[0]);
    if (s.lead === null) return legal[plays.reduce((best, p, i) => (strength(p) > strength(plays[best]) ? i : best), 0)];
    const lead = s.lead;
    const low = (cards: Card[]) => cards.reduce((n, c) => n + rankNumberAceHigh(c), 0);
    const winning = plays.map((p, i) => [p, i] as const).filter(([p]) => answerWins(lead, p));
    const pool = winning.length ? winning : plays.map((p, i) => [p, i] as const);
    return legal[pool.reduce((best, cur) => (low(cur[0]) < low(best[0]) ? cur : best))[1]];
  },
  // Tricks are worth what the doubling makes them; points below the line lead to a game (100 above).
  material(state, seat) {
    const s = state as State;
    const tricks = tricksWon(s.plays);
    const values = trickValues(s);
    const below = [0, 1].map((p) => s.below[p] + tricks[p] * values[p]);
    return 5 * (below[seat] - below[1 - seat]);
  },
};

function draw(s: State, seat: number, legal: readonly Action[]): Action | undefined {
  const stand = legal.find((a) => a.type === 'stand');
  const hand = s.hands[seat];
  if (s.draws[seat].length > 0 || hand.length !== 5) return stand;
  const category = pokerCategory(pokerValue(...(hand.map(pokerIndex) as [number, number, number, number, number])));
  if (category !== 'high-card' && category !== 'pair' && category !== 'two-pair' && category !== 'three-of-a-kind') return stand;
  const count = (c: Card) => hand.filter((d) => d[0] === c[0]).length;
  let discard = hand.filter((c) => count(c) === 1);
  if (category === 'high-card') discard = [...hand].sort((a, b) => rankNumberAceHigh(a) - rankNumberAceHigh(b)).slice(0, 3);
  if (discard.length === 0 || discard.length > 3) return stand;
  const wanted = [...discard].sort().join();
  return legal.find((a) => a.type === 'draw' && [...(a.cards as Card[])].sort().join() === wanted) ?? stand;
}
