import { describe, expect, it } from 'vitest';
import { type AnyGame, sameAction } from '../engine';
import { games } from '../games';
import { playMatch } from './match';

const sampled = [...games.values()].filter((g) => g.sample);

describe('greedy and expert', () => {
  for (const game of sampled) {
    it(`${game.title}: choose only among the seat's legal actions`, () => {
      const seats = game.seats.min;
      for (const name of ['greedy', 'expert']) {
        let choices = 0;
        const players = Array.from({ length: seats }, (_, s) => (s === 0 ? name : null));
        playMatch({
          game,
          seats,
          seed: `legal ${game.kind} ${name}`,
          players,
          chose: (action, input) => {
            expect(input.legalActions.some((a) => sameAction(a, action))).toBe(true);
            choices++;
          },
          moves: 24,
        });
        expect(choices).toBeGreaterThan(0);
      }
    });
  }
});

describe('in a quick duplicate match of Poke (one game each), against random moves', () => {
  // Seeded deals, each played twice with the seats swapped. Greedy wins about 77% of such games and
  // expert all of them (measured over 120 and 24): greedy plays enough deals that a rate of 60% would
  // be three standard deviations short of its own, so a change to its tie-breaks cannot fail it.
  const trials = [
    { name: 'greedy', pairs: 20, atLeast: 24 },
    { name: 'expert', pairs: 4, atLeast: 7 },
  ];
  for (const { name, pairs, atLeast } of trials) {
    it(`${name} wins at least ${atLeast} of ${2 * pairs} games`, () => {
      const poke = games.get('poke') as AnyGame;
      let won = 0;
      for (let pair = 0; pair < pairs; pair++) {
        for (const seat of [0, 1]) {
          const players = seat === 0 ? [name, null] : [null, name];
          const status = playMatch({ game: poke, seats: 2, options: { target: 1 }, seed: `duplicate ${pair}`, players });
          if (status.result?.winners.length === 1 && status.result.winners[0] === seat) won++;
        }
      }
      expect(won).toBeGreaterThanOrEqual(atLeast);
    });
  }
});
