import { buildDeck, type Card, dealUnseen, type RngState, unseenCards } from '../../cards';
import type { SeenEvent } from '../../engine';
import { other } from './deal';
import type { State, View } from './state';

/**
 * Determinization: a deal consistent with what `seat` knows. Its hand and its own discards are its
 * own; every card led or answered this deal lies face up. The other hand, the other seat's face-down
 * discards and the stock are dealt from the rest. Nothing in the log says more than the view: the
 * other seat's draws show only how many cards it took.
 */
export function sample(view: View, seat: number, rng: RngState, _seen: readonly SeenEvent[]): State {
  const opponent = other(seat);
  const playedBy = (s: number) => [
    ...view.plays.flatMap((p) => (p.leader === s ? p.led : p.answer)),
    ...(view.lead && view.leader === s ? view.lead : []),
  ];
  const hands: [Card[], Card[]] = [[], []];
  const discards: [Card[], Card[]] = [[], []];
  let stock: Card[];
  let next = rng;
  hands[seat] = [...(view.hand ?? [])];
  if (view.revealed) {
    discards[0] = view.revealed.discards[0];
    discards[1] = view.revealed.discards[1];
    stock = view.revealed.stock;
  } else {
    discards[seat] = [...(view.ownDiscards ?? [])];
    const known = [...hands[seat], ...discards[seat], ...playedBy(0), ...playedBy(1)];
    let dealt: Card[][];
    [dealt, next] = dealUnseen(
      unseenCards(buildDeck(), known),
      [{ size: view.handCounts[opponent] }, { size: view.discards[opponent] }, { size: view.stock }],
      rng,
    );
    [hands[opponent], discards[opponent], stock] = dealt;
  }
  // The hands as held after the draw, for honours: what each seat holds now and what it has played.
  const held: [Card[], Card[]] | null =
    view.phase === 'draw' ? null : ([0, 1].map((s) => [...hands[s], ...playedBy(s)]) as [Card[], Card[]]);
  return {
    target: view.target,
    rng: next,
    phase: view.phase,
    dealer: view.dealer,
    hands,
    stock,
    discards,
    draws: [view.draws[0], view.draws[1]],
    drawer: view.phase === 'draw' ? view.toAct[0] : view.dealer,
    held: view.phase === 'over' ? (view.lastDeal?.hands as [Card[], Card[]]) : held,
    leader: view.leader ?? view.nonDealer,
    lead: view.lead,
    plays: view.plays,
    below: [view.below[0], view.below[1]],
    above: [view.above[0], view.above[1]],
    games: view.games,
    deals: view.scoresheet as State['deals'],
    lastDeal: view.lastDeal as State['lastDeal'],
  };
}
