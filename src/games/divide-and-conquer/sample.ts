import { type Card, type RngState, randomInt } from '../../cards';
import type { SeenEvent } from '../../engine';
import { cardsFor, type State, type View } from './state';

/**
 * Determinization: both hands are public, so all a seat does not know is the card the other seat has
 * laid face down for this match, if it has: any card of that hand, each as likely.
 */
export function sample(view: View, _seat: number, rng: RngState, _seen: readonly SeenEvent[]): State {
  const hands: [Card[], Card[]] = [[...view.hands[0]], [...view.hands[1]]];
  const laid: [Card | null, Card | null] = [null, null];
  let next = rng;
  for (const owner of [0, 1]) {
    const shown = view.laid[owner];
    if (shown !== 'face-down') laid[owner] = shown;
    else {
      let n: number;
      [n, next] = randomInt(next, 0, hands[owner].length - 1);
      laid[owner] = hands[owner][n];
    }
  }
  // The hands as dealt: in the first half, what each seat holds and has played; in the second, what it played in the first.
  const handSize = cardsFor(view.variant).length / 2;
  const dealt = [0, 1].map((s) =>
    view.half === 1
      ? [...hands[s], ...view.matches.map((m) => m.cards[s])]
      : view.matches.slice(0, handSize).map((m) => m.cards[s]),
  ) as [Card[], Card[]];
  return { variant: view.variant, dealt, hands, laid, matches: view.matches };
}
