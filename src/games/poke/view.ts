/** What each seat sees of a Poke table. */

import { nonDealer, toAct } from './deal';
import { drawsLeft } from './draw';
import { gamesWon, levelOf, tricksWon, trickValues } from './scoring';
import type { State } from './state';

export function view(s: State, seat: number | null) {
  const over = s.phase === 'over';
  return {
    phase: s.phase,
    toAct: toAct(s),
    dealer: s.dealer,
    nonDealer: nonDealer(s),
    deal: s.deals.length + 1,
    game: s.games.length + 1,
    target: s.target,
    hand: seat === null ? null : s.hands[seat],
    handCounts: s.hands.map((h) => h.length),
    stock: s.stock.length,
    discards: s.discards.map((d) => d.length),
    ownDiscards: seat === null ? null : s.discards[seat],
    draws: s.draws,
    drawsLeft: [0, 1].map((p) => drawsLeft(s, p)),
    doubling: [levelOf(s, 0), levelOf(s, 1)],
    trickValues: trickValues(s),
    leader: s.phase === 'play' ? s.leader : null,
    lead: s.lead,
    plays: s.plays,
    previousPlay: s.plays.at(-1) ?? null,
    tricks: tricksWon(s.plays),
    below: s.below,
    above: s.above,
    games: s.games,
    gamesWon: gamesWon(s),
    scoresheet: s.deals,
    lastDeal: s.lastDeal,
    // After the end everything is public: the last deal's discards and the stock left.
    revealed: over ? { discards: s.discards, stock: s.stock } : null,
  };
}
