import { describe, expect, it } from 'vitest';
import { LOOP_KINDS } from '../bench/loop';
import { DEFAULT_MIX, plannedGame } from '../bench/scale-mix';

/** The scale bench's generator plans the mix (bench/scale-mix.ts). */
describe('the scale bench’s mix of games', () => {
  const n = 20_000;
  const plan = Array.from({ length: n }, (_, i) => plannedGame(i, n));
  const share = (p: (g: (typeof plan)[number]) => boolean) => plan.filter(p).length / n;

  it('is 90% finished, 9% running, 1% waiting, every running game on a clock', () => {
    expect(share((g) => g.standing === 'finished')).toBe(0.9);
    expect(share((g) => g.standing === 'running')).toBe(0.09);
    expect(share((g) => g.standing === 'waiting')).toBe(0.01);
    expect(plan.filter((g) => g.standing === 'running').every((g) => g.clock)).toBe(true);
  });

  it('plays the move loop’s kinds at their seat counts, in equal shares', () => {
    for (const { kind, seats } of LOOP_KINDS) {
      expect(share((g) => g.kind === kind && g.seats === seats)).toBe(1 / LOOP_KINDS.length);
    }
  });

  it('gives player 0 its 2,000 games and spreads the rest over the other players', () => {
    expect(plan.filter((g) => g.player === 0)).toHaveLength(DEFAULT_MIX.heavy);
    const others = new Set(plan.filter((g) => g.player !== 0).map((g) => g.player));
    expect(others.size).toBe(n - DEFAULT_MIX.heavy);
    expect(Math.max(...others)).toBeLessThan(DEFAULT_MIX.players);
  });

  it('has running games part-way through, finished ones at their end, waiting ones not started', () => {
    const running = plan.filter((g) => g.standing === 'running').map((g) => g.played);
    expect(Math.min(...running)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...running)).toBeLessThan(1);
    expect(new Set(running).size).toBeGreaterThan(50);
    expect(plan.filter((g) => g.standing === 'finished').every((g) => g.played === 1)).toBe(true);
    expect(plan.filter((g) => g.standing === 'waiting').every((g) => g.played === 0)).toBe(true);
  });
});
