/**
 * Options that keep a random match of each kind short, for tests that play whole games through the
 * API (a Kaiser game to 52 rarely ends under random play; Paks to 500 takes hundreds of moves).
 * Kinds not listed are short with their defaults.
 */
export const SHORT_OPTIONS: Record<string, Record<string, unknown>> = {
  kaiser: { target: 10, loseAt: -10 },
  poke: { target: 5 },
  diloti: { target: 11 },
  kontsina: { target: 5 },
  xeri: { hands: 1 },
  porrazo: { target: 11 },
  paks: { target: 50 },
  escoba: { target: 5 },
  scopa: { target: 3 },
  'oicho-kabu': { rounds: 2 },
  kabu: { startingChips: 10 },
};

export const shortOptions = (kind: string) => SHORT_OPTIONS[kind] ?? {};
