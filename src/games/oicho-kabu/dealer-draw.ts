import { type Card, type RngState, shuffle } from '../../cards';
import { aceToTenDeck, pipValue } from '../../cards/banking';

/** One card drawn by one seat while choosing the dealer. */
export interface DrawnCard {
  seat: number;
  card: Card;
}

export interface DealerChoice {
  dealer: number;
  /** The other seats in order of play: the dealer's right first, then on to the left. */
  order: number[];
  /** Every pass of the draw: all seats first, then only those tied for the lowest card. */
  passes: DrawnCard[][];
  rng: RngState;
}

/** A dealer fixed without a draw (option firstDealer): the others play in seat order from the dealer's right. */
export function fixedDealer(seats: number, dealer: number): Pick<DealerChoice, 'dealer' | 'order'> {
  return { dealer, order: Array.from({ length: seats - 1 }, (_, i) => (dealer + 1 + i) % seats) };
}

/**
 * Draws for the dealer from a shuffled deck: every seat takes a card from the top (in seat order), the
 * lowest becomes the dealer, and seats tied for the lowest draw again. The others sit from the
 * dealer's right in the order of the cards they drew, lowest first; seats that drew the same cards
 * keep their places around the table, counting from the dealer's right.
 */
export function drawForDealer(seats: number, rng: RngState): DealerChoice {
  let [pack, next] = shuffle(aceToTenDeck(), rng);
  let top = 0;
  const drawn: number[][] = Array.from({ length: seats }, () => []);
  const passes: DrawnCard[][] = [];
  let drawing = [...Array(seats).keys()];
  while (drawing.length > 1) {
    if (top + drawing.length > pack.length) {
      // A long run of ties has used the pack: shuffle it again and go on drawing.
      [pack, next] = shuffle(aceToTenDeck(), next);
      top = 0;
    }
    const pass = drawing.map((seat, i) => ({ seat, card: pack[top + i] }));
    top += drawing.length;
    passes.push(pass);
    for (const { seat, card } of pass) drawn[seat].push(pipValue(card));
    const low = Math.min(...pass.map((d) => pipValue(d.card)));
    drawing = pass.filter((d) => pipValue(d.card) === low).map((d) => d.seat);
  }
  const dealer = drawing[0];
  const fromRight = (seat: number) => (seat - dealer + seats) % seats;
  const byCards = (a: number, b: number) => {
    for (let i = 0; i < Math.min(drawn[a].length, drawn[b].length); i++) {
      if (drawn[a][i] !== drawn[b][i]) return drawn[a][i] - drawn[b][i];
    }
    return fromRight(a) - fromRight(b);
  };
  const order = [...Array(seats).keys()].filter((s) => s !== dealer).sort(byCards);
  return { dealer, order, passes, rng: next };
}
