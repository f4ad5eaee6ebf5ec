import { SUITS, shuffle, strictlyMost } from '../../cards';
import type { Pak, SideScore, State } from './state';
import { cardsFor, dealHand } from './table';
import { pointsOf } from './values';

/**
 * The end of a hand. In each suit, every side (a seat playing alone, or a team pooling its paks)
 * discards as many paks as the side holding the fewest paks of that suit has: its own lowest-scoring
 * ones, the choice that costs it least. The cards of the paks kept score: ace 20, king to 8 ten, 7 to 2 five.
 */
export function scoreHand(sides: readonly (readonly number[])[], paks: readonly (readonly Pak[])[]): SideScore[] {
  const pooled = sides.map((seats) => seats.flatMap((seat) => paks[seat]));
  const out: SideScore[] = sides.map(() => ({ kept: [], discarded: [], points: 0 }));
  for (const suit of SUITS) {
    const ofSuit = pooled.map((held) => held.filter((p) => p.suit === suit));
    const fewest = Math.min(...ofSuit.map((held) => held.length));
    ofSuit.forEach((held, side) => {
      // Stable sort: among equal scores the earlier pak goes first (either choice scores the same).
      const lowestFirst = [...held].sort((a, b) => pointsOf(a.cards) - pointsOf(b.cards));
      out[side].discarded.push(...lowestFirst.slice(0, fewest).map((p) => p.cards));
      out[side].kept.push(...lowestFirst.slice(fewest).map((p) => p.cards));
    });
  }
  for (const side of out) side.points = side.kept.reduce((n, cards) => n + pointsOf(cards), 0);
  return out;
}

/** The side that has won: the one highest score, at the target or more; undefined to play another hand. */
export function matchWinner(scores: readonly number[], target: number): number | undefined {
  const top = strictlyMost(scores);
  return top !== undefined && scores[top] >= target ? top : undefined;
}

/** Scores the hand on the draft; deals the next one and returns true unless the game is over. */
export function endHand(d: State): boolean {
  const sides = scoreHand(d.sides, d.paks);
  d.scores = d.scores.map((n, i) => n + sides[i].points);
  d.history = [...d.history, sides.map((side) => side.points)];
  d.lastHand = { hand: d.hand, dealer: d.dealer, sides, scores: [...d.scores] };
  d.turn = null;
  if (matchWinner(d.scores, d.target) !== undefined) {
    d.finished = true;
    return false;
  }
  const [deck, rng] = shuffle(cardsFor(d.seats), d.rng);
  d.rng = rng;
  d.dealer = (d.dealer + 1) % d.seats;
  d.hand += 1;
  dealHand(d, deck);
  return true;
}
