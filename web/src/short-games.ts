/**
 * Options that keep a match short: the lobby's "Quick game" starts one of these, and the tests that play
 * whole games use them (a Kaiser game to 52 rarely ends under random play; Paks to 500 takes
 * hundreds of moves). Kinds not listed are short with their defaults.
 */
export const SHORT: Record<string, Record<string, unknown>> = {
  kabu: { startingChips: 3 },
  'oicho-kabu': { rounds: 1 },
  kaiser: { target: 10, loseAt: -10 },
  poke: { target: 1 },
  diloti: { target: 1 },
  kontsina: { target: 1 },
  xeri: { hands: 1 },
  porrazo: { target: 10 },
  totit: { rounds: 1 },
  paks: { target: 50 },
  escoba: { target: 1 },
  scopa: { target: 1 },
};

export const shortOptions = (kind: string) => SHORT[kind] ?? {};
