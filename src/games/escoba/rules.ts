/** Escoba as this service plays it, for the catalog: the rules, and how the cards leave the top of the deck. */

export const rules = [
  'Two to four seats play with the 40-card deck: A-7 and J Q K of each suit. J stands for the sota, Q for the caballo, K for the rey.',
  'Values: A 1, 2-7 their pips, J 8, Q 9, K 10. Diamonds are the coins (oros); the 7 of diamonds is the siete de velo.',
  'Four seats play alone (the default), or in partnerships with option partnerships (seats 0 and 2 against 1 and 3, sharing one score pile and one score).',
  "Seat numbers run to the right: the dealer's right is the next seat number. The last seat deals first, so seat 0 plays first; the deal passes to the next seat number after each deal.",
  'Each deal gives three cards to each seat and four face up to the table. If the four table cards add up to 15 the dealer takes them at once and scores an escoba; if they add up to 30, two escobas.',
  "Play starts at the dealer's right and goes in seat order. A turn plays one card: either it takes a set of table cards that makes exactly fifteen with it (your choice when several sets do), or it is laid on the table. Capturing is never compulsory.",
  'Taking every card on the table is an escoba (one point), with any card of the deal, the last included.',
  "When every hand is empty, three more cards each come from the stock; the table gets no more. When stock and hands are exhausted, the last seat to capture (the dealer, after a dealer's escoba) takes the cards left on the table, not as an escoba; if nobody captured in the whole deal they stay unscored.",
  'Each deal scores one point each for: most cards; most diamonds; the siete de velo; la setenta; and one point per escoba. A tie for most cards, most diamonds or the best setenta scores nobody.',
  'La setenta: only a pile holding all four suits is eligible. Take its best card in each suit, ranked 7, 6, A, 5, 4, 3, 2, face cards (lowest, all equal), and compare the four best cards highest first, card by card, as poker hands are compared; the first difference decides.',
  'A play names the card played and the table cards it takes, in any order ([] lays it down).',
  'After a deal, when a side has 21 points or more (option target, default 21), the highest score wins; if the highest score is shared, another deal is played.',
  "When a seat's time runs out, it lays its lowest card on the table, capturing nothing.",
].join('\n');

export const dealing =
  "Each deal, from the top: three cards to each seat one at a time, starting at the seat after the dealer (the dealer's right) and going up in seat numbers, wrapping, the dealer last; then four cards face up to the table; the rest is the stock. When every hand is empty, three more each the same way. The last seat deals first, so a stacked deck serves seat 0 first (2 seats: positions 0, 2, 4 to seat 0, 1, 3, 5 to seat 1, 6-9 to the table); the deal passes to the next seat number. Later deals come from new shuffles of the seed.";
