import { type Card, dealUnseen, type HiddenPlace, type RngState, suitOf, unseenCards } from '../../cards';
import { tricksOfDeal, trickWinner, voidsShown } from '../../cards/tricks';
import { cardPlays, type SeenEvent } from '../../engine';
import { kaiserDeck, SEATS } from './deal';
import { sideOf } from './play';
import { FIVE_OF_HEARTS, THREE_OF_SPADES } from './scoring';
import type { State, View } from './state';

/**
 * Determinization: a deal consistent with what `seat` knows. Its own hand and every card seen played
 * stay where they are; the tricks it watched this deal give each side's taken cards and every void
 * shown (a seat that did not follow suit holds none of it); what each side's tricks are worth says
 * which side took the 5♥ and the 3♠. The other hands, and any taken card it did not watch, are dealt
 * from the cards it has not seen.
 */
export function sample(view: View, seat: number, rng: RngState, seen: readonly SeenEvent[]): State {
  const hands: Card[][] = view.handCounts.map(() => []);
  hands[seat] = [...(view.hand ?? [])];
  const common = {
    options: view.options,
    phase: view.phase,
    dealer: view.dealer,
    calls: view.calls,
    contract: view.contract,
    trump: view.trump,
    trick: view.trick,
    lastTrick: view.lastTrick,
    tricks: view.tricks,
    scores: view.scores,
    dealsPlayed: view.dealsPlayed,
    lastDeal: view.lastDeal,
    misdeals: view.misdeals,
  };
  if (view.taken) return { ...common, hands, taken: view.taken, rng };

  // The tricks of this deal the seat watched (its memory may not reach back to the first).
  const completed = view.tricks[0] + view.tricks[1];
  const watched = tricksOfDeal(cardPlays(seen), SEATS, view.trick.plays.length, completed);
  const whole = watched.slice(0, -1);
  const taken: [Card[], Card[]] = [[], []];
  for (const trick of whole) taken[sideOf(trickWinner(trick, { trump: view.trump }).seat)].push(...trick.map((p) => p.card));
  // The last trick is on the table for all to see, whether or not the memory holds it.
  if (view.lastTrick && whole.length === 0) taken[sideOf(view.lastTrick.winner)].push(...view.lastTrick.plays.map((p) => p.card));

  // What each side's tricks are worth, less one a trick, says who took the 5♥ (+5) and the 3♠ (-3).
  const bonus = [0, 1].map((side) => view.trickValues[side] - view.tricks[side]);
  const took = (side: number, card: Card) => (card === FIVE_OF_HEARTS ? [5, 2] : [-3, 2]).includes(bonus[side]);
  const missing = [0, 1].map((side) => 4 * view.tricks[side] - taken[side].length);
  const known = [...hands[seat], ...view.trick.plays.map((p) => p.card), ...taken[0], ...taken[1]];
  let unseen = unseenCards(kaiserDeck(), known);
  for (const special of [FIVE_OF_HEARTS, THREE_OF_SPADES]) {
    const side = [0, 1].find((s) => took(s, special));
    if (side === undefined || taken[side].includes(special) || !unseen.includes(special)) continue;
    taken[side].push(special);
    missing[side]--;
    unseen = unseen.filter((c) => c !== special);
  }

  const voids = voidsShown(watched);
  const others = [0, 1, 2, 3].filter((s) => s !== seat);
  const special = (c: Card) => c === FIVE_OF_HEARTS || c === THREE_OF_SPADES;
  const places: HiddenPlace[] = [
    ...others.map((s) => ({ size: view.handCounts[s], accepts: (c: Card) => !voids.get(s)?.has(suitOf(c)) })),
    ...[0, 1].map((side) => ({ size: missing[side], accepts: (c: Card) => !special(c) })),
  ];
  const [dealt, next] = dealUnseen(unseen, places, rng);
  others.forEach((s, i) => {
    hands[s] = dealt[i];
  });
  taken[0].push(...dealt[others.length]);
  taken[1].push(...dealt[others.length + 1]);
  return { ...common, hands, taken, rng: next };
}
