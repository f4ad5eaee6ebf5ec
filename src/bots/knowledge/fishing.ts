import { type State as DilotiState, scoreDeal as dilotiDeal } from '../../games/diloti';
import { type State as EscobaState, scoreDeal as escobaDeal, sideOf as escobaSide } from '../../games/escoba';
import { type State as KontsinaState, scoreDeal as kontsinaDeal } from '../../games/kontsina';
import { type State as ScopaState, scoreDeal as scopaDeal } from '../../games/scopa';
import { type State as XeriState, scoreHand as xeriHand } from '../../games/xeri';
import type { Knowledge } from './knowledge';

/**
 * The fishing games that score once a deal, from the piles captured: a player counts as it plays
 * what its captures would score if the deal ended now (most cards, the coins, the settebello, the
 * sweeps...), each game by its own scoring. The deal's end is the rollouts' horizon.
 */
const fishing = <S>(points: (s: S, seat: number) => number): Knowledge => ({
  horizon: 'deal',
  material: (state, seat) => points(state as S, seat),
});

export const fishingKnowledge: Record<string, Knowledge> = {
  scopa: fishing<ScopaState>(
    (s, seat) =>
      scopaDeal(
        s.piles,
        s.sweeps,
        s.piles.map(() => 0),
        Number.POSITIVE_INFINITY,
      ).scores[seat],
  ),
  escoba: fishing<EscobaState>(
    (s, seat) =>
      escobaDeal(
        s.deal,
        s.dealer,
        s.piles,
        s.escobas,
        s.piles.map(() => 0),
      ).points[escobaSide(s, seat)],
  ),
  xeri: fishing<XeriState>((s, seat) => xeriHand(s.won, s.xeris).points[seat]),
  kontsina: fishing<KontsinaState>((s, seat) => kontsinaDeal(s.captured).points[seat]),
  diloti: fishing<DilotiState>((s, seat) => dilotiDeal(s.won, s.xeris).points[seat % 2]),
};
