import { MAX_BET_STEP } from './betting';

/** Oicho-Kabu as this service plays it, for the catalog: what the players read. */
export const rules = [
  'Forty cards, ace to ten in four suits (the kabufuda numbers 1 to 10). A hand is worth the last digit of its sum: 0 to 9, 9 best.',
  'Each seat starts with startingChips (option, default 100). One seat is the dealer (the bank); the others bet against it on four tableaus.',
  "Seat 0 deals the first round, and the others play in seat order from its right (seat 1, 2, ...). For every later round each seat draws a card from a freshly shuffled deck (seat order); the lowest is the dealer, and seats tied for the lowest draw again. The others then play from the dealer's right in the order of the cards they drew, lowest first (equal draws keep their order around the table from the dealer's right).",
  'The deck is shuffled again, each seat but the dealer gets one private card face down (seen by it alone, not used in play), and four cards are dealt face up: the first field of the tableaus 0 to 3.',
  `Betting goes once around in the order of play. On its turn a seat stakes chips on any tableaus, one bet at a time (1 to ${MAX_BET_STEP} chips per bet action; bet again to stake more), then says done. All the bets of a round together are capped: never more than the option maxBet (default 50), and never more than the dealer's chips can cover; once the cap is reached betting ends. A seat may not stake more than it holds, and may bet nothing. If nobody bets, the round ends there.`,
  'Then the dealer takes his first card, face down and unseen even by him: the top, the bottom or the fourth card from the top of the deck (his choice). Four cards are dealt face down from the top, the second field: each is seen only by the seats that bet on that tableau.',
  'Third cards: tableaus that have bets are asked in the order of play of their first bettor (a seat deciding several, left to right); the first bettor in the order of play decides for everyone on that tableau. At 3 or less a third card is compulsory (dealt at once), at 7 or more it is refused, at 4 to 6 the decider chooses. A third card comes from the top, face up. A tableau nobody bet on takes no third card.',
  "The dealer then takes his second card (top, bottom or fourth, his choice) and looks at both. Shippin (first card a 4, second an ace) and kuppin (first a 9, second an ace) win every bet at once, arashi included; the reverse order counts for nothing. Otherwise the dealer's third card (from the top, face up) follows the same rule when the option dealerDrawRule is on (the default), and is his free choice when it is off.",
  'Settlement, tableau by tableau: arashi (first, second and third card all the same number) wins triple: the bet back plus twice the bet. Otherwise a higher total than the dealer wins even money, a lower one loses the bet to the dealer, and a tie goes by the option ties: "dealer" (the default) the dealer wins it, "push" the bet is returned. Lost bets are collected first; if arashi leaves the bank short, winners are paid in order (tableau by tableau, bettors in order of play) while the dealer has chips.',
  'The game ends after the option rounds rounds (default 6), or after a round that leaves a seat with no chips (it cannot bet). Most chips wins; equal most share the win.',
  'When a seat’s time runs out it bets nothing more (done), declines a third card where it has the choice, and as dealer draws the top card and declines a third card where he has the choice.',
].join('\n');

export const dealing = [
  'Round 1 uses the deck as given (seat 0 deals); later rounds draw for the dealer from one shuffle and deal from a second shuffle.',
  'From the top: one private card to each seat but the dealer in order of play (round 1: seat 1, 2, ...), then four cards face up to tableaus 0, 1, 2, 3.',
  "After betting, the dealer's first card: the top, bottom or fourth card from the top of what is left, as he chooses; then four cards from the top face down to tableaus 0 to 3 (the second field).",
  "Third cards from the top, in the order the tableaus are asked; then the dealer's second card (top, bottom or fourth, as he chooses) and his third card from the top.",
].join('\n');
